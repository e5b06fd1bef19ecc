//! The answers of `/thaayam settings` as [`ServerSettings::apply`] gives
//! them, one row per case: what was asked, by whom, and the settings or
//! refusal that follow (pinned from the command as it was before the
//! settings became one noun); and who may organise tournaments.

use super::*;

const HERE: ChannelId = ChannelId(77);

fn rules() -> GameRules {
    GameRules { ruleset: Ruleset::new(Variant::Bell1979), turn_timeout_secs: 12 * 3600, who_ends: WhoEnds::Host }
}

fn current() -> ServerSettings {
    ServerSettings::new(rules())
}

fn ask(f: impl FnOnce(&mut SettingsRequest)) -> SettingsRequest {
    let mut req = SettingsRequest::default();
    f(&mut req);
    req
}

fn with(f: impl FnOnce(&mut ServerSettings)) -> ServerSettings {
    let mut s = current();
    f(&mut s);
    s
}

type Expected = Result<Option<ServerSettings>, Refusal>;

#[test]
fn each_request_gives_the_settings_or_refusal_the_command_answered() {
    let cases: Vec<(&str, SettingsRequest, bool, Expected)> = vec![
        ("nothing asked: shown, to anyone", SettingsRequest::default(), false, Ok(None)),
        ("nothing asked by a manager: shown", SettingsRequest::default(), true, Ok(None)),
        (
            "a change by a member without Manage Server",
            ask(|r| r.variant = Some(Variant::Francais)),
            false,
            Err(Refusal::NotManager),
        ),
        (
            "a bad language by a member: not a manager first",
            ask(|r| r.language = Some(LanguageAsked::Unknown("tlh".into()))),
            false,
            Err(Refusal::NotManager),
        ),
        (
            "the default rules",
            ask(|r| r.variant = Some(Variant::Francais)),
            true,
            Ok(Some(with(|s| s.rules.ruleset = Ruleset::new(Variant::Francais)))),
        ),
        (
            "rules, timeout and who ends at once",
            ask(|r| {
                r.variant = Some(Variant::TayamSonalu);
                r.turn_timeout = Some("2d".into());
                r.who_ends = Some(WhoEnds::Moderators);
            }),
            true,
            Ok(Some(with(|s| {
                s.rules = GameRules {
                    ruleset: Ruleset::new(Variant::TayamSonalu),
                    turn_timeout_secs: 172_800,
                    who_ends: WhoEnds::Moderators,
                }
            }))),
        ),
        (
            "a timeout under a minute",
            ask(|r| r.turn_timeout = Some("10s".into())),
            true,
            Err(Refusal::BadTimeout("`10s` must be between 1 minute and 30 days".into())),
        ),
        (
            "a timeout over 30 days",
            ask(|r| r.turn_timeout = Some("31d".into())),
            true,
            Err(Refusal::BadTimeout("`31d` must be between 1 minute and 30 days".into())),
        ),
        (
            "a timeout that is no duration",
            ask(|r| r.turn_timeout = Some("soon".into())),
            true,
            Err(Refusal::BadTimeout("`soon` is not a duration like 30m, 24h or 2d".into())),
        ),
        (
            "a valid change with a bad timeout: refused as a whole",
            ask(|r| {
                r.variant = Some(Variant::Bell);
                r.turn_timeout = Some("1w".into());
            }),
            true,
            Err(Refusal::BadTimeout("`1w`: the unit must be s, m, h or d".into())),
        ),
        (
            "a language the bot lacks",
            ask(|r| r.language = Some(LanguageAsked::Unknown("tlh".into()))),
            true,
            Err(Refusal::BadLanguage("tlh".into())),
        ),
        (
            "a bad timeout before a bad language",
            ask(|r| {
                r.turn_timeout = Some("soon".into());
                r.language = Some(LanguageAsked::Unknown("tlh".into()));
            }),
            true,
            Err(Refusal::BadTimeout("`soon` is not a duration like 30m, 24h or 2d".into())),
        ),
        (
            "a language",
            ask(|r| r.language = Some(LanguageAsked::Code("ta".into()))),
            true,
            Ok(Some(with(|s| s.language = Some("ta".into())))),
        ),
        (
            "a bad time zone, trimmed in the answer",
            ask(|r| r.time_zone = Some(" Paris ".into())),
            true,
            Err(Refusal::BadTimeZone("Paris".into())),
        ),
        (
            "a bad language before a bad time zone",
            ask(|r| {
                r.language = Some(LanguageAsked::Unknown("tlh".into()));
                r.time_zone = Some("Paris".into());
            }),
            true,
            Err(Refusal::BadLanguage("tlh".into())),
        ),
        (
            "a time zone in any case, saved as its IANA name, and the podium here",
            ask(|r| {
                r.time_zone = Some("asia/kolkata".into());
                r.podium = Some(true);
            }),
            true,
            Ok(Some(with(|s| {
                s.time_zone = "Asia/Kolkata".into();
                s.podium = Some(HERE);
            }))),
        ),
        ("the podium off", ask(|r| r.podium = Some(false)), true, Ok(Some(current()))),
        ("the pages off", ask(|r| r.pages = Some(false)), true, Ok(Some(with(|s| s.pages_on = false)))),
        ("the pages off by a member", ask(|r| r.pages = Some(false)), false, Err(Refusal::NotManager)),
        ("no time away", ask(|r| r.away_days = Some(0)), true, Ok(Some(with(|s| s.away_limit = Some(0))))),
        (
            "the default time away asked: still the default",
            ask(|r| r.away_days = Some(DEFAULT_DAYS)),
            true,
            Ok(Some(current())),
        ),
        (
            "the organisers' role",
            ask(|r| r.organisers = Some(RoleId(5))),
            true,
            Ok(Some(with(|s| s.organisers = Some(RoleId(5))))),
        ),
        ("the organisers' role by a member", ask(|r| r.organisers = Some(RoleId(5))), false, Err(Refusal::NotManager)),
        ("the organisers' role cleared", ask(|r| r.clear_organisers = true), true, Ok(Some(current()))),
        (
            "the organisers' role named and cleared at once",
            ask(|r| {
                r.organisers = Some(RoleId(5));
                r.clear_organisers = true;
            }),
            true,
            Err(Refusal::RoleAndClear),
        ),
    ];
    for (case, req, manager, expected) in cases {
        assert_eq!(current().apply(&req, manager, HERE), expected, "{case}");
    }
}

