//! `damero selfplay`: training data for `damero tune`.

use std::path::PathBuf;

use damero_core::{Evaluator, RuleSet};
use damero_engine::{EngineGame, EngineSpec};
use damero_lab::{SelfplayBatch, SelfplayConfig, SelfplayFileError, write_selfplay_file};
use indicatif::{ProgressBar, ProgressStyle};

use crate::engines::engine_spec;
use crate::error::CliError;
use crate::flags::PositionArgs;
use crate::registry::{GameCommand, dispatch};

/// The arguments of `damero selfplay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game id.
    game: String,
    /// Games in the whole batch (all shards together).
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Nodes per move of the engine.
    #[arg(long, default_value_t = 4000)]
    nodes: u64,
    /// The engine instead of `alphabeta:nodes=K` (one thread, e.g. `alphabeta:nodes=4000,eval=hand`).
    #[arg(long)]
    engine: Option<String>,
    /// Play only shard I of N (0-based): shards concatenated in order make the whole batch.
    #[arg(long, value_name = "I/N", default_value = "0/1")]
    shard: String,
    /// Games played at once (the output does not depend on it).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Random plies opening each game: N, or a range A..B (B excluded).
    #[arg(long, default_value = "4..9")]
    opening_plies: String,
    /// A game longer than this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// The output file (each game's samples, then `# end of game N`).
    #[arg(long)]
    out: PathBuf,
    /// Go on after the last whole game of OUT, what an interrupted run of
    /// the same batch left: the file ends as an uninterrupted run writes it.
    #[arg(long)]
    resume: bool,
    /// Hide the progress bar.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `damero selfplay`.
pub fn run(args: Args) -> Result<(), CliError> {
    let engine = match &args.engine {
        Some(text) => engine_spec(text, Default::default())?,
        None => format!("alphabeta:nodes={}", args.nodes).parse().map_err(CliError::parse)?,
    };
    let command = Selfplay {
        games: args.games,
        engine,
        shard: parse_shard(&args.shard)?,
        threads: args.threads,
        opening_plies: parse_plies_range(&args.opening_plies)?,
        max_plies: args.max_plies,
        out: args.out,
        resume: args.resume,
        progress: !args.quiet,
        position: args.position,
    };
    dispatch(&args.game, command)
}

/// `damero selfplay GAME --games N --nodes K --seed S [--shard I/N] --out FILE`.
struct Selfplay {
    position: PositionArgs,
    games: u64,
    engine: EngineSpec,
    shard: (u64, u64),
    threads: usize,
    opening_plies: (u32, u32),
    max_plies: u32,
    out: PathBuf,
    resume: bool,
    progress: bool,
}

/// Reads `--shard I/N` (0-based `I < N`).
fn parse_shard(text: &str) -> Result<(u64, u64), CliError> {
    let bad = || CliError::Usage(format!("--shard takes I/N with 0 <= I < N, not '{text}'"));
    let (index, count) = text.split_once('/').ok_or_else(bad)?;
    let index: u64 = index.trim().parse().map_err(|_| bad())?;
    let count: u64 = count.trim().parse().map_err(|_| bad())?;
    if count == 0 || index >= count {
        return Err(bad());
    }
    Ok((index, count))
}

/// Reads `--opening-plies A..B` or a single number.
fn parse_plies_range(text: &str) -> Result<(u32, u32), CliError> {
    let bad = || CliError::Usage(format!("--opening-plies takes N or A..B with A < B, not '{text}'"));
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
        // Checks the engine (an unknown `eval=` name) before any game.
        let batch =
            SelfplayBatch::new(config, start, evaluator, self.games, self.shard).map_err(CliError::engine)?;
        let range = batch.range();
        let bar =
            if self.progress { ProgressBar::new(range.end - range.start) } else { ProgressBar::hidden() };
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {msg} [{elapsed} < {eta}]")
                .map_err(CliError::engine)?,
        );
        let written = write_selfplay_file(&batch, &self.out, self.resume, self.threads, |games, samples| {
            bar.set_position(games);
            bar.set_message(format!("{samples} positions"));
        })
        .map_err(|e| match e {
            SelfplayFileError::Io { path, error } => CliError::file("write", &path, error),
            other => CliError::usage(other.to_string()),
        })?;
        bar.finish_and_clear();
        if written.resumed_after > 0 {
            eprintln!("resumed after {} games found in {}", written.resumed_after, self.out.display());
        }
        eprintln!(
            "{} positions from {} games written to {}",
            written.samples,
            written.games,
            self.out.display()
        );
        Ok(())
    }
}
