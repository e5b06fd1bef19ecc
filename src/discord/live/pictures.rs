//! Drawing pictures: the board PNG of a table (on the async workers, at
//! most one drawing per core at a time) and the route pictures of
//! `/thaayam rules` (off them, once for the life of the process).
//!
//! A board picture is drawn only when it changes: what a board message
//! shows is hashed (the picture's view and its description), the table
//! remembers the hash its board message shows once a send succeeded, and
//! a change that leaves it equal keeps that message's file (many changes
//! do: a page of the menu, step by step, a change of the text only).
//!
//! The last board drawn of each of a few games is kept with the hash of
//! its view ([`last_drawn`]): a game's page asks for the picture of the
//! position Discord was just sent, and takes it rather than drawing it again.

use super::delivery::{self, Attach};
use super::guard::Ticket;
use super::outgoing::{Picture, Png};
use super::running::Running;
use crate::discord::game::ids::GameId;
use crate::discord::game::table::Table;
use crate::discord::view::lang::Lang;
use crate::discord::view::message::Message;
use crate::discord::view::picture::{BOARD_SIZE, board_view};
use crate::engine::{Board, BoardKind, Ruleset, Seat, Variant};
use crate::render::{self, BoardView};
use std::collections::VecDeque;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// Games whose last drawn board is kept (the oldest kept goes first).
const LAST_KEPT: usize = 64;

/// A game's last board drawn: the game, the hash of its view
/// ([`view_key`]), the picture.
type LastDrawn = (GameId, u64, Arc<Vec<u8>>);

/// The last board drawn of each of the last [`LAST_KEPT`] games drawn.
static LAST: Mutex<VecDeque<LastDrawn>> = Mutex::new(VecDeque::new());

/// At most one board drawing per core at a time: drawings run on the async
/// workers (one per core unless a runtime is built with more), and more at
/// once would only take workers from the gateway and the answers (each
/// drawing thread also keeps its own last picture).
fn render_slots() -> &'static tokio::sync::Semaphore {
    static SLOTS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    SLOTS
        .get_or_init(|| tokio::sync::Semaphore::new(std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2)))
}

/// Renders a view to PNG; `None` (logged) on failure.
///
/// A board takes under a millisecond of CPU, so it is drawn on the async
/// worker that runs this task (a task of its own: the answer does not wait
/// for it past its budget) rather than handed to the blocking pool: there,
/// two drawing threads and two workers shared two cores, and a worker
/// preempted mid-click held up everything queued behind it. 100 games
/// clicking back to back: p50 63-74 ms, p99 100-137 ms handed off; p50
/// 36-38 ms, p99 72-84 ms here (docs/SCALING.md).
pub(crate) async fn render_png(view: BoardView) -> Option<Vec<u8>> {
    let Ok(_slot) = render_slots().acquire().await else { return None };
    draw_png(&view)
}

/// Renders a view to PNG now, on the caller's own slot (the game pages
/// draw on theirs, not on the Discord boards' [`render_slots`]); `None`
/// (logged) on failure.
pub(crate) fn draw_png(view: &BoardView) -> Option<Vec<u8>> {
    let started = Instant::now();
    match render::render_png(view, BOARD_SIZE) {
        Ok(png) => {
            crate::discord::ops::instrument::record(|m| m.picture(started.elapsed()));
            Some(png)
        }
        Err(e) => {
            tracing::warn!("could not draw a board: {e}");
            None
        }
    }
}

/// The hash of `view`: two views of one hash draw the same picture.
pub(crate) fn view_key(view: &BoardView) -> u64 {
    let mut h = DefaultHasher::new();
    view.hash(&mut h);
    h.finish()
}

/// The last board drawn of `game` if it was drawn of a view of hash `view`
/// ([`view_key`]).
pub(crate) fn last_drawn(game: GameId, view: u64) -> Option<Arc<Vec<u8>>> {
    let kept = LAST.lock().unwrap_or_else(PoisonError::into_inner);
    kept.iter().find(|(g, v, _)| *g == game && *v == view).map(|(.., png)| png.clone())
}

/// Keeps `png`, drawn of a view of hash `view`, as `game`'s last board.
fn keep_last(game: GameId, view: u64, png: &[u8]) {
    let mut kept = LAST.lock().unwrap_or_else(PoisonError::into_inner);
    kept.retain(|(g, ..)| *g != game);
    if kept.len() >= LAST_KEPT {
        kept.pop_front();
    }
    kept.push_back((game, view, Arc::new(png.to_vec())));
}

/// Draws the board of `game` ([`render_png`]) and keeps it as its last.
async fn render_board(game: GameId, view: BoardView) -> Option<Vec<u8>> {
    let hash = view_key(&view);
    let png = render_png(view).await?;
    keep_last(game, hash, &png);
    Some(png)
}

