//! Turning the common flags (`--fen`, `--rule`, `--seed`) into a position.

use clap::Args;
use damero_core::{Game, GameRecord, RuleSet};

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
    /// The rules these flags describe.
    pub fn rules<G: Game>(&self) -> Result<G::Rules, CliError> {
        let mut settings: Vec<String> = self.rules.clone();
        if let Some(seed) = self.seed {
            if !G::Rules::OPTIONS.iter().any(|o| o.key == "seed") {
                return Err(CliError::new(format!("{} has no random setup: --seed does not apply", G::NAME)));
            }
            settings.push(format!("seed={seed}"));
        }
        G::Rules::default().with_options(settings.iter().map(String::as_str)).map_err(CliError::from)
    }

    /// The game these flags describe: its start (or `--fen`) and the
    /// `--moves` played from there.
    pub fn record<G: Game>(&self) -> Result<GameRecord<G>, CliError> {
        let rules = self.rules::<G>()?;
        let start = match &self.fen {
            Some(fen) => G::from_fen(fen, rules)?,
            None => G::start(rules),
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
