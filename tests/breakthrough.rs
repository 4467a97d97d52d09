//! The claims of the Breakthrough example (`examples/breakthrough`): its
//! rules agree with a plain reference, it passes the conformance test kit,
//! and the search crate's tools work on it.

#[path = "../examples/breakthrough/game.rs"]
mod game;

use std::ops::ControlFlow;

use damero::core::{Color, Game, MoveList, NoRules, testkit};
use damero::engine::{EngineSpec, MatchConfig, run_match};
use damero::search::{AlphaBeta, AlphaBetaConfig, Limits, Mcts, MctsConfig, Score, perft};
use game::{Breakthrough, BreakthroughEval};

/// The rules once more, as plainly as possible: a 64-cell array, the moves
/// as (from, to) indices. Shares nothing with the example but the rules.
#[derive(Clone, Copy)]
struct Plain {
    /// 0 empty, 1 White, 2 Black.
    cells: [u8; 64],
    white_to_move: bool,
}

impl Plain {
    fn start() -> Plain {
        let mut cells = [0; 64];
        cells[..16].fill(1);
        cells[48..].fill(2);
        Plain { cells, white_to_move: true }
    }

    fn over(&self) -> bool {
        self.cells[56..].contains(&1)
            || self.cells[..8].contains(&2)
            || !self.cells.contains(&1)
            || !self.cells.contains(&2)
    }

    fn moves(&self) -> Vec<(usize, usize)> {
        let mut moves = Vec::new();
        if self.over() {
            return moves;
        }
        let (me, step): (u8, i32) = if self.white_to_move { (1, 1) } else { (2, -1) };
        for from in 0..64 {
            if self.cells[from] != me {
                continue;
            }
            let (file, rank) = ((from % 8) as i32, (from / 8) as i32);
            for df in [-1, 0, 1] {
                let (f, r) = (file + df, rank + step);
                if !(0..8).contains(&f) || !(0..8).contains(&r) {
                    continue;
                }
                let to = (r * 8 + f) as usize;
                let target = self.cells[to];
                if (df == 0 && target == 0) || (df != 0 && target != me) {
                    moves.push((from, to));
                }
            }
        }
        moves
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves()
            .into_iter()
            .map(|(from, to)| {
                let mut next = *self;
                next.cells[to] = next.cells[from];
                next.cells[from] = 0;
                next.white_to_move = !next.white_to_move;
                next.perft(depth - 1)
            })
            .sum()
    }
}

#[test]
fn perft_agrees_with_the_plain_rules() {
    let start = Breakthrough::start(NoRules);
    assert_eq!(perft(&start, 1), 22, "two moves for each corner piece, three for the others");
    for depth in 1..=4 {
        assert_eq!(perft(&start, depth), Plain::start().perft(depth), "depth {depth}");
    }
    // And from a middle game position, where captures and blocks happen.
    let fen = "BBB1BBBB/1B1BB1B1/2B5/3W1B2/1W1B4/2W2W2/WW1W1WWW/WWW1W1WW b";
    let position = Breakthrough::from_fen(fen, NoRules).unwrap();
    let mut plain = Plain { cells: [0; 64], white_to_move: false };
    for color in [Color::White, Color::Black] {
        for square in position.pieces(color) {
            plain.cells[square.index()] = 1 + color.index() as u8;
        }
    }
    for depth in 1..=4 {
        assert_eq!(perft(&position, depth), plain.perft(depth), "depth {depth} from {fen}");
    }
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    assert!(moves.iter().any(|&m| position.is_capture(m)), "the position has captures");
}

#[test]
fn breakthrough_passes_the_conformance_test_kit() {
    let report = testkit::check_conformance::<Breakthrough>(NoRules, 50, 300, 7);
    // Breakthrough always ends: every game reached its end.
    assert_eq!(report.finished_games, 50);
    assert!(report.positions > 50 * 20, "{report:?}");
}

#[test]
fn both_searches_find_the_winning_step_and_prove_it() {
    let position = Breakthrough::from_fen("B7/6W1/8/8/8/8/8/8 w", NoRules).unwrap();
    let mut alphabeta = AlphaBeta::new(AlphaBetaConfig::default(), BreakthroughEval);
    let result = alphabeta.search(&position, &[], &Limits::depth(4), |_| {});
    assert_eq!(result.score, Score::win_in(1));
    assert_eq!(result.best_move.unwrap().to.rank(), 7);
    let mut mcts = Mcts::new(MctsConfig { seed: 1, ..MctsConfig::default() }, BreakthroughEval);
    let result = mcts.search(&position, &[], &Limits::nodes(10_000), |_| {});
    assert_eq!(result.score, Score::win_in(1));
    assert_eq!(result.best_move.unwrap().to.rank(), 7);
    assert!(result.nodes < 10_000, "the proof ends the search");
}

#[test]
fn alpha_beta_beats_random_moves_in_a_match() {
    let start = Breakthrough::start(NoRules);
    let first: EngineSpec = "alphabeta:depth=3".parse().unwrap();
    let second: EngineSpec = "random:seed=5".parse().unwrap();
    let config =
        MatchConfig { games: 4, opening_plies: 2, max_plies: 200, seed: 3, threads: 1, first_pair: 0 };
    let mut ended_by_the_rules = 0;
    let tally =
        run_match(&start, &first, &second, &BreakthroughEval, &BreakthroughEval, &config, |game, _| {
            ended_by_the_rules += usize::from(!game.capped);
            ControlFlow::Continue(())
        });
    assert_eq!(tally.played, 4);
    assert_eq!(ended_by_the_rules, 4, "no game reaches the ply cap");
    assert_eq!(tally.wins, 4, "{tally:?}");
}
