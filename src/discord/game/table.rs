//! Everything the bot knows about one game in one channel: the lobby, the
//! players behind the seats, the engine record, the fair-dice seed and how
//! many throws were drawn from it, the uncommitted choices of the current
//! turn, the action counter that every component id carries, and the turn
//! deadline. Nothing of Discord's messages or of the store: the live wing
//! keeps those beside it (`live::running`), and writes its saved form
//! (`live::saved`).

use super::acts::{Act, ActsMemo};
use super::computer::Level;
use super::ends::{self, EndsMemo};
use crate::dice::{Derivation, GameDice, Seed};
use crate::engine::{Action, Game, Phase, Record, Ruleset, Seat, SeatSet, in_series};

pub(crate) use super::ids::UserId;
use super::ids::{ChannelId, GameId, Venue};

/// Who sits on a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Player {
    Human(UserId),
    Computer(Level),
}

/// The parameters of a new game.
#[derive(Copy, Clone, Debug)]
pub(crate) struct NewGame {
    pub(crate) venue: Venue,
    pub(crate) channel: ChannelId,
    pub(crate) host: UserId,
    pub ruleset: Ruleset,
    pub(crate) players: u8,
    pub(crate) turn_timeout: u64,
    /// Only moderators may end the game once it runs (the server's setting).
    pub(crate) moderators_end: bool,
    /// A practice game: hints allowed, never rated.
    pub(crate) practice: bool,
}

/// Where the game is in its life.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    Lobby,
    Playing,
    /// Played to the end: places count for ratings.
    Finished,
    /// Cancelled in the lobby or ended early by the host or a moderator.
    Ended,
}

/// The uncommitted part of the current series (kept until Confirm). Saved
/// games from before whole moves were chosen may carry a `unit` (ignored)
/// and actions chosen one at a time (they count as built step by step).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TurnDraft {
    /// Actions chosen but not yet committed to the log (Undo takes them back).
    pub(crate) actions: Vec<Action>,
    /// How many of the last `actions` are the end picked as a whole; the
    /// ones before were built step by step.
    pub(crate) chosen: u8,
    /// The player asked to build her move one action at a time.
    pub(crate) stepping: bool,
    /// The page shown of a select with more than 25 options.
    pub(crate) page: u8,
}

impl TurnDraft {
    /// The actions built step by step (without the picked end).
    pub(crate) fn built(&self) -> &[Action] {
        &self.actions[..self.actions.len().saturating_sub(usize::from(self.chosen))]
    }
}

/// Which game a table is, where, and who opened it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Origin {
    /// The game's number in the store.
    pub(crate) id: GameId,
    pub(crate) venue: Venue,
    pub(crate) channel: ChannelId,
    pub(crate) host: UserId,
}

/// One game of the bot.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    pub(crate) id: GameId,
    /// Where the game lives: a server, or outside servers.
    pub(crate) venue: Venue,
    pub(crate) channel: ChannelId,
    pub(crate) host: UserId,
    pub(crate) ruleset: Ruleset,
    /// Seats wanted (2–4).
    pub(crate) players: u8,
    /// Seconds a player has for a turn.
    pub(crate) turn_timeout: u64,
    /// Only moderators (Manage Messages) may end the game once it runs,
    /// not the host (the server's `end_permission` setting).
    pub(crate) moderators_end: bool,
    /// A practice game (`/thaayam new practice:true`): `/thaayam hint`
    /// answers in it, and it is never rated.
    pub(crate) practice: bool,
    /// Players in joining order; the i-th takes the i-th seat of the table.
    pub(crate) lineup: Vec<Player>,
    pub(crate) stage: Stage,
    /// The engine log. Not in the JSON: the store keeps the log itself and
    /// gives it back when the game is loaded.
    pub(crate) events: Vec<crate::engine::Event>,
    /// The fair-dice seed (revealed when the game is over).
    pub(crate) seed: Seed,
    /// How the throws come from the seed (games saved before the
    /// derivation was recorded used the ChaCha8 stream; the store's
    /// column is the truth, see `live::persist::from_live`).
    pub(crate) dice: Derivation,
    /// Throws drawn from the seed so far.
    pub(crate) drawn: u32,
    pub(crate) draft: TurnDraft,
    /// The action counter: bumped by every change, carried by every component.
    pub(crate) seq: u32,
    /// Unix time when the player to act runs out of time.
    pub(crate) deadline: Option<i64>,
    /// Whether the half-time reminder for the current deadline was sent.
    pub(crate) reminded: bool,
    /// Timeouts in a row per seat.
    pub(crate) absences: [u8; 4],
    /// The human who held each seat before leaving a running game (a
    /// computer plays it on); ratings count the game for them, placed last.
    pub(crate) left_seats: [Option<UserId>; 4],
    /// The seats whose human has not yet played a series of her own (a
    /// human who leaves before that is nobody's opponent in a season;
    /// games saved before this was kept count every seat as played).
    pub(crate) unplayed: [bool; 4],
    /// Unix time of the start (0 while in the lobby).
    pub(crate) started_at: i64,
    /// Display names of the humans seen so far (drawn on the board).
    pub(crate) names: std::collections::BTreeMap<UserId, String>,
    /// Votes to let a computer play the seat of an away player: (the away
    /// player, the voter), saved with the table (`away::vote`).
    pub(crate) stand_in_votes: Vec<(UserId, UserId)>,
    /// The time away of the humans, as the live wing last looked (not
    /// saved: filled before every change).
    pub(crate) away: super::away_times::Aways,
    cache: Option<Game>,
    /// The committed game just before the log's action at this index (the
    /// last one, when it was appended by this process): what the board
    /// marks as the last move, without replaying the log on every click.
    before_last_act: Option<(usize, Game)>,
    /// The ends of the series last asked (the menu's walk is asked up to
    /// three times a click).
    pub(crate) ends: EndsMemo,
    /// The log's actions with the position before each (not saved: read
    /// again from the log when needed).
    acts: ActsMemo,
    /// The tutor's judgement of the menu on turn, for the player who asked
    /// for it (`tutor`, `judged`; not saved: judged again when her turn comes).
    pub(crate) tutor: Option<std::sync::Arc<super::judged::Verdict>>,
}

