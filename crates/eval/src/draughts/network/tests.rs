use damero_core::testkit::ScratchDir;
use damero_core::{Evaluator, Game};

use super::*;
use crate::draughts::tests::{check_colour_symmetry, random_positions};
use crate::draughts::{DraughtsEvaluator, Weights};
use damero_draughts::{English, EnglishVariant, Russian, RussianRules, RussianVariant, SpanishVariant};

/// Starting parameters with every layer spread wide enough that the
/// network's score varies by hundreds of centipawns.
pub(crate) fn spread_params(seed: u64) -> Vec<f32> {
    let mut state = seed;
    (0..NETWORK_PARAMETERS)
        .map(|i| {
            let (next, value) = damero_core::splitmix64(state);
            state = next;
            let uniform = (value >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0;
            // Large first-layer weights: units leave the linear range both
            // ways; biases near the middle of the clipped ReLU.
            if i < INPUTS * HIDDEN1 { uniform * 0.6 } else { uniform * 0.5 + 0.25 }
        })
        .collect()
}

#[test]
fn both_colours_are_valued_alike() {
    let network = Network::quantize("russian", &spread_params(4), 150.0);
    let evaluator = DraughtsEvaluator::<RussianVariant>::with_network(network).unwrap();
    check_colour_symmetry(&evaluator, Russian::start(RussianRules::default()), 6);
}

#[test]
fn file_round_trip_and_every_error() {
    let network = Network::quantize("russian", &spread_params(5), 150.0);
    let bytes = network.to_bytes();
    assert_eq!(Network::from_bytes(&bytes, "russian"), Ok(network.clone()));
    assert!(matches!(Network::from_bytes(&bytes, "english"), Err(WeightsError::WrongGame { .. })));
    // A pattern weights file is not a network.
    let weights = Weights::material("russian", 100, 300).to_bytes();
    assert_eq!(Network::from_bytes(&weights, "russian"), Err(WeightsError::NotWeights));
    assert_eq!(Network::from_bytes(&bytes[..bytes.len() - 2], "russian"), Err(WeightsError::Length));
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(Network::from_bytes(&longer, "russian"), Err(WeightsError::Length));
    let header = 8 + 2 + 2 + 1 + "russian".len();
    let first = header + 4;
    let mut damaged = bytes.clone();
    damaged[first] ^= 1;
    assert_eq!(Network::from_bytes(&damaged, "russian"), Err(WeightsError::Checksum));
    // A first-layer weight past the limit, with a checksum to match: refused
    // before the integer arithmetic could overflow.
    let mut wide = bytes.clone();
    let old = i32::from_le_bytes(wide[first..first + 4].try_into().unwrap());
    let new = 9 * ONE;
    wide[first..first + 4].copy_from_slice(&new.to_le_bytes());
    let end = wide.len() - 4;
    let sum = u32::from_le_bytes(wide[end..].try_into().unwrap()).wrapping_add((new - old) as u32);
    wide[end..].copy_from_slice(&sum.to_le_bytes());
    assert_eq!(Network::from_bytes(&wide, "russian"), Err(WeightsError::Range));
    let mut count = bytes.clone();
    count[header] ^= 1;
    assert!(matches!(Network::from_bytes(&count, "russian"), Err(WeightsError::Count { .. })));
    let mut shape = bytes;
    shape[10] = shape[10].wrapping_add(1);
    assert!(matches!(Network::from_bytes(&shape, "russian"), Err(WeightsError::FeatureSet { .. })));
    assert!(matches!(
        Network::read(std::path::Path::new("/nonexistent/n.den"), "russian"),
        Err(WeightsError::Io(_))
    ));
}

#[test]
fn an_engine_spec_loads_a_network_file() {
    let network = Network::quantize("russian", &spread_params(6), 150.0);
    let scratch = ScratchDir::new("eval-network");
    let path = scratch.join("russian.den");
    std::fs::write(&path, network.to_bytes()).unwrap();
    let name = path.to_str().unwrap();
    let loaded = DraughtsEvaluator::<RussianVariant>::default().named(name).unwrap();
    assert!(!loaded.is_trained());
    for (position, _) in random_positions(Russian::start(RussianRules::default()), 3, 8) {
        assert_eq!(loaded.evaluate(&position), network.mover_score(&position));
    }
    // Fitted for Russian: English refuses it, by name and directly.
    let error = DraughtsEvaluator::<EnglishVariant>::default().named(name).unwrap_err();
    assert_eq!(error.reason, "a network file: fitted for russian, not english");
    assert!(DraughtsEvaluator::<EnglishVariant>::with_network(network).is_err());
}

/// `men_up`: the pieces of a quiet position where White is a man up (the
/// FEN after the side to move).
fn check_shipped_network<V: Variant>(start: Draughts<V>, men_up: &str) {
    let evaluator = DraughtsEvaluator::<V>::default().named("network").unwrap();
    assert!(evaluator.is_network() && !evaluator.is_trained());
    // The start position is balanced: the mover's edge is small.
    assert!(evaluator.evaluate(&start).abs() < 100, "{}", evaluator.evaluate(&start));
    // A man up is worth most of a man, for either side to move.
    for (side, sign) in [("W", 1), ("B", -1)] {
        let fen = format!("{side}:{men_up}");
        let position = Draughts::<V>::from_fen(&fen, Default::default()).unwrap();
        let score = sign * evaluator.evaluate(&position);
        assert!(score > 50, "{fen}: {score}");
    }
}

#[test]
fn the_shipped_networks_load_by_name() {
    check_shipped_network(Russian::start(RussianRules::default()), "Wa3,c3,e3:Bb6,d6");
    check_shipped_network(English::start(Default::default()), "W21,22,23:B10,11");
    let error = DraughtsEvaluator::<SpanishVariant>::default().named("network").unwrap_err();
    assert!(error.reason.contains("no network ships for spanish"), "{error}");
}

/// The file's checksum made to match its parameters again.
fn reseal(bytes: &mut [u8]) {
    let end = bytes.len() - 4;
    let first = 8 + 2 + 2 + 1 + "russian".len() + 4;
    let sum = bytes[first..end]
        .chunks_exact(4)
        .fold(0u32, |s, c| s.wrapping_add(u32::from_le_bytes(c.try_into().unwrap())));
    bytes[end..].copy_from_slice(&sum.to_le_bytes());
}

#[test]
fn damaged_network_files_are_refused_or_evaluate_safely() {
    // The fuzz target's check (`fuzz/fuzz_targets/eval_files.rs`) on seeded
    // damage: bytes changed anywhere, the checksum sometimes resealed so the
    // range checks are reached; a file that reads must evaluate the fullest
    // board (every input row a man or king can switch on) without overflow.
    let crowded = Russian::from_fen(
        "W:WKa1,Kc1,Ke1,Kg1,b2,d2,f2,h2,a3,c3,e3,g3:BKb8,Kd8,Kf8,Kh8,a7,c7,e7,g7,b6,d6,f6,h6",
        RussianRules::default(),
    )
    .unwrap();
    let bytes = include_bytes!("../../../weights/russian.den");
    let (mut refused, mut read) = (0, 0);
    let mut state = 17u64;
    for round in 0..3000 {
        let mut damaged = bytes.to_vec();
        for _ in 0..1 + round % 3 {
            let (next, value) = damero_core::splitmix64(state);
            state = next;
            let at = (value % damaged.len() as u64) as usize;
            damaged[at] = (value >> 32) as u8;
        }
        if round % 2 == 0 && damaged.len() > 40 {
            reseal(&mut damaged);
        }
        match Network::from_bytes(&damaged, "russian") {
            Ok(network) => {
                read += 1;
                assert_eq!(network.to_bytes(), damaged);
                let _ = network.mover_score(&crowded);
            }
            Err(_) => refused += 1,
        }
    }
    assert!(refused > 0 && read > 0, "refused {refused}, read {read}");
}
