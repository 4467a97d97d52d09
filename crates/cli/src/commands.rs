//! The commands that only need the rules: `moves`, `perft`, `show`.

use std::time::Instant;

use damero_core::{Evaluator, GameRecord, Outcome};
use damero_engine::EngineGame;
use damero_search::{PerftTable, max_table_mib, perft_hashed, perft_parallel};

use crate::CliError;
use crate::games::GameCommand;
use crate::setup::PositionArgs;

/// `damero moves`.
pub struct Moves {
    pub position: PositionArgs,
}

impl GameCommand for Moves {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, _evaluator: E) -> Result<(), CliError> {
        let record: GameRecord<G> = self.position.record()?;
        if let Some(end) = describe_end(&record) {
            // stdout stays the (empty) move list: the game is over.
            eprintln!("the game is over: {end}");
            return Ok(());
        }
        for text in record.position().legal_move_texts() {
            println!("{text}");
        }
        Ok(())
    }
}

/// `damero perft`.
pub struct Perft {
    pub position: PositionArgs,
    pub depth: u32,
    pub divide: bool,
    pub threads: usize,
    /// The size of the hashed-perft table, if any.
    pub hash_mib: Option<usize>,
}

impl GameCommand for Perft {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, _evaluator: E) -> Result<(), CliError> {
        let position: G = self.position.position()?;
        if self.threads == 0 {
            return Err(CliError::new("--threads must be at least 1"));
        }
        if let Some(mib) = self.hash_mib {
            // The engines' `hash=` limit: a table the machine cannot hold
            // would abort the allocation rather than fail cleanly.
            let max = max_table_mib();
            if mib == 0 || mib > max {
                return Err(CliError::new(format!("--hash must be between 1 and {max} MiB, not {mib}")));
            }
        }
        let started = Instant::now();
        let table = self.hash_mib.map(PerftTable::new);
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
            self.hash_mib.map_or(String::new(), |mib| format!(", {mib} MiB table"))
        );
        Ok(())
    }
}

/// `damero show`.
pub struct Show {
    pub position: PositionArgs,
}

impl GameCommand for Show {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, _evaluator: E) -> Result<(), CliError> {
        let record: GameRecord<G> = self.position.record()?;
        let position = record.position();
        print!("{}", position.diagram());
        if let Some(end) = describe_end(&record) {
            println!("game over: {end}");
        }
        println!("{}", position.fen());
        Ok(())
    }
}

/// The result and why, when the game is over: `1/2-1/2 (draw: threefold
/// repetition)`, `0-1 (black wins: white has no legal move)`.
pub fn describe_end<G: EngineGame>(record: &GameRecord<G>) -> Option<String> {
    let outcome = record.outcome()?;
    let reason = record.end_reason().unwrap_or_else(|| "the game is over".to_owned());
    Some(match outcome {
        Outcome::Win(color) => format!("{} ({color} wins: {reason})", outcome.result_text()),
        Outcome::Draw => format!("{} (draw: {reason})", outcome.result_text()),
    })
}