/// What a board message built from `msg` shows of the picture of `view`.
pub(crate) fn key(view: &BoardView, msg: &Message) -> u64 {
    let mut h = DefaultHasher::new();
    view.hash(&mut h);
    msg.alt.hash(&mut h);
    h.finish()
}

/// The board picture of `msg`, a message of a running game (`None` when
/// it shows none): kept when the game's board message shows it already,
/// else drawn.
pub(crate) async fn board_png(lang: Lang, running: &Running, msg: &Message) -> Png {
    start(lang, running, msg, Instant::now()).wait().await
}

/// A board picture on its way: known at once (kept, or none), or being
/// drawn in a task of its own (which goes on when nobody waits for it),
/// wanted by an instant.
pub(crate) enum Coming {
    Ready(Png),
    Drawing { key: u64, task: tokio::task::JoinHandle<Option<Vec<u8>>>, by: Instant },
}

/// Starts [`board_png`] without waiting for the drawing, wanted `by` an
/// instant (see [`Coming::in_time`]).
pub(crate) fn start(lang: Lang, running: &Running, msg: &Message, by: Instant) -> Coming {
    let view = if msg.board_image { board_view(lang, &running.table) } else { None };
    let key = view.as_ref().map(|v| key(v, msg));
    match (delivery::attach(msg.board_image, key, running.post.picture, false), view) {
        (Attach::Keep(key), _) => Coming::Ready(Some(Picture::Kept { key })),
        (Attach::Draw(key), Some(view)) => {
            let drawing = render_board(running.table.id, view);
            Coming::Drawing { key, task: tokio::spawn(crate::discord::ops::instrument::inherit(drawing)), by }
        }
        (Attach::Draw(_) | Attach::Nothing, _) => Coming::Ready(None),
    }
}

impl Coming {
    /// The picture, once drawn.
    pub(crate) async fn wait(self) -> Png {
        match self {
            Coming::Ready(png) => png,
            Coming::Drawing { key, task, .. } => drawn(key, task.await),
        }
    }

    /// The picture if it is drawn by the instant it is wanted; else the
    /// drawing, which goes on.
    pub(crate) async fn in_time(self) -> Result<Png, Coming> {
        match self {
            Coming::Drawing { key, mut task, by } => match tokio::time::timeout_at(by.into(), &mut task).await {
                Ok(done) => Ok(drawn(key, done)),
                Err(_) => Err(Coming::Drawing { key, task, by }),
            },
            ready => Ok(ready.wait().await),
        }
    }
}

/// The picture a finished drawing task gives (none if it failed).
fn drawn(key: u64, done: Result<Option<Vec<u8>>, tokio::task::JoinError>) -> Png {
    match done {
        Ok(png) => Some(Picture::Drawn { key, png: png? }),
        Err(e) => {
            tracing::warn!("the board drawing task failed: {e}");
            None
        }
    }
}

/// The picture for a new message, which has no file to keep: a
/// kept picture is drawn.
pub(crate) async fn for_new_message(lang: Lang, t: &Table, png: Png) -> Png {
    let shown = png.as_ref().map(Picture::key);
    match (png, delivery::attach(true, shown, shown, true)) {
        (Some(Picture::Kept { .. }), Attach::Draw(key)) => {
            Some(Picture::Drawn { key, png: render_board(t.id, board_view(lang, t)?).await? })
        }
        (png, _) => png,
    }
}

/// What a board message shows once `msg` with `png` is sent to it: the
/// post's `picture` after a successful send (after a failed one, `None`:
/// nobody knows).
pub(crate) fn showing(msg: &Message, png: &Png) -> Option<u64> {
    png.as_ref().filter(|_| msg.board_image).map(Picture::key)
}

/// The route pictures of every seat on every board, drawn once for the
/// life of the process (they never change) by the first `/rules` that
/// needs them, on a blocking thread its ticket gives.
static ROUTES: tokio::sync::OnceCell<Vec<(BoardKind, String, Vec<u8>)>> = tokio::sync::OnceCell::const_new();

/// Draws the route pictures of every seat on every board the variants use.
fn draw_routes() -> Vec<(BoardKind, String, Vec<u8>)> {
    let mut boards: Vec<&'static Board> = Vec::new();
    for v in Variant::ALL {
        let board = Ruleset::new(v).rules().board;
        if !boards.iter().any(|b| b.kind == board.kind) {
            boards.push(board);
        }
    }
    let mut out = Vec::new();
    for board in boards {
        let (prefix, size) = match board.kind {
            BoardKind::Square => ("route", 400),
            BoardKind::Cross => ("cross-route", render::DEFAULT_SIZE),
        };
        for s in Seat::ALL {
            match render::render_route(board, s, size) {
                Ok(png) => out.push((board.kind, format!("{prefix}-{}.png", s.letter().to_ascii_lowercase()), png)),
                Err(e) => tracing::warn!("could not draw a route picture: {e}"),
            }
        }
    }
    out
}

