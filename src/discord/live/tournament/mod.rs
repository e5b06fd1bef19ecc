//! The tournaments the bot runs itself, live: the runner's task
//! ([`runner`]) asks the pure clock (`game::tournament::clock`) what each
//! open tournament does next and does it, each step saved once in the
//! store so that a restart finds it done; a round's pairing and its
//! tables, each a game of the bot in a thread of its own ([`round`]); a
//! table's result when its game ends, or at the round's deadline
//! ([`results`]); the standings message and the podium ([`standings`]);
//! an arena's lobby and its tables ([`arena`]);
//! a no-show replaced at her table ([`no_show`]); and what the runner
//! keeps in memory ([`known`]); a tournament as read from the store
//! ([`read`]).

pub(crate) mod arena;
pub(crate) mod known;
pub(crate) mod no_show;
pub(crate) mod read;
pub(crate) mod results;
pub(crate) mod round;
pub(crate) mod runner;
pub(crate) mod standings;
