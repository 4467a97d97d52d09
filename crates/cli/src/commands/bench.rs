//! `damero bench`: fixed positions of every game searched at fixed depth;
//! the total node count is a regression signature.

use std::time::Duration;

use damero_core::Evaluator;
use damero_engine::{EngineGame, bench_positions};
use damero_search::{BenchReport, bench};

use crate::error::CliError;
use crate::registry::{GAME_IDS, GameCommand, dispatch};

/// `damero bench` takes no arguments.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the bench positions of one game (none for some games).
struct BenchGame;

impl GameCommand for BenchGame {
    type Output = Option<BenchReport>;
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<Option<BenchReport>, CliError> {
        let runs = bench_positions::<G>().map_err(CliError::engine)?;
        Ok((!runs.is_empty()).then(|| bench(&runs, &evaluator)))
    }
}

/// `damero bench`: prints one line per game, then the total node count (the
/// signature) and the speed.
pub fn run(_args: Args) -> Result<(), CliError> {
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
    Ok(())
}
