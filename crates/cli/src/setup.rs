//! Turning the common flags (`--fen`, `--rule`, `--seed`) into a position.

use clap::Args;
use damero_core::{Game, RuleSet};

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

    /// The position these flags describe.
    pub fn position<G: Game>(&self) -> Result<G, CliError> {
        let rules = self.rules::<G>()?;
        match &self.fen {
            Some(fen) => G::from_fen(fen, rules).map_err(CliError::from),
            None => Ok(G::start(rules)),
        }
    }
}
