//! The search on the real games: equality with negamax on positions of each
//! game, proven results, and playing levels in order.

mod common;

use common::equality::check_equal;
use common::random_positions;
use damero_core::{Evaluator, Game};
use damero_draughts::{English, EnglishRules, Russian, RussianRules};
use damero_engine::{LevelClock, MatchConfig, level_spec_with, run_match};
use damero_eval::DraughtsEvaluator;
use damero_search::{AlphaBeta, AlphaBetaConfig, Limits, Score};

fn positions<G: Game>(start: G, count: usize, plies: usize, seed: u64) -> Vec<(G, Vec<u64>)> {
    let mut out = vec![(start, Vec::new())];
    out.extend(random_positions(start, count, plies, seed));
    out
}

/// Equality at `depth` with quiescence and at `plain_depth` without.
fn equal_on<G: Game, E: Evaluator<G>>(start: G, depth: u32, plain_depth: u32, plies: usize, eval: E) {
    let positions = positions(start, 5, plies, 99);
    check_equal(&positions, depth, true, eval.clone());
    check_equal(&positions, plain_depth, false, eval);
}

#[test]
fn exact_search_equals_negamax_on_russian() {
    equal_on(Russian::start(RussianRules::default()), 6, 5, 30, DraughtsEvaluator::default());
}

#[test]
fn exact_search_equals_negamax_on_english() {
    equal_on(English::start(EnglishRules), 6, 5, 30, DraughtsEvaluator::default());
}

#[test]
fn exact_search_equals_negamax_on_eliminar() {
    let start = damero_eliminar::Eliminar::start(Default::default());
    equal_on(start, 4, 3, 10, damero_eval::EliminarEvaluator);
}

#[test]
fn exact_search_equals_negamax_on_tumbling_down() {
    let start = damero_tumbling_down::TumblingDown::start(Default::default());
    equal_on(start, 2, 2, 12, damero_eval::TumblingDownEvaluator::default());
}

#[test]
fn exact_search_equals_negamax_on_cross() {
    let start = damero_cross::Cross::start(Default::default());
    equal_on(start, 2, 2, 12, damero_eval::CrossEvaluator);
}

/// The forced-capture extension searches a lone capture a ply deeper: over
/// middlegame positions the same fixed depth visits more nodes with it (the
/// switch is wired through), and `exact()` turns it off.
#[test]
fn forced_capture_extension_searches_forced_lines_deeper() {
    let positions = positions(Russian::start(RussianRules::default()), 12, 24, 5);
    let nodes = |forced_capture: bool| {
        let config = AlphaBetaConfig { forced_capture, ..AlphaBetaConfig::exact() };
        assert_eq!(config.is_exact(), !forced_capture);
        let mut total = 0;
        for (position, history) in &positions {
            let mut search = AlphaBeta::new(config.clone(), DraughtsEvaluator::default());
            total += search.search(position, history, &Limits::depth(6), |_| {}).nodes;
        }
        total
    };
    let (plain, extended) = (nodes(false), nodes(true));
    assert!(extended > plain, "extended {extended} nodes, plain {plain}");
    assert!(AlphaBetaConfig::default().forced_capture);
}

/// Nodes of a depth-`depth` search of every position under `config`.
fn total_nodes(positions: &[(Russian, Vec<u64>)], config: &AlphaBetaConfig, depth: u32) -> u64 {
    let mut total = 0;
    for (position, history) in positions {
        let mut search = AlphaBeta::new(config.clone(), DraughtsEvaluator::default());
        total += search.search(position, history, &Limits::depth(depth), |_| {}).nodes;
    }
    total
}

