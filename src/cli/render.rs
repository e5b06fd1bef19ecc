//! `thaayam render` and `thaayam replay`: board and route pictures as PNG,
//! and GIF replays of seeded random games, written to files.

use crate::dice::{ThrowSource, random_game};
use crate::engine::{MoveGen, Ruleset, Seat, SeatSet, Variant, parse_square, parse_tpn};
use crate::render::{self, BoardView, LastAction, ReplayOptions};

/// Renders a TPN position to PNG bytes. `highlight` is `c1-e3` (a move),
/// `c1xe3` (a move that captured) or `e3` (a square); `names` is a
/// comma-separated list in seat order S, W, N, E; `dests` lists squares.
pub fn board(
    tpn: &str,
    size: u32,
    highlight: Option<&str>,
    names: Option<&str>,
    dests: Option<&str>,
) -> Result<Vec<u8>, String> {
    let pos = parse_tpn(tpn).map_err(|e| e.to_string())?;
    let mut view = BoardView::new(pos);
    if let Some(h) = highlight {
        view.last = Some(parse_highlight(h)?);
    }
    if let Some(names) = names {
        for (seat, name) in Seat::ALL.iter().zip(names.split(',')) {
            view.names[seat.index()] = name.trim().to_string();
        }
    }
    if let Some(dests) = dests {
        view.destinations = dests.split(',').map(square).collect::<Result<_, _>>()?;
    }
    render::render_png(&view, size).map_err(|e| e.to_string())
}

fn square(s: &str) -> Result<u8, String> {
    parse_square(s.trim()).ok_or_else(|| format!("`{s}` is not a square (a1–e5)"))
}

/// Parses `c1-e3`, `c1xe3` or `e3`.
pub(crate) fn parse_highlight(h: &str) -> Result<LastAction, String> {
    if let Some((a, b)) = h.split_once('-') {
        return Ok(LastAction { from: Some(square(a)?), to: Some(square(b)?), captured: 0 });
    }
    if let Some((a, b)) = h.split_once('x') {
        return Ok(LastAction { from: Some(square(a)?), to: Some(square(b)?), captured: 1 });
    }
    Ok(LastAction { from: None, to: Some(square(h)?), captured: 0 })
}

/// The route picture of a seat given by its letter, on the variant's board.
pub fn route(seat: &str, variant: Variant, size: u32) -> Result<Vec<u8>, String> {
    let mut chars = seat.chars();
    let seat = match (chars.next().and_then(Seat::from_letter), chars.next()) {
        (Some(s), None) => s,
        _ => return Err(format!("`{seat}` is not a seat (S, W, N or E)")),
    };
    let board = Ruleset::new(variant).rules().board;
    render::render_route(board, seat, size).map_err(|e| e.to_string())
}

/// Plays a seeded random game and returns its GIF replay with the number
/// of events.
pub fn replay(ruleset: Ruleset, players: usize, seed: u64, size: u32) -> Result<(Vec<u8>, usize), String> {
    let seats = SeatSet::for_players(players).ok_or("players must be 2, 3 or 4")?;
    let mut src = ThrowSource::from_u64(seed, ruleset.rules().dice);
    let (record, _) = random_game(ruleset, seats, &mut src, &mut MoveGen::new());
    let opts = ReplayOptions { size, ..ReplayOptions::default() };
    let gif = render::replay_gif(ruleset, seats, &record.events, &opts).map_err(|e| e.to_string())?;
    Ok((gif, record.events.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn highlights_parse_moves_captures_and_squares() {
        let (c1, e3) = (parse_square("c1"), parse_square("e3"));
        assert_eq!(parse_highlight("c1-e3"), Ok(LastAction { from: c1, to: e3, captured: 0 }));
        assert_eq!(parse_highlight("c1xe3"), Ok(LastAction { from: c1, to: e3, captured: 1 }));
        assert_eq!(parse_highlight("e3"), Ok(LastAction { from: None, to: e3, captured: 0 }));
        assert!(parse_highlight("c1-z9").is_err());
    }

    #[test]
    fn route_wants_one_seat_letter() {
        assert!(route("S", Variant::Bell, 400).is_ok());
        assert!(route("E", Variant::TayamSonalu, 400).is_ok());
        assert!(route("SW", Variant::Bell, 400).is_err());
        assert!(route("Q", Variant::Bell, 400).is_err());
    }
}
