//! What the pages' routes share ([`Site`]), and how they find a game and
//! draw its pictures. A game is read from the hub when this process runs
//! it (its lock held only to copy the table), else from the store. A
//! finished game is read once and kept with its pages and pictures
//! ([`super::closed`]); a running game's pictures are drawn once per game
//! state, however many pages ask (a few are kept), and not when Discord's
//! board was just drawn of that state (`live::pictures`). The pages draw on a
//! render slot of their own ([`PAINTERS`]), not the Discord boards'. A
//! page's request waits for the store at most [`STORE_WAIT`], with at most
//! [`STORE_CALLS`] of the pages' calls in the store's queue at once (where
//! clicks wait), else it is answered 503. A task follows the hub's changes
//! and renders one update per change of a watched game ([`Site::follow`]).

use super::auth::Discord;
use super::budget::{Buckets, Rate};
use super::closed::{Closed, ClosedGames};
use super::limits::Streams;
use super::page;
use super::story;
use super::stream::{Update, Viewers};
use crate::discord::game::table::Table;
use crate::discord::live::data::Data;
use crate::discord::live::hub::Changed;
use crate::discord::live::page_key::Keys;
use crate::discord::live::running::Running;
use crate::discord::live::{lang::game_lang, lookup, pictures};
use crate::discord::view::lang::Lang;
use crate::discord::view::picture::board_view;
use crate::render::BoardView;
use crate::store::{GameId, Store, StoreError};
use axum::http::StatusCode;
use axum::response::Response;
use std::collections::VecDeque;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::{OnceCell, Semaphore, broadcast};

/// Pictures of running games kept (each game's current board).
const PICTURES_KEPT: usize = 64;
/// The pages' budget of requests per client address ([`Buckets`]): a
/// person opening a page, its pictures and stepping through a replay with
/// the arrow keys stays far inside it; over it, 429 before anything is read
/// or drawn.
pub(crate) const PAGE_BUDGET: Rate = Rate::new(60.0, 10.0);
/// Addresses whose page budget is followed at most.
const PAGE_ADDRESSES: usize = 65_536;
/// How long a page's request waits for the store, at most.
pub(crate) const STORE_WAIT: Duration = Duration::from_millis(500);
/// The pages' calls in the store's queue at once, at most.
pub(crate) const STORE_CALLS: usize = 2;
/// The pages' pictures drawn at once (their own slot).
pub(crate) const PAINTERS: usize = 1;
/// How long a request waits for the pages' render slot, at most.
pub(super) const PAINT_WAIT: Duration = Duration::from_secs(2);

/// A picture being drawn or drawn: (game, counter, language).
type PictureKey = (i64, u32, &'static str);
type Picture = Arc<OnceCell<Arc<Vec<u8>>>>;

/// What the routes share.
#[derive(Clone)]
pub(crate) struct Site {
    pub(super) data: Data,
    /// Discord, as the Activity asks it (`None`: no Activity).
    pub(crate) discord: Option<Arc<Discord>>,
    /// The keys of the Activity's own addresses of a game's board and
    /// stream (`None`: no Activity).
    pub(crate) activity_keys: Option<Arc<Keys>>,
    pub(crate) viewers: Arc<Viewers>,
    pub(crate) streams: Arc<Streams>,
    pictures: Arc<Mutex<VecDeque<(PictureKey, Picture)>>>,
    /// The finished games asked for, kept.
    pub(crate) closed: Arc<ClosedGames>,
    /// The pages' requests per address (an IPv6 /64 as one).
    pub(super) budget: Arc<Buckets<std::net::IpAddr>>,
    /// The proxies whose `X-Forwarded-For` is believed.
    pub(super) proxies: Arc<crate::discord::proxies::Proxies>,
    /// How long a live stream lasts (the page then reconnects).
    pub(super) stream_life: Duration,
    /// The pages' render slot.
    pub(super) painters: Arc<Semaphore>,
    /// The pages' places in the store's queue.
    store_calls: Arc<Semaphore>,
    /// The tournaments' pages made lately.
    pub(super) tournament_pages: Arc<super::tournament::TournamentPages>,
}

/// The store or the render slot did not answer in time (503).
#[derive(Debug)]
pub(super) struct Busy;

/// A store's answer for a page: [`Busy`] when it came too late or its
/// queue was full.
fn busy<T>(answer: Result<T, StoreError>) -> Result<Result<T, StoreError>, Busy> {
    match answer {
        Err(StoreError::Late { .. } | StoreError::Full { .. }) => Err(Busy),
        done => Ok(done),
    }
}

/// Where a game's board and stream are asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Door {
    /// The public pages (`/g/{key}/…`).
    Page,
    /// The Activity (`/activity/g/{activity key}/…`).
    Activity,
}