impl Table {
    /// A new lobby of `players` seats (2–4) with the host in the first one.
    pub(crate) fn new(origin: Origin, ruleset: Ruleset, players: u8, seed: [u8; 32]) -> Table {
        let Origin { id, venue, channel, host } = origin;
        Table {
            id,
            venue,
            channel,
            host,
            ruleset,
            players: players.clamp(2, 4),
            turn_timeout: 24 * 3600,
            moderators_end: false,
            practice: false,
            lineup: vec![Player::Human(host)],
            stage: Stage::Lobby,
            events: Vec::new(),
            seed: Seed(seed),
            dice: Derivation::CURRENT,
            drawn: 0,
            draft: TurnDraft::default(),
            seq: 0,
            deadline: None,
            reminded: false,
            absences: [0; 4],
            left_seats: [None; 4],
            unplayed: [true; 4],
            started_at: 0,
            names: Default::default(),
            stand_in_votes: Vec::new(),
            away: Default::default(),
            cache: None,
            before_last_act: None,
            ends: EndsMemo::default(),
            acts: ActsMemo::default(),
            tutor: None,
        }
    }

    /// The seats of the table.
    pub(crate) fn seats(&self) -> SeatSet {
        SeatSet::for_players(usize::from(self.players)).unwrap_or(SeatSet::EMPTY)
    }

    /// Who plays a seat.
    pub(crate) fn player(&self, seat: Seat) -> Option<Player> {
        let i = self.seats().iter().position(|s| s == seat)?;
        self.lineup.get(i).copied()
    }

