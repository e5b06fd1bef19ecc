//! The languages of servers: a cache of the store's settings, and the
//! rule that picks one (the server's setting, else its preferred locale
//! as Discord gives it with each interaction, else English). Held by the
//! bot's shared data; `lang` says which language each message speaks.

use crate::discord::game::ids::Venue;
use crate::discord::view::lang::Lang;
use crate::store::StoreHandle;
use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// What the bot knows of a server's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Known {
    lang: Lang,
    /// Chosen by the server's admins (else from Discord's preferred locale,
    /// or English for lack of either).
    chosen: bool,
}

/// The languages of servers, a cache of the store's settings.
#[derive(Default)]
pub(crate) struct Languages {
    by_guild: Mutex<HashMap<Venue, Known>>,
}

impl Languages {
    /// The language of a server's public messages; `guild_locale` is the
    /// server's preferred locale when an interaction told it; the store is
    /// given `deadline` to say.
    pub(crate) async fn server(
        &self,
        store: &StoreHandle,
        deadline: Duration,
        venue: Venue,
        guild_locale: Option<&str>,
    ) -> Lang {
        let from_locale = guild_locale.and_then(Lang::from_code);
        let known = self.by_guild.lock().unwrap_or_else(PoisonError::into_inner).get(&venue).copied();
        let guild = venue.guild_number();
        let known = match known {
            Some(k) if k.chosen || from_locale.is_none() => return k.lang,
            Some(k) => k,
            None => match store.call_within(deadline, move |s| s.guild_language(guild)).await {
                Ok(code) => {
                    let chosen = code.as_deref().and_then(Lang::from_code);
                    Known { lang: chosen.unwrap_or(Lang::EN), chosen: chosen.is_some() }
                }
                Err(e) => {
                    // Not remembered: the next message asks the store again.
                    tracing::warn!("reading the language of guild {guild} failed: {e}");
                    return from_locale.unwrap_or(Lang::EN);
                }
            },
        };
        let known = if known.chosen { known } else { Known { lang: from_locale.unwrap_or(known.lang), chosen: false } };
        self.by_guild.lock().unwrap_or_else(PoisonError::into_inner).insert(venue, known);
        known.lang
    }

    /// Remembers a server's new setting (`None`: cleared, Discord's
    /// preferred locale applies again).
    pub(crate) fn chosen(&self, venue: Venue, lang: Option<Lang>) {
        let mut by_guild = self.by_guild.lock().unwrap_or_else(PoisonError::into_inner);
        match lang {
            Some(lang) => by_guild.insert(venue, Known { lang, chosen: true }),
            None => by_guild.remove(&venue),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    const D: Duration = Duration::from_secs(5);

    fn at(guild: u64) -> Venue {
        Venue::from_guild(guild)
    }

    fn lang(code: &str) -> Lang {
        Lang::from_code(code).expect("a language of ours")
    }

    #[tokio::test]
    async fn the_setting_wins_then_the_server_locale_then_english() {
        let mut store = Store::open_in_memory().expect("open");
        store.set_guild_language(1, Some("ta")).expect("save");
        let store = StoreHandle::spawn(store).expect("store thread");
        let langs = Languages::default();
        assert_eq!(langs.server(&store, D, at(1), Some("fr")).await, lang("ta"), "the setting wins");
        assert_eq!(langs.server(&store, D, at(2), None).await, Lang::EN, "nothing known: English");
        assert_eq!(langs.server(&store, D, at(2), Some("fr")).await, lang("fr"), "the server's locale");
        assert_eq!(langs.server(&store, D, at(2), None).await, lang("fr"), "remembered without an interaction");
        assert_eq!(langs.server(&store, D, at(3), Some("de")).await, Lang::EN, "a locale we lack: English");
        langs.chosen(at(2), Some(lang("ta")));
        assert_eq!(langs.server(&store, D, at(2), Some("fr")).await, lang("ta"));
        langs.chosen(at(2), None);
        assert_eq!(langs.server(&store, D, at(2), Some("fr")).await, lang("fr"));
    }
}
