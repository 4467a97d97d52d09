//! The core conformance suite (`damero_core::testkit`) over many random games
//! of every setup and option, and from random positions.

mod common;

use common::{TestRng, random_position};
use damero_core::testkit::{check_conformance, check_games_from};
use damero_eliminar::{Eliminar, EliminarRules, Objective, StartSetup};

#[test]
fn conformance_every_setup() {
    for setup in StartSetup::ALL {
        for seed in 0..8 {
            let rules = EliminarRules { setup, seed, ..EliminarRules::default() };
            let report = check_conformance::<Eliminar>(rules, 12, 200, seed);
            // Rule 7: every game ends well within 200 plies.
            assert_eq!(report.finished_games, 12, "{setup} seed {seed}");
            assert!(report.moves > 12 * 5, "{setup}: {report:?}");
        }
    }
}

#[test]
fn conformance_every_option_setting() {
    for objective in [Objective::Fewest, Objective::Most] {
        for end_when_stuck in [false, true] {
            for removed_per_side in [0u8, 4, 12] {
                let rules = EliminarRules {
                    objective,
                    end_when_stuck,
                    removed_per_side,
                    seed: 5,
                    ..EliminarRules::default()
                };
                let report = check_conformance::<Eliminar>(rules, 10, 200, 1);
                assert_eq!(report.finished_games, 10, "{rules:?}");
            }
        }
    }
}

#[test]
fn conformance_from_random_positions() {
    let mut rng = TestRng::new(5);
    let mut positions = 0;
    for i in 0..300u64 {
        let rules = EliminarRules { end_when_stuck: i % 4 == 0, ..EliminarRules::default() };
        let start = random_position(&mut rng, 10 + i % 80, rules);
        positions += check_games_from(start, 2, 200, i).positions;
    }
    assert!(positions > 2000, "{positions}");
}
