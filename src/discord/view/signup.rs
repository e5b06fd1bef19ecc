//! A tournament's sign-up as a message, pure: the embed (its name, rules,
//! format, table size, points by place, tie-break, turn time, start as a
//! Discord timestamp in every reader's zone, late joining, that time away
//! does not apply, the entrants so far) with Join / Leave (and Check in
//! once check-in opened; Join and Leave stay while a running tournament
//! still takes latecomers; a link to its page where pages are served), the `custom_id`s of those buttons
//! ([`SignupId`]), and the words of every refusal of the sign-up and of
//! `/thaayam tournament`.

use super::lang::{Lang, tr};
use super::message::{Button, Embed, Link, Message, Row, Style, limits};
use super::words::{COLOUR, mention};
use crate::discord::game::signup::{Act, Entrant, Format, Phase, Refusal, Setup, SetupRefusal};
use crate::discord::game::tournament::clock::CHECK_IN_SECS;
use crate::discord::game::tournament::points::{bye_points, place_points};

/// The version tag of a sign-up button's id (a game's are `t1:`).
const VERSION: &str = "s1";

/// A sign-up button's `custom_id`: `s1:<tournament>:<join|leave|in>`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SignupId {
    pub(crate) tournament: i64,
    pub(crate) act: Act,
}

impl SignupId {
    fn code(act: Act) -> &'static str {
        match act {
            Act::Join => "join",
            Act::Leave => "leave",
            Act::CheckIn => "in",
        }
    }

    /// The `custom_id` text (at most 29 characters).
    pub(crate) fn encode(self) -> String {
        format!("{VERSION}:{}:{}", self.tournament, SignupId::code(self.act))
    }

    /// A sign-up button's id, or `None` for anything else (never panics).
    pub(crate) fn parse(s: &str) -> Option<SignupId> {
        let mut fields = s.split(':');
        let (version, id, act) = (fields.next()?, fields.next()?, fields.next()?);
        if version != VERSION || fields.next().is_some() || id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let act = [Act::Join, Act::Leave, Act::CheckIn].into_iter().find(|&a| SignupId::code(a) == act)?;
        Some(SignupId { tournament: id.parse().ok()?, act })
    }
}

/// A tournament as its sign-up shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shown<'a> {
    pub(crate) id: i64,
    pub(crate) setup: &'a Setup,
    /// The rule set, as the games name it.
    pub(crate) rules: String,
    pub(crate) phase: Phase,
    /// In the order they joined (the withdrawn are not listed).
    pub(crate) entrants: &'a [Entrant],
    /// The address of its page, where the bot serves pages.
    pub(crate) page: Option<String>,
}

/// Entrants listed by name; the rest are counted.
const LISTED: usize = 30;

/// A time as Discord shows it in every reader's zone: the date and time,
/// and how far away.
pub(crate) fn when(at: i64) -> String {
    format!("<t:{at}:F> (<t:{at}:R>)")
}

/// A duration in minutes (or seconds, when not whole minutes).
pub(crate) fn duration(lang: Lang, secs: i64) -> String {
    if secs % 60 == 0 {
        tr!(lang, "signup-minutes", count = secs / 60)
    } else {
        tr!(lang, "signup-seconds", count = secs)
    }
}

/// The format, with its rounds or length and (arena) the streak bonus.
pub(crate) fn format_text(lang: Lang, s: &Setup) -> String {
    let minutes = s.round_secs / 60;
    match s.format {
        Format::Swiss => tr!(lang, "signup-format-swiss", rounds = s.rounds, minutes = minutes),
        Format::Arena => {
            let streak = if s.streak_bonus { tr!(lang, "signup-streak-on") } else { tr!(lang, "signup-streak-off") };
            format!("{} {streak}", tr!(lang, "signup-format-arena", minutes = minutes))
        }
    }
}

/// Points by place at a full table (`3 / 2 / 1 / 0`), and a Swiss's bye.
pub(crate) fn points_text(lang: Lang, s: &Setup) -> String {
    let size = s.table_size as usize;
    let places: Vec<String> = (0..size).map(|p| place_points(size, size, p).shown()).collect();
    let mut text = tr!(lang, "signup-points-places", places = places.join(" / "));
    if s.format == Format::Swiss {
        text.push_str(&tr!(lang, "signup-points-bye", points = bye_points(size).shown()));
    }
    text
}