/// Razoring and internal iterative reduction each prune: over middlegame
/// positions the same fixed depth visits fewer nodes with the switch on
/// (so it is wired through), the switch makes the search inexact, and both
/// are on by default and off in `exact()`.
#[test]
fn razoring_and_iir_prune_the_tree() {
    let positions = positions(Russian::start(RussianRules::default()), 12, 24, 5);
    let exact = AlphaBetaConfig::exact();
    let plain = total_nodes(&positions, &exact, 8);
    let razoring = AlphaBetaConfig { razoring: true, ..exact.clone() };
    let iir = AlphaBetaConfig { iir: true, ..exact.clone() };
    assert!(!razoring.is_exact() && !iir.is_exact());
    let (razored, reduced) = (total_nodes(&positions, &razoring, 8), total_nodes(&positions, &iir, 8));
    assert!(razored < plain, "razoring {razored} nodes, plain {plain}");
    assert!(reduced < plain, "iir {reduced} nodes, plain {plain}");
    let default = AlphaBetaConfig::default();
    assert!(default.razoring && default.iir && default.history_lmr);
    assert!(!exact.razoring && !exact.iir && !exact.history_lmr);
}

/// History-adjusted reductions change which late moves are reduced and by
/// how much: with LMR on, the node count at a fixed depth differs with the
/// switch, and with LMR off the switch changes nothing.
#[test]
fn history_lmr_adjusts_the_reductions() {
    let positions = positions(Russian::start(RussianRules::default()), 12, 24, 5);
    let lmr = AlphaBetaConfig { lmr: true, ..AlphaBetaConfig::exact() };
    let adjusted = AlphaBetaConfig { history_lmr: true, ..lmr.clone() };
    assert_ne!(total_nodes(&positions, &lmr, 8), total_nodes(&positions, &adjusted, 8));
    let without_lmr = AlphaBetaConfig { history_lmr: true, ..AlphaBetaConfig::exact() };
    assert!(without_lmr.is_exact());
    let exact = AlphaBetaConfig::exact();
    assert_eq!(total_nodes(&positions, &exact, 6), total_nodes(&positions, &without_lmr, 6));
}

/// Playing the best move of an interrupted iteration changes nothing at a
/// fixed depth (no iteration is interrupted) and, under a node limit,
/// changes only which root move is played: the same nodes are searched,
/// the move is legal, and some searches do switch to a move the deeper,
/// unfinished iteration proved better.
#[test]
fn interrupted_iterations_only_change_the_move_played() {
    let positions = positions(Russian::start(RussianRules::default()), 40, 24, 17);
    let with =
        |partial_iterations: bool| AlphaBetaConfig { partial_iterations, ..AlphaBetaConfig::default() };
    let mut switched = 0;
    for (position, history) in &positions {
        let search = |config: AlphaBetaConfig, limits: &Limits| {
            AlphaBeta::new(config, DraughtsEvaluator::default()).search(position, history, limits, |_| {})
        };
        let (on, off) = (search(with(true), &Limits::depth(6)), search(with(false), &Limits::depth(6)));
        assert_eq!((on.score, on.best_move, on.nodes), (off.score, off.best_move, off.nodes));
        for nodes in [3_000, 7_000, 20_000] {
            let (on, off) =
                (search(with(true), &Limits::nodes(nodes)), search(with(false), &Limits::nodes(nodes)));
            assert_eq!((on.nodes, on.depth), (off.nodes, off.depth));
            let mut moves = damero_core::MoveList::new();
            position.legal_moves(&mut moves);
            assert!(moves.contains(&on.best_move.unwrap()));
            if on.best_move != off.best_move {
                switched += 1;
            }
        }
    }
    assert!(switched > 0, "no interrupted iteration changed the move");
    assert!(AlphaBetaConfig::default().partial_iterations);
}

/// On a fixed time per move the search with partial iterations (the
/// default) runs to the end of the time: an iteration it cannot finish
/// still gives its move, so stopping early would only waste time. A clock
/// is not a fixed time.
#[test]
fn a_fixed_move_time_is_spent_whole() {
    let time = std::time::Duration::from_millis(40);
    let limits = Limits::movetime(time);
    assert!(limits.fixed_time && !Limits::depth(3).fixed_time);
    let start = Russian::start(RussianRules::default());
    let r = AlphaBeta::new(AlphaBetaConfig::default(), DraughtsEvaluator::default()).search(
        &start,
        &[],
        &limits,
        |_| {},
    );
    assert!(r.time >= time, "stopped after {:?} of {time:?}", r.time);
    assert!(r.depth >= 1);
}

