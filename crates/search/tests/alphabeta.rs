//! Alpha-beta against a plain negamax, proven results and draws.

mod common;

use common::equality::check_equal;
use common::random_positions;
use common::reference::{REPETITION_DRAWS, negamax};
use common::skirmish::{Skirmish, SkirmishEval, SkirmishRules};
use common::tictactoe::{TicTacToe, TicTacToeEval};
use damero_core::{Color, Game, GameRecord};
use damero_search::{AlphaBeta, AlphaBetaConfig, Limits, MAX_PLY, Score};

fn skirmish_positions(compulsory: bool, seed: u64) -> Vec<(Skirmish, Vec<u64>)> {
    let start = Skirmish::start(SkirmishRules { compulsory });
    let mut positions = vec![(start, Vec::new())];
    positions.extend(random_positions(start, 10, 12, seed));
    positions
}

#[test]
fn every_exact_configuration_equals_negamax_on_skirmish() {
    let before = REPETITION_DRAWS.with(|c| c.get());
    for compulsory in [false, true] {
        let positions = skirmish_positions(compulsory, 11 + u64::from(compulsory));
        for depth in [1, 3, 5] {
            check_equal(&positions, depth, true, SkirmishEval);
        }
        check_equal(&positions, 4, false, SkirmishEval);
    }
    // The positions did exercise draws by repetition inside the search.
    assert!(REPETITION_DRAWS.with(|c| c.get()) > before);
}

#[test]
fn every_exact_configuration_equals_negamax_on_tictactoe() {
    let start = TicTacToe::start(Default::default());
    let mut positions = vec![(start, Vec::new())];
    positions.extend(random_positions(start, 8, 4, 5));
    for depth in [2, 4, 6] {
        check_equal(&positions, depth, true, TicTacToeEval);
    }
}

#[test]
fn reductions_and_deeper_cutoffs_are_not_exact_but_legal() {
    let config = AlphaBetaConfig::default();
    assert!(!config.is_exact());
    for (position, history) in skirmish_positions(false, 3) {
        let mut search = AlphaBeta::new(config.clone(), SkirmishEval);
        let result = search.search(&position, &history, &Limits::depth(6), |_| {});
        let mut moves = damero_core::MoveList::new();
        position.legal_moves(&mut moves);
        assert!(moves.contains(&result.best_move.unwrap()));
    }
}

#[test]
fn tictactoe_start_is_a_draw_and_a_fork_wins_in_three() {
    let start = TicTacToe::start(Default::default());
    let mut search = AlphaBeta::new(AlphaBetaConfig::default(), TicTacToeEval);
    assert_eq!(search.search(&start, &[], &Limits::depth(9), |_| {}).score, Score::DRAW);
    // A corner opening answered in the centre, then the opposite corner.
    let p = TicTacToe::from_fen("x...o...x b", Default::default()).unwrap();
    let expected = negamax(&p, &[], 9, true, &TicTacToeEval);
    assert_eq!(search.search(&p, &[], &Limits::depth(9), |_| {}).score, Score(expected));
    // X: 0 and 2 taken, O: 3 and 4; X to move wins at once with 1.
    let p = TicTacToe::from_fen("x.xoo.... w", Default::default()).unwrap();
    let r = search.search(&p, &[], &Limits::depth(5), |_| {});
    assert_eq!(r.score, Score::win_in(1));
    assert_eq!(r.best_move, Some(1));
    // X holds 0 and 4, O holds 1 and 8; X to move plays 6, threatening 3
    // (0-3-6) and 2 (2-4-6): a win in 3 plies.
    let p = TicTacToe::from_fen("xo..x...o w", Default::default()).unwrap();
    let r = search.search(&p, &[], &Limits::depth(7), |_| {});
    assert_eq!(r.score, Score::win_in(3), "{:?}", r);
}

