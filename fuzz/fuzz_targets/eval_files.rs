#![no_main]
//! Any bytes given to the readers of the two evaluation files (pattern
//! weights and network): never a panic, and a file that reads evaluates
//! positions without overflow and writes back the same bytes.
use damero_core::{Evaluator, Game};
use damero_draughts::{Russian, RussianVariant};
use damero_eval::DraughtsEvaluator;
use damero_eval::{Network, Weights};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let start = Russian::start(Default::default());
    let crowded = Russian::from_fen(
        "W:WKa1,Kc1,Ke1,Kg1,b2,d2,f2,h2,a3,c3,e3,g3:BKb8,Kd8,Kf8,Kh8,a7,c7,e7,g7,b6,d6,f6,h6",
        Default::default(),
    )
    .expect("fen");
    if let Ok(weights) = Weights::from_bytes(data, "russian") {
        assert_eq!(weights.to_bytes(), data);
        let evaluator = DraughtsEvaluator::<RussianVariant>::with_weights(&weights).expect("russian weights");
        let _ = evaluator.evaluate(&start);
        let _ = evaluator.evaluate(&crowded);
    }
    if let Ok(network) = Network::from_bytes(data, "russian") {
        assert_eq!(network.to_bytes(), data);
        let _ = network.mover_score(&start);
        let _ = network.mover_score(&crowded);
    }
});
