//! Perft suites as data files: `tests/data/<game>.perft`. Fast depths run in
//! `cargo test`; deep ones are `#[ignore]`d (run with `--ignored`), and the
//! deepest, from the start positions, run through hashed perft.

use damero_core::testkit::{read_perft_suite, run_perft_suite};
use damero_core::{Game, RuleSet};
use damero_draughts::{English, Russian, Spanish, Zisnella, ZisnellaRules};
use damero_search::{PerftTable, perft_hashed, perft_parallel};

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

/// Counts from the start position far beyond plain perft's reach, through
/// hashed perft (two threads sharing a 1 GiB table): Russian 14-16 are the
/// published drop-duplicates figures; English 13 is published (dctl's
/// tests), 14 and 15 are damero's own (no drop-duplicates figure is
/// published that we know of; Aart Bik's 7,978,439,499 and 36,263,167,175
/// keep duplicate captures).
#[test]
#[ignore = "deep hashed perft: a few CPU-minutes and 1 GiB"]
fn hashed_perft_from_the_start_deep() {
    let table = PerftTable::new(1024);
    let russian = Russian::start(Default::default());
    for (depth, count) in [(14, 13_124_294_848), (15, 64_710_633_296), (16, 321_172_593_712)] {
        assert_eq!(perft_hashed(&russian, depth, &table, 2), count, "russian perft({depth})");
    }
    let table = PerftTable::new(1024);
    let english = English::start(Default::default());
    for (depth, count) in [(13, 1_766_564_893), (14, 7_977_983_495), (15, 36_260_041_896)] {
        assert_eq!(perft_hashed(&english, depth, &table, 2), count, "english perft({depth})");
    }
}