/// A game found by its key, in its server's language: a running one as it
/// is now, or a closed one as kept.
pub(super) enum Found {
    Open { id: i64, table: Box<Table>, lang: Lang },
    Closed { id: i64, game: Arc<Closed> },
}

impl Found {
    pub(super) fn id(&self) -> i64 {
        match self {
            Found::Open { id, .. } | Found::Closed { id, .. } => *id,
        }
    }

    pub(super) fn table(&self) -> &Table {
        match self {
            Found::Open { table, .. } => table,
            Found::Closed { game, .. } => &game.table,
        }
    }
}

impl Site {
    /// What the Activity's routes add: Discord, and the keys of the
    /// Activity's own addresses.
    pub(crate) fn with_activity(data: Data, discord: Option<Arc<Discord>>, activity_keys: Option<Arc<Keys>>) -> Site {
        Site { discord, activity_keys, ..Site::new(data) }
    }

    pub(crate) fn new(data: Data) -> Site {
        let proxies = Arc::new(super::limits::proxies_of(&data.config));
        Site {
            data,
            discord: None,
            activity_keys: None,
            viewers: Arc::default(),
            streams: Arc::default(),
            pictures: Arc::default(),
            closed: Arc::default(),
            budget: Arc::new(Buckets::new(PAGE_BUDGET, PAGE_ADDRESSES)),
            proxies,
            stream_life: crate::discord::limits::Serving::default().stream_life,
            painters: Arc::new(Semaphore::new(PAINTERS)),
            store_calls: Arc::new(Semaphore::new(STORE_CALLS)),
            tournament_pages: Arc::default(),
        }
    }

    /// `f` run by the store for a page: [`Busy`] when the pages' places in
    /// the queue are taken or the store does not answer within
    /// [`STORE_WAIT`] (or its queue is full).
    pub(super) async fn store<T, F>(&self, f: F) -> Result<Result<T, StoreError>, Busy>
    where
        T: Send + 'static,
        F: FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
    {
        let (_place, left) = self.store_place().await?;
        busy(self.data.store.call_within(left, f).await)
    }

    /// A place of the pages' in the store's queue, and how long of
    /// [`STORE_WAIT`] is left to wait there.
    async fn store_place(&self) -> Result<(tokio::sync::SemaphorePermit<'_>, Duration), Busy> {
        let until = Instant::now() + STORE_WAIT;
        let Ok(Ok(place)) = tokio::time::timeout(STORE_WAIT, self.store_calls.acquire()).await else {
            return Err(Busy);
        };
        Ok((place, until.saturating_duration_since(Instant::now()).max(Duration::from_millis(20))))
    }

    /// Game `id` as it is now: from the hub when this process runs it, else
    /// from the store (`live::lookup`).
    async fn running(&self, id: i64) -> Result<Option<Running>, Busy> {
        let id = GameId(id).into();
        if let Some(shared) = self.data.hub.get(id) {
            return Ok(Some(shared.lock().await.clone()));
        }
        let (_place, left) = self.store_place().await?;
        match busy(lookup::stored(&self.data, id, left).await)? {
            Ok(found) => Ok(found),
            Err(e) => {
                tracing::warn!("game page: cannot read game {id}: {e}");
                Ok(None)
            }
        }
    }

    /// Game `id`'s table as it is now (a closed one as kept), whatever its
    /// server's pages: for a tournament's page, which names its players.
    pub(super) async fn table_of(&self, id: i64) -> Result<Option<Table>, Busy> {
        if let Some(game) = self.closed.game(id) {
            return Ok(Some(game.table.clone()));
        }
        Ok(self.running(id).await?.map(|r| r.table))
    }

