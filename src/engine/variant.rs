//! The rulesets (variants) as data: each variant is a [`Rules`] value that
//! the move generator reads, never an `if variant == …` in the rules code.

use super::board::{Board, THAAYAM_BOARD};
use super::cross::CROSS_BOARD;
use super::throw::{COWRIES, DiceModel, LONG_DICE, Throw};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A selectable ruleset.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// Bell's rules (the default): sums of throws, one jump per unit per series.
    #[default]
    Bell,
    /// Bell 1979 as Ludii plays it: each throw moves a unit on its own.
    Bell1979,
    /// "Le thayyam": using throws is optional; captured twins stay twins.
    Francais,
    /// The Sri Lankan relative on a cross-shaped board with two long dice.
    TayamSonalu,
}

/// The variant table: every list of variants in the program (the command
/// line's values, the slash commands' choices, the settings, the rules and
/// route pictures) is derived from [`Variant::ALL`], [`Variant::name`],
/// [`Variant::summary`] and [`Ruleset::rules`]. Adding a variant means
/// adding it here; the compiler then points at every `match` that must
/// handle it.
impl Variant {
    pub const ALL: [Variant; 4] = [Variant::Bell, Variant::Bell1979, Variant::Francais, Variant::TayamSonalu];

    /// The name used in commands, settings and TPN.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Bell => "bell",
            Variant::Bell1979 => "bell1979",
            Variant::Francais => "francais",
            Variant::TayamSonalu => "tayam-sonalu",
        }
    }

    /// What sets it apart, in a few words (help texts and choices).
    pub const fn summary(self) -> &'static str {
        match self {
            Variant::Bell => "R. C. Bell's rules (sum the throws)",
            Variant::Bell1979 => "each throw moves on its own",
            Variant::Francais => "using throws is optional",
            Variant::TayamSonalu => "the Sri Lankan cross-board relative",
        }
    }

    /// The names of all variants, for messages: "bell, bell1979, … or tayam-sonalu".
    pub fn names() -> String {
        let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.join(""),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| format!("unknown variant `{s}` (expected {})", Variant::names()))
    }
}

/// A variant plus its options: everything that selects a ruleset.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub struct Ruleset {
    pub variant: Variant,
    /// `francais` only: captured twins come back as singles (`twins-return=singles`).
    #[serde(default)]
    pub twins_return_singles: bool,
}

impl Ruleset {
    pub const fn new(variant: Variant) -> Self {
        Ruleset { variant, twins_return_singles: false }
    }

    /// The rules this ruleset plays by.
    pub fn rules(self) -> &'static Rules {
        // A table rather than a `match`: asked several times per action.
        const _: () = assert!(
            Variant::Bell as usize == 0
                && Variant::Bell1979 as usize == 1
                && Variant::Francais as usize == 2
                && Variant::TayamSonalu as usize == 3
        );
        static BY_VARIANT: [[&Rules; 2]; 4] =
            [[&BELL, &BELL], [&BELL1979, &BELL1979], [&FRANCAIS, &FRANCAIS_SINGLES], [&TAYAM_SONALU, &TAYAM_SONALU]];
        BY_VARIANT[self.variant as usize][usize::from(self.twins_return_singles)]
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.variant.name())?;
        if self.twins_return_singles {
            f.write_str(" twins-return=singles")?;
        }
        Ok(())
    }
}

/// How a unit uses throws.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Movement {
    /// Any non-empty set of the remaining throws, summed, in one jump; a
    /// unit advances at most once per series.
    SumOnce,
    /// Exactly one throw per move; a unit may move again with another throw.
    EachThrow,
}

/// What a capture earns.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CaptureReward {
    /// Nothing more than the capture itself.
    Nothing,
    /// Another series once this one's throws are used.
    NextSeries,
    /// Another series at once; its throws join the remaining ones.
    Immediate,
}

/// How pieces come onto the board.
#[derive(Debug)]
pub struct Entry {
    /// The step a piece enters on.
    pub(crate) step: u8,
    /// The throws that may enter a player's very first piece.
    pub(crate) first: &'static [Throw],
    /// The throws that enter a piece once she has entered one.
    pub(crate) later: &'static [Throw],
}

