//! Perft suites as data files: `tests/data/<game>.perft`. Fast depths run in
//! `cargo test`; deep ones are `#[ignore]`d (run with `--ignored`).

use damero_core::testkit::{read_perft_suite, run_perft_suite};
use damero_core::{Game, RuleSet};
use damero_draughts::{English, Russian, Spanish, Zisnella, ZisnellaRules};
use damero_search::perft_parallel;

/// Above this many leaves a line is skipped unless `deep` is set.
const FAST_LIMIT: u64 = 6_000_000;

fn run_suite<G: Game>(data: &str, deep: bool) -> usize {
    run_suite_with::<G>(data, deep, G::Rules::default())
}

fn run_suite_with<G: Game>(data: &str, deep: bool, rules: G::Rules) -> usize {
    let cases = read_perft_suite::<G>(data, rules);
    run_perft_suite(&cases, |_, count| (count > FAST_LIMIT) == deep, |p, depth| perft_parallel(p, depth, 2))
}

#[test]
fn russian_perft() {
    assert!(run_suite::<Russian>(include_str!("data/russian.perft"), false) >= 28);
}

#[test]
#[ignore = "deep perft: minutes"]
fn russian_perft_deep() {
    assert!(run_suite::<Russian>(include_str!("data/russian.perft"), true) >= 4);
}

#[test]
fn english_perft() {
    assert!(run_suite::<English>(include_str!("data/english.perft"), false) >= 9);
}

#[test]
#[ignore = "deep perft: minutes"]
fn english_perft_deep() {
    assert!(run_suite::<English>(include_str!("data/english.perft"), true) >= 3);
}

#[test]
fn spanish_perft() {
    assert!(run_suite::<Spanish>(include_str!("data/spanish.perft"), false) >= 9);
}

#[test]
#[ignore = "deep perft: minutes"]
fn spanish_perft_deep() {
    assert!(run_suite::<Spanish>(include_str!("data/spanish.perft"), true) >= 3);
}

#[test]
fn zisnella_perft() {
    assert!(run_suite::<Zisnella>(include_str!("data/zisnella.perft"), false) >= 9);
    let backward = ZisnellaRules::default().with_options(["men_capture_backward=true"]).unwrap();
    assert!(run_suite_with::<Zisnella>(include_str!("data/zisnella_backward.perft"), false, backward) >= 9);
}

#[test]
#[ignore = "deep perft: minutes"]
fn zisnella_perft_deep() {
    assert!(run_suite::<Zisnella>(include_str!("data/zisnella.perft"), true) >= 2);
}
