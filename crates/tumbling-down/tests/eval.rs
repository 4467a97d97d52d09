//! The evaluator: king safety counts, symmetry, bounds.

mod common;

use common::{random_game_position, rng, scattered, setup};
use damero_core::{Color, Evaluator, Game};
use damero_eval::{TumblingDownEvaluator, king_threats, mobility};
use damero_tumbling_down::{TumblingDown, TumblingDownRules};

const MAX: i32 = <TumblingDownEvaluator as Evaluator<TumblingDown>>::MAX_EVAL;

#[test]
fn king_threats_count_stacks_that_can_reach_a_king() {
    let rules = TumblingDownRules::default();
    // Black's king d4 [bbb]. e5 (1 away) always reaches; g7 (3 away) only when 3 high.
    let short = setup(&[("d4", "bbb"), ("e5", "w"), ("g7", "ww"), ("h1", "ww")], "b", rules);
    assert_eq!(king_threats(&short, Color::Black), 1);
    let tall = setup(&[("d4", "bbb"), ("e5", "w"), ("g7", "www"), ("h1", "ww")], "b", rules);
    assert_eq!(king_threats(&tall, Color::Black), 2);
    // A black-topped stack is no threat to Black; off-line stacks never are.
    let none = setup(&[("d4", "bbb"), ("e5", "wb"), ("f7", "wwwww"), ("h1", "ww")], "b", rules);
    assert_eq!(king_threats(&none, Color::Black), 0);
    // e5: 8 moves; g7 [ww]: 8 single-piece moves and 8 tumbles; h1 [ww] in the corner: 3 + 3.
    assert_eq!(mobility(&short, Color::White), 8 + 2 * 8 + 2 * 3);
}

#[test]
fn evaluation_is_zero_on_the_symmetric_start_and_sees_threats() {
    let eval = TumblingDownEvaluator::default();
    assert_eq!(eval.evaluate(&TumblingDown::start(TumblingDownRules::default())), 0);
    let rules = TumblingDownRules::default();
    let safe = setup(&[("d4", "bbb"), ("h8", "www"), ("a8", "w")], "b", rules);
    let threatened = setup(&[("d4", "bbb"), ("h8", "www"), ("e5", "w")], "b", rules);
    assert!(eval.evaluate(&threatened) < eval.evaluate(&safe));
    // A taller king is better for its owner, from either side's point of view.
    let taller = setup(&[("d4", "bbbb"), ("h8", "www")], "b", rules);
    let level = setup(&[("d4", "bbb"), ("h8", "www")], "b", rules);
    assert!(eval.evaluate(&taller) > eval.evaluate(&level));
    let taller_w = setup(&[("d4", "bbbb"), ("h8", "www")], "w", rules);
    assert!(eval.evaluate(&taller_w) < 0);
}

#[test]
fn decided_games_score_the_maximum_and_others_stay_inside() {
    let eval = TumblingDownEvaluator::default();
    let mut won = setup(&[("g8", "b"), ("h8", "w"), ("a1", "b")], "b", TumblingDownRules::default());
    won.try_play("g8-h8").unwrap();
    assert_eq!(won.winner(), Some(Color::Black));
    assert_eq!(eval.evaluate(&won), -MAX, "White to move has lost");
    let mut r = rng(3);
    for i in 0..300 {
        let p = if i % 2 == 0 {
            random_game_position(&mut r, TumblingDownRules::default(), i / 2)
        } else {
            scattered(&mut r, 1 + i % 25, 29, TumblingDownRules::boardspace())
        };
        let v = eval.evaluate(&p);
        assert!(v.abs() < MAX || p.winner().is_some(), "{v} at {}", p.fen());
        assert!(v.abs() <= MAX);
    }
}
