//! Drawing pictures off the async workers: the board PNG of a table (at most
//! one drawing per core at a time) and the route pictures of `/thaayam rules`.

use crate::discord::game::table::Table;
use crate::discord::view::lang::Lang;
use crate::discord::view::picture::{BOARD_SIZE, board_view};
use crate::engine::{Board, BoardKind, Ruleset, Seat, Variant};
use crate::render::{self, BoardView};

/// At most one board drawing per core at a time: more only adds threads
/// and memory (each drawing holds its own pixel buffers), not speed.
fn render_slots() -> &'static tokio::sync::Semaphore {
    static SLOTS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    SLOTS
        .get_or_init(|| tokio::sync::Semaphore::new(std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2)))
}

/// Renders a view to PNG off the async workers; `None` (logged) on failure.
pub(crate) async fn render_png(view: BoardView) -> Option<Vec<u8>> {
    let Ok(_slot) = render_slots().acquire().await else { return None };
    match tokio::task::spawn_blocking(move || render::render_png(&view, BOARD_SIZE)).await {
        Ok(Ok(png)) => Some(png),
        Ok(Err(e)) => {
            tracing::warn!("could not draw a board: {e}");
            None
        }
        Err(e) => {
            tracing::warn!("the board drawing task failed: {e}");
            None
        }
    }
}

/// The board picture of a table, if its messages show one.
pub(crate) async fn board_png(lang: Lang, t: &Table) -> Option<Vec<u8>> {
    render_png(board_view(lang, t)?).await
}

/// The route pictures of every seat on each board the variants use (for
/// `/rules`), named `route-s.png` on the 5 × 5 board, `cross-route-s.png`
/// on Tayam Sonalu's cross (drawn larger: its squares are small).
pub(crate) async fn route_pngs(variants: Vec<Variant>, seats: Vec<Seat>) -> Vec<(String, Vec<u8>)> {
    let mut boards: Vec<&'static Board> = Vec::new();
    for v in variants {
        let board = Ruleset::new(v).rules().board;
        if !boards.iter().any(|b| b.kind == board.kind) {
            boards.push(board);
        }
    }
    let task = tokio::task::spawn_blocking(move || {
        let mut out = Vec::new();
        for board in boards {
            let (prefix, size) = match board.kind {
                BoardKind::Square => ("route", 400),
                BoardKind::Cross => ("cross-route", render::DEFAULT_SIZE),
            };
            for &s in &seats {
                if let Ok(png) = render::render_route(board, s, size) {
                    out.push((format!("{prefix}-{}.png", s.letter().to_ascii_lowercase()), png));
                }
            }
        }
        out
    });
    task.await.unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::session;
    use crate::engine::Variant;

    #[tokio::test]
    async fn the_board_renders_to_a_png() {
        let mut t = Table::new(9, 1, 2, 10, Ruleset::new(Variant::Bell), 2, [3; 32]);
        session::handle(&mut t, Actor { user: 11, moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: 10, moderator: false }, Intent::Start, None, 0).expect("start");
        let png = board_png(Lang::EN, &t).await.expect("a picture");
        assert_eq!(&png[1..4], b"PNG");
    }
}
