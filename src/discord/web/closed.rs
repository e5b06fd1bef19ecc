//! The finished games the pages are asked for, kept: a closed game never
//! changes, so its table, language and story are read from the store once,
//! and each of its pages and pictures is made once, then served from
//! memory however often and by however many it is asked; a flood of
//! requests for a finished game's page reaches neither the store's queue
//! (where clicks wait) nor the painters again. Its analysis (the chart and
//! the replay's marks, [`Analysed`]) may be made after its end: while it
//! has none, the store is asked again at most every [`ANALYSIS_FRESH`], or
//! as soon as an analysis was stored after a game. Bounded by size ([`BUDGET`] bytes in all), the
//! least recently asked given up first.

use super::marks::StepMarks;
use super::story::Move;
use crate::discord::game::table::Table;
use crate::discord::view::lang::Lang;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Bytes kept in all (tables, stories, pages and pictures).
pub(crate) const BUDGET: usize = 48 << 20;

/// How long a game's lack of an analysis chart is believed.
pub(crate) const ANALYSIS_FRESH: Duration = Duration::from_secs(60);

/// A closed game as its pages show it.
pub(crate) struct Closed {
    pub(crate) table: Table,
    pub(crate) lang: Lang,
    pub(crate) moves: Vec<Move>,
}

impl Closed {
    /// About how many bytes it holds.
    fn size(&self) -> usize {
        let lines: usize = self.moves.iter().flat_map(|m| &m.lines).map(|l| l.len() + 24).sum();
        let names: usize = self.table.names.values().map(|n| n.len() + 48).sum();
        4096 + self.table.events.len() * std::mem::size_of::<crate::engine::Event>()
            + self.moves.len() * std::mem::size_of::<Move>()
            + lines
            + names
    }
}

/// A closed game's analysis as its pages show it.
#[derive(Debug, Default)]
pub(crate) struct Analysed {
    /// The chart (empty: none stored when last asked).
    pub(crate) png: Vec<u8>,
    /// The replay's marks, by move (empty: none stored).
    pub(crate) marks: Vec<StepMarks>,
    /// The analyses stored after games when it was read
    /// (`live::review::Reviews::stored`).
    pub(crate) epoch: u64,
}

impl Analysed {
    fn size(&self) -> usize {
        256 + self.png.len() + self.marks.iter().map(StepMarks::size).sum::<usize>()
    }
}

/// What is kept of a closed game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Item {
    /// The game: its table, its language and its story.
    Game,
    /// Its page at a replay's step (`None`: at its end), with the
    /// analysis's chart or without, or its overlay.
    Page { step: Option<usize>, analysis: bool, overlay: bool },
    /// Its board at a replay's step (`None`: at its end).
    Board(Option<usize>),
    /// Its best end position beside a costly decision at a replay's step.
    Best(usize),
    /// Its analysis ([`Analysed`]).
    Analysis,
}

enum Kept {
    Game(Arc<Closed>),
    Bytes(Arc<Vec<u8>>),
    Analysis(Arc<Analysed>),
}

struct Entry {
    kept: Kept,
    size: usize,
    used: u64,
    made: Instant,
}

#[derive(Default)]
struct Lru {
    map: HashMap<(i64, Item), Entry>,
    /// The entries by their last use.
    order: BTreeMap<u64, (i64, Item)>,
    tick: u64,
    bytes: usize,
}

impl Lru {
    fn get(&mut self, key: (i64, Item)) -> Option<&Entry> {
        self.tick += 1;
        let tick = self.tick;
        let entry = self.map.get_mut(&key)?;
        self.order.remove(&entry.used);
        entry.used = tick;
        self.order.insert(tick, key);
        Some(entry)
    }

    fn put(&mut self, key: (i64, Item), kept: Kept, size: usize, budget: usize) {
        if size > budget {
            return;
        }
        if let Some(old) = self.map.remove(&key) {
            self.order.remove(&old.used);
            self.bytes -= old.size;
        }
        while self.bytes + size > budget {
            let Some((_, oldest)) = self.order.pop_first() else { break };
            if let Some(old) = self.map.remove(&oldest) {
                self.bytes -= old.size;
            }
        }
        self.tick += 1;
        self.order.insert(self.tick, key);
        self.map.insert(key, Entry { kept, size, used: self.tick, made: Instant::now() });
        self.bytes += size;
    }
}

/// The closed games kept, within a budget of bytes.
pub(crate) struct ClosedGames {
    lru: Mutex<Lru>,
    budget: usize,
}

impl Default for ClosedGames {
    fn default() -> ClosedGames {
        ClosedGames::new(BUDGET)
    }
}

impl ClosedGames {
    pub(crate) fn new(budget: usize) -> ClosedGames {
        ClosedGames { lru: Mutex::default(), budget }
    }

    fn lru(&self) -> std::sync::MutexGuard<'_, Lru> {
        self.lru.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Game `id`, if kept.
    pub(crate) fn game(&self, id: i64) -> Option<Arc<Closed>> {
        match self.lru().get((id, Item::Game))?.kept {
            Kept::Game(ref g) => Some(g.clone()),
            Kept::Bytes(_) | Kept::Analysis(_) => None,
        }
    }

