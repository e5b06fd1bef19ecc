//! The learned evaluation: every seat's chance of winning a position,
//! from the network trained for its variant and number of players
//! (`assets/ai/<variant>-<n>p.bin`, built into the binary; `thaayam train`
//! rebuilds them, see `docs/ai.md`).

use super::features::{extract, inputs};
use super::net::Net;
use crate::engine::{Game, Phase, Ruleset, Variant};
use std::sync::OnceLock;

macro_rules! stored {
    ($variant:expr, $name:literal, $n:literal) => {
        ($variant, $n, include_bytes!(concat!("../../assets/ai/", $name, "-", $n, "p.bin")).as_slice())
    };
}

/// The networks built into the binary: variant, players, stored bytes.
const STORED: [(Variant, usize, &[u8]); 12] = [
    stored!(Variant::Bell, "bell", 2),
    stored!(Variant::Bell, "bell", 3),
    stored!(Variant::Bell, "bell", 4),
    stored!(Variant::Bell1979, "bell1979", 2),
    stored!(Variant::Bell1979, "bell1979", 3),
    stored!(Variant::Bell1979, "bell1979", 4),
    stored!(Variant::Francais, "francais", 2),
    stored!(Variant::Francais, "francais", 3),
    stored!(Variant::Francais, "francais", 4),
    stored!(Variant::TayamSonalu, "tayam-sonalu", 2),
    stored!(Variant::TayamSonalu, "tayam-sonalu", 3),
    stored!(Variant::TayamSonalu, "tayam-sonalu", 4),
];

/// Where `thaayam train` writes a table's network, relative to the crate.
pub fn asset_path(variant: Variant, players: usize) -> String {
    format!("assets/ai/{}-{players}p.bin", variant.name())
}

/// The size of the input vector of a table's network.
pub(crate) fn input_size(ruleset: Ruleset, players: usize) -> usize {
    inputs(ruleset.rules().goal(), players)
}

/// The built-in network for a variant and number of players (`None` if
/// there is none or it does not fit the inputs).
pub(crate) fn stored_net(ruleset: Ruleset, players: usize) -> Option<&'static Net> {
    static NETS: OnceLock<Vec<(Variant, usize, Option<Net>)>> = OnceLock::new();
    let nets = NETS.get_or_init(|| {
        STORED
            .iter()
            .map(|&(v, n, bytes)| {
                let net = Net::from_bytes(bytes)
                    .ok()
                    .filter(|net| net.inputs() == input_size(Ruleset::new(v), n) && net.outputs() == n);
                (v, n, net)
            })
            .collect()
    });
    nets.iter().find(|(v, n, _)| *v == ruleset.variant && *n == players).and_then(|(_, _, net)| net.as_ref())
}

/// A fingerprint of the stored network's bytes for a variant and number of
/// players (FNV-1a, 31 bits; `None` without a network), so that results
/// computed with one network are not mistaken for another's.
pub fn network_fingerprint(ruleset: Ruleset, players: usize) -> Option<u32> {
    stored_net(ruleset, players)?;
    let (_, _, bytes) = STORED.iter().find(|(v, n, _)| *v == ruleset.variant && *n == players)?;
    let hash = bytes.iter().fold(0x811c_9dc5_u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
    Some(hash & 0x7fff_ffff)
}

/// Every seat's chance of winning `game` by `net` (indexed by seat; 0 for
/// empty seats). A finished game is certain; the opening throws are even.
pub(crate) fn chances(net: &Net, game: &Game, scratch: &mut Vec<(u32, f32)>) -> [f64; 4] {
    let pos = game.position();
    let mut out = [0.0; 4];
    match game.phase() {
        Phase::Finished { .. } => {
            if let Some(w) = pos.winner() {
                out[w.index()] = 1.0;
            }
        }
        Phase::Opening { .. } => {
            let n = pos.seats().len() as f64;
            for s in pos.seats().iter() {
                out[s.index()] = 1.0 / n;
            }
        }
        Phase::Throwing { .. } | Phase::Moving { .. } => {
            let mover = pos.turn();
            extract(game, mover, scratch);
            let p = net.predict(scratch);
            let (slots, n) = super::features::slots(game, mover);
            for k in 0..n {
                out[slots[k].index()] = f64::from(p[k]);
            }
        }
    }
    out
}

/// Every seat's chance of winning by the built-in network of its table
/// (indexed by seat), or `None` if there is no network for it.
pub fn win_chances(game: &Game) -> Option<[f64; 4]> {
    let pos = game.position();
    let net = stored_net(pos.ruleset(), pos.seats().len())?;
    Some(chances(net, game, &mut Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Seat, SeatSet, parse_tpn};

    #[test]
    fn each_network_has_its_own_fingerprint() {
        let mut seen = std::collections::HashSet::new();
        for v in [Variant::Bell, Variant::Bell1979, Variant::Francais, Variant::TayamSonalu] {
            for n in 2..=4 {
                let f = network_fingerprint(Ruleset::new(v), n).expect("a network");
                assert!(seen.insert(f), "{v:?} {n}p shares a fingerprint");
                assert_eq!(network_fingerprint(Ruleset::new(v), n), Some(f));
            }
        }
        assert_eq!(network_fingerprint(Ruleset::new(Variant::Bell), 5), None);
    }

    #[test]
    fn every_table_has_a_network_that_fits() {
        for v in Variant::ALL {
            for n in 2..=4 {
                assert!(stored_net(Ruleset::new(v), n).is_some(), "{v} {n}p");
            }
        }
        assert!(stored_net(Ruleset { variant: Variant::Francais, twins_return_singles: true }, 3).is_some());
    }

    #[test]
    fn chances_add_up_and_favour_the_player_far_ahead() {
        let pos = parse_tpn("bell S=x,x,x,24 N=3,o,o,o turn=N").expect("valid tpn");
        let c = win_chances(&Game::from_position(pos)).expect("a network");
        assert!((c[0] + c[2] - 1.0).abs() < 1e-5, "{c:?}");
        assert_eq!((c[1], c[3]), (0.0, 0.0));
        assert!(c[Seat::S.index()] > 0.8, "{c:?}");
    }

    #[test]
    fn finished_and_opening_positions_are_known() {
        let won = Game::from_position(parse_tpn("bell S=x,x,x,x N=3,o,o,o turn=N").expect("valid tpn"));
        assert_eq!(win_chances(&won), Some([1.0, 0.0, 0.0, 0.0]));
        let seats = SeatSet::for_players(4).expect("4 players");
        let fresh = Game::new(Ruleset::new(Variant::Bell), seats);
        assert_eq!(win_chances(&fresh), Some([0.25; 4]));
    }
}
