use damero_core::testkit::ScratchDir;
use damero_core::{Color, Evaluator, Game};

use super::features::{PARAMETERS, sparse, turned};
use super::*;
use damero_draughts::{English, EnglishVariant, Russian, RussianRules, RussianVariant};

pub(super) use damero_core::testkit::random_positions;

/// The position turned half round with the colours swapped.
pub(super) fn flipped<V: Variant>(position: &Draughts<V>) -> Draughts<V> {
    let mut p = Draughts::from_bits(
        position.rules(),
        !position.side_to_move(),
        [turned(position.bits(Color::Black)), turned(position.bits(Color::White))],
        turned(position.king_bits()),
    );
    let counter = |plies: u32| plies as u16;
    p.set_draw_counters(
        counter(position.plies_since_capture()),
        counter(position.plies_since_capture_or_man_move()),
        counter(position.plies_since_material_change()),
    );
    p
}

fn pseudo_random_weights(game: &str, seed: u64) -> Weights {
    let params: Vec<f64> =
        (0..PARAMETERS as u64).map(|i| (damero_core::splitmix64(seed ^ i).1 % 201) as f64 - 100.0).collect();
    Weights::from_params(game, &params)
}

fn check_tables_match_features<V: Variant>(start: Draughts<V>) {
    let weights = pseudo_random_weights(V::NAME, 5);
    let evaluator = DraughtsEvaluator::<V>::with_weights(&weights).unwrap();
    let Kind::Trained(tables) = &evaluator.kind else { unreachable!() };
    let mut row = Vec::new();
    for (position, _) in random_positions(start, 20, 9) {
        sparse(&position, &mut row);
        let dot: f64 = row.iter().map(|&(c, v)| f64::from(weights.params()[c as usize]) * f64::from(v)).sum();
        let fast = tables.white_score(&position);
        assert!((f64::from(fast) - dot).abs() < 1.0, "{}: tables {fast}, features {dot}", position.fen());
    }
}

#[test]
fn the_fast_tables_compute_the_fitted_model() {
    check_tables_match_features(Russian::start(RussianRules::default()));
    check_tables_match_features(English::start(Default::default()));
}

/// `evaluator` gives every position of 20 random games (from `seed`) and
/// its colour mirror the same score.
pub(super) fn check_colour_symmetry<V: Variant>(
    evaluator: &DraughtsEvaluator<V>,
    start: Draughts<V>,
    seed: u64,
) {
    for (position, _) in random_positions(start, 20, seed) {
        let mirror = flipped(&position);
        assert_eq!(
            evaluator.evaluate(&position),
            evaluator.evaluate(&mirror),
            "{} against {}",
            position.fen(),
            mirror.fen()
        );
    }
}

#[test]
fn both_colours_are_valued_alike() {
    let russian = DraughtsEvaluator::with_weights(&pseudo_random_weights("russian", 11)).unwrap();
    check_colour_symmetry(&russian, Russian::start(RussianRules::default()), 3);
    let english = DraughtsEvaluator::with_weights(&pseudo_random_weights("english", 11)).unwrap();
    check_colour_symmetry(&english, English::start(Default::default()), 3);
}

#[test]
fn shipped_weights_are_valid_and_the_default() {
    for game in ["russian", "english"] {
        let bytes = shipped(game).unwrap().1.weights;
        Weights::from_bytes(bytes, game).unwrap();
    }
    assert!(DraughtsEvaluator::<RussianVariant>::default().is_trained());
    // English defaults to its network, which measured stronger at equal time.
    assert!(DraughtsEvaluator::<EnglishVariant>::default().is_network());
    assert!(!DraughtsEvaluator::<damero_draughts::SpanishVariant>::default().is_trained());
    assert!(!DraughtsEvaluator::<damero_draughts::SpanishVariant>::default().is_network());
}