    /// Keeps game `id` (closed), and gives it back.
    pub(crate) fn keep_game(&self, id: i64, game: Closed) -> Arc<Closed> {
        let size = game.size();
        let game = Arc::new(game);
        self.lru().put((id, Item::Game), Kept::Game(game.clone()), size, self.budget);
        game
    }

    /// A page or a picture of game `id`, if kept.
    pub(crate) fn bytes(&self, id: i64, item: Item) -> Option<Arc<Vec<u8>>> {
        match &self.lru().get((id, item))?.kept {
            Kept::Bytes(b) => Some(b.clone()),
            Kept::Game(_) | Kept::Analysis(_) => None,
        }
    }

    /// The analysis of game `id`, if kept; its absence only while it is
    /// fresh and no analysis was stored since (`epoch`: how many are now).
    pub(crate) fn analysis(&self, id: i64, epoch: u64) -> Option<Arc<Analysed>> {
        let mut lru = self.lru();
        let entry = lru.get((id, Item::Analysis))?;
        match &entry.kept {
            Kept::Analysis(a) if a.png.is_empty() && (entry.made.elapsed() >= ANALYSIS_FRESH || a.epoch != epoch) => {
                None
            }
            Kept::Analysis(a) => Some(a.clone()),
            Kept::Game(_) | Kept::Bytes(_) => None,
        }
    }

    /// Keeps the analysis of game `id`, and gives it back.
    pub(crate) fn keep_analysis(&self, id: i64, analysed: Analysed) -> Arc<Analysed> {
        let size = analysed.size();
        let analysed = Arc::new(analysed);
        self.lru().put((id, Item::Analysis), Kept::Analysis(analysed.clone()), size, self.budget);
        analysed
    }

    /// Keeps a page or a picture of game `id`, and gives it back.
    pub(crate) fn keep(&self, id: i64, item: Item, bytes: Vec<u8>) -> Arc<Vec<u8>> {
        let size = bytes.len() + 128;
        let bytes = Arc::new(bytes);
        self.lru().put((id, item), Kept::Bytes(bytes.clone()), size, self.budget);
        bytes
    }

    /// Bytes kept now.
    #[cfg(test)]
    pub(crate) fn held(&self) -> usize {
        self.lru().bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn closed() -> Closed {
        Closed {
            table: crate::discord::game::table::kit::lobby(2, crate::engine::Variant::Bell),
            lang: Lang::EN,
            moves: Vec::new(),
        }
    }

    #[test]
    fn what_is_kept_is_given_back_and_the_least_recently_asked_goes_first_within_the_budget() {
        let kept = ClosedGames::new(10_000 + closed().size());
        let game = kept.keep_game(1, closed());
        assert!(Arc::ptr_eq(&game, &kept.game(1).expect("kept")));
        kept.keep(1, Item::Board(Some(0)), vec![0; 4_000]);
        kept.keep(1, Item::Board(Some(1)), vec![1; 4_000]);
        assert!(kept.game(1).is_some(), "asked: now the most recent");
        kept.keep(1, Item::Board(Some(2)), vec![2; 4_000]);
        assert!(kept.bytes(1, Item::Board(Some(0))).is_none(), "the least recently asked went");
        assert_eq!(kept.bytes(1, Item::Board(Some(1))).map(|b| b[0]), Some(1));
        assert!(kept.game(1).is_some(), "the game stays while it is asked");
        assert!(kept.held() <= 10_000 + closed().size(), "{}", kept.held());
        kept.keep(2, Item::Board(None), vec![0; 20_000]);
        assert!(kept.bytes(2, Item::Board(None)).is_none(), "more than the whole budget is not kept");
        kept.keep(1, Item::Board(Some(1)), vec![9; 10]);
        assert_eq!(kept.bytes(1, Item::Board(Some(1))).map(|b| b[0]), Some(9), "kept again, replaced");
    }

    #[test]
    fn a_missing_analysis_is_believed_for_a_while_or_until_one_is_stored_a_stored_one_for_good() {
        let kept = ClosedGames::default();
        kept.keep_analysis(1, Analysed { epoch: 4, ..Analysed::default() });
        assert_eq!(kept.analysis(1, 4).map(|a| a.png.len()), Some(0), "none, believed");
        assert!(kept.analysis(1, 5).is_none(), "an analysis was stored since: asked again");
        kept.keep_analysis(2, Analysed { png: vec![1, 2, 3], epoch: 4, ..Analysed::default() });
        assert_eq!(kept.analysis(2, 9).map(|a| a.png.len()), Some(3), "a stored one, for good");
        if let Some(e) = kept.lru().map.get_mut(&(1, Item::Analysis)) {
            e.made = e.made.checked_sub(ANALYSIS_FRESH).expect("a minute after the clock's start");
        }
        assert!(kept.analysis(1, 4).is_none(), "asked again after {ANALYSIS_FRESH:?}");
        assert!(kept.bytes(2, Item::Analysis).is_none(), "an analysis is no bytes");
    }
}