#[test]
fn win_in_n_found_at_the_right_distance_with_extra_turns() {
    let rules = SkirmishRules::default();
    // White a4 steps to a5: a win in one ply.
    let p = Skirmish::from_squares(&["a4"], &["d2"], Color::White, rules);
    let r =
        AlphaBeta::new(AlphaBetaConfig::default(), SkirmishEval).search(&p, &[], &Limits::depth(4), |_| {});
    assert_eq!(r.score, Score::win_in(1));
    // White a3: a3-a4, Black d3-d2 or similar, a4-a5: a win in 3 plies;
    // Black's d3 needs two steps to reach rank 1.
    let p = Skirmish::from_squares(&["a3"], &["d3"], Color::White, rules);
    let r =
        AlphaBeta::new(AlphaBetaConfig::default(), SkirmishEval).search(&p, &[], &Limits::depth(6), |_| {});
    assert_eq!(r.score, Score::win_in(3));
    assert_eq!(r.score, Score(negamax(&p, &[], 6, true, &SkirmishEval)));
    // Black to move loses in 4 plies: whatever it does, White wins on ply 4.
    let p = Skirmish::from_squares(&["a3"], &["d4"], Color::Black, rules);
    let r =
        AlphaBeta::new(AlphaBetaConfig::default(), SkirmishEval).search(&p, &[], &Limits::depth(8), |_| {});
    assert_eq!(r.score, Score::loss_in(4), "{:?}", r.pv);
    // A capture keeps the turn: White c3xc4 then c4-c5 wins in 2 plies, both
    // White's; the engine must not negate the extra-turn child.
    let p = Skirmish::from_squares(&["c3"], &["c4", "a5"], Color::White, rules);
    for config in [AlphaBetaConfig::default(), AlphaBetaConfig::exact()] {
        let r = AlphaBeta::new(config, SkirmishEval).search(&p, &[], &Limits::depth(6), |_| {});
        assert_eq!(r.score, Score::win_in(2), "{:?}", r.pv);
    }
}

#[test]
fn draw_by_repetition_is_recognised_in_search() {
    // White (one piece) against three Black pieces is lost on material; a
    // position seen twice before is a third-occurrence draw, so White heads
    // for it.
    let rules = SkirmishRules::default();
    let x = Skirmish::from_squares(&["a1"], &["b4", "c4", "d4"], Color::Black, rules);
    let mut root = Skirmish::from_squares(&["a2"], &["b4", "c4", "d4"], Color::White, rules);
    root.quiet = 10; // the last capture is old enough for the positions to repeat
    let history = vec![x.zobrist(), 1, x.zobrist(), 2];
    let mut search = AlphaBeta::new(AlphaBetaConfig::default(), SkirmishEval);
    let r = search.search(&root, &history, &Limits::depth(1), |_| {});
    assert_eq!(r.score, Score::DRAW);
    assert_eq!(root.format_move(r.best_move.unwrap()), "a2-a1");
    // Without that history the same move is just a bad move.
    let r = search.search(&root, &[], &Limits::depth(1), |_| {});
    assert!(r.score.0 < -150, "{}", r.score);

    // The first repetition inside the search path is a draw: from a game
    // record where Black may shuffle back, the searcher's value agrees with
    // negamax (which treats it the same way).
    let mut record = GameRecord::new(root);
    record.try_play("a2-a1").unwrap();
    record.try_play("b4-b3").unwrap();
    let mut history: Vec<u64> = record.hashes().collect();
    history.pop();
    let expected = negamax(record.position(), &history, 4, true, &SkirmishEval);
    let r = search.search_record(&record, &Limits::depth(4), |_| {});
    assert_eq!(r.score, Score(expected));
}

#[test]
fn node_limit_is_deterministic_and_respected() {
    let start = Skirmish::start(SkirmishRules::default());
    let run = || {
        let mut search = AlphaBeta::new(AlphaBetaConfig::default(), SkirmishEval);
        search.search(&start, &[], &Limits::nodes(20_000), |_| {})
    };
    let (a, b) = (run(), run());
    assert_eq!(
        (a.best_move, a.score, &a.pv, a.depth, a.nodes),
        (b.best_move, b.score, &b.pv, b.depth, b.nodes)
    );
    assert_eq!(a.nodes, 20_000, "a single thread stops on the exact count");
    assert!(a.depth >= 3);
}

#[test]
fn info_lines_come_once_per_depth_and_print_the_pv() {
    let start = Skirmish::start(SkirmishRules::default());
    let mut lines = Vec::new();
    let r = AlphaBeta::new(AlphaBetaConfig::default(), SkirmishEval).search(
        &start,
        &[],
        &Limits::depth(5),
        |info| lines.push(info.line(&start)),
    );
    assert_eq!(lines.len(), 5);
    assert!(lines[4].starts_with("info depth=5 "), "{}", lines[4]);
    assert!(lines[4].contains(&format!("score={}", r.score)));
    let first = start.format_move(r.best_move.unwrap());
    assert!(lines[4].contains(&format!("pv={first}")), "{} vs {first}", lines[4]);
}

/// Runs `search` on its own thread and waits for it: a limit the search
/// ignored fails the test instead of hanging it. The minute is only there to
/// catch a search that never ends, far from what any load makes of a 100 ms
/// search.
fn ends<T: Send + 'static>(search: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || send.send(search()));
    receive.recv_timeout(std::time::Duration::from_secs(60)).expect("the search did not end (or panicked)")
}

