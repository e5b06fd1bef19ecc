//! `thaayam render` and `thaayam replay`: board and route pictures as PNG,
//! and GIF replays of seeded random games, written to files.

use crate::dice::{ThrowSource, random_game};
use crate::engine::{Board, BoardKind, MoveGen, Ruleset, Seat, SeatSet, Variant, parse_tpn};
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
    let board = pos.rules().board;
    let mut view = BoardView::new(pos);
    if let Some(h) = highlight {
        view.last = Some(parse_highlight(board, h)?);
    }
    if let Some(names) = names {
        for (seat, name) in Seat::ALL.iter().zip(names.split(',')) {
            view.names[seat.index()] = name.trim().to_string();
        }
    }
    if let Some(dests) = dests {
        view.destinations = dests.split(',').map(|s| square(board, s)).collect::<Result<_, _>>()?;
    }
    render::render_png(&view, size).map_err(|e| e.to_string())
}

fn square(board: &Board, s: &str) -> Result<u8, String> {
    let names = match board.kind {
        BoardKind::Square => "a1–e5",
        BoardKind::Cross => "arm S, W, N or E, lane a–c, 1–8 from the centre: Sb1, Ec8",
    };
    board.parse_square(s.trim()).ok_or_else(|| format!("`{s}` is not a square ({names})"))
}

/// Parses `c1-e3`, `c1xe3` or `e3` (on the cross `Sb1-Sb4`, `Sb1xSb4`).
pub(crate) fn parse_highlight(board: &Board, h: &str) -> Result<LastAction, String> {
    if let Some((a, b)) = h.split_once('-') {
        return Ok(LastAction { from: Some(square(board, a)?), to: Some(square(board, b)?), captured: 0 });
    }
    if let Some((a, b)) = h.split_once('x') {
        return Ok(LastAction { from: Some(square(board, a)?), to: Some(square(board, b)?), captured: 1 });
    }
    Ok(LastAction { from: None, to: Some(square(board, h)?), captured: 0 })
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

/// How long a GIF plays, in hundredths of a second (the sum of its frame
/// delays).
pub fn duration_cs(gif_bytes: &[u8]) -> Result<u32, String> {
    let mut d = gif::DecodeOptions::new().read_info(gif_bytes).map_err(|e| e.to_string())?;
    let mut total = 0;
    while let Some(f) = d.read_next_frame().map_err(|e| e.to_string())? {
        total += u32::from(f.delay);
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::engine::{CROSS_BOARD, THAAYAM_BOARD, parse_square};

    #[test]
    fn highlights_parse_moves_captures_and_squares() {
        let b = &THAAYAM_BOARD;
        let (c1, e3) = (parse_square("c1"), parse_square("e3"));
        assert_eq!(parse_highlight(b, "c1-e3"), Ok(LastAction { from: c1, to: e3, captured: 0 }));
        assert_eq!(parse_highlight(b, "c1xe3"), Ok(LastAction { from: c1, to: e3, captured: 1 }));
        assert_eq!(parse_highlight(b, "e3"), Ok(LastAction { from: None, to: e3, captured: 0 }));
        assert!(parse_highlight(b, "c1-z9").is_err());
    }

    #[test]
    fn cross_highlights_use_the_cross_names() {
        let c = &CROSS_BOARD;
        let (from, to) = (c.parse_square("Sb1"), c.parse_square("Sb4"));
        assert!(from.is_some() && to.is_some());
        assert_eq!(parse_highlight(c, "Sb1xSb4"), Ok(LastAction { from, to, captured: 1 }));
        let err = parse_highlight(c, "e9").expect_err("a 5 × 5 name");
        assert!(err.contains("Sb1"), "{err}");
        let png = board("tayam-sonalu S+=4,o,o,o N=o,o,o,o turn=N", 400, Some("Sb1-Sb4"), None, Some("Nb1"));
        assert!(png.is_ok());
    }

    #[test]
    fn a_replay_plays_within_its_budget() {
        let (gif, events) = replay(Ruleset::default(), 2, 3, 200).expect("replay");
        let cs = duration_cs(&gif).expect("decodes");
        assert!(events > 10 && (400..=4_500).contains(&cs), "{events} events, {cs} cs");
        assert!(duration_cs(b"GIF89a").is_err());
    }

    #[test]
    fn route_wants_one_seat_letter() {
        assert!(route("S", Variant::Bell, 400).is_ok());
        assert!(route("E", Variant::TayamSonalu, 400).is_ok());
        assert!(route("SW", Variant::Bell, 400).is_err());
        assert!(route("Q", Variant::Bell, 400).is_err());
    }
}
