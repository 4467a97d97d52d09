//! The generic search plays Tumbling Down with no special case: it finds a
//! king capture in one and avoids covering its own king.

mod common;

use common::setup;
use damero_core::{Game, GameRecord};
use damero_engine::{Engine, EngineSpec};
use damero_eval::TumblingDownEvaluator;
use damero_search::{AlphaBeta, AlphaBetaConfig, Limits};
use damero_tumbling_down::TumblingDownRules;

#[test]
fn alpha_beta_and_mcts_find_the_king_capture() {
    // Black to move: g8-h8 covers White's king [ww] (White's other stacks are lower).
    let p = setup(
        &[("g8", "b"), ("h8", "ww"), ("b2", "w"), ("a1", "bb"), ("d4", "wb")],
        "b",
        TumblingDownRules::default(),
    );
    let mut search = AlphaBeta::new(AlphaBetaConfig::default(), TumblingDownEvaluator::default());
    let result = search.search(&p, &[], &Limits::depth(3), |_| {});
    assert_eq!(p.format_move(result.best_move.unwrap()), "g8-h8");

    let spec: EngineSpec = "mcts:playouts=3000,seed=1".parse().unwrap();
    let mut engine = Engine::new(&spec, TumblingDownEvaluator::default());
    let result = engine.think(&GameRecord::new(p), |_| {});
    assert_eq!(p.format_move(result.best_move.unwrap()), "g8-h8");
}

#[test]
fn alpha_beta_searches_the_start_position() {
    let start = damero_tumbling_down::TumblingDown::start(TumblingDownRules::default());
    let mut search = AlphaBeta::new(AlphaBetaConfig::default(), TumblingDownEvaluator::default());
    let result = search.search(&start, &[], &Limits::depth(3), |_| {});
    assert_eq!(result.depth, 3);
    assert!(start.parse_move(&start.format_move(result.best_move.unwrap())).is_ok());
}
