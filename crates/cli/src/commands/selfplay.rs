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
    /// The output file.
    #[arg(long)]
    out: PathBuf,
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
        // Checks the engine (an unknown `eval=` name) before any game. Each
        // game takes a player from here and gives it back: one engine (one
        // table to allocate) per worker thread, not one per game.
        let players = Mutex::new(vec![
            SelfPlayer::try_new(config.clone(), evaluator.clone()).map_err(CliError::engine)?,
        ]);
        let file = File::create(&self.out)
            .map_err(|e| CliError::Usage(format!("cannot create {}: {e}", self.out.display())))?;
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
                .map_err(CliError::engine)?,
        );
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.max(1))
            .build()
            .map_err(CliError::engine)?;
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
