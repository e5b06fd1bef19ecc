//! Which language the bot speaks where. Public messages (lobby, board,
//! result) speak the server's language: its `language` setting, else its
//! preferred locale as Discord gives it with each interaction, else
//! English. Private answers speak the clicking user's locale when the bot
//! has it, else the server's language.

use super::persist::SAVE_DEADLINE;
use crate::discord::Data;
use crate::discord::game::ids::Venue;
use crate::discord::view::lang::Lang;

/// The language of a server's public messages (see [`super::languages::Languages::server`]).
pub(crate) async fn server_lang(data: &Data, venue: Venue, guild_locale: Option<&str>) -> Lang {
    data.langs.server(&data.store, SAVE_DEADLINE, venue, guild_locale).await
}

/// The language of a private answer: the user's locale when the bot speaks
/// it, else the server's language.
pub(crate) fn private(user_locale: Option<&str>, server: Lang) -> Lang {
    user_locale.and_then(Lang::from_code).unwrap_or(server)
}

#[cfg(test)]
mod tests {
    use super::*;
    fn lang(code: &str) -> Lang {
        Lang::from_code(code).expect("a language of ours")
    }

    #[test]
    fn private_answers_speak_the_user_locale_when_we_have_it() {
        assert_eq!(private(Some("fr"), lang("ta")), lang("fr"));
        assert_eq!(private(Some("en-US"), lang("ta")), Lang::EN);
        assert_eq!(private(Some("de"), lang("ta")), lang("ta"));
        assert_eq!(private(None, lang("fr")), lang("fr"));
    }
}