#[test]
fn stop_flag_and_time_limit_end_the_search() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;
    let start = Skirmish::start(SkirmishRules::default());
    // Unlimited, Skirmish runs on to the last depth (MAX_PLY - 1, far out of
    // reach): a result below it was ended by the limit under test.
    let cut_short = MAX_PLY as u32 - 2;

    let stop = Arc::new(AtomicBool::new(true));
    let r = ends(move || {
        AlphaBeta::new(AlphaBetaConfig::default(), SkirmishEval).search(
            &start,
            &[],
            &Limits::default().with_stop(stop),
            |_| {},
        )
    });
    assert!(r.best_move.is_some(), "a move even when stopped at once");
    assert_eq!(r.depth, 0, "raised before the search: not even depth 1 completes");
    assert!(r.nodes < 1024, "raised before the search, yet {} nodes", r.nodes);

    let stop = Arc::new(AtomicBool::new(false));
    let raise = Arc::clone(&stop);
    let r = ends(move || {
        let search =
            std::thread::spawn(move || {
                AlphaBeta::new(AlphaBetaConfig { threads: 2, ..AlphaBetaConfig::default() }, SkirmishEval)
                    .search(&start, &[], &Limits::default().with_stop(stop), |_| {})
            });
        std::thread::sleep(Duration::from_millis(50));
        raise.store(true, Ordering::Relaxed);
        search.join().expect("search thread")
    });
    assert!(r.best_move.is_some());
    assert!(r.depth <= cut_short, "the flag raised during the search did not end it (depth {})", r.depth);

    let r = ends(move || {
        AlphaBeta::new(AlphaBetaConfig { threads: 2, ..AlphaBetaConfig::default() }, SkirmishEval).search(
            &start,
            &[],
            &Limits::movetime(Duration::from_millis(100)),
            |_| {},
        )
    });
    assert!(r.best_move.is_some());
    assert!(r.depth <= cut_short, "the time limit did not end the search (depth {})", r.depth);
}

#[test]
fn no_legal_move_gives_no_move_and_the_result() {
    let p = Skirmish::from_squares(&["a5"], &["d2"], Color::Black, SkirmishRules::default());
    let r =
        AlphaBeta::new(AlphaBetaConfig::default(), SkirmishEval).search(&p, &[], &Limits::depth(3), |_| {});
    assert_eq!(r.best_move, None);
    assert_eq!(r.score, Score::loss_in(0));
}

#[test]
fn test_games_conform() {
    let r = damero_core::testkit::check_conformance::<Skirmish>(SkirmishRules::default(), 50, 200, 1);
    assert!(r.finished_games > 10);
    let r =
        damero_core::testkit::check_conformance::<Skirmish>(SkirmishRules { compulsory: true }, 50, 200, 2);
    assert!(r.finished_games > 10);
    let r = damero_core::testkit::check_conformance::<TicTacToe>(Default::default(), 50, 20, 3);
    assert_eq!(r.finished_games, 50);
}

/// Contempt makes every draw worth `contempt` less than 0 to the side to
/// move at the root: the drawn start of tic-tac-toe scores `-contempt` for
/// either side, a lost side still heads for a repetition draw, and the
/// option makes the search inexact.
#[test]
fn contempt_lowers_draws_for_the_root_side() {
    for contempt in [0, 15, 40] {
        let config = AlphaBetaConfig { contempt, ..AlphaBetaConfig::default() };
        assert_eq!(AlphaBetaConfig { contempt, ..AlphaBetaConfig::exact() }.is_exact(), contempt == 0);
        let start = TicTacToe::start(Default::default());
        let mut search = AlphaBeta::new(config.clone(), TicTacToeEval);
        assert_eq!(search.search(&start, &[], &Limits::depth(9), |_| {}).score, Score(-contempt));
        // O to move after X's corner: still a draw, so still -contempt for O.
        let p = TicTacToe::from_fen("x........ b", Default::default()).unwrap();
        let mut search = AlphaBeta::new(config.clone(), TicTacToeEval);
        assert_eq!(search.search(&p, &[], &Limits::depth(9), |_| {}).score, Score(-contempt));

        let rules = SkirmishRules::default();
        let x = Skirmish::from_squares(&["a1"], &["b4", "c4", "d4"], Color::Black, rules);
        let mut root = Skirmish::from_squares(&["a2"], &["b4", "c4", "d4"], Color::White, rules);
        root.quiet = 10;
        let history = vec![x.zobrist(), 1, x.zobrist(), 2];
        let r = AlphaBeta::new(config, SkirmishEval).search(&root, &history, &Limits::depth(1), |_| {});
        assert_eq!(r.score, Score(-contempt));
        assert_eq!(root.format_move(r.best_move.unwrap()), "a2-a1");
    }
}
