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
            format!("({},{})", info.row, info.col)
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

Squares are `(row, column)` on Ludii's 19 × 19 grid, row 0 at the bottom
(South's side), column 0 at the left; `C` is the large centre square (start
and home). RULES.md section 8 describes the decoding. Step 1 is the first
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
