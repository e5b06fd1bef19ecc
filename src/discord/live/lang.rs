//! Which language the bot speaks where. Public messages (lobby, board,
//! result) speak the server's language: its `language` setting, else its
//! preferred locale as Discord gives it with each interaction, else
//! English. A game outside servers (a group DM, a DM) has no server: it
//! speaks its host's Discord language, saved with it. Private answers
//! speak the clicking user's locale when the bot has it, else the public
//! language.

use super::data::Data;
use super::running::Running;
use crate::discord::game::ids::Venue;
use crate::discord::view::lang::Lang;

/// The language of a server's public messages (see [`super::servers::Servers::lang`]).
pub(crate) async fn server_lang(data: &Data, venue: Venue, guild_locale: Option<&str>) -> Lang {
    data.servers.lang(&data.store, venue, guild_locale).await
}

/// The language of a game's public messages: its own (a game outside
/// servers speaks its host's), else its server's.
pub(crate) async fn game_lang(data: &Data, running: &Running) -> Lang {
    match running.post.lang {
        Some(lang) => lang,
        None => server_lang(data, running.table.venue, None).await,
    }
}

/// The language a game opened outside servers speaks: its host's Discord
/// language when the bot speaks it, else the public default (`None` in a
/// server, whose language applies to all its games).
pub(crate) fn of_new_game(in_server: bool, host_locale: Option<&str>, public: Lang) -> Option<Lang> {
    (!in_server).then(|| private(host_locale, public))
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

    #[test]
    fn a_game_outside_servers_speaks_its_hosts_language_one_in_a_server_its_servers() {
        assert_eq!(of_new_game(false, Some("fr"), Lang::EN), Some(lang("fr")));
        assert_eq!(of_new_game(false, Some("ta"), Lang::EN), Some(lang("ta")));
        assert_eq!(of_new_game(false, Some("de"), Lang::EN), Some(Lang::EN), "a language we lack: the default");
        assert_eq!(of_new_game(false, None, Lang::EN), Some(Lang::EN));
        assert_eq!(of_new_game(true, Some("fr"), Lang::EN), None, "a server's games speak the server's language");
    }
}