    /// The seat of a human player still in the game.
    pub(crate) fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.seats().iter().find(|&s| self.player(s) == Some(Player::Human(user)))
    }

    /// The committed game (replayed from the log, then cached).
    pub(crate) fn game(&mut self) -> Game {
        if let Some(g) = self.cache {
            return g;
        }
        let g = self.replayed().game().to_owned();
        self.cache = Some(g);
        g
    }

    /// The committed game without caching (for shared references).
    pub(crate) fn game_now(&self) -> Game {
        self.cache.unwrap_or_else(|| *self.replayed().game())
    }

    /// The game with this turn's uncommitted actions applied.
    pub(crate) fn draft_game(&self) -> Game {
        ends::scratch(&self.game_now(), &self.draft.actions)
    }

    /// Whether the draft uses the series up: Confirm may commit it.
    pub(crate) fn draft_is_whole(&self) -> bool {
        let seat = self.to_act();
        !self.draft.actions.is_empty() && seat.is_some_and(|s| !in_series(&self.draft_game(), s))
    }

    /// The log's last action and the committed game just before it.
    pub(crate) fn last_act(&self) -> Option<(Game, crate::engine::Action)> {
        let i = self.events.iter().rposition(|e| matches!(e, crate::engine::Event::Act { .. }))?;
        let crate::engine::Event::Act { action } = self.events[i] else { return None };
        if let Some((_, before)) = self.before_last_act.filter(|(at, _)| *at == i) {
            return Some((before, action));
        }
        let mut rec = Record::new(self.ruleset, self.seats());
        for &e in &self.events[..i] {
            rec.apply(e).ok()?;
        }
        Some((*rec.game(), action))
    }

    /// Every action of the committed log with the position before it and
    /// what it captured (replayed once, then only as the log grows).
    pub(crate) fn acts(&self) -> std::sync::Arc<Vec<Act>> {
        self.acts.acts(self.ruleset, self.seats(), &self.events)
    }

    fn replayed(&self) -> Record {
        let mut rec = Record::new(self.ruleset, self.seats());
        for &e in &self.events {
            if rec.apply(e).is_err() {
                break;
            }
        }
        rec
    }

    /// Appends an event to the log (already checked by the caller's game).
    pub(crate) fn push_event(&mut self, event: crate::engine::Event, after: Game) {
        if matches!(event, crate::engine::Event::Act { .. }) {
            self.before_last_act = Some((self.events.len(), self.game()));
        }
        self.events.push(event);
        self.cache = Some(after);
    }

    /// The throw source of this game, resumed after the throws drawn so far.
    pub(crate) fn dice(&self) -> GameDice {
        GameDice::resumed(self.seed.0, self.dice, self.ruleset.rules().dice, self.drawn)
    }

    /// The seat expected to act in the committed game.
    pub(crate) fn to_act(&self) -> Option<Seat> {
        if self.stage != Stage::Playing {
            return None;
        }
        self.game_now().to_act()
    }

    /// The human expected to act, if a human is on turn.
    pub(crate) fn human_to_act(&self) -> Option<UserId> {
        match self.player(self.to_act()?)? {
            Player::Human(u) => Some(u),
            Player::Computer(_) => None,
        }
    }

    /// Whether a computer must act now.
    pub(crate) fn computer_to_act(&self) -> bool {
        self.to_act().and_then(|s| self.player(s)).is_some_and(|p| matches!(p, Player::Computer(_)))
    }

    /// Human users still seated.
    pub(crate) fn humans(&self) -> Vec<UserId> {
        self.lineup
            .iter()
            .filter_map(|p| match p {
                Player::Human(u) => Some(*u),
                Player::Computer(_) => None,
            })
            .collect()
    }

    /// The seed in hex, for the reveal at the end.
    pub(crate) fn seed_hex(&self) -> String {
        self.seed.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The places of a game played to the end, by seat index (0 for empty
    /// seats): the engine's order, except that players who left the game
    /// (resigned, kicked, forfeited) come after everyone who stayed.
    /// A game of two ended by a player leaving counts as played to the
    /// end: the engine places the players by progress, the leaver last.
    pub(crate) fn final_places(&self) -> Option<[u8; 4]> {
        if self.stage != Stage::Finished {
            return None;
        }
        let game = self.game_now();
        let places = match game.phase() {
            Phase::Finished { places } => places,
            _ => crate::engine::places(game.position()),
        };
        let mut order: Vec<Seat> = self.seats().iter().filter(|s| places[s.index()] > 0).collect();
        order.sort_by_key(|s| (self.left_seats[s.index()].is_some(), places[s.index()]));
        let mut out = [0; 4];
        for (i, s) in order.iter().enumerate() {
            out[s.index()] = i as u8 + 1;
        }
        Some(out)
    }

    /// The seats whose human left the running game before a series of
    /// her own (resigned, removed or forfeited at once).
    pub(crate) fn left_unplayed(&self) -> Vec<Seat> {
        self.seats().iter().filter(|s| self.left_seats[s.index()].is_some() && self.unplayed[s.index()]).collect()
    }

    /// The public commitment to the dice seed (SHA-256, hex).
    pub(crate) fn commitment(&self) -> String {
        crate::dice::commitment(&self.seed)
    }

    /// Who each seat counts for: its player, or the human who left it (a
    /// computer plays on, but the result is theirs).
    pub(crate) fn occupants(&self) -> Vec<(Seat, Player)> {
        self.seats()
            .iter()
            .zip(&self.lineup)
            .map(|(seat, &player)| (seat, self.left_seats[seat.index()].map_or(player, Player::Human)))
            .collect()
    }

    /// Whether the game's result counts for a leaderboard: a server's
    /// game (outside servers there is none) that is not a practice game.
    /// The store rates by the same rule (`store::ratings::record_game`).
    pub(crate) fn is_rated(&self) -> bool {
        self.venue.is_rated(self.practice)
    }

    /// Whether the game is still open (lobby or playing).
    pub(crate) fn is_open(&self) -> bool {
        matches!(self.stage, Stage::Lobby | Stage::Playing)
    }
}

/// Tables for tests, without a row of numbers to decode: game 9 in
/// channel 2 of guild 1, opened by user 10, seeded with `[3; 32]`.
#[cfg(test)]
pub(crate) mod kit {
    use super::{Origin, Table};
    use crate::discord::game::ids::{ChannelId, GameId, GuildId, UserId, Venue};
    use crate::engine::{Ruleset, Variant};

    /// The host of a kit table.
    pub(crate) const HOST: UserId = UserId(10);

    /// Where a kit table is: game 9 in channel 2 of guild 1, opened by the host.
    pub(crate) const ORIGIN: Origin =
        Origin { id: GameId(9), venue: Venue::Server(GuildId(1)), channel: ChannelId(2), host: HOST };

    /// A new lobby of `players` seats under `variant`'s rules.
    pub(crate) fn lobby(players: u8, variant: Variant) -> Table {
        lobby_of(ORIGIN, players, variant)
    }

    /// A new lobby at `origin`.
    pub(crate) fn lobby_of(origin: Origin, players: u8, variant: Variant) -> Table {
        Table::new(origin, Ruleset::new(variant), players, [3; 32])
    }
}
