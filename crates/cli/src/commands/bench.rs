//! `damero bench`: fixed positions of every game searched at fixed depth;
//! the total node count is a regression signature.

use std::time::Duration;

use damero_core::Evaluator;
use damero_engine::{EngineGame, bench_positions};
use damero_search::{BenchReport, TimedDepth, bench, timed_depth};

use crate::error::CliError;
use crate::registry::{GAME_IDS, GameCommand, dispatch};

/// `damero bench [--movetime MS]`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Also search each game's start position for this many milliseconds
    /// (one thread, no book) and print the depth it completes: the depth a
    /// player gets at that time a move on this machine (not part of the
    /// signature)
    #[arg(long, value_name = "MS")]
    movetime: Option<u64>,
}

/// Runs the bench positions of one game (none for some games).
struct BenchGame;

impl GameCommand for BenchGame {
    type Output = Option<BenchReport>;
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<Option<BenchReport>, CliError> {
        let runs = bench_positions::<G>().map_err(CliError::engine)?;
        Ok((!runs.is_empty()).then(|| bench(&runs, &evaluator)))
    }
}

/// Searches one game's start position for a fixed time.
struct TimedGame(Duration);

impl GameCommand for TimedGame {
    type Output = TimedDepth;
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<TimedDepth, CliError> {
        Ok(timed_depth(&G::start(Default::default()), &evaluator, self.0))
    }
}

/// `damero bench`: prints one line per game, then the total node count (the
/// signature) and the speed; with `--movetime`, a line per game with the
/// depth its start position reaches in that time.
pub fn run(args: Args) -> Result<(), CliError> {
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    for id in GAME_IDS {
        let Some(BenchReport { nodes, time }) = dispatch(id, BenchGame)? else {
            continue;
        };
        eprintln!(
            "{id:>14}: {nodes:>10} nodes  {:>7.0} knps",
            nodes as f64 / time.as_secs_f64().max(1e-9) / 1e3
        );
        total_nodes += nodes;
        total_time += time;
    }
    println!("nodes {total_nodes}");
    println!("nps {}", (total_nodes as f64 / total_time.as_secs_f64().max(1e-9)) as u64);
    if let Some(ms) = args.movetime {
        for id in GAME_IDS {
            let TimedDepth { depth, nodes, time } = dispatch(id, TimedGame(Duration::from_millis(ms)))?;
            println!("depth {id} {depth} in {} ms ({nodes} nodes)", time.as_millis());
        }
    }
    Ok(())
}
