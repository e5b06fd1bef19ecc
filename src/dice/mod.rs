//! Seeded randomness beside the pure engine: the throw source (real cowrie
//! probabilities from a seeded ChaCha stream), the fair-dice commitment
//! that lets players check a finished game's throws against its revealed
//! seed ([`commitment`], [`verify_throws`]; the derivation is described in
//! `fair.rs`), and random playouts for simulations, benchmarks and tests
//! ([`random_game`]). The store, the computer players, the bot and the
//! command line draw their randomness from here; the engine takes throws
//! as inputs and never draws one itself.
//!
//! The same seed gives the same throws forever, so a revealed seed lets
//! anyone re-derive every throw.

mod audit;
mod fair;
mod playout;
mod source;

pub use audit::{Audit, WrongThrow, audit};
pub use fair::{
    Derivation, GameDice, Seed, commitment, first_wrong_throw, model_name, new_seed, sha256_throw, throws_from_seed,
    verify_seed, verify_throws,
};
pub use playout::{MAX_EVENTS, PlayoutStats, random_game, random_playout};
pub use source::ThrowSource;