fn late_text(lang: Lang, s: &Setup) -> String {
    match (s.format, s.late_join_rounds) {
        (Format::Arena, _) => tr!(lang, "signup-late-arena"),
        (Format::Swiss, 0) => tr!(lang, "signup-late-none"),
        (Format::Swiss, n) => tr!(lang, "signup-late-until", round = n + 1),
    }
}

/// What the tournament is doing, for the embed's description.
fn phase_text(lang: Lang, t: &Shown) -> String {
    let s = t.setup;
    match t.phase {
        Phase::SignUp { check_in: false } => {
            tr!(lang, "signup-open", opens = format!("<t:{}:R>", s.starts_at - CHECK_IN_SECS))
        }
        Phase::SignUp { check_in: true } => tr!(lang, "signup-check-in-open", start = format!("<t:{}:R>", s.starts_at)),
        Phase::Running { round } if s.format == Format::Swiss && round > 0 => {
            tr!(lang, "signup-running-round", round = round, rounds = s.rounds)
        }
        Phase::Running { .. } => tr!(lang, "signup-running"),
        Phase::Finished => tr!(lang, "signup-finished"),
        Phase::Cancelled => tr!(lang, "signup-cancelled"),
    }
}

/// Whether a running tournament still takes latecomers.
fn takes_latecomers(t: &Shown) -> bool {
    match t.phase {
        Phase::Running { round } => t.setup.format == Format::Arena || round <= t.setup.late_join_rounds,
        _ => false,
    }
}

/// The entrants still in, listed (checked in marked once check-in opened).
fn entrants_text(lang: Lang, t: &Shown) -> String {
    let marked = !matches!(t.phase, Phase::SignUp { check_in: false });
    let still: Vec<&Entrant> = t.entrants.iter().filter(|e| !e.withdrawn).collect();
    if still.is_empty() {
        return tr!(lang, "signup-entrants-none");
    }
    let mut names: Vec<String> = still
        .iter()
        .take(LISTED)
        .map(|e| if marked && e.checked_in { format!("✅ {}", mention(e.user)) } else { mention(e.user) })
        .collect();
    if still.len() > LISTED {
        names.push(tr!(lang, "signup-entrants-more", count = still.len() - LISTED));
    }
    names.join(" · ")
}

/// The sign-up message (it pings no one).
pub(crate) fn signup_message(lang: Lang, t: &Shown) -> Message {
    let s = t.setup;
    let still = t.entrants.iter().filter(|e| !e.withdrawn).count();
    let checked = t.entrants.iter().filter(|e| !e.withdrawn && e.checked_in).count();
    let entrants_title = match t.phase {
        Phase::SignUp { check_in: false } => tr!(lang, "signup-entrants", count = still),
        _ => tr!(lang, "signup-entrants-checked", count = still, checked = checked),
    };
    let fields = vec![
        (tr!(lang, "signup-field-rules"), t.rules.clone()),
        (tr!(lang, "signup-field-format"), format_text(lang, s)),
        (tr!(lang, "signup-field-tables"), tr!(lang, "signup-tables", count = s.table_size)),
        (tr!(lang, "signup-field-points"), points_text(lang, s)),
        (tr!(lang, "signup-field-tie-break"), tr!(lang, "signup-tie-break")),
        (tr!(lang, "signup-field-turn"), duration(lang, s.turn_secs)),
        (tr!(lang, "signup-field-start"), when(s.starts_at)),
        (tr!(lang, "signup-field-late"), late_text(lang, s)),
        (entrants_title, entrants_text(lang, t)),
    ];
    let embed = Embed {
        title: tr!(lang, "signup-title", name = s.name.as_str()),
        description: phase_text(lang, t),
        fields,
        footer: tr!(lang, "signup-footer", id = t.id),
        colour: COLOUR,
    };
    let button = |act: Act, key: &str, style: Style| Button {
        id: SignupId { tournament: t.id, act }.encode(),
        label: lang.format(key, None),
        style,
        disabled: false,
    };
    let mut buttons = Vec::new();
    if matches!(t.phase, Phase::SignUp { .. }) || takes_latecomers(t) {
        buttons.push(button(Act::Join, "signup-button-join", Style::Success));
        buttons.push(button(Act::Leave, "signup-button-leave", Style::Secondary));
    }
    if t.phase == (Phase::SignUp { check_in: true }) {
        buttons.push(button(Act::CheckIn, "signup-button-check-in", Style::Primary));
    }
    let mut rows = if buttons.is_empty() { Vec::new() } else { vec![Row::Buttons(buttons)] };
    if let Some(url) = t.page.clone().filter(|u| u.chars().count() <= limits::LINK_URL) {
        rows.push(Row::Links(vec![Link { label: tr!(lang, "signup-page"), url }]));
    }
    Message { embed: Some(embed), rows, ..Message::default() }
}

