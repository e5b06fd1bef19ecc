//! How a tournament shows as it runs, pure: the name of a table's thread,
//! the table's opening message there, the round's announcement (an
//! arena's: its opening, its tables' threads and openings), a table
//! decided at the round's deadline, the standings message kept edited in
//! the tournament's channel, and the podium. The words are in
//! `tournament.ftl`.

use super::lang::{Lang, tr};
use super::message::{Embed, Message};
use super::words::{COLOUR, mention};
use crate::discord::game::ids::UserId;
use crate::discord::game::tournament::points::{Points, place_points};
use crate::discord::game::tournament::standings::Standing;

/// A thread's name has at most this many characters (Discord's limit).
pub(crate) const THREAD_NAME: usize = 100;

/// The thread of table `table` of round `round`: "Name · round 2 · table
/// 1", the tournament's name cut so the whole fits.
pub(crate) fn thread_name(lang: Lang, name: &str, round: u32, table: u32) -> String {
    let tail = tr!(lang, "tournament-thread", round = round, table = table);
    let room = THREAD_NAME.saturating_sub(tail.chars().count() + 3).max(1);
    let name: String = name.chars().take(room).collect();
    format!("{} · {tail}", name.trim())
}

/// The points by place at a full table of `size`: "2/1/0".
fn by_place(size: usize) -> String {
    (0..size).map(|p| place_points(size, size, p).shown()).collect::<Vec<_>>().join("/")
}

/// The first message of a table's thread: who plays, for what, pinging
/// the players (the board follows it).
pub(crate) fn table_opening(
    lang: Lang,
    name: &str,
    (round, rounds, table): (u32, u32, u32),
    size: usize,
    players: &[UserId],
) -> Message {
    let who = players.iter().map(|&u| mention(u)).collect::<Vec<_>>().join(", ");
    let content = tr!(
        lang,
        "tournament-table-opening",
        name = name,
        round = round,
        rounds = rounds,
        table = table,
        players = who,
        points = by_place(size),
    );
    Message { content, mentions: players.to_vec(), ..Message::default() }
}

/// The round's announcement in the tournament's channel (pings no one).
pub(crate) fn round_started(
    lang: Lang,
    name: &str,
    round: u32,
    rounds: u32,
    tables: usize,
    bye: Option<(UserId, Points)>,
) -> Message {
    let mut content =
        tr!(lang, "tournament-round-started", name = name, round = round, rounds = rounds, tables = tables);
    if let Some((user, points)) = bye {
        content.push(' ');
        content.push_str(&tr!(lang, "tournament-bye", who = mention(user), points = points.shown()));
    }
    Message { content, ..Message::default() }
}

/// An arena table's thread: "Name · game 5", the name cut to fit.
pub(crate) fn arena_thread_name(lang: Lang, name: &str, table: u32) -> String {
    let tail = tr!(lang, "tournament-arena-thread", table = table);
    let room = THREAD_NAME.saturating_sub(tail.chars().count() + 3).max(1);
    let name: String = name.chars().take(room).collect();
    format!("{} · {tail}", name.trim())
}

/// The streak bonus as the arena states it ("" without it).
fn bonus(lang: Lang, on: bool) -> String {
    if on { tr!(lang, "tournament-arena-bonus") } else { String::new() }
}

/// The first message of an arena table's thread: who plays, for what,
/// until when, pinging the players.
pub(crate) fn arena_table_opening(
    lang: Lang,
    name: &str,
    table: u32,
    (size, streak_bonus): (usize, bool),
    players: &[UserId],
    ends: i64,
) -> Message {
    let who = players.iter().map(|&u| mention(u)).collect::<Vec<_>>().join(", ");
    let content = tr!(
        lang,
        "tournament-arena-table-opening",
        name = name,
        table = table,
        players = who,
        points = by_place(size),
        bonus = bonus(lang, streak_bonus),
        ends = when(ends),
    );
    Message { content, mentions: players.to_vec(), ..Message::default() }
}

/// The arena's opening in the tournament's channel (pings no one).
pub(crate) fn arena_open(lang: Lang, name: &str, ends: i64, size: usize, streak_bonus: bool) -> Message {
    let content = tr!(
        lang,
        "tournament-arena-open",
        name = name,
        ends = when(ends),
        size = size,
        points = by_place(size),
        bonus = bonus(lang, streak_bonus),
    );
    Message { content, ..Message::default() }
}

/// A time in Discord's markup: the date and clock time, and how far off,
/// each in the reader's zone.
fn when(at: i64) -> String {
    format!("<t:{at}:f> (<t:{at}:R>)")
}

