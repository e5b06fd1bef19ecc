//! "Since your last turn" in words: the lines under the ping of a board
//! that calls a player back, her own losses first ("West took your piece
//! on b3"), then the others' moves in one short line. The whole story is
//! in the records above; this is what she needs to choose.

use super::lang::{Lang, tr};
use super::words::{move_words, seat_name};
use crate::discord::game::story::{Since, since_last_act};
use crate::discord::game::table::Table;
use crate::engine::Seat;

/// The most moves the digest names; the others are counted.
const MOVES_NAMED: usize = 6;

/// The digest for `seat` at `t`: what happened since her last action.
pub(crate) fn digest(lang: Lang, t: &Table, seat: Seat) -> Vec<String> {
    lines(lang, t, &since_last_act(t, seat))
}

/// The lines of a digest of `t` (none when nothing happened).
pub(crate) fn lines(lang: Lang, t: &Table, since: &Since) -> Vec<String> {
    let board = t.ruleset.rules().board;
    let mut out = Vec::new();
    for loss in &since.losses {
        let square = board.square_name(loss.at);
        out.push(tr!(lang, "since-lost", by = seat_name(lang, loss.by), count = loss.pieces, square = square));
    }
    let moves: Vec<String> = since
        .moves
        .iter()
        .take(MOVES_NAMED)
        .map(|m| {
            let (what, _) = move_words(lang, &m.before, &m.path);
            let took = if m.took > 0 { tr!(lang, "since-took", count = m.took) } else { String::new() };
            format!("{} {what}{took}", seat_name(lang, m.seat))
        })
        .collect();
    if !moves.is_empty() {
        let more = since.moves.len().saturating_sub(MOVES_NAMED);
        let more = if more > 0 { tr!(lang, "since-more", count = more) } else { String::new() };
        out.push(tr!(lang, "since-moves", moves = moves.join(" · "), more = more));
    }
    if since.lost_throws > 0 {
        out.push(tr!(lang, "since-lost-throws", count = since.lost_throws));
    }
    out
}
