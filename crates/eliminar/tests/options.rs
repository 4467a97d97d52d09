//! Every rule option, set from text, in both (or all) of its settings.

use damero_core::{Color, Game, OptionError, Outcome, RuleSet};
use damero_eliminar::{Eliminar, EliminarRules, Objective, StartSetup};

fn with(settings: &[&str]) -> Result<EliminarRules, OptionError> {
    EliminarRules::default().with_options(settings.iter().copied())
}

#[test]
fn option_defaults_match_the_options_table() {
    let keys: Vec<&str> = EliminarRules::OPTIONS.iter().map(|o| o.key).collect();
    assert_eq!(keys, ["setup", "removed_per_side", "seed", "objective", "end_when_stuck"]);
    let defaults: Vec<String> =
        EliminarRules::OPTIONS.iter().map(|o| format!("{}={}", o.key, o.default)).collect();
    assert_eq!(
        with(&defaults.iter().map(String::as_str).collect::<Vec<_>>()).unwrap(),
        EliminarRules::default()
    );
    let d = EliminarRules::default();
    assert_eq!(
        (d.setup, d.removed_per_side, d.seed, d.objective, d.end_when_stuck),
        (StartSetup::Standard, 4, 0, Objective::Fewest, false)
    );
}

#[test]
fn option_setup_all_four() {
    for (text, setup, counts) in [
        ("S1", StartSetup::Standard, 20),
        ("s2", StartSetup::ThirtyTwo, 28),
        ("S3", StartSetup::Random24, 24),
        ("random-full", StartSetup::RandomFull, 28),
    ] {
        let rules = with(&[&format!("setup={text}")]).unwrap();
        assert_eq!(rules.setup, setup);
        let p = Eliminar::start(rules);
        assert_eq!((p.count(Color::White), p.count(Color::Black)), (counts, counts), "{text}");
    }
    assert!(matches!(with(&["setup=S5"]), Err(OptionError::InvalidValue { .. })));
}

#[test]
fn option_removed_per_side_zero_default_and_other() {
    for (n, left) in [(0, 24), (4, 20), (10, 14), (23, 1)] {
        let p = Eliminar::start(with(&[&format!("removed_per_side={n}")]).unwrap());
        assert_eq!((p.count(Color::White), p.count(Color::Black)), (left, left));
    }
    assert!(matches!(with(&["removed_per_side=-1"]), Err(OptionError::InvalidValue { .. })));
    assert!(matches!(with(&["removed_per_side=many"]), Err(OptionError::InvalidValue { .. })));
    assert!(matches!(with(&["removed_per_side=24"]), Err(OptionError::Inconsistent { .. })));
    assert!(with(&["setup=S2", "removed_per_side=24"]).is_ok());
    assert!(with(&["setup=S3", "removed_per_side=100"]).is_ok());
}

#[test]
fn option_seed_changes_the_setup_and_fixes_it() {
    for setup in ["S1", "S2", "S3", "S4"] {
        let a = Eliminar::start(with(&[&format!("setup={setup}"), "seed=0"]).unwrap());
        let b = Eliminar::start(with(&[&format!("setup={setup}"), "seed=1"]).unwrap());
        let a2 = Eliminar::start(with(&[&format!("setup={setup}"), "seed=0"]).unwrap());
        assert_ne!(a.fen(), b.fen(), "{setup}");
        assert_eq!(a, a2);
    }
    assert!(with(&["seed=18446744073709551615"]).is_ok());
    assert!(matches!(with(&["seed=x"]), Err(OptionError::InvalidValue { .. })));
}

#[test]
fn option_objective_fewest_and_most() {
    let fen = "8/8/8/8/8/8/8/w1w4b w";
    let fewest = Eliminar::from_fen(fen, with(&["objective=fewest"]).unwrap()).unwrap();
    let most = Eliminar::from_fen(fen, with(&["objective=most"]).unwrap()).unwrap();
    assert_eq!(fewest.outcome(), Some(Outcome::Win(Color::Black)));
    assert_eq!(most.outcome(), Some(Outcome::Win(Color::White)));
    assert!(matches!(with(&["objective=least"]), Err(OptionError::InvalidValue { .. })));
}

#[test]
fn option_end_when_stuck_true_and_false() {
    let fen = "8/8/8/3b4/3b4/8/8/w7 w";
    let off = Eliminar::from_fen(fen, with(&["end_when_stuck=false"]).unwrap()).unwrap();
    let on = Eliminar::from_fen(fen, with(&["end_when_stuck=true"]).unwrap()).unwrap();
    assert_eq!(off.legal_move_texts(), ["pass"]);
    assert!(on.legal_move_texts().is_empty());
    assert!(matches!(with(&["end_when_stuck=maybe"]), Err(OptionError::InvalidValue { .. })));
}

#[test]
fn option_errors_are_typed_and_readable() {
    let err = with(&["colour=red"]).unwrap_err();
    assert!(matches!(err, OptionError::UnknownOption { .. }));
    assert!(err.to_string().contains("end_when_stuck"), "{err}");
    assert!(matches!(with(&["setup"]), Err(OptionError::Malformed { .. })));
    let err = with(&["setup=S9"]).unwrap_err();
    assert!(err.to_string().contains("S1|S2|S3|S4"), "{err}");
}