/// The route pictures of every seat on each board the variants use (for
/// `/rules`), named `route-s.png` on the 5 × 5 board, `cross-route-s.png`
/// on Tayam Sonalu's cross (drawn larger: its squares are small); drawn
/// the first time (with the ticket's place in the queue), kept after.
pub(crate) async fn route_pngs(ticket: Ticket, variants: &[Variant]) -> Vec<(String, Vec<u8>)> {
    let drawn = ROUTES
        .get_or_init(|| async move {
            ticket.run(draw_routes).await.unwrap_or_else(|e| {
                tracing::warn!("the route pictures were not drawn: {e}");
                Vec::new()
            })
        })
        .await;
    let kinds: Vec<BoardKind> = variants.iter().map(|&v| Ruleset::new(v).rules().board.kind).collect();
    drawn.iter().filter(|(k, ..)| kinds.contains(k)).map(|(_, name, png)| (name.clone(), png.clone())).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::ids::UserId;
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::session;
    use crate::discord::game::table::kit;
    use crate::engine::Variant;

    fn started() -> Running {
        let mut t = kit::lobby(2, Variant::Bell);
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
        Running::new(t)
    }

    #[tokio::test]
    async fn the_board_renders_to_a_png() {
        let r = started();
        let msg = crate::discord::view::presenter::board(Lang::EN, &r.table, &[]);
        let Some(Picture::Drawn { png, .. }) = board_png(Lang::EN, &r, &msg).await else { panic!("a drawn picture") };
        assert_eq!(&png[1..4], b"PNG");
    }

    #[tokio::test]
    async fn a_picture_the_board_shows_is_kept_and_drawn_again_when_it_changes() {
        let mut r = started();
        let msg = crate::discord::view::presenter::board(Lang::EN, &r.table, &[]);
        let png = board_png(Lang::EN, &r, &msg).await;
        let key = png.as_ref().map(Picture::key).expect("a picture");
        // Not shown yet: drawn. Shown: kept, and drawn for a new message.
        r.post.picture = showing(&msg, &png);
        assert_eq!(r.post.picture, Some(key));
        let again = board_png(Lang::EN, &r, &msg).await;
        assert!(matches!(again, Some(Picture::Kept { key: k }) if k == key));
        let drawn = for_new_message(Lang::EN, &r.table, again).await;
        assert!(matches!(drawn, Some(Picture::Drawn { key: k, .. }) if k == key));
        // Another description (another move words it) or another view: drawn.
        let mut other = msg.clone();
        other.alt.push('.');
        assert!(matches!(board_png(Lang::EN, &r, &other).await, Some(Picture::Drawn { .. })));
        r.table.names.insert(UserId(10), "Asha".into());
        let renamed = crate::discord::view::presenter::board(Lang::EN, &r.table, &[]);
        assert!(matches!(board_png(Lang::EN, &r, &renamed).await, Some(Picture::Drawn { .. })));
        // A failed send: nobody knows what the board shows.
        r.post.picture = None;
        assert!(matches!(board_png(Lang::EN, &r, &msg).await, Some(Picture::Drawn { .. })));
        // A message without a picture shows none.
        let mut bare = msg.clone();
        bare.board_image = false;
        assert!(board_png(Lang::EN, &r, &bare).await.is_none());
        assert_eq!(showing(&bare, &png), None);
    }

    #[tokio::test]
    async fn a_picture_late_for_its_instant_is_handed_back_still_drawing() {
        let (tx, rx) = tokio::sync::oneshot::channel::<Vec<u8>>();
        let task = tokio::spawn(async move { rx.await.ok() });
        let by = Instant::now() + std::time::Duration::from_millis(20);
        let Err(late) = (Coming::Drawing { key: 7, task, by }).in_time().await else { panic!("not drawn yet") };
        assert!(Instant::now() >= by);
        // The drawing went on: once done, waiting gives it.
        tx.send(b"png".to_vec()).expect("the task waits");
        assert!(matches!(late.wait().await, Some(Picture::Drawn { key: 7, png }) if png == b"png"));
        // Drawn in time: given at once; a kept picture is ready at once.
        let r = started();
        let msg = crate::discord::view::presenter::board(Lang::EN, &r.table, &[]);
        let coming = start(Lang::EN, &r, &msg, Instant::now() + std::time::Duration::from_secs(60));
        assert!(matches!(coming.in_time().await, Ok(Some(Picture::Drawn { .. }))));
        let kept = Coming::Ready(Some(Picture::Kept { key: 3 }));
        assert!(matches!(kept.in_time().await, Ok(Some(Picture::Kept { key: 3 }))));
    }
}
