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
        let seats = std::iter::once(pos.turn()).chain(pos.seats().iter());
        let mut tried = seats.map(|seat| parse_highlight(board, seat, h));
        let first = tried.next().unwrap_or_else(|| Err("no seat".into()));
        view.last = vec![if first.is_ok() { first } else { tried.find(Result::is_ok).unwrap_or(first) }?];
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

/// Parses `c1-e3`, `c1xe3` or `e3` (on the cross `Sb1-Sb4`, `Sb1xSb4`):
/// a move of `seat`, drawn along her track (`board` tries the seat on
/// turn, then the others).
pub(crate) fn parse_highlight(board: &Board, seat: Seat, h: &str) -> Result<LastAction, String> {
    let step = |s: &str| {
        let cell = square(board, s)?;
        board.step_of(seat, cell).ok_or_else(|| format!("`{s}` is not on {seat}'s track"))
    };
    let moved = |a: &str, b: &str, captured: u8| {
        let (from, to) = (step(a)?, step(b)?);
        if from >= to {
            return Err(format!("{seat} cannot move from `{a}` back to `{b}`"));
        }
        Ok(LastAction { seat, from: Some(from), to: Some(to), captured })
    };
    if let Some((a, b)) = h.split_once('-') {
        return moved(a, b, 0);
    }
    if let Some((a, b)) = h.split_once('x') {
        return moved(a, b, 1);
    }
    let to = step(h)?;
    Ok(LastAction { seat, from: Some(to), to: Some(to), captured: 0 })
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

    use crate::engine::{CROSS_BOARD, THAAYAM_BOARD};

    #[test]
    fn highlights_parse_moves_captures_and_squares() {
        let b = &THAAYAM_BOARD;
        let s = Seat::S;
        // South's c1 is step 0, e3 step 4.
        let moved = |captured| Ok(LastAction { seat: s, from: Some(0), to: Some(4), captured });
        assert_eq!(parse_highlight(b, s, "c1-e3"), moved(0));
        assert_eq!(parse_highlight(b, s, "c1xe3"), moved(1));
        assert_eq!(parse_highlight(b, s, "e3"), Ok(LastAction { seat: s, from: Some(4), to: Some(4), captured: 0 }));
        assert!(parse_highlight(b, s, "c1-z9").is_err());
        assert!(parse_highlight(b, s, "e3-c1").is_err(), "backwards");
    }

    #[test]
    fn cross_highlights_use_the_cross_names() {
        let c = &CROSS_BOARD;
        let got = parse_highlight(c, Seat::S, "Sb1xSb4");
        assert_eq!(got, Ok(LastAction { seat: Seat::S, from: Some(1), to: Some(4), captured: 1 }));
        let err = parse_highlight(c, Seat::S, "e9").expect_err("a 5 × 5 name");
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