#[test]
fn evaluators_by_name() {
    let any = DraughtsEvaluator::<RussianVariant>::default();
    assert!(!any.named("hand").unwrap().is_trained());
    assert!(any.named("trained").unwrap().is_trained());
    assert!(any.named("default").unwrap().is_trained());
    let error = any.named("/nonexistent/weights.dew").unwrap_err();
    assert!(
        error.reason.starts_with(
            "not 'hand', 'trained', 'network' or 'default', and cannot read /nonexistent/weights.dew: "
        ),
        "{error}"
    );
    assert!(DraughtsEvaluator::<damero_draughts::ZisnellaVariant>::hand().named("trained").is_err());
    let scratch = ScratchDir::new("eval-named");
    let path = scratch.join("russian.dew");
    let weights = pseudo_random_weights("russian", 2);
    std::fs::write(&path, weights.to_bytes()).unwrap();
    let loaded = any.named(path.to_str().unwrap()).unwrap();
    let expected = DraughtsEvaluator::<RussianVariant>::with_weights(&weights).unwrap();
    let start = Russian::start(RussianRules::default());
    assert_eq!(loaded.evaluate(&start), expected.evaluate(&start));
    // Weights of one rule set do not load for another.
    let english = DraughtsEvaluator::<EnglishVariant>::default();
    let error = english.named(path.to_str().unwrap()).unwrap_err();
    assert_eq!(error.reason, "a weights file: fitted for russian, not english");
    // A damaged file says so; a file of neither kind (a typo of a name
    // that happens to exist as a file) is told apart from both.
    let mut damaged = weights.to_bytes();
    *damaged.last_mut().unwrap() ^= 1;
    std::fs::write(&path, damaged).unwrap();
    let error = any.named(path.to_str().unwrap()).unwrap_err();
    assert_eq!(error.reason, "a weights file: checksum mismatch (damaged file)");
    std::fs::write(&path, "trained\n").unwrap();
    let error = any.named(path.to_str().unwrap()).unwrap_err();
    assert_eq!(error.reason, "not 'hand', 'trained', 'network' or 'default', nor a weights or network file");
}

#[test]
fn blocked_men_are_those_with_no_square_ahead() {
    use super::features::side_counts;
    // White a1 (b2 taken by its own man) and h2 (g3 taken by a Black man,
    // the other side off the board) are blocked; b2 and c3 can step. Black
    // g3 still has f2, h8 has g7.
    let p = Russian::from_fen("W:Wa1,b2,c3,h2:Bg3,h8", RussianRules::default()).expect("fen");
    assert_eq!(side_counts(&p, Color::White).blocked, 2);
    assert_eq!(side_counts(&p, Color::Black).blocked, 0);
    // Black h8 is boxed in by g7; White g7 still has f8, a1 has b2.
    let p = Russian::from_fen("W:Wa1,g7:Bh8", RussianRules::default()).expect("fen");
    assert_eq!(side_counts(&p, Color::Black).blocked, 1);
    assert_eq!(side_counts(&p, Color::White).blocked, 0);
}

#[test]
fn tempo_and_runaways_agree_with_a_man_by_man_count() {
    use super::features::side_counts;
    use damero_draughts::layout::rank_of;
    // The counts by rank masks against the plain definition: tempo is the
    // ranks advanced, a runaway a man 3+ ranks up with no enemy in its cone
    // (the squares within reach on the way to the crowning row).
    for (position, _) in random_positions(Russian::start(RussianRules::default()), 30, 4) {
        for color in Color::ALL {
            let own = position.bits(color) & !position.king_bits();
            let enemy = position.bits(!color);
            let (mut tempo, mut runaway) = (0, [0; 3]);
            let mut rest = own;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                let (file, rank) =
                    (damero_draughts::layout::square_of(bit, false).file() as i32, rank_of(bit) as i32);
                let advanced = if color == Color::White { rank } else { 7 - rank };
                tempo += advanced;
                let ahead = |b: u32| {
                    let (f, r) =
                        (damero_draughts::layout::square_of(b, false).file() as i32, rank_of(b) as i32);
                    let d = if color == Color::White { r - rank } else { rank - r };
                    d > 0 && (f - file).abs() <= d
                };
                let blocked = (0..36).any(|b| enemy >> b & 1 != 0 && ahead(b));
                if advanced >= 3 && !blocked {
                    runaway[(7 - advanced as usize - 1).min(2)] += 1;
                }
            }
            let counts = side_counts(&position, color);
            assert_eq!(counts.tempo, tempo, "{} {color:?}", position.fen());
            assert_eq!(counts.runaway, runaway, "{} {color:?}", position.fen());
        }
    }
}
