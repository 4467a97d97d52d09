//! The flags several commands share, each declared once and flattened
//! into the commands' arguments: the position (`--fen`, `--moves`,
//! `--pdn`, `--game`, `--ply`, `--rule`, `--seed`), the search limits
//! (`--depth`, `--nodes`, `--movetime`, `--threads`, `--time`...) and the
//! endgame database (`--egdb`).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use damero_core::{GameRecord, OptionError, RuleSet};
use damero_engine::EngineGame;
use damero_search::Clock;

use crate::error::CliError;
use crate::outcome::describe_outcome;
use crate::pdn::pdn_game;

/// Flags every game command takes.
#[derive(Args, Debug, Clone, Default)]
pub struct PositionArgs {
    /// Start from this position (the game's FEN notation) instead of the start.
    #[arg(long)]
    pub fen: Option<String>,
    /// A rule option `key=value` (repeatable), e.g. `--rule draws=olsen`.
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
    /// Seed of a random start setup (games with random setups only).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Moves to play from the start (or `--fen`) position first, separated by
    /// spaces, in the game's notation.
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Option<String>,
    /// Start from a game of this PDN file (its last position, or `--ply`).
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    pub pdn: Option<PathBuf>,
    /// Which game of the `--pdn` file, from 1.
    #[arg(long = "game", value_name = "N", requires = "pdn", default_value_t = 1)]
    pub game_number: usize,
    /// How many moves of the `--pdn` game to play (default: all of them).
    #[arg(long, value_name = "K", requires = "pdn")]
    pub ply: Option<usize>,
}

/// The rules of `G` the `--rule` settings give, in order, with the `--seed`
/// of a random start setup, validated.
pub fn rules<G: EngineGame>(settings: &[String], seed: Option<u64>) -> Result<G::Rules, CliError> {
    let mut rules = G::Rules::default();
    for setting in settings {
        let (key, value) = setting
            .split_once('=')
            .ok_or_else(|| CliError::rule(OptionError::Malformed { text: setting.clone() }))?;
        rules.set_option(key.trim(), value.trim()).map_err(CliError::rule)?;
    }
    if let Some(seed) = seed {
        rules = rules.with_setup_seed(seed).ok_or_else(|| {
            CliError::Rule(format!("{} has no random setup: --seed does not apply", G::NAME))
        })?;
    }
    rules.validate().map_err(CliError::rule)?;
    Ok(rules)
}

impl PositionArgs {
    /// The rules these flags describe: `--rule` settings in order, then the
    /// `--seed` of a random start setup, then validation.
    pub fn rules<G: EngineGame>(&self) -> Result<G::Rules, CliError> {
        rules::<G>(&self.rules, self.seed)
    }

    /// The game these flags describe: its start (or `--fen`) and the
    /// `--moves` played from there.
    pub fn record<G: EngineGame>(&self) -> Result<GameRecord<G>, CliError> {
        let rules = self.rules::<G>()?;
        let mut record = match (&self.fen, &self.pdn) {
            (_, Some(path)) => {
                let game = pdn_game::<G>(path, self.game_number, rules)?.record;
                match self.ply {
                    Some(ply) if ply > game.moves().len() => {
                        return Err(CliError::Usage(format!(
                            "--ply {ply}: game {} of {} has only {} moves",
                            self.game_number,
                            path.display(),
                            game.moves().len()
                        )));
                    }
                    Some(ply) => game.truncated(ply),
                    None => game,
                }
            }
            (Some(fen), None) => GameRecord::new(G::from_fen(fen, rules).map_err(CliError::parse)?),
            (None, None) => GameRecord::new(G::try_start(rules).map_err(CliError::rule)?),
        };
        for text in self.moves.iter().flat_map(|m| m.split_whitespace()) {
            // A finished game takes no more moves, even where moves remain
            // on the board (a repetition, a draw counter).
            if let Some(outcome) = record.outcome() {
                return Err(CliError::Parse(format!(
                    "--moves: '{text}' comes after the end of the game ({}, after {} moves)",
                    describe_outcome(outcome),
                    record.moves().len()
                )));
            }
            record.try_play(text).map_err(CliError::parse)?;
        }
        Ok(record)
    }

    /// The position these flags describe.
    pub fn position<G: EngineGame>(&self) -> Result<G, CliError> {
        Ok(*self.record::<G>()?.position())
    }
}

/// Search limits shared by the searching commands.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct LimitArgs {
    /// Search to this depth.
    #[arg(long, conflicts_with_all = ["movetime", "nodes"])]
    pub depth: Option<u32>,
    /// Search this many milliseconds.
    #[arg(long, conflicts_with = "nodes")]
    pub movetime: Option<u64>,
    /// Search this many nodes (MCTS: playouts).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Search threads.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Milliseconds on the side to move's clock: the time manager chooses
    /// the time for this move.
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "movetime", "nodes"])]
    pub time: Option<u64>,
    /// Milliseconds added to the clock after each move (with --time).
    #[arg(long, value_name = "MS")]
    pub inc: Option<u64>,
    /// Moves until the next time control (with --time; default: the rest of the game).
    #[arg(long, value_name = "N")]
    pub movestogo: Option<u32>,
}

impl LimitArgs {
    /// The game clock `--time`, `--inc` and `--movestogo` describe.
    pub fn clock(&self) -> Result<Option<Clock>, CliError> {
        let Some(time) = self.time else {
            if self.inc.is_some() || self.movestogo.is_some() {
                return Err(CliError::usage("--inc and --movestogo need --time (the clock)"));
            }
            return Ok(None);
        };
        if time == 0 {
            return Err(CliError::usage("--time must be at least 1 (milliseconds on the clock)"));
        }
        if self.movestogo == Some(0) {
            return Err(CliError::usage("--movestogo must be at least 1"));
        }
        Ok(Some(Clock {
            remaining: Duration::from_millis(time),
            increment: Duration::from_millis(self.inc.unwrap_or(0)),
            moves_to_go: self.movestogo,
        }))
    }
}

/// The endgame-database flag of the commands that play.
#[derive(Args, Debug, Clone, Default)]
pub struct EgdbArgs {
    /// Endgame database directory (default: $DAMERO_EGDB; none: play without).
    #[arg(long, value_name = "DIR")]
    pub egdb: Option<PathBuf>,
}