    /// The game a key names at a door: a page's key unless its server
    /// switched pages off; an Activity's key (given only to players in an
    /// Activity of the game's channel) in any case. A closed game is kept.
    pub(super) async fn find_at(&self, door: Door, key: &str) -> Result<Option<Found>, Busy> {
        let id = match door {
            Door::Page => self.data.pages.keys().and_then(|k| k.game(key)),
            Door::Activity => self.activity_keys.as_ref().and_then(|k| k.game(key)),
        };
        let Some(id) = id else { return Ok(None) };
        let found = match self.closed.game(id) {
            Some(game) => Found::Closed { id, game },
            None => {
                let Some(running) = self.running(id).await? else { return Ok(None) };
                let lang = game_lang(&self.data, &running).await;
                if running.table.is_open() {
                    Found::Open { id, table: Box::new(running.table), lang }
                } else {
                    let moves = story::moves(lang, &running.table);
                    Found::Closed { id, game: self.closed.keep_game(id, Closed { table: running.table, lang, moves }) }
                }
            }
        };
        if door == Door::Page {
            let settings = self.data.servers.get(&self.data.store, found.table().venue);
            if !tokio::time::timeout(STORE_WAIT, settings).await.map_err(|_| Busy)?.pages_on {
                return Ok(None);
            }
        }
        Ok(Some(found))
    }

    /// Draws a picture on the pages' render slot.
    pub(super) async fn paint(&self, view: BoardView) -> Result<Option<Vec<u8>>, Busy> {
        let Ok(Ok(_slot)) = tokio::time::timeout(PAINT_WAIT, self.painters.acquire()).await else { return Err(Busy) };
        Ok(pictures::draw_png(&view))
    }

    /// The board of running game `t`, drawn once however many ask, and not
    /// at all when it is the picture its Discord board was last drawn with.
    pub(super) async fn picture(&self, lang: Lang, t: &Table) -> Result<Option<Arc<Vec<u8>>>, Busy> {
        let key = (t.id.get(), t.seq, lang.code());
        let cell = {
            let mut kept = self.pictures.lock().unwrap_or_else(PoisonError::into_inner);
            match kept.iter().find(|(k, _)| *k == key) {
                Some((_, cell)) => cell.clone(),
                None => {
                    if kept.len() >= PICTURES_KEPT {
                        kept.pop_front();
                    }
                    let cell = Picture::default();
                    kept.push_back((key, cell.clone()));
                    cell
                }
            }
        };
        // Not drawn (busy, or no board): the cell stays empty for the next.
        let drawn = cell
            .get_or_try_init(|| async {
                let Some(view) = board_view(lang, t) else { return Err(None) };
                if let Some(png) = pictures::last_drawn(t.id, pictures::view_key(&view)) {
                    return Ok(png);
                }
                self.paint(view).await.map_err(Some)?.map(Arc::new).ok_or(None)
            })
            .await;
        match drawn {
            Ok(png) => Ok(Some(png.clone())),
            Err(None) => Ok(None),
            Err(Some(busy)) => Err(busy),
        }
    }

    /// Follows the hub's changes for as long as the bot runs: each change
    /// of a watched game is rendered once for all its viewers.
    pub(crate) async fn follow(self) {
        let mut changes = self.data.hub.watch();
        let mut sweep = tokio::time::interval(super::stream::GRACE / 2);
        loop {
            let change = tokio::select! {
                c = changes.recv() => c,
                _ = sweep.tick() => {
                    self.viewers.sweep();
                    continue;
                }
            };
            match change {
                Ok(Changed { game, .. }) => {
                    if self.viewers.get(game).is_some() {
                        self.render(game);
                    }
                }
                // Changes were missed: every page reloads.
                Err(broadcast::error::RecvError::Lagged(_)) => self.viewers.all().iter().for_each(|c| c.refresh()),
                Err(broadcast::error::RecvError::Closed) => return,
            }
        }
    }

    /// Renders game `game`'s update in a task of its own (one at a time
    /// per game; changes that come meanwhile are rendered together after).
    fn render(&self, game: i64) {
        let Some(channel) = self.viewers.get(game) else { return };
        channel.dirty.store(true, Ordering::SeqCst);
        if channel.rendering.swap(true, Ordering::SeqCst) {
            return;
        }
        let site = self.clone();
        tokio::spawn(async move {
            loop {
                channel.dirty.store(false, Ordering::SeqCst);
                if let Ok(Some(running)) = site.running(game).await {
                    let lang = game_lang(&site.data, &running).await;
                    let t = running.table;
                    let moves = {
                        let mut kept = channel.story.lock().unwrap_or_else(PoisonError::into_inner);
                        if !kept.as_ref().is_some_and(|s| s.follows(lang, &t)) {
                            *kept = Some(story::Story::new(lang, &t));
                        }
                        let story = kept.get_or_insert_with(|| story::Story::new(lang, &t));
                        story.read(&t);
                        story.moves()
                    };
                    let before = channel.last_seq();
                    let sent = channel.moves.swap(moves.len(), Ordering::SeqCst);
                    // The last move may have grown: sent again.
                    let from = if sent == usize::MAX { moves.len().saturating_sub(2) } else { sent.saturating_sub(1) };
                    let key = site.data.pages.keys().map(|k| k.key(game)).unwrap_or_default();
                    let json = page::update_json(lang, &key, &t, &moves, from.min(moves.len()));
                    let prev = before.unwrap_or(t.seq.saturating_sub(1));
                    if before != Some(t.seq) {
                        channel.publish(prev, Update::new(t.seq, &json));
                    }
                }
                channel.rendering.store(false, Ordering::SeqCst);
                if !channel.dirty.load(Ordering::SeqCst) || channel.rendering.swap(true, Ordering::SeqCst) {
                    return;
                }
            }
        });
    }
}