#[test]
fn later_changes_keep_what_earlier_ones_set() {
    let podium = ask(|r| {
        r.podium = Some(true);
        r.language = Some(LanguageAsked::Code("fr".into()));
        r.away_days = Some(3);
    });
    let set = current().apply(&podium, true, HERE).expect("valid").expect("a change");
    let elsewhere = ChannelId(78);
    let off = set.apply(&ask(|r| r.podium = Some(false)), true, elsewhere).expect("valid").expect("a change");
    assert_eq!(off, ServerSettings { podium: None, ..set.clone() }, "the podium stops; the rest stays");
    let auto = off.apply(&ask(|r| r.language = Some(LanguageAsked::Auto)), true, HERE).expect("valid");
    assert_eq!(auto.as_ref().and_then(|s| s.language.clone()), None, "auto: Discord's locale again");
    let back = set.apply(&ask(|r| r.away_days = Some(DEFAULT_DAYS)), true, HERE).expect("valid").expect("a change");
    assert_eq!((back.away_limit, back.away_days()), (Some(DEFAULT_DAYS), DEFAULT_DAYS), "a limit once set is kept");
    let named = set.apply(&ask(|r| r.organisers = Some(RoleId(5))), true, HERE).expect("valid").expect("a change");
    assert_eq!(named, ServerSettings { organisers: Some(RoleId(5)), ..set.clone() }, "the rest stays");
    let cleared = named.apply(&ask(|r| r.clear_organisers = true), true, HERE).expect("valid").expect("a change");
    assert_eq!(cleared, set, "cleared: Manage Server only again, the rest as it was");
}

/// Who may organise: Manage Server (or Administrator) × the organisers'
/// role set or not × the member holding it or not.
#[test]
fn a_tournament_is_organised_by_managers_and_the_holders_of_the_organisers_role() {
    let (organisers, other) = (RoleId(5), RoleId(6));
    let unset = current();
    let set = with(|s| s.organisers = Some(organisers));
    let cases = [
        (&unset, true, vec![], true, "a manager, no role set"),
        (&unset, true, vec![organisers], true, "a manager holding a role, none set"),
        (&unset, false, vec![], false, "a member, no role set"),
        (&unset, false, vec![organisers, other], false, "a member's roles count for nothing while none is set"),
        (&set, true, vec![], true, "a manager without the role"),
        (&set, true, vec![organisers], true, "a manager with the role"),
        (&set, false, vec![other, organisers], true, "a member holding the role among others"),
        (&set, false, vec![other], false, "a member holding another role"),
        (&set, false, vec![], false, "a member holding no role"),
    ];
    for (settings, manages, roles, expected, case) in cases {
        assert_eq!(settings.may_organise(manages, &roles), expected, "{case}");
    }
}

#[test]
fn a_server_that_never_saved_has_the_configured_rules_and_the_defaults() {
    let s = current();
    assert_eq!(s.rules, rules());
    assert_eq!((s.language.as_deref(), s.pages_on, s.time_zone.as_str(), s.podium), (None, true, "UTC", None));
    assert_eq!((s.away_limit, s.away_days(), s.organisers), (None, DEFAULT_DAYS, None));
}
