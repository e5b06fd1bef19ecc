//! The pages' live streams (server-sent events): the games someone is
//! watching, each with one broadcast channel of rendered updates that all
//! its viewers share, and a viewer's stream.
//!
//! Memory per viewer is bounded: a viewer holds a cursor into its game's
//! channel ([`BUFFER`] updates kept for all viewers), never a queue of its
//! own; a viewer that falls further behind gets one `refresh` event (its
//! page reloads) instead of what it missed. An update is rendered once per
//! change of a watched game, whatever the number of viewers, by a task of
//! the web wing, never by the click that made the change.
//!
//! Event ids are the game's action counter (`seq`): a page that reconnects
//! (`Last-Event-ID`, or `since` from a freshly loaded page) gets the
//! updates it missed while the channel still keeps them, else a refresh.
//! A comment every [`KEEP_ALIVE`] keeps proxies from closing an idle
//! stream. A stream ends at the lifetime it was given (the listener's
//! `stream_life`): the page's event source reconnects at once with
//! `Last-Event-ID` and gets what it missed, so no stream holds a
//! connection for ever.
//!
//! An update's event is written once, as the bytes every viewer is sent
//! (shared, not copied): with a thousand viewers of one game, formatting
//! and copying each viewer's own event cost the bot 13 µs of CPU per viewer
//! and change (`thaayam-lab web-bench`, docs/SCALING.md).

use super::limits::Slot;
use bytes::Bytes;
use std::collections::{HashMap, VecDeque};
use std::convert::Infallible;
use std::sync::atomic::{AtomicBool, AtomicUsize};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// Updates a game's channel keeps for viewers that are behind (and for
/// pages that reconnect).
pub(crate) const BUFFER: usize = 16;

/// How long a game stays watched after its last viewer left, so that a
/// page that reloads gets what it missed rather than a refresh.
pub(crate) const GRACE: Duration = Duration::from_secs(60);