/// Why a sign-up act changed nothing, in words.
pub(crate) fn refusal_text(lang: Lang, r: Refusal) -> String {
    match r {
        Refusal::Over => tr!(lang, "signup-refused-over"),
        Refusal::LateJoinOver => tr!(lang, "signup-refused-late"),
        Refusal::AlreadyIn => tr!(lang, "signup-refused-already-in"),
        Refusal::Full => tr!(lang, "signup-refused-full"),
        Refusal::NotIn => tr!(lang, "signup-refused-not-in"),
        Refusal::CheckInClosed => tr!(lang, "signup-refused-check-in-closed"),
        Refusal::AlreadyCheckedIn => tr!(lang, "signup-refused-checked-in"),
    }
}

/// Why a setup was refused, in words, with the range allowed.
pub(crate) fn setup_refusal_text(lang: Lang, r: &SetupRefusal) -> String {
    use crate::discord::game::signup::ranges::*;
    match r {
        SetupRefusal::Name => tr!(lang, "tournament-bad-name", most = NAME.1),
        SetupRefusal::TableSize => tr!(lang, "tournament-bad-table", least = TABLE.0, most = TABLE.1),
        SetupRefusal::Rounds => tr!(lang, "tournament-bad-rounds", least = ROUNDS.0, most = ROUNDS.1),
        SetupRefusal::RoundsInArena => tr!(lang, "tournament-rounds-in-arena"),
        SetupRefusal::Length(Format::Swiss) => {
            tr!(lang, "tournament-bad-round-length", least = ROUND_MINUTES.0, most = ROUND_MINUTES.1)
        }
        SetupRefusal::Length(Format::Arena) => {
            tr!(lang, "tournament-bad-arena-length", least = ARENA_MINUTES.0, most = ARENA_MINUTES.1)
        }
        SetupRefusal::BadTurnTime(typed) => tr!(lang, "tournament-bad-turn-time", typed = typed.as_str()),
        SetupRefusal::TurnTime => tr!(
            lang,
            "tournament-turn-time-range",
            least = duration(lang, TURN_SECS.0),
            most = duration(lang, TURN_SECS.1)
        ),
        SetupRefusal::BadStart(typed) => tr!(lang, "tournament-bad-start", typed = typed.as_str()),
        SetupRefusal::StartRange => tr!(lang, "tournament-start-range"),
        SetupRefusal::LateJoin { most } => tr!(lang, "tournament-bad-late-join", most = *most),
        SetupRefusal::LateJoinInArena => tr!(lang, "tournament-late-join-in-arena"),
        SetupRefusal::StreakInSwiss => tr!(lang, "tournament-streak-in-swiss"),
    }
}

/// A tournament's phase in a word or two (for `/thaayam tournament show`).
pub(crate) fn phase_name(lang: Lang, phase: Phase, format: Format) -> String {
    match phase {
        Phase::SignUp { check_in: false } => tr!(lang, "tournament-phase-signup"),
        Phase::SignUp { check_in: true } => tr!(lang, "tournament-phase-check-in"),
        Phase::Running { round: 0 } => tr!(lang, "tournament-phase-starting"),
        // An arena has one round: it is under way.
        Phase::Running { .. } if format == Format::Arena => tr!(lang, "tournament-phase-arena"),
        Phase::Running { round } => tr!(lang, "tournament-phase-round", round = round),
        Phase::Finished => tr!(lang, "tournament-phase-finished"),
        Phase::Cancelled => tr!(lang, "tournament-phase-cancelled"),
    }
}

#[cfg(test)]
#[path = "signup_tests.rs"]
mod tests;
