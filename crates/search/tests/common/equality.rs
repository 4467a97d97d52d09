//! The equality check of alpha-beta against the reference negamax.

use damero_core::{Evaluator, Game};
use damero_search::{AlphaBeta, AlphaBetaConfig, Limits, Score};

use super::reference::negamax;

/// Every configuration that keeps fixed-depth values exact.
pub fn exact_configs() -> Vec<(&'static str, AlphaBetaConfig)> {
    let exact = AlphaBetaConfig { tt_mib: 1, ..AlphaBetaConfig::exact() };
    vec![
        ("exact", exact.clone()),
        ("no pvs", AlphaBetaConfig { pvs: false, ..exact.clone() }),
        ("no tt", AlphaBetaConfig { tt: false, ..exact.clone() }),
        ("no aspiration", AlphaBetaConfig { aspiration: false, ..exact.clone() }),
        ("no killers/history", AlphaBetaConfig { killers: false, history: false, ..exact.clone() }),
        ("countermoves", AlphaBetaConfig { countermoves: true, ..exact.clone() }),
        ("2 threads", AlphaBetaConfig { threads: 2, ..exact.clone() }),
        ("2 threads no pvs", AlphaBetaConfig { threads: 2, pvs: false, ..exact.clone() }),
        (
            "plain alpha-beta",
            AlphaBetaConfig {
                pvs: false,
                tt: false,
                aspiration: false,
                killers: false,
                history: false,
                ..exact.clone()
            },
        ),
    ]
}

/// Searches every position with every exact configuration and compares the
/// root value, and the value of the returned best move, with negamax.
pub fn check_equal<G: Game, E: Evaluator<G>>(
    positions: &[(G, Vec<u64>)],
    depth: u32,
    quiescence: bool,
    eval: E,
) {
    for (name, config) in exact_configs() {
        assert!(config.is_exact());
        let config = AlphaBetaConfig { quiescence, ..config };
        for (position, history) in positions {
            let expected = negamax(position, history, depth as i32, quiescence, &eval);
            let mut search = AlphaBeta::new(config.clone(), eval.clone());
            let result = search.search(position, history, &Limits::depth(depth), |_| {});
            assert_eq!(
                result.score,
                Score(expected),
                "{name}: {} at depth {depth} (quiescence {quiescence})",
                position.fen()
            );
            assert_eq!(result.depth, depth);
            // The best move really has the root value.
            let best = result.best_move.expect("a move");
            let mut child = *position;
            child.play(best);
            let mut child_history = history.clone();
            child_history.push(position.zobrist());
            let v = negamax(&child, &child_history, depth as i32 - 1, quiescence, &eval);
            let v = if child.side_to_move() == position.side_to_move() { v } else { -v };
            // Proven scores are one ply further from the child's root.
            let v = if Score(v).is_proven() { v - v.signum() } else { v };
            assert_eq!(v, expected, "{name}: best move {best:?} of {} is not best", position.fen());
        }
    }
}