/// A table the round's deadline decided: each player's expected points.
/// (`arena`: the arena's end decided it.)
pub(crate) fn decided(lang: Lang, results: &[(UserId, Points)], arena: bool) -> Message {
    let lines: Vec<String> = results
        .iter()
        .map(|(u, p)| tr!(lang, "tournament-decided-line", who = mention(*u), points = p.shown()))
        .collect();
    let why = if arena { tr!(lang, "tournament-arena-decided") } else { tr!(lang, "tournament-decided") };
    let content = format!("{why}\n{}", lines.join("\n"));
    Message { content, ..Message::default() }
}

/// One line of the standings as shown, with whether some of her points
/// are expected points of a table the deadline decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Line {
    pub(crate) standing: Standing,
    pub(crate) estimated: bool,
}

fn line(lang: Lang, l: &Line) -> String {
    let s = &l.standing;
    let mark = if l.estimated { "≈" } else { "" };
    let mut text = tr!(
        lang,
        "tournament-standing",
        place = s.place,
        who = mention(s.player),
        points = format!("{mark}{}", s.points.shown()),
        games = s.games,
        wins = s.wins,
        tiebreak = s.opponents.shown(),
    );
    if s.byes > 0 {
        text.push_str(&tr!(lang, "tournament-standing-byes", byes = s.byes));
    }
    if s.withdrawn {
        text.push_str(&tr!(lang, "tournament-standing-withdrawn"));
    }
    text
}

/// How far a tournament is, as its standings say.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Progress {
    /// A Swiss: rounds closed (0 before the first ends) of its rounds.
    Rounds { closed: u32, of: u32 },
    /// An arena ending then (unix seconds).
    Arena { ends: i64 },
}

/// The standings message: where the tournament is, every entrant's
/// place, points, games, wins and tie-break; it pings no one.
pub(crate) fn standings(lang: Lang, name: &str, progress: Progress, lines: &[Line], over: bool) -> Message {
    let title = tr!(lang, "tournament-standings-title", name = name);
    let mut description: Vec<String> = Vec::new();
    let mut used = 0;
    for l in lines {
        let text = line(lang, l);
        used += text.chars().count() + 1;
        if used > 3800 {
            break;
        }
        description.push(text);
    }
    let estimated = lines.iter().any(|l| l.estimated);
    let mut footer = match (progress, over) {
        (Progress::Rounds { of, .. }, true) => tr!(lang, "tournament-standings-final", rounds = of),
        (Progress::Rounds { closed, of }, false) => {
            tr!(lang, "tournament-standings-after", round = closed, rounds = of)
        }
        (Progress::Arena { .. }, true) => tr!(lang, "tournament-standings-arena-final"),
        // A footer shows no timestamp markup: the end heads the lines.
        (Progress::Arena { ends }, false) => {
            description.insert(0, tr!(lang, "tournament-standings-arena", ends = when(ends)));
            String::new()
        }
    };
    footer.push_str(&tr!(lang, "tournament-standings-rule"));
    if estimated {
        footer.push_str(&tr!(lang, "tournament-standings-estimated"));
    }
    let embed = Embed { title, description: description.join("\n"), footer, colour: COLOUR, ..Embed::default() };
    Message { embed: Some(embed), ..Message::default() }
}

const MEDALS: [&str; 3] = ["🥇", "🥈", "🥉"];

