//! The list of running games `/thaayam games` answers with: one line per
//! game (its rules, players, whose turn it is, a link to its board),
//! within a message's length, the games that do not fit counted.

use super::lang::{Lang, tr};
use super::message::limits;
use super::words::{and_list, player_name};
use crate::discord::game::table::{Stage, Table};

/// One running game as listed: the table and the link to its board
/// (empty when it has none).
pub(crate) struct Listed<'a> {
    pub(crate) table: &'a Table,
    pub(crate) link: String,
}

/// The list of `games` (newest first as given), or what to do when there
/// is none; `here` says whether they are a server's games (else the
/// reader's own, outside servers).
pub(crate) fn games_list(lang: Lang, games: &[Listed<'_>], here: bool) -> String {
    if games.is_empty() {
        return if here { tr!(lang, "games-none-here") } else { tr!(lang, "games-none-yours") };
    }
    let head =
        if here { tr!(lang, "games-here", count = games.len()) } else { tr!(lang, "games-yours", count = games.len()) };
    let mut out = head;
    for (i, g) in games.iter().enumerate() {
        let line = format!("\n• {}", game_line(lang, g));
        let rest = games.len() - i;
        let more = tr!(lang, "games-more", count = rest);
        if out.chars().count() + line.chars().count() + more.chars().count() + 1 > limits::CONTENT {
            out.push('\n');
            out.push_str(&more);
            break;
        }
        out.push_str(&line);
    }
    out
}

/// "**Bell** (game 12): @a and @b · @b's turn · <link>".
fn game_line(lang: Lang, g: &Listed<'_>) -> String {
    let t = g.table;
    let players: Vec<String> = t.lineup.iter().map(|&p| player_name(lang, p)).collect();
    let players = if players.is_empty() { String::new() } else { and_list(lang, &players) };
    let state = match t.stage {
        Stage::Lobby => tr!(lang, "games-lobby", seated = t.lineup.len(), seats = t.players),
        _ => match t.to_act().and_then(|s| t.player(s)) {
            Some(p) => tr!(lang, "games-turn", who = player_name(lang, p)),
            None => String::new(),
        },
    };
    let mut parts = vec![tr!(lang, "games-game", ruleset = t.ruleset.to_string(), game = t.id)];
    parts.extend([players, state, g.link.clone()].into_iter().filter(|s| !s.is_empty()));
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::ids::UserId;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::session;
    use crate::discord::game::table::kit;
    use crate::engine::Variant;

    #[test]
    fn each_game_names_its_rules_players_turn_and_board() {
        let lobby = kit::lobby(3, Variant::Bell);
        let mut playing = kit::lobby(2, Variant::Francais);
        session::handle(&mut playing, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0)
            .expect("join");
        session::handle(&mut playing, Actor { user: kit::HOST, moderator: false }, Intent::Start, None, 0)
            .expect("start");
        let on_turn = playing.human_to_act().expect("a human on turn");
        let games = [
            Listed { table: &lobby, link: "https://discord.com/channels/1/2/3".into() },
            Listed { table: &playing, link: String::new() },
        ];
        let text = games_list(Lang::EN, &games, true);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[1].contains("1 of 3") && lines[1].ends_with("https://discord.com/channels/1/2/3"), "{text}");
        assert!(lines[2].contains(&format!("<@{on_turn}>")) && lines[2].contains("<@11>"), "{text}");
        assert!(lines[2].contains(&playing.ruleset.to_string()), "{text}");
    }

    #[test]
    fn no_game_says_how_to_start_one_and_a_long_list_counts_the_rest() {
        assert!(games_list(Lang::EN, &[], true).contains("/thaayam new"));
        let t = kit::lobby(2, Variant::Bell);
        let link = format!("https://discord.com/channels/1/2/{}", "9".repeat(19));
        let games: Vec<Listed<'_>> = (0..60).map(|_| Listed { table: &t, link: link.clone() }).collect();
        let text = games_list(Lang::EN, &games, false);
        assert!(text.chars().count() <= limits::CONTENT, "{}", text.len());
        assert!(text.lines().last().is_some_and(|l| l.contains("more")), "{text}");
    }
}
