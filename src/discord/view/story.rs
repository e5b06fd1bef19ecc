//! "Since your last choice" in words: the lines under the ping of a board
//! that calls a player back, her own losses first ("West took your piece
//! on b3"), then the moves since she was last asked in one short line
//! (hers played without asking her marked as the only possible move). The
//! whole story is in the records above; this is what she needs to choose.

use super::lang::{Lang, tr};
use super::words::{move_words, seat_name};
use crate::discord::game::story::{Since, since_last_asked};
use crate::discord::game::table::Table;
use crate::engine::Seat;

/// The most moves the digest names; the others are counted.
const MOVES_NAMED: usize = 6;

/// The digest for `seat` at `t`: what happened since she was last asked
/// to choose.
pub(crate) fn digest(lang: Lang, t: &Table, seat: Seat) -> Vec<String> {
    lines(lang, t, seat, &since_last_asked(t, seat))
}

/// The lines of `reader`'s digest of `t` (none when nothing happened).
pub(crate) fn lines(lang: Lang, t: &Table, reader: Seat, since: &Since) -> Vec<String> {
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
            let forced = if m.seat == reader { format!(" ({})", tr!(lang, "note-only-move")) } else { String::new() };
            tr!(lang, "since-move", seat = seat_name(lang, m.seat), what = format!("{what}{took}{forced}"))
        })
        .collect();
    if !moves.is_empty() {
        let more = since.moves.len().saturating_sub(MOVES_NAMED);
        let more = if more > 0 { tr!(lang, "since-more", count = more) } else { String::new() };
        out.push(tr!(lang, "since-moves", moves = moves.join(" · "), more = more));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::acts::Act;
    use crate::discord::game::computer::Level;
    use crate::discord::game::ids::{ChannelId, GameId, GuildId, UserId, Venue};
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::script::random_intent;
    use crate::discord::game::session;
    use crate::discord::game::table::{Origin, Stage};
    use crate::engine::{Phase, Ruleset, Variant};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// `seat`'s pieces taken by the others in `acts[from..]` (`now`: the
    /// position after the last), counted from the armies alone.
    fn taken(acts: &[Act], from: usize, seat: Seat, now: &crate::engine::Position) -> u8 {
        (from..acts.len())
            .filter(|&i| acts[i].before.turn() != seat)
            .map(|i| {
                let after = acts.get(i + 1).map_or(now, |a| &a.before);
                acts[i].before.army(seat).on_board().saturating_sub(after.army(seat).on_board())
            })
            .sum()
    }

    /// Games of two humans and a computer, played at random: every time a
    /// human is asked to choose, her digest names every piece she lost
    /// since she was last asked (forced moves of hers in between
    /// included), first, and her picture marks where.
    #[test]
    fn a_ping_names_every_loss_since_she_was_last_asked_even_across_her_forced_moves() {
        let mut across_forced = 0;
        for game in 0..12u8 {
            let origin =
                Origin { id: GameId(9), venue: Venue::Server(GuildId(1)), channel: ChannelId(2), host: UserId(10) };
            let mut t = Table::new(origin, Ruleset::new(Variant::Bell), 3, [game; 32]);
            session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
            let add = Intent::AddComputer(Level::Random);
            session::handle(&mut t, Actor { user: UserId(10), moderator: false }, add, None, 0).expect("add");
            session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0)
                .expect("start");
            let mut rng = ChaCha8Rng::seed_from_u64(u64::from(game));
            // Where each seat was last asked: the number of actions then.
            let mut asked_at: [Option<usize>; 4] = [None; 4];
            let mut steps = 0;
            while t.stage == Stage::Playing && steps < 5_000 {
                steps += 1;
                if session::computer_step(&mut t, 0).is_some() {
                    continue;
                }
                let user = t.human_to_act().expect("a human on turn");
                let seat = t.to_act().expect("a seat on turn");
                let asked = t.draft.actions.is_empty() && matches!(t.game_now().phase(), Phase::Moving { .. });
                if asked {
                    let acts = t.acts();
                    let now = *t.game_now().position();
                    let asked_before = asked_at[seat.index()];
                    let from = asked_before.unwrap_or(0);
                    let since = since_last_asked(&t, seat);
                    let lost = taken(&acts, from, seat, &now);
                    let named: u8 = since.losses.iter().map(|l| l.pieces).sum();
                    assert_eq!(named, lost, "game {game}: losses named since {from}: {since:?}");
                    // Her own moves after her last choice were played without asking.
                    let hers_after = (from..acts.len())
                        .skip_while(|&i| {
                            asked_before.is_some()
                                && acts[i].before.turn() == seat
                                && (i == from || !acts[i].starts_move)
                        })
                        .any(|i| acts[i].before.turn() == seat);
                    assert_eq!(hers_after, since.moves.iter().any(|m| m.seat == seat), "game {game}: {since:?}");
                    if lost > 0 {
                        across_forced += usize::from(hers_after);
                        let words = digest(Lang::EN, &t, seat);
                        assert!(words[0].starts_with("**") && words[0].contains("took"), "losses first: {words:?}");
                        let view = crate::discord::view::picture::board_view(Lang::EN, &t).expect("a view");
                        for loss in &since.losses {
                            assert!(view.captures.iter().any(|c| c.cell == loss.at), "{loss:?} marked: {view:?}");
                        }
                    }
                    asked_at[seat.index()] = Some(acts.len());
                }
                let intent = random_intent(&t, &mut rng);
                let seq = t.seq;
                session::handle(&mut t, Actor { user, moderator: false }, intent, Some(seq), 0).expect("click");
            }
        }
        assert!(across_forced > 0, "no loss was followed by a forced move of the victim before her next ping");
    }
}