/// The keep-alive comment's interval.
pub(crate) const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Events sent to viewers since the process started (the benchmark
/// counts them).
static SENT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Events sent to viewers so far.
#[cfg(any(test, feature = "lab"))]
pub(crate) fn sent() -> u64 {
    SENT.load(std::sync::atomic::Ordering::Relaxed)
}

/// A rendered change of a game: its counter and its event as sent.
#[derive(Debug)]
pub(crate) struct Update {
    pub(crate) seq: u32,
    frame: Bytes,
}

impl Update {
    /// The change to counter `seq` with the page's data `json`: a `change`
    /// event with id `seq` (a line of data per line of `json`).
    pub(crate) fn new(seq: u32, json: &str) -> Update {
        let mut frame = format!("event: change\nid: {seq}\n");
        for line in json.split('\n') {
            frame.push_str("data: ");
            frame.push_str(line.trim_end_matches('\r'));
            frame.push('\n');
        }
        frame.push('\n');
        Update { seq, frame: Bytes::from(frame) }
    }
}

/// The `refresh` event.
const REFRESH: &[u8] = b"event: refresh\ndata: {}\n\n";
/// The keep-alive comment.
const ALIVE: &[u8] = b":\n\n";

/// What a game's channel carries.
#[derive(Clone, Debug)]
pub(crate) enum Msg {
    Change(Arc<Update>),
    /// Reload: the page cannot be brought up to date by updates.
    Refresh,
}

/// One watched game.
#[derive(Debug)]
pub(crate) struct Channel {
    tx: broadcast::Sender<Msg>,
    /// The last updates sent, oldest first, each with the counter before it.
    recent: Mutex<VecDeque<(u32, Arc<Update>)>>,
    /// A change came that is not rendered yet.
    pub(crate) dirty: AtomicBool,
    /// A task is rendering this game's updates.
    pub(crate) rendering: AtomicBool,
    /// The story's moves in the last update (`usize::MAX`: none sent yet).
    pub(crate) moves: AtomicUsize,
    /// The story read so far, so that each change reads only its events.
    pub(crate) story: Mutex<Option<super::story::Story>>,
    /// When its last viewer left (`None`: watched).
    left: Mutex<Option<Instant>>,
}

impl Channel {
    fn new() -> Channel {
        Channel {
            tx: broadcast::channel(BUFFER).0,
            recent: Mutex::default(),
            dirty: AtomicBool::new(false),
            rendering: AtomicBool::new(false),
            moves: AtomicUsize::new(usize::MAX),
            story: Mutex::default(),
            left: Mutex::new(None),
        }
    }

    /// Sends an update to every viewer (never waits: a viewer behind by
    /// more than [`BUFFER`] hears that it lagged).
    pub(crate) fn publish(&self, before: u32, update: Update) {
        let update = Arc::new(update);
        {
            let mut recent = self.recent.lock().unwrap_or_else(PoisonError::into_inner);
            if recent.len() == BUFFER {
                recent.pop_front();
            }
            recent.push_back((before, update.clone()));
        }
        let _ = self.tx.send(Msg::Change(update));
    }

    /// Tells every viewer to reload.
    pub(crate) fn refresh(&self) {
        let _ = self.tx.send(Msg::Refresh);
    }

    /// The counter of the last update sent, if any.
    pub(crate) fn last_seq(&self) -> Option<u32> {
        self.recent.lock().unwrap_or_else(PoisonError::into_inner).back().map(|(_, u)| u.seq)
    }

    /// What a page at counter `since` missed, when the channel still keeps
    /// it all (`Some(vec![])`: nothing); `None`: it must reload.
    fn missed(&self, since: u32, now: u32) -> Option<Vec<Arc<Update>>> {
        if since == now {
            return Some(Vec::new());
        }
        let recent = self.recent.lock().unwrap_or_else(PoisonError::into_inner);
        let start = recent.iter().position(|(before, _)| *before == since)?;
        let missed: Vec<Arc<Update>> = recent.iter().skip(start).map(|(_, u)| u.clone()).collect();
        (missed.last().map(|u| u.seq) == Some(now)).then_some(missed)
    }
}

/// The games being watched.
#[derive(Debug, Default)]
pub(crate) struct Viewers {
    games: Mutex<HashMap<i64, Arc<Channel>>>,
}

impl Viewers {
    /// The channel of a watched game.
    pub(crate) fn get(&self, game: i64) -> Option<Arc<Channel>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner).get(&game).cloned()
    }

    /// Every watched game's channel.
    pub(crate) fn all(&self) -> Vec<Arc<Channel>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner).values().cloned().collect()
    }

    /// Forgets the games whose last viewer left more than [`GRACE`] ago.
    pub(crate) fn sweep(&self) {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        games.retain(|_, c| {
            c.tx.receiver_count() > 0
                || c.left.lock().unwrap_or_else(PoisonError::into_inner).is_none_or(|at| at.elapsed() < GRACE)
        });
    }

    /// Games watched now (or left less than [`GRACE`] ago).
    #[cfg(test)]
    pub(crate) fn watched(&self) -> usize {
        self.games.lock().unwrap_or_else(PoisonError::into_inner).len()
    }

    /// A new viewer of `game`, at counter `since` of a game now at `now`:
    /// its stream of events, which holds `slot` until it ends (at `until`
    /// at the latest).
    pub(crate) fn watch(
        self: &Arc<Self>,
        game: i64,
        since: Option<u32>,
        now: u32,
        slot: Slot,
        until: tokio::time::Instant,
    ) -> impl futures_util::Stream<Item = Result<Bytes, Infallible>> + Send + 'static {
        let channel = {
            let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
            games.entry(game).or_insert_with(|| Arc::new(Channel::new())).clone()
        };
        *channel.left.lock().unwrap_or_else(PoisonError::into_inner) = None;
        // Subscribed before reading what was missed: nothing falls between.
        let rx = channel.tx.subscribe();
        let now = channel.last_seq().map_or(now, |last| last.max(now));
        let mut pending = VecDeque::new();
        if let Some(since) = since {
            match channel.missed(since, now) {
                Some(missed) => pending.extend(missed.into_iter().map(Msg::Change)),
                None => pending.push_back(Msg::Refresh),
            }
        }
        let state = Watching { rx, pending, until, _leaving: Leaving { viewers: self.clone(), game, _slot: slot } };
        futures_util::stream::unfold(state, |mut s| async move {
            let left = s.until.saturating_duration_since(tokio::time::Instant::now());
            if left.is_zero() {
                // Its time is up: the page reconnects with `Last-Event-ID`.
                return None;
            }
            let msg = match s.pending.pop_front() {
                Some(m) => m,
                None => match tokio::time::timeout(KEEP_ALIVE.min(left), s.rx.recv()).await {
                    Err(_) if left <= KEEP_ALIVE => return None,
                    Err(_) => return Some((Ok(Bytes::from_static(ALIVE)), s)),
                    Ok(Ok(m)) => m,
                    Ok(Err(broadcast::error::RecvError::Lagged(_))) => Msg::Refresh,
                    Ok(Err(broadcast::error::RecvError::Closed)) => return None,
                },
            };
            SENT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Some((Ok(frame(&msg)), s))
        })
    }
}

/// The bytes of a message's event (an update's are shared by its viewers).
pub(crate) fn frame(msg: &Msg) -> Bytes {
    match msg {
        Msg::Change(u) => u.frame.clone(),
        Msg::Refresh => Bytes::from_static(REFRESH),
    }
}

