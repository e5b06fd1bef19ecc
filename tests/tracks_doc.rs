//! docs/tayam-sonalu.md holds Tayam Sonalu's tracks square by square; this
//! test checks the document against the engine's track data, so the two
//! never drift apart. Regenerate with `UPDATE_DOCS=1 cargo test --test tracks_doc`.

use thaayam::engine::{CENTRE, CROSS_BOARD, Seat};

fn table() -> String {
    let name = |seat: Seat, step: usize| {
        let cell = CROSS_BOARD.tracks[seat.index()][step];
        if cell == CENTRE {
            "C".to_string()
        } else {
            let info = CROSS_BOARD.cells[usize::from(cell)];
            format!("{} ({},{})", CROSS_BOARD.square_name(cell), info.row, info.col)
        }
    };
    let mut out = String::from("| step | S | W | N | E |\n|---|---|---|---|---|\n");
    for step in 0..CROSS_BOARD.tracks[0].len() {
        let row: Vec<String> = Seat::ALL.iter().map(|&s| name(s, step)).collect();
        out.push_str(&format!("| {step} | {} |\n", row.join(" | ")));
    }
    out
}

const HEAD: &str = "# Tayam Sonalu: the tracks, square by square

Generated from the engine's data (`src/engine/cross.rs`) and checked by
`tests/tracks_doc.rs`; regenerate with `UPDATE_DOCS=1 cargo test --test tracks_doc`.

## Square names

Players read a square by its arm, its lane and how far it is from the
centre, as South sees the board (the picture shows it so: the lane letters
sit outside the three end squares of each arm, the distances beside
the arms):
- the arm: `S` (pointing down, South's), `W` (left), `N` (up), `E` (right);
- the lane: `a`, `b`, `c` from left to right on the upright arms (`S`,
  `N`), from top to bottom on the level ones (`W`, `E`); `b` is the
  middle lane, the owner's way out and home;
- the distance: `1` next to the centre … `8` at the end of the arm.

So every player enters on her own arm's `b1` (South on `Sb1`, West on
`Wb1`), walks out to `b8` (her step k ≤ 8 is `b`k), goes round and comes
back up the same lane; `C` is the centre. The bot's menus and notes, its
help, the replays and the command line (`thaayam render --highlight
Sb1-Sb4`) use these names.

## Tracks

In the table below each square is its name and
`(row, column)` on Ludii's 19 × 19 grid, row 0 at the bottom (South's
side), column 0 at the left; `C` is the large centre square (start and
home). RULES.md section 8 describes the decoding. Step 1 is the first
square of the player's own arm's middle column, which she walks out (steps
1–8) and, after the circuit, back (steps 76–83: step 76 is step 8's square,
step 83 is step 1's); step 84 is home. Each seat's track is South's turned a quarter turn at a time
with `(r, c) → (18 − c, r)`.

Engine reading (RULES.md section 8, Parker's rules): a piece waiting to
enter is off the board (`o`); it enters on step 1 (the first entry only with
Tayam, a 1; later ones with 1, 5 or Sonal); a piece that reaches step 84
exactly is home (`x`); no square is safe; two pieces of one player captured
together wait as a pair (`to`) and re-enter together, as two pieces on step 1,
with one entering throw.

";

#[test]
fn the_tracks_document_matches_the_engine() {
    let want = format!("{HEAD}{}", table());
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tayam-sonalu.md");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(path, &want).expect("write docs");
    }
    let have = std::fs::read_to_string(path).expect("docs/tayam-sonalu.md exists");
    assert_eq!(have, want, "docs/tayam-sonalu.md is out of date: UPDATE_DOCS=1 cargo test --test tracks_doc");
}
