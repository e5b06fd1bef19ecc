//! Weight tuning aid: plays `medium`/`hard` with altered heuristic weights
//! against the defaults and prints the win rate.
//! `cargo run --release --example tune -- <games> <kind: m|h|e> key=value...`

use thaayam::ai::arena::{mix, play_game};
use thaayam::ai::eval::Weights;
use thaayam::ai::{Greedy, Lookahead, PlanSearch, Strategy, search::HARD_BUDGET};
use thaayam::engine::{Ruleset, SeatSet, Variant};

fn player(kind: &str, w: Weights) -> Box<dyn Strategy + Send> {
    match kind {
        "h" => Box::new(Lookahead::with_weights(HARD_BUDGET, w)),
        "h2" => Box::new(Lookahead::with_weights(
            thaayam::ai::search::Budget { candidates: 4, sequences: 8, depth: 2, ..HARD_BUDGET },
            w,
        )),
        "hb" => Box::new(Lookahead::with_weights(
            thaayam::ai::search::Budget { candidates: 6, sequences: 10, ..HARD_BUDGET },
            w,
        )),
        "e" => Box::new(Greedy::with_weights(w)),
        _ => Box::new(PlanSearch::with_weights(w)),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let kind = args.get(2).cloned().unwrap_or_else(|| "m".into());
    let opp = args.get(3).cloned().unwrap_or_else(|| "m".into());
    let mut w = Weights::DEFAULT;
    for kv in &args[4.min(args.len())..] {
        let (k, v) = kv.split_once('=').expect("key=value");
        let v: f64 = v.parse().expect("number");
        match k {
            "entered" => w.entered = v,
            "keep" => w.keep = v,
            "borne" => w.borne = v,
            "risk" => w.risk = v,
            "next_risk" => w.next_risk = v,
            "tempo" => w.tempo = v,
            "unused" => w.unused = v,
            "best_share" => w.best_share = v,
            "no_board" => w.no_board = v,
            _ => panic!("unknown weight {k}"),
        }
    }
    let seats = SeatSet::for_players(2).expect("2 players");
    let ruleset = Ruleset::new(Variant::Bell);
    let wins: u64 = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2u64)
            .map(|t| {
                let kind = kind.clone();
                let opp = opp.clone();
                s.spawn(move || {
                    let mut wins = 0;
                    for i in (t..games).step_by(2) {
                        let test = (i % 2) as usize * 2;
                        let mut players: [Box<dyn Strategy + Send>; 4] = std::array::from_fn(|k| {
                            if k == test { player(&kind, w) } else { player(&opp, Weights::DEFAULT) }
                        });
                        let r = play_game(ruleset, seats, &mut players, mix(i + 777)).expect("legal");
                        wins += u64::from(r.winner.map(|s| s.index()) == Some(test));
                    }
                    wins
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().expect("thread")).sum()
    });
    println!("{:.3} ({wins}/{games})", wins as f64 / games as f64);
}