impl Entry {
    /// Whether the first entry is special (TPN then marks entered seats).
    pub(crate) fn first_is_special(&self) -> bool {
        self.first != self.later
    }

    /// The throws that may enter a piece now.
    pub(crate) fn throws(&self, entered: bool) -> &'static [Throw] {
        if entered { self.later } else { self.first }
    }
}

/// How a pair waiting off the board (`to`) comes back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PairEntry {
    /// As twins on the entry step, for two throws of 1 (`francais`).
    TwinsForTwoOnes,
    /// As two single pieces, for one entering throw (Tayam Sonalu).
    SinglesForOneThrow,
}

/// The rules of one variant, as data.
#[derive(Debug)]
pub struct Rules {
    pub(crate) board: &'static Board,
    pub dice: &'static DiceModel,
    pub(crate) movement: Movement,
    /// Whether the player must use as many throws as possible (else she may pass).
    pub must_use_max: bool,
    pub(crate) twins_capture_singles: bool,
    pub(crate) capture_reward: CaptureReward,
    /// Captured twins stay together off the board (else they split).
    pub(crate) captured_twins_stay: bool,
    /// Two singles of one player captured together wait off the board as a pair.
    pub(crate) captured_singles_pair: bool,
    /// How a waiting pair re-enters.
    pub(crate) pair_entry: PairEntry,
    /// The step where two singles may be joined into twins (none: no twins).
    pub(crate) twins_step: Option<u8>,
    pub(crate) entry: Entry,
    /// Rule 7: with no piece on the board, throws before the first 1 are discarded.
    pub(crate) discard_before_first_one: bool,
    /// Reaching the goal finishes a piece (else it waits there to bear off with a 1).
    pub home_on_goal: bool,
}

impl Rules {
    pub(crate) fn goal(&self) -> u8 {
        self.board.goal_step()
    }

    /// How far twins move for a total of `sum` (half, rounded down).
    pub(crate) fn twins_distance(&self, sum: u32) -> u32 {
        sum / 2
    }
}

static BELL: Rules = BELL_BASE;

static BELL1979: Rules = Rules {
    movement: Movement::EachThrow,
    twins_capture_singles: false,
    capture_reward: CaptureReward::Immediate,
    ..BELL_BASE
};

static FRANCAIS: Rules = FRANCAIS_BASE;

static FRANCAIS_SINGLES: Rules = Rules { captured_twins_stay: false, ..FRANCAIS_BASE };

const BELL_BASE: Rules = Rules {
    board: &THAAYAM_BOARD,
    dice: &COWRIES,
    movement: Movement::SumOnce,
    must_use_max: true,
    twins_capture_singles: true,
    capture_reward: CaptureReward::NextSeries,
    captured_twins_stay: false,
    captured_singles_pair: false,
    pair_entry: PairEntry::TwinsForTwoOnes,
    twins_step: Some(8),
    entry: Entry { step: 0, first: &[Throw::One], later: &[Throw::One] },
    discard_before_first_one: true,
    home_on_goal: false,
};

const FRANCAIS_BASE: Rules =
    Rules { must_use_max: false, twins_capture_singles: false, captured_twins_stay: true, ..BELL_BASE };

/// Tayam Sonalu (RULES.md section 8, Parker's reading): each throw moves a
/// piece on its own, the first entry needs Tayam, later ones 1, 5 or Sonal,
/// no safe squares, no twins, captured pairs re-enter with one throw, a
/// piece that reaches the centre is home.
static TAYAM_SONALU: Rules = Rules {
    board: &CROSS_BOARD,
    dice: &LONG_DICE,
    movement: Movement::EachThrow,
    must_use_max: true,
    twins_capture_singles: false,
    capture_reward: CaptureReward::Nothing,
    captured_twins_stay: false,
    captured_singles_pair: true,
    pair_entry: PairEntry::SinglesForOneThrow,
    twins_step: None,
    entry: Entry { step: 1, first: &[Throw::One], later: &[Throw::One, Throw::Five, Throw::Sonal] },
    discard_before_first_one: false,
    home_on_goal: true,
};
