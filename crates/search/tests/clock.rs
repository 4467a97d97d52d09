//! Clock time control through engines and specs, and the limits that
//! protect a search (threads, table sizes, MCTS depth).

use std::time::Duration;

use damero_core::{Game, GameRecord};
use damero_draughts::Russian;
use damero_engine::{
    Engine, EngineSpec, MatchConfig, SpecError, SpecLimits, TimeControl, max_threads, run_match,
};
use damero_eval::DraughtsEvaluator;
use damero_search::{Clock, Limits, max_table_mib};

fn russian(moves: &str) -> GameRecord<Russian> {
    let mut record = GameRecord::new(Russian::start(Default::default()));
    for m in moves.split_whitespace() {
        record.try_play(m).unwrap();
    }
    record
}

#[test]
fn time_controls_parse_and_display() {
    let spec: EngineSpec = "alphabeta:tc=60+1".parse().unwrap();
    assert_eq!(spec.to_string(), "alphabeta:tc=60+1");
    let clock = spec.limits().clock.expect("a clock");
    assert_eq!(
        clock,
        Clock { remaining: Duration::from_secs(60), increment: Duration::from_secs(1), moves_to_go: None }
    );
    assert_eq!(spec.limits().hard_time, None, "a clock, not one second a move");
    let spec: EngineSpec = "mcts:tc=0.5+0.05".parse().unwrap();
    assert_eq!(spec.to_string(), "mcts:tc=0.5+0.05");
    assert_eq!(
        "10".parse::<TimeControl>(),
        Ok(TimeControl { base: Duration::from_secs(10), increment: Duration::ZERO })
    );
    for bad in
        ["alphabeta:tc=", "alphabeta:tc=0+1", "alphabeta:tc=-1+0", "alphabeta:tc=60+x", "alphabeta:tc=inf"]
    {
        assert!(matches!(bad.parse::<EngineSpec>(), Err(SpecError::InvalidValue { .. })), "{bad}");
    }
}

#[test]
fn mcts_takes_no_depth() {
    assert!(matches!("mcts:depth=1".parse::<EngineSpec>(), Err(SpecError::UnknownKey { .. })));
    let spec: EngineSpec = "mcts".parse().unwrap();
    let limits = SpecLimits { depth: Some(1), ..SpecLimits::default() };
    assert_eq!(spec.clone().with_limits(limits), Err(SpecError::DepthForMcts));
    assert!(spec.with_limits(SpecLimits { nodes: Some(10), ..SpecLimits::default() }).is_ok());
}

#[test]
fn tables_are_capped_by_the_machine() {
    let max = max_table_mib();
    for key in ["alphabeta:hash", "mcts:memory"] {
        for mib in [(max as u64) + 1, u64::MAX] {
            let text = format!("{key}={mib}");
            let error = text.parse::<EngineSpec>().unwrap_err();
            assert!(
                matches!(error, SpecError::TooMuchMemory { mib: m, .. } if m == mib),
                "{text}: {error:?}"
            );
            assert!(error.to_string().contains("more than this machine allows"), "{error}");
        }
    }
    assert!(format!("alphabeta:hash={max}").parse::<EngineSpec>().is_ok());
}

#[test]
fn threads_are_capped_by_the_machine() {
    let spec: EngineSpec = "alphabeta:threads=1000,depth=2".parse().unwrap();
    let engine = Engine::<Russian, _>::new(&spec, DraughtsEvaluator::default());
    assert_eq!(engine.threads(), 1000.min(max_threads()));
    let spec: EngineSpec = "mcts:threads=1000,playouts=10".parse().unwrap();
    assert_eq!(
        Engine::<Russian, _>::new(&spec, DraughtsEvaluator::default()).threads(),
        1000.min(max_threads())
    );
}

#[test]
fn the_clock_runs_down_and_resets_each_game() {
    let spec: EngineSpec = "alphabeta:tc=20+0.5,hash=1".parse().unwrap();
    let mut engine = Engine::new(&spec, DraughtsEvaluator::default());
    let start = engine.clock().unwrap();
    let record = russian("");
    assert!(engine.think(&record, |_| {}).best_move.is_some());
    let after = engine.clock().unwrap();
    assert!(after.remaining < start.remaining + start.increment, "{after:?}");
    assert!(after.remaining > Duration::from_secs(10), "a twentieth-odd of the clock at most: {after:?}");
    assert!(!engine.flagged());
    engine.new_game();
    assert_eq!(engine.clock(), Some(start));
}

#[test]
fn one_legal_move_on_a_clock_is_played_without_a_search() {
    // After c3-d4 f6-e5 White must take: d4:f6.
    let record = russian("c3-d4 f6-e5");
    let mut engine = Engine::new(&"alphabeta:hash=1".parse().unwrap(), DraughtsEvaluator::default());
    let clock = Clock { remaining: Duration::from_secs(60), increment: Duration::ZERO, moves_to_go: None };
    let result = engine.think_with(&record, &Limits::clock(clock), |_| panic!("no search expected"));
    assert_eq!(result.nodes, 0);
    assert_eq!(record.position().format_move(result.best_move.unwrap()), "d4:f6");
}

#[test]
fn a_match_on_a_short_clock_is_never_lost_on_time() {
    let start = Russian::start(Default::default());
    let fast: EngineSpec = "alphabeta:tc=1+0.02,hash=1".parse().unwrap();
    let slow: EngineSpec = "mcts:tc=1+0.02,memory=16".parse().unwrap();
    let config =
        MatchConfig { games: 2, opening_plies: 2, max_plies: 60, seed: 5, threads: 1, first_pair: 0 };
    let evaluator = DraughtsEvaluator::default();
    // A loss on time would end a game before its natural end: every game
    // reaches the ply cap or an outcome the position gives.
    let tally = run_match(&start, &fast, &slow, &evaluator, &evaluator, &config, |game, _| {
        assert!(game.capped || game.record.outcome().is_some(), "a game ended early: {:?}", game.outcome);
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(tally.played, 2);
}