/// The podium, posted once: the first three places (shared places
/// share a medal), pinging every entrant.
pub(crate) fn podium(lang: Lang, name: &str, lines: &[Standing], entrants: &[UserId]) -> Message {
    let places: Vec<String> = lines
        .iter()
        .filter(|s| (1..=3).contains(&s.place))
        .map(|s| {
            tr!(
                lang,
                "tournament-podium-place",
                medal = MEDALS[s.place - 1],
                who = mention(s.player),
                points = s.points.shown()
            )
        })
        .collect();
    let pings = entrants.iter().map(|&u| mention(u)).collect::<Vec<_>>().join(" ");
    let content = format!("{}\n{}\n{pings}", tr!(lang, "tournament-podium", name = name), places.join("\n"));
    Message { content, mentions: entrants.to_vec(), ..Message::default() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::view::message::check;

    fn standing(place: usize, user: u64, points: i64) -> Standing {
        Standing {
            place,
            player: UserId(user),
            points: Points(points),
            games: 2,
            wins: 1,
            byes: 0,
            opponents: Points(300),
            withdrawn: false,
        }
    }

    #[test]
    fn a_standing_counts_its_games_and_wins_in_the_singular_and_plural() {
        let one = Line { standing: standing(1, 1, 100), estimated: false };
        let text = line(Lang::EN, &one);
        assert!(text.contains("2 games · 1 win ·"), "{text}");
        let fr = line(Lang::from_code("fr").expect("French"), &one);
        assert!(fr.contains("2 parties · 1 victoire ·"), "{fr}");
    }

    #[test]
    fn a_thread_name_fits_discords_limit() {
        for lang in Lang::all() {
            let short = thread_name(lang, "Friday cup", 2, 1);
            assert!(short.starts_with("Friday cup · ") && short.contains('2') && short.contains('1'), "{short}");
            let long = thread_name(lang, &"x".repeat(300), 3, 12);
            assert!(long.chars().count() <= THREAD_NAME, "{long}");
            assert!(long.contains("12"), "the table's number is kept: {long}");
        }
    }

    #[test]
    fn the_opening_pings_the_players_and_states_the_points() {
        for lang in Lang::all() {
            let m = table_opening(lang, "Cup", (2, 3, 1), 3, &[UserId(1), UserId(2)]);
            assert_eq!(check(&m), Ok(()));
            assert_eq!(m.mentions, vec![UserId(1), UserId(2)]);
            assert!(
                m.content.contains("<@1>") && m.content.contains("<@2>") && m.content.contains("2/1/0"),
                "{}",
                m.content
            );
        }
    }

    #[test]
    fn the_standings_list_every_line_in_order_and_ping_no_one() {
        let mut lines = vec![
            Line { standing: standing(1, 5, 400), estimated: false },
            Line { standing: standing(2, 6, 250), estimated: true },
            Line { standing: standing(3, 7, 0), estimated: false },
        ];
        lines[2].standing.withdrawn = true;
        for lang in Lang::all() {
            let m = standings(lang, "Cup", Progress::Rounds { closed: 1, of: 3 }, &lines, false);
            assert_eq!(check(&m), Ok(()), "{lang:?}");
            assert!(m.mentions.is_empty());
            let e = m.embed.expect("an embed");
            let (a, b, c) = (e.description.find("<@5>"), e.description.find("<@6>"), e.description.find("<@7>"));
            assert!(a.is_some() && a < b && b < c, "{}", e.description);
            assert!(e.description.contains("≈2.5"), "expected points are marked: {}", e.description);
            assert!(e.title.contains("Cup"));
        }
    }

    #[test]
    fn the_podium_gives_medals_and_pings_the_entrants() {
        let lines = vec![standing(1, 5, 400), standing(2, 6, 300), standing(2, 8, 300), standing(4, 7, 0)];
        let entrants = [UserId(5), UserId(6), UserId(7), UserId(8)];
        for lang in Lang::all() {
            let m = podium(lang, "Cup", &lines, &entrants);
            assert_eq!(check(&m), Ok(()));
            assert_eq!(m.mentions.len(), 4);
            assert!(m.content.contains("🥇") && m.content.matches("🥈").count() == 2, "{}", m.content);
            assert!(!m.content.contains("🥉"), "no third place after a shared second: {}", m.content);
        }
    }

    #[test]
    fn a_decided_table_shows_expected_points() {
        let m = decided(Lang::EN, &[(UserId(1), Points(150)), (UserId(2), Points(50))], false);
        assert!(m.content.contains("1.5") && m.content.contains("0.5"), "{}", m.content);
        assert!(m.mentions.is_empty());
        let arena = decided(Lang::EN, &[(UserId(1), Points(150))], true);
        assert!(arena.content.contains("arena ended"), "{}", arena.content);
    }

    #[test]
    fn an_arena_says_when_it_ends_and_what_a_table_is_for() {
        let ends = 1_800_000_000;
        for lang in Lang::all() {
            let name = arena_thread_name(lang, &"x".repeat(300), 41);
            assert!(name.chars().count() <= THREAD_NAME && name.contains("41"), "{name}");
            let m = arena_table_opening(lang, "Blitz", 7, (2, true), &[UserId(1), UserId(2)], ends);
            assert_eq!(check(&m), Ok(()));
            assert_eq!(m.mentions, vec![UserId(1), UserId(2)]);
            assert!(m.content.contains(&format!("<t:{ends}:R>")) && m.content.contains("1/0"), "{}", m.content);
            let plain = arena_table_opening(lang, "Blitz", 7, (2, false), &[UserId(1)], ends);
            assert!(plain.content.len() < m.content.len(), "the bonus is stated only when on: {}", plain.content);
            let open = arena_open(lang, "Blitz", ends, 3, false);
            assert!(open.mentions.is_empty() && open.content.contains(&format!("<t:{ends}:f>")), "{}", open.content);
            let running = standings(lang, "Blitz", Progress::Arena { ends }, &[], false).embed.expect("an embed");
            assert!(running.description.starts_with(&tr!(lang, "tournament-standings-arena", ends = when(ends))));
            assert!(running.description.contains(&format!("<t:{ends}:R>")), "{}", running.description);
            let over = standings(lang, "Blitz", Progress::Arena { ends }, &[], true).embed.expect("an embed");
            assert!(
                !over.description.contains("<t:")
                    && over.footer.starts_with(&tr!(lang, "tournament-standings-arena-final"))
            );
        }
    }
}