#[test]
fn russian_win_in_n_at_the_right_distance() {
    // White king on a1 and man on c3 against a lone black man on h8... simpler:
    // Black's last man on d4 is taken at once by the man on c3: a win in 1.
    let rules = RussianRules::default();
    let p = Russian::from_fen("W:Wc3:Bd4", rules).unwrap();
    let r = AlphaBeta::new(AlphaBetaConfig::default(), DraughtsEvaluator::default()).search(
        &p,
        &[],
        &Limits::depth(4),
        |_| {},
    );
    assert_eq!(r.score, Score::win_in(1));
    assert_eq!(p.format_move(r.best_move.unwrap()), "c3:e5");
    // White to move, two men against one: the exact search and negamax agree
    // on the distance of the forced result.
    let p = Russian::from_fen("W:Wc3,e3:Bf6", rules).unwrap();
    let expected = common::reference::negamax(&p, &[], 7, true, &DraughtsEvaluator::default());
    let r = AlphaBeta::new(AlphaBetaConfig::exact(), DraughtsEvaluator::default()).search(
        &p,
        &[],
        &Limits::depth(7),
        |_| {},
    );
    assert_eq!(r.score, Score(expected));
}

#[test]
fn levels_are_ordered() {
    // Each level against the one below it, on Russian draughts, from random
    // openings with swapped colours: the stronger level scores more than half.
    // The levels' time budgets are read as nodes (20,000 a second) so the
    // games are the same under any load; the weak levels are one apart, the
    // timed ones two (eight games cannot tell neighbours apart reliably).
    let start = Russian::start(RussianRules::default());
    let config =
        MatchConfig { games: 8, opening_plies: 4, max_plies: 120, seed: 1, threads: 1, first_pair: 0 };
    let clock = LevelClock::NodesPerSecond(20_000);
    for (weak, strong) in [(-1, 0), (0, 1), (1, 3), (3, 5)] {
        let evaluator = DraughtsEvaluator::default();
        let t = run_match(
            &start,
            &level_spec_with(strong, 1, clock).unwrap(),
            &level_spec_with(weak, 1, clock).unwrap(),
            &evaluator,
            &evaluator,
            &config,
            |_, _| std::ops::ControlFlow::Continue(()),
        );
        println!("level {strong} against {weak}: +{} ={} -{}", t.wins, t.draws, t.losses);
        assert_eq!(t.wins + t.draws + t.losses, 8);
        assert!(
            2 * t.wins + t.draws > 8,
            "level {strong} against {weak}: +{} ={} -{}",
            t.wins,
            t.draws,
            t.losses
        );
    }
}

#[test]
fn bench_positions_play_out_for_each_game() {
    // Every bench position of a game is reached by legal moves from its
    // start, with the depth of its table row.
    fn check<G: damero_engine::EngineGame>() {
        let rows = G::bench();
        let runs = damero_engine::bench_positions::<G>().expect("legal bench moves");
        assert_eq!(runs.len(), rows.len(), "{}", G::NAME);
        for ((position, depth), row) in runs.iter().zip(rows) {
            assert_eq!(*depth, row.depth);
            let start = G::start(Default::default());
            assert_eq!(*position == start, row.moves.is_empty(), "{} {}", G::NAME, row.moves);
        }
    }
    check::<Russian>();
    check::<English>();
    check::<damero_draughts::Zisnella>();
    check::<damero_draughts::Spanish>();
    check::<damero_eliminar::Eliminar>();
    check::<damero_tumbling_down::TumblingDown>();
    check::<damero_cross::Cross>();
    assert_eq!(damero_engine::bench_positions::<Russian>().unwrap().len(), 2);
}
