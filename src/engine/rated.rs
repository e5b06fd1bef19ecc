//! Whether a game counts for ratings, decided once: the store (which rates
//! a finished game and recounts the ratings) and the bot (whose result
//! says so, and whose places are typed: `discord::game::ids::Venue`) both
//! ask here. Discord ids are never 0, so a guild stored as 0 is a game
//! outside servers (a DM, a group DM).

/// The guild number a game outside servers is stored with.
pub const OUTSIDE_SERVERS: u64 = 0;

/// Whether a stored guild number names a server (not a DM or group DM).
pub fn in_a_server(guild: u64) -> bool {
    guild != OUTSIDE_SERVERS
}

/// Whether a game of this guild number counts for ratings: only a
/// server's games count for its leaderboards, and never a practice game.
pub fn is_rated(guild: u64, practice: bool) -> bool {
    !practice && in_a_server(guild)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_servers_games_that_are_not_practice_are_rated() {
        assert!(is_rated(7, false));
        assert!(!is_rated(7, true), "practice");
        assert!(!is_rated(OUTSIDE_SERVERS, false), "a DM or group DM");
        assert!(!is_rated(OUTSIDE_SERVERS, true));
        assert!((in_a_server(1), in_a_server(0)) == (true, false));
    }
}
