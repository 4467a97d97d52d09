//! Turning the common flags (`--fen`, `--rule`, `--seed`) into a position.

use std::path::Path;

use clap::Args;
use damero_core::{GameRecord, OptionError, PdnGame, RuleSet, read_pdn};
use damero_engine::EngineGame;

use crate::CliError;

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
    pub pdn: Option<std::path::PathBuf>,
    /// Which game of the `--pdn` file, from 1.
    #[arg(long = "game", value_name = "N", requires = "pdn", default_value_t = 1)]
    pub game_number: usize,
    /// How many moves of the `--pdn` game to play (default: all of them).
    #[arg(long, value_name = "K", requires = "pdn")]
    pub ply: Option<usize>,
}

impl PositionArgs {
    /// The rules these flags describe: `--rule` settings in order, then the
    /// `--seed` of a random start setup, then validation.
    pub fn rules<G: EngineGame>(&self) -> Result<G::Rules, CliError> {
        let mut rules = G::Rules::default();
        for setting in &self.rules {
            let (key, value) =
                setting.split_once('=').ok_or_else(|| OptionError::Malformed { text: setting.clone() })?;
            rules.set_option(key.trim(), value.trim())?;
        }
        if let Some(seed) = self.seed {
            rules = rules.with_setup_seed(seed).ok_or_else(|| {
                CliError::new(format!("{} has no random setup: --seed does not apply", G::NAME))
            })?;
        }
        rules.validate()?;
        Ok(rules)
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
                        return Err(CliError::new(format!(
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
            (Some(fen), None) => GameRecord::new(G::from_fen(fen, rules)?),
            (None, None) => GameRecord::new(G::try_start(rules)?),
        };
        for text in self.moves.iter().flat_map(|m| m.split_whitespace()) {
            // A finished game takes no more moves, even where moves remain
            // on the board (a repetition, a draw counter).
            if let Some(outcome) = record.outcome() {
                return Err(CliError::new(format!(
                    "--moves: '{text}' comes after the end of the game ({}, after {} moves)",
                    crate::engine_commands::describe_outcome(outcome),
                    record.moves().len()
                )));
            }
            record.try_play(text)?;
        }
        Ok(record)
    }

    /// The position these flags describe.
    pub fn position<G: EngineGame>(&self) -> Result<G, CliError> {
        Ok(*self.record::<G>()?.position())
    }
}

/// Every game of the PDN file at `path`, each move checked.
pub fn pdn_games<G: EngineGame>(path: &Path, rules: G::Rules) -> Result<Vec<PdnGame<G>>, CliError> {
    let bytes =
        std::fs::read(path).map_err(|e| CliError::new(format!("cannot read {}: {e}", path.display())))?;
    // PDN files from elsewhere are often Latin-1: a stray byte is kept as a
    // replacement character rather than refusing the file.
    let text = String::from_utf8_lossy(&bytes);
    let games = read_pdn::<G>(&text, rules).map_err(|e| CliError::new(format!("{}: {e}", path.display())))?;
    if games.is_empty() {
        return Err(CliError::new(format!("{}: no game in the file", path.display())));
    }
    Ok(games)
}

/// Game `number` (from 1) of the PDN file at `path`.
pub fn pdn_game<G: EngineGame>(path: &Path, number: usize, rules: G::Rules) -> Result<PdnGame<G>, CliError> {
    let mut games = pdn_games::<G>(path, rules)?;
    let count = games.len();
    if number == 0 || number > count {
        return Err(CliError::new(format!(
            "--game {number}: {} holds {count} game{} (numbered from 1)",
            path.display(),
            if count == 1 { "" } else { "s" }
        )));
    }
    Ok(games.swap_remove(number - 1))
}