/// The headers of every page: nothing but this site's own pictures,
/// stream, scripts and style sheets ([`super::assets`]), in no frame, no
/// referrer (the address is the key), not kept by caches.
pub(super) fn html(status: StatusCode, body: String) -> Response {
    super::headers::html_with(
        status,
        body,
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
}

pub(super) fn not_found() -> Response {
    html(StatusCode::NOT_FOUND, page::not_found(Lang::EN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::game::ids::{GameId, UserId};
    use crate::discord::game::intent::{Actor, Intent};
    use crate::discord::game::script::random_intent;
    use crate::discord::game::{session, table::kit};
    use crate::discord::live::outgoing::Picture as Board;
    use crate::discord::live::testing::data;
    use crate::discord::ops::{instrument, metrics::Metrics};
    use crate::discord::view::presenter;
    use crate::engine::Variant;
    use rand::SeedableRng;

    /// A bell game of 10 and 11 just started, under an id of its own (the
    /// last pictures drawn are kept per game for the whole process).
    fn started(id: i64) -> Running {
        let mut t = kit::lobby(2, Variant::Bell);
        t.id = GameId(id);
        session::handle(&mut t, Actor { user: UserId(11), moderator: false }, Intent::Join, None, 0).expect("join");
        session::handle(&mut t, Actor { user: UserId(10), moderator: false }, Intent::Start, None, 0).expect("start");
        Running::new(t)
    }

    #[tokio::test]
    async fn a_page_takes_the_picture_its_discord_board_got_and_draws_another_language_or_position() {
        let site = Site::new(data(Store::open_in_memory().expect("store")));
        let mut r = started(56_001);
        let metrics = Arc::new(Metrics::on());
        instrument::within(metrics.clone(), async {
            let msg = presenter::board(Lang::EN, &r.table, &[]);
            let Some(Board::Drawn { png, .. }) = pictures::board_png(Lang::EN, &r, &msg).await else {
                panic!("the board is drawn")
            };
            assert_eq!(metrics.pictures_drawn(), 1);
            let page = site.picture(Lang::EN, &r.table).await.expect("not busy").expect("a picture");
            assert_eq!(*page, png, "the page shows the bytes Discord got");
            assert_eq!(metrics.pictures_drawn(), 1, "and draws nothing new");
            // Another language: drawn.
            let fr = Lang::from_code("fr").expect("French");
            let french = site.picture(fr, &r.table).await.expect("not busy").expect("a picture");
            assert_ne!(*french, png);
            assert_eq!(metrics.pictures_drawn(), 2);
            // Another position (Discord's board is not drawn of it yet): drawn.
            let (seq, mut rng) = (r.table.seq, rand_chacha::ChaCha8Rng::seed_from_u64(1));
            while r.table.seq == seq {
                let user = r.table.human_to_act().expect("someone to play");
                let intent = random_intent(&r.table, &mut rng);
                let _ = session::handle(&mut r.table, Actor { user, moderator: false }, intent, Some(seq), 0);
            }
            let thrown = site.picture(Lang::EN, &r.table).await.expect("not busy").expect("a picture");
            assert_ne!(*thrown, png);
            assert_eq!(metrics.pictures_drawn(), 3);
            // The same view draws the same bytes (what makes taking Discord's safe).
            let msg = presenter::board(Lang::EN, &r.table, &[]);
            let Some(Board::Drawn { png, .. }) = pictures::board_png(Lang::EN, &r, &msg).await else {
                panic!("the board is drawn")
            };
            assert_eq!(png, *thrown);
        })
        .await;
    }
}
