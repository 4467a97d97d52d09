//! MCTS: reproducibility, the solver, tree reuse and threads.

mod common;

use common::skirmish::{Skirmish, SkirmishEval, SkirmishRules};
use common::tictactoe::{TicTacToe, TicTacToeEval};
use damero_core::{Color, Game, GameRecord};
use damero_search::{Limits, Mcts, MctsConfig, Rollout, Score};

#[test]
fn same_seed_and_playouts_give_the_same_move_and_statistics() {
    let start = Skirmish::start(SkirmishRules::default());
    for threads in [1, 2] {
        let run = |seed| {
            let mut mcts = Mcts::new(MctsConfig { seed, threads, ..MctsConfig::default() }, SkirmishEval);
            let r = mcts.search(&start, &[], &Limits::nodes(5000), |_| {});
            (r.best_move, r.score, r.pv, r.nodes)
        };
        let a = run(1);
        assert_eq!(a, run(1), "threads {threads}");
        assert_eq!(a.3, 5000);
        // Another seed explores differently (the statistics differ).
        let others: Vec<_> = (2..6).map(run).collect();
        assert!(others.iter().any(|o| o.1 != a.1 || o.2 != a.2), "threads {threads}");
    }
}

#[test]
fn solver_proves_a_short_forced_win() {
    let rules = SkirmishRules::default();
    // White a3 against Black d3: a3-a4 and a4-a5 win in 3 plies (Black needs
    // two moves to reach rank 1).
    let p = Skirmish::from_squares(&["a3"], &["d3"], Color::White, rules);
    let mut mcts = Mcts::new(MctsConfig::default(), SkirmishEval);
    let r = mcts.search(&p, &[], &Limits::nodes(200_000), |_| {});
    assert_eq!(r.score, Score::win_in(3));
    assert_eq!(p.format_move(r.best_move.unwrap()), "a3-a4");
    assert!(r.nodes < 200_000, "the search stops once the root is proven ({})", r.nodes);
    // The loser sees the proven loss and its length.
    let p = Skirmish::from_squares(&["a3"], &["d4"], Color::Black, rules);
    let r = mcts.search(&p, &[], &Limits::nodes(200_000), |_| {});
    assert_eq!(r.score, Score::loss_in(4));
    // A capture with an extra turn: c3xc4 then c4-c5, 2 plies both White's.
    let p = Skirmish::from_squares(&["c3"], &["c4", "a5"], Color::White, rules);
    let r = Mcts::new(MctsConfig::default(), SkirmishEval).search(&p, &[], &Limits::nodes(100_000), |_| {});
    assert_eq!(r.score, Score::win_in(2));
    // Tic-tac-toe: a win in 3 plies by a fork, and the start proven a draw.
    let p = TicTacToe::from_fen("xo..x...o w", Default::default()).unwrap();
    let r = Mcts::new(MctsConfig::default(), TicTacToeEval).search(&p, &[], &Limits::nodes(100_000), |_| {});
    assert_eq!(r.score, Score::win_in(3));
    assert!(matches!(r.best_move, Some(3 | 6)), "{:?}", r.best_move); // both fork
    // A drawn ending (three cells left, every line blocked in time) is
    // proven a draw.
    let p = TicTacToe::from_fen("ox.xoo..x w", Default::default()).unwrap();
    assert_eq!(common::reference::negamax(&p, &[], 9, true, &TicTacToeEval), 0);
    let r = Mcts::new(MctsConfig::default(), TicTacToeEval).search(&p, &[], &Limits::nodes(100_000), |_| {});
    assert_eq!(r.score, Score::DRAW, "after {} playouts", r.nodes);
    assert!(r.nodes < 100_000);
}

#[test]
fn tree_is_reused_after_two_plies() {
    let start = Skirmish::start(SkirmishRules::default());
    let mut mcts = Mcts::new(MctsConfig::default(), SkirmishEval);
    let mut record = GameRecord::new(start);
    let r = mcts.search_record(&record, &Limits::nodes(20_000), |_| {});
    let first_tree = mcts.tree_size();
    record.play(r.best_move.unwrap());
    let reply = r.pv.get(1).copied().unwrap();
    record.play(reply);
    // Before searching, the subtree below the two moves is kept.
    let r2 = mcts.search_record(&record, &Limits::nodes(1), |_| {});
    assert!(mcts.tree_size() > 1 && mcts.tree_size() < first_tree, "{} of {first_tree}", mcts.tree_size());
    assert!(r2.best_move.is_some());
    // An unrelated position starts a new tree.
    let other = Skirmish::from_squares(&["a1"], &["d5"], Color::White, SkirmishRules::default());
    mcts.search(&other, &[], &Limits::nodes(1), |_| {});
    assert!(mcts.tree_size() <= 4, "{}", mcts.tree_size());
}

#[test]
fn memory_and_time_limits_stop_the_search() {
    let start = Skirmish::start(SkirmishRules::default());
    let mut mcts = Mcts::new(MctsConfig { memory_mib: 1, ..MctsConfig::default() }, SkirmishEval);
    let r = mcts.search(&start, &[], &Limits::default(), |_| {});
    assert!(r.best_move.is_some());
    // Nodes take more than 16 bytes: the tree stayed within 1 MiB.
    assert!(mcts.tree_size() <= (1 << 20) / 16, "{}", mcts.tree_size());
    let t = std::time::Instant::now();
    let mut mcts = Mcts::new(MctsConfig { threads: 2, ..MctsConfig::default() }, SkirmishEval);
    let r = mcts.search(&start, &[], &Limits::movetime(std::time::Duration::from_millis(100)), |_| {});
    assert!(t.elapsed() < std::time::Duration::from_millis(400));
    assert!(r.nodes > 100);
}

#[test]
fn evaluator_rollouts_and_info_lines() {
    let start = Skirmish::start(SkirmishRules::default());
    let config = MctsConfig { rollout: Rollout::Evaluator { plies: 4 }, ..MctsConfig::default() };
    let mut lines = Vec::new();
    let r = Mcts::new(config, SkirmishEval)
        .search(&start, &[], &Limits::nodes(5000), |i| lines.push(i.line(&start)));
    // 1024, 2048, 4096 and the final report.
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[3].contains("nodes=5000"), "{}", lines[3]);
    assert!(r.best_move.is_some());
}

#[test]
fn repetition_draw_is_recognised_in_the_tree() {
    // As in the alpha-beta test: one White piece against three is lost, but
    // a2-a1 repeats a position for the third time, a draw the solver proves.
    let rules = SkirmishRules::default();
    let x = Skirmish::from_squares(&["a1"], &["b4", "c4", "d4"], Color::Black, rules);
    let mut root = Skirmish::from_squares(&["a2"], &["b4", "c4", "d4"], Color::White, rules);
    root.quiet = 10;
    let history = vec![x.zobrist(), 1, x.zobrist(), 2];
    let mut mcts = Mcts::new(MctsConfig { seed: 2, ..MctsConfig::default() }, SkirmishEval);
    let r = mcts.search(&root, &history, &Limits::nodes(20_000), |_| {});
    assert_eq!(root.format_move(r.best_move.unwrap()), "a2-a1");
    // Without the history the same move is nothing special.
    let r = Mcts::new(MctsConfig { seed: 2, ..MctsConfig::default() }, SkirmishEval).search(
        &root,
        &[],
        &Limits::nodes(20_000),
        |_| {},
    );
    assert!(r.score.0 < 0, "{}", r.score);
}
