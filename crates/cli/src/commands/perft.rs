//! `damero perft`: the leaves of the move tree to a depth.

use std::time::Instant;

use damero_core::Evaluator;
use damero_engine::EngineGame;
use damero_search::{PerftTable, max_table_mib, perft_hashed, perft_parallel};

use crate::error::CliError;
use crate::flags::PositionArgs;
use crate::registry::{GameCommand, dispatch};

/// The arguments of `damero perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game id.
    game: String,
    /// Depth in plies.
    depth: u32,
    /// One line `MOVE N` per root move.
    #[arg(long)]
    divide: bool,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Look subtree counts up in a shared table of this many MiB (exact
    /// counts; much faster at depths with many transpositions).
    #[arg(long, value_name = "MIB")]
    hash: Option<usize>,
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `damero perft`.
pub fn run(args: Args) -> Result<(), CliError> {
    let game = args.game.clone();
    dispatch(&game, args)
}

impl GameCommand for Args {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, _evaluator: E) -> Result<(), CliError> {
        let position: G = self.position.position()?;
        if self.threads == 0 {
            return Err(CliError::usage("--threads must be at least 1"));
        }
        if let Some(mib) = self.hash {
            // The engines' `hash=` limit: a table the machine cannot hold
            // would abort the allocation rather than fail cleanly.
            let max = max_table_mib();
            if mib == 0 || mib > max {
                return Err(CliError::Usage(format!("--hash must be between 1 and {max} MiB, not {mib}")));
            }
        }
        let started = Instant::now();
        let table = self.hash.map(PerftTable::new);
        let count = |position: &G, depth: u32| match &table {
            Some(table) => perft_hashed(position, depth, table, self.threads),
            None => perft_parallel(position, depth, self.threads),
        };
        let total = if self.divide && self.depth > 0 {
            // perft_parallel runs on this thread when threads is 1.
            let mut moves = damero_core::MoveList::new();
            position.legal_moves(&mut moves);
            let mut lines: Vec<(String, u64)> = moves
                .iter()
                .map(|&mv| {
                    let mut child = position;
                    child.play(mv);
                    (position.format_move(mv), count(&child, self.depth - 1))
                })
                .collect();
            lines.sort();
            for (text, count) in &lines {
                println!("{text} {count}");
            }
            lines.iter().map(|(_, n)| n).sum()
        } else {
            count(&position, self.depth)
        };
        let seconds = started.elapsed().as_secs_f64();
        println!("total {total}");
        eprintln!(
            "perft {} depth {}: {total} leaves in {seconds:.3} s, {:.1} M leaves/s ({} thread{}{})",
            G::NAME,
            self.depth,
            total as f64 / seconds.max(1e-9) / 1e6,
            self.threads,
            if self.threads == 1 { "" } else { "s" },
            self.hash.map_or(String::new(), |mib| format!(", {mib} MiB table"))
        );
        Ok(())
    }
}
