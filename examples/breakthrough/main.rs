//! An eighth game in a hundred lines of rules: Breakthrough, written against
//! `damero-core` alone (see `game.rs` and `docs/adding-a-game.md`), gets
//! perft, alpha-beta, MCTS, engine matches and the conformance test kit
//! without another line of search code.
//!
//! Run it with `cargo run -p damero --release --example breakthrough`.

mod game;

use std::ops::ControlFlow;

use damero::core::{Game, GameRecord, NoRules, Presentation, testkit};
use damero::engine::{EngineSpec, MatchConfig, run_match};
use damero::search::{AlphaBeta, AlphaBetaConfig, Limits, Mcts, MctsConfig, perft};
use game::{Breakthrough, BreakthroughEval};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let start = Breakthrough::start(NoRules);
    print!("{}", start.diagram());

    // Move-tree counts: 22 moves at the start (corner pieces have two, the
    // others three), and the sides cannot meet before ply 5.
    for depth in 1..=4 {
        println!("perft {depth}: {}", perft(&start, depth));
    }

    // The conformance suite: every position of 50 random games checked
    // against the `Game` contract (hashes, FEN and move text round trips,
    // uniform random moves, outcomes).
    let report = testkit::check_conformance::<Breakthrough>(NoRules, 50, 300, 7);
    println!("conformance: {} positions, {} games finished", report.positions, report.finished_games);

    // Alpha-beta and MCTS on a position where White wins at once.
    let position = Breakthrough::from_fen("B7/6W1/8/8/8/8/8/8 w", NoRules)?;
    let mut alphabeta = AlphaBeta::new(AlphaBetaConfig::default(), BreakthroughEval);
    let result = alphabeta.search(&position, &[], &Limits::depth(4), |_| {});
    let best = result.best_move.expect("a move");
    println!("alpha-beta: {} (score {})", position.format_move(best), result.score);
    let mut mcts = Mcts::new(MctsConfig { seed: 1, ..MctsConfig::default() }, BreakthroughEval);
    let result = mcts.search(&position, &[], &Limits::nodes(10_000), |_| {});
    println!("mcts: {} (score {})", position.format_move(result.best_move.expect("a move")), result.score);

    // A short match: alpha-beta to depth 3 against random moves.
    let first: EngineSpec = "alphabeta:depth=3".parse()?;
    let second: EngineSpec = "random:seed=5".parse()?;
    let config =
        MatchConfig { games: 4, opening_plies: 2, max_plies: 200, seed: 3, threads: 1, first_pair: 0 };
    let tally =
        run_match(&start, &first, &second, &BreakthroughEval, &BreakthroughEval, &config, |game, _| {
            let record: &GameRecord<Breakthrough> = &game.record;
            println!(
                "game {}: {} in {} plies",
                game.number + 1,
                game.outcome.result_text(),
                record.moves().len()
            );
            ControlFlow::Continue(())
        });
    println!("{first} against {second}: +{} ={} -{}", tally.wins, tally.draws, tally.losses);
    Ok(())
}
