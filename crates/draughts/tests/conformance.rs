//! The core conformance suite (random games checking the `Game` contract) for
//! all four rule sets, and for positions with many kings.

use damero_core::testkit::{check_conformance, check_games_from};
use damero_core::{Game, RuleSet};
use damero_draughts::{English, Russian, RussianRules, Spanish, Zisnella, ZisnellaRules};

fn assert_explored(report: damero_core::testkit::ConformanceReport, games: u64) {
    assert!(report.moves > games * 20, "too few moves played: {report:?}");
    assert!(report.finished_games > 0, "no game reached its end: {report:?}");
}

#[test]
fn russian_conformance() {
    assert_explored(check_conformance::<Russian>(RussianRules::default(), 60, 300, 1), 60);
    let olsen = RussianRules::default().with_options(["draws=olsen"]).unwrap();
    assert_explored(check_conformance::<Russian>(olsen, 20, 300, 2), 20);
}

#[test]
fn zisnella_conformance() {
    assert_explored(check_conformance::<Zisnella>(ZisnellaRules::default(), 60, 300, 3), 60);
    let backward = ZisnellaRules { men_capture_backward: true };
    assert_explored(check_conformance::<Zisnella>(backward, 30, 300, 4), 30);
}

#[test]
fn spanish_conformance() {
    assert_explored(check_conformance::<Spanish>(Default::default(), 60, 300, 5), 60);
}

#[test]
fn english_conformance() {
    assert_explored(check_conformance::<English>(Default::default(), 60, 300, 6), 60);
}

#[test]
fn king_endgames_conformance() {
    let russian =
        Russian::from_fen("W:WKa1,Kc1,e3,g3,b4:BKh8,Kf8,d6,b6,a7", RussianRules::default()).unwrap();
    check_games_from(russian, 30, 200, 7);
    let spanish = Spanish::from_fen("W:WKb1,Kd1,f3,h3:BKa8,Kc8,e6,c6", Default::default()).unwrap();
    check_games_from(spanish, 30, 200, 8);
    let english = English::from_fen("W:WK29,K30,21,22:BK1,K2,9,10", Default::default()).unwrap();
    check_games_from(english, 30, 200, 9);
    let zisnella = Zisnella::from_fen("B:WKb1,Kd1,f3,h3:BKa8,Kc8,e6,c6", Default::default()).unwrap();
    check_games_from(zisnella, 30, 200, 10);
}
