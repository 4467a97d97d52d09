//! `damero selfplay`: training data for `damero tune`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::Mutex;

use damero_core::{Evaluator, RuleSet};
use damero_engine::{EngineGame, EngineSpec};
use damero_lab::{SelfPlayer, SelfplayConfig, shard_range};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::CliError;
use crate::games::GameCommand;
use crate::setup::PositionArgs;

/// `damero selfplay GAME --games N --nodes K --seed S [--shard I/N] --out FILE`.
pub struct Selfplay {
    pub position: PositionArgs,
    pub games: u64,
    pub engine: EngineSpec,
    pub shard: (u64, u64),
    pub threads: usize,
    pub opening_plies: (u32, u32),
    pub max_plies: u32,
    pub out: PathBuf,
    pub progress: bool,
}

/// Reads `--shard I/N` (0-based `I < N`).
pub fn parse_shard(text: &str) -> Result<(u64, u64), CliError> {
    let bad = || CliError::new(format!("--shard takes I/N with 0 <= I < N, not '{text}'"));
    let (index, count) = text.split_once('/').ok_or_else(bad)?;
    let index: u64 = index.trim().parse().map_err(|_| bad())?;
    let count: u64 = count.trim().parse().map_err(|_| bad())?;
    if count == 0 || index >= count {
        return Err(bad());
    }
    Ok((index, count))
}

/// Reads `--opening-plies A..B` or a single number.
pub fn parse_plies_range(text: &str) -> Result<(u32, u32), CliError> {
    let bad = || CliError::new(format!("--opening-plies takes N or A..B with A < B, not '{text}'"));
    match text.split_once("..") {
        Some((a, b)) => {
            let a: u32 = a.trim().parse().map_err(|_| bad())?;
            let b: u32 = b.trim().parse().map_err(|_| bad())?;
            if a >= b {
                return Err(bad());
            }
            Ok((a, b))
        }
        None => {
            let n: u32 = text.trim().parse().map_err(|_| bad())?;
            Ok((n, n + 1))
        }
    }
}

impl GameCommand for Selfplay {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<(), CliError> {
        // `--seed` seeds the batch, and the setup where the game has a random one.
        let seed = self.position.seed.unwrap_or(1);
        let mut position = self.position.clone();
        if !G::Rules::OPTIONS.iter().any(|o| o.key == "seed") {
            position.seed = None;
        }
        let start: G = position.position()?;
        let config = SelfplayConfig {
            engine: self.engine.clone(),
            opening_plies: self.opening_plies.0..self.opening_plies.1,
            max_plies: self.max_plies,
            seed,
        };
        // Checks the engine (an unknown `eval=` name) before any game. Each
        // game takes a player from here and gives it back: one engine (one
        // table to allocate) per worker thread, not one per game.
        let players = Mutex::new(vec![SelfPlayer::try_new(config.clone(), evaluator.clone())?]);
        let file = File::create(&self.out)
            .map_err(|e| CliError::new(format!("cannot create {}: {e}", self.out.display())))?;
        let mut out = BufWriter::new(file);
        let range = shard_range(self.games, self.shard.0, self.shard.1);
        writeln!(
            out,
            "# damero selfplay {} games {}..{} of {} seed {} engine {}",
            G::NAME,
            range.start,
            range.end,
            self.games,
            seed,
            self.engine
        )?;
        let bar =
            if self.progress { ProgressBar::new(range.end - range.start) } else { ProgressBar::hidden() };
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {msg} [{elapsed} < {eta}]")
                .map_err(|e| CliError::new(e.to_string()))?,
        );
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.max(1))
            .build()
            .map_err(|e| CliError::new(e.to_string()))?;
        let mut samples = 0u64;
        // Blocks of games in parallel, written in game order: the file does
        // not depend on the thread count, and a block is on disk as soon as
        // it is played.
        let block = (self.threads.max(1) * 4) as u64;
        let mut next = range.start;
        while next < range.end {
            let end = (next + block).min(range.end);
            let played: Vec<Vec<String>> = pool.install(|| {
                (next..end)
                    .into_par_iter()
                    .map(|index| {
                        let idle = players.lock().unwrap_or_else(|e| e.into_inner()).pop();
                        let mut player =
                            idle.unwrap_or_else(|| SelfPlayer::new(config.clone(), evaluator.clone()));
                        let game = player.play(&start, index);
                        players.lock().unwrap_or_else(|e| e.into_inner()).push(player);
                        let lines = game.iter().map(ToString::to_string).collect();
                        bar.inc(1);
                        lines
                    })
                    .collect()
            });
            for line in played.iter().flatten() {
                writeln!(out, "{line}")?;
                samples += 1;
            }
            out.flush()?;
            bar.set_message(format!("{samples} positions"));
            next = end;
        }
        bar.finish_and_clear();
        eprintln!(
            "{samples} positions from {} games written to {}",
            range.end - range.start,
            self.out.display()
        );
        Ok(())
    }
}
