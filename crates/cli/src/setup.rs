//! Turning the common flags (`--fen`, `--rule`, `--seed`) into a position.

use clap::Args;
use damero_core::{Game, GameRecord, OptionError, RuleSet};

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
}

impl PositionArgs {
    /// The rules these flags describe: `--rule` settings in order, then the
    /// `--seed` of a random start setup, then validation.
    pub fn rules<G: Game>(&self) -> Result<G::Rules, CliError> {
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
    pub fn record<G: Game>(&self) -> Result<GameRecord<G>, CliError> {
        let rules = self.rules::<G>()?;
        let start = match &self.fen {
            Some(fen) => G::from_fen(fen, rules)?,
            None => G::try_start(rules)?,
        };
        let mut record = GameRecord::new(start);
        for text in self.moves.iter().flat_map(|m| m.split_whitespace()) {
            record.try_play(text)?;
        }
        Ok(record)
    }

    /// The position these flags describe.
    pub fn position<G: Game>(&self) -> Result<G, CliError> {
        Ok(*self.record::<G>()?.position())
    }
}