/// A viewer's stream: its cursor, what it is owed, its place.
struct Watching {
    // Dropped first: `Leaving` counts the receivers left.
    rx: broadcast::Receiver<Msg>,
    pending: VecDeque<Msg>,
    until: tokio::time::Instant,
    _leaving: Leaving,
}

/// Notes when a game's last viewer leaves ([`Viewers::sweep`] forgets it
/// [`GRACE`] later).
struct Leaving {
    viewers: Arc<Viewers>,
    game: i64,
    _slot: Slot,
}

impl Drop for Leaving {
    fn drop(&mut self) {
        let games = self.viewers.games.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(c) = games.get(&self.game).filter(|c| c.tx.receiver_count() == 0) {
            *c.left.lock().unwrap_or_else(PoisonError::into_inner) = Some(Instant::now());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::web::limits::Streams;
    use futures_util::StreamExt;

    fn slot() -> Slot {
        Arc::new(Streams::default()).admit("10.0.0.1".parse().expect("ip")).expect("a slot")
    }

    fn later() -> tokio::time::Instant {
        tokio::time::Instant::now() + Duration::from_secs(60)
    }

    fn text(e: &Bytes) -> String {
        String::from_utf8_lossy(e).into_owned()
    }

    #[test]
    fn an_update_is_one_server_sent_event_whatever_its_lines() {
        assert_eq!(text(&Update::new(7, "{\"a\":1}").frame), "event: change\nid: 7\ndata: {\"a\":1}\n\n");
        assert_eq!(text(&Update::new(8, "one\r\ntwo").frame), "event: change\nid: 8\ndata: one\ndata: two\n\n");
        assert_eq!(text(&frame(&Msg::Refresh)), "event: refresh\ndata: {}\n\n");
    }

    #[tokio::test]
    async fn a_page_that_comes_back_gets_what_it_missed_or_a_refresh() {
        let viewers = Arc::new(Viewers::default());
        let first = viewers.watch(1, Some(5), 5, slot(), later());
        let channel = viewers.get(1).expect("watched");
        channel.publish(5, Update::new(6, "six"));
        channel.publish(6, Update::new(7, "seven"));
        let mut first = Box::pin(first);
        assert!(text(&first.next().await.expect("an event").expect("ok")).contains("six"));
        assert!(text(&first.next().await.expect("an event").expect("ok")).contains("seven"));
        // A page that saw 6 gets 7; one from before the channel kept gets a refresh.
        let mut back = Box::pin(viewers.watch(1, Some(6), 7, slot(), later()));
        let e = text(&back.next().await.expect("an event").expect("ok"));
        assert!(e.contains("seven") && !e.contains("six"), "{e}");
        let mut old = Box::pin(viewers.watch(1, Some(2), 7, slot(), later()));
        assert!(text(&old.next().await.expect("an event").expect("ok")).contains("refresh"));
        drop((first, back, old));
        viewers.sweep();
        assert_eq!(viewers.watched(), 1, "a game its viewers just left is kept a while");
        *channel.left.lock().expect("lock") = Some(Instant::now() - GRACE);
        viewers.sweep();
        assert_eq!(viewers.watched(), 0, "then forgotten");
    }

    #[tokio::test]
    async fn a_stream_ends_at_its_lifetime_and_the_page_resumes_from_its_last_event() {
        let viewers = Arc::new(Viewers::default());
        let until = tokio::time::Instant::now() + Duration::from_millis(200);
        let mut first = Box::pin(viewers.watch(1, Some(3), 3, slot(), until));
        let channel = viewers.get(1).expect("watched");
        channel.publish(3, Update::new(4, "four"));
        assert!(text(&first.next().await.expect("an event").expect("ok")).contains("four"));
        let t = std::time::Instant::now();
        assert!(first.next().await.is_none(), "the stream ends at its lifetime");
        assert!(t.elapsed() < Duration::from_secs(2), "not at the next keep-alive: {:?}", t.elapsed());
        drop(first);
        // Meanwhile a change came; the page comes back with `Last-Event-ID: 4`.
        channel.publish(4, Update::new(5, "five"));
        let mut back = Box::pin(viewers.watch(1, Some(4), 5, slot(), later()));
        let e = text(&back.next().await.expect("an event").expect("ok"));
        assert!(e.contains("five") && e.contains("id: 5"), "{e}");
    }

    #[tokio::test]
    async fn a_viewer_far_behind_gets_a_refresh_not_a_queue() {
        let viewers = Arc::new(Viewers::default());
        let mut slow = Box::pin(viewers.watch(1, None, 0, slot(), later()));
        let channel = viewers.get(1).expect("watched");
        for seq in 1..=(BUFFER as u32 * 4) {
            channel.publish(seq - 1, Update::new(seq, &format!("update {seq}")));
        }
        assert!(text(&slow.next().await.expect("an event").expect("ok")).contains("refresh"));
    }
}
