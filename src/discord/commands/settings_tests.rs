//! The words of `/thaayam settings`: its refusals and its message, in
//! every language (what it decides is pinned in `game::server`'s tests).

use super::*;
use crate::discord::game::server::GameRules;
use crate::discord::view::message::check;
use crate::engine::Ruleset;
use poise::serenity_prelude::Permissions;

fn current() -> ServerSettings {
    ServerSettings::new(GameRules {
        ruleset: Ruleset::new(Variant::Bell1979),
        turn_timeout_secs: 12 * 3600,
        who_ends: WhoEnds::Host,
    })
}

fn shown(lang: Lang) -> Shown {
    Shown { lang, locale: Lang::EN, saved: true, may_manage: true, serves: false }
}

/// The answer to a request, in words (`None`: the settings are shown or saved).
fn answer(lang: Lang, req: &SettingsRequest, manager: bool) -> Option<String> {
    current().apply(req, manager, ChannelId(77)).err().map(|r| refusal_text(lang, &r))
}

fn values(m: &Message) -> Vec<String> {
    m.embed.as_ref().expect("an embed").fields.iter().map(|(_, v)| v.clone()).collect()
}

#[test]
fn only_server_managers_change_settings_and_anyone_may_look() {
    assert!(may_manage(Some(Permissions::MANAGE_GUILD)) && may_manage(Some(Permissions::ADMINISTRATOR)));
    assert!(!may_manage(Some(Permissions::MANAGE_MESSAGES | Permissions::SEND_MESSAGES)) && !may_manage(None));
    assert_eq!(answer(Lang::EN, &SettingsRequest::default(), false), None);
    let change = SettingsRequest { variant: Some(Variant::Francais), ..SettingsRequest::default() };
    let refused = answer(Lang::EN, &change, false).expect("not a manager");
    assert!(refused.contains("Manage Server"), "{refused}");
}

#[test]
fn a_bad_timeout_says_what_is_wrong() {
    for (bad, says) in [("10s", "between 1 minute and 30 days"), ("31d", "30 days"), ("soon", "30m, 24h or 2d")] {
        let req = SettingsRequest { turn_timeout: Some(bad.into()), ..SettingsRequest::default() };
        let e = answer(Lang::EN, &req, true).expect(bad);
        assert!(e.starts_with("The turn timeout did not work") && e.contains(says), "{bad}: {e}");
    }
}

#[test]
fn the_settings_message_shows_every_value() {
    let mut s = current();
    s.rules = GameRules {
        ruleset: Ruleset::new(Variant::Francais),
        turn_timeout_secs: 36 * 3600 + 90,
        who_ends: WhoEnds::Moderators,
    };
    for (saved, manager) in [(false, false), (true, true)] {
        let m = settings_message(&s, Shown { saved, may_manage: manager, ..shown(Lang::EN) });
        assert_eq!(check(&m), Ok(()));
        assert!(m.mentions.is_empty());
        let english = "English (the server's language in Discord)";
        let away = tr!(Lang::EN, "settings-away-days", days = crate::discord::game::away::DEFAULT_DAYS);
        let end = "only moderators (Manage Messages)";
        let organisers = "members with Manage Server";
        assert_eq!(values(&m), ["francais", "1d 12h 1m 30s", end, english, &away, "UTC", "off", organisers]);
        let e = m.embed.expect("embed");
        assert_eq!(e.description.starts_with("Saved."), saved);
        assert_eq!(e.footer.starts_with("Change them"), manager);
    }
    assert_eq!(duration_text(86_400), "1d");
    assert_eq!(duration_text(1800), "30m");
    assert_eq!(duration_text(0), "0s");
}

#[test]
fn a_language_is_asked_by_code_or_name_or_auto() {
    let fr = Lang::from_code("fr").expect("French");
    assert_eq!(language_asked("fr"), LanguageAsked::Code("fr".into()));
    assert_eq!(language_asked(" français "), LanguageAsked::Code("fr".into()));
    assert_eq!(language_asked("AUTO"), LanguageAsked::Auto);
    assert_eq!(language_asked(" klingon "), LanguageAsked::Unknown("klingon".into()));
    let e = refusal_text(fr, &Refusal::BadLanguage("klingon".into()));
    assert!(e.contains("klingon") && e.contains("`ta` (தமிழ்)") && e.starts_with("Il n'y a pas"), "{e}");
    for lang in Lang::all() {
        let chosen = ServerSettings { language: Some(lang.code().into()), ..current() };
        let m = settings_message(&chosen, shown(lang));
        assert_eq!(check(&m), Ok(()));
        assert_eq!(values(&m)[3], lang.name(), "a chosen language is named as itself");
    }
}

#[test]
fn the_pages_switch_is_shown_where_the_bot_serves_pages() {
    let off = ServerSettings { pages_on: false, ..current() };
    for lang in Lang::all() {
        let msg = settings_message(&off, Shown { serves: true, ..shown(lang) });
        assert!(check(&msg).is_ok(), "{lang:?}: {:?}", check(&msg));
        assert_eq!(values(&msg)[5], tr!(lang, "settings-pages-off"));
        assert_eq!(values(&settings_message(&off, shown(lang))).len(), 8, "not shown without pages");
    }
}

#[test]
fn the_seasons_zone_and_podium_are_shown_and_a_bad_zone_is_refused_in_words() {
    let set = ServerSettings { time_zone: "Asia/Kolkata".into(), podium: Some(ChannelId(77)), ..current() };
    let shown_values = values(&settings_message(&set, shown(Lang::EN)));
    assert!(shown_values.iter().any(|v| v == "Asia/Kolkata") && shown_values.iter().any(|v| v.contains("<#77>")));
    let bad = refusal_text(Lang::from_code("fr").expect("French"), &Refusal::BadTimeZone("Paris".into()));
    assert!(bad.contains("Paris") && bad.contains("Europe/Paris"), "{bad}");
}

#[test]
fn the_organisers_role_is_shown_and_named_in_the_refusals_in_every_language() {
    let role = RoleId(1_400_000_000_000_000_005);
    let set = ServerSettings { organisers: Some(role), ..current() };
    for lang in Lang::all() {
        let m = settings_message(&set, shown(lang));
        assert_eq!(check(&m), Ok(()));
        let last = values(&m).pop().unwrap_or_default();
        assert!(last.contains("<@&1400000000000000005>"), "{lang:?}: {last}");
        assert!(m.mentions.is_empty(), "a role shown is not pinged");
        assert_ne!(values(&settings_message(&current(), shown(lang))).pop(), Some(last), "{lang:?}: none named");
        let mention = role_mention(role);
        let new = tr!(lang, "tournament-not-manager-nor-role", role = mention.as_str());
        let cancel = tr!(lang, "tournament-not-organiser-nor-role", id = 4, role = mention.as_str());
        assert!(
            new.contains(&mention) && cancel.contains(&mention) && cancel.contains('4'),
            "{lang:?}: {new} / {cancel}"
        );
        assert!(!refusal_text(lang, &Refusal::RoleAndClear).is_empty());
    }
    let both = SettingsRequest { organisers: Some(role), clear_organisers: true, ..SettingsRequest::default() };
    let refused = answer(Lang::EN, &both, true).expect("both asked");
    assert!(refused.contains("not both"), "{refused}");
}
