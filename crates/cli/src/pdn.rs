//! Reading the games of a PDN file (`--pdn`, `replay`, `play`'s `load`).

use std::path::Path;

use damero_core::{PdnGame, read_pdn};
use damero_engine::EngineGame;

use crate::error::CliError;

/// Every game of the PDN file at `path`, each move checked.
pub fn pdn_games<G: EngineGame>(path: &Path, rules: G::Rules) -> Result<Vec<PdnGame<G>>, CliError> {
    let bytes = std::fs::read(path).map_err(|e| CliError::file("read", path, e))?;
    // PDN files from elsewhere are often Latin-1: a stray byte is kept as a
    // replacement character rather than refusing the file.
    let text = String::from_utf8_lossy(&bytes);
    let games =
        read_pdn::<G>(&text, rules).map_err(|e| CliError::Parse(format!("{}: {e}", path.display())))?;
    if games.is_empty() {
        return Err(CliError::Parse(format!("{}: no game in the file", path.display())));
    }
    Ok(games)
}

/// Game `number` (from 1) of the PDN file at `path`.
pub fn pdn_game<G: EngineGame>(path: &Path, number: usize, rules: G::Rules) -> Result<PdnGame<G>, CliError> {
    let mut games = pdn_games::<G>(path, rules)?;
    let count = games.len();
    if number == 0 || number > count {
        return Err(CliError::Usage(format!(
            "--game {number}: {} holds {count} game{} (numbered from 1)",
            path.display(),
            if count == 1 { "" } else { "s" }
        )));
    }
    Ok(games.swap_remove(number - 1))
}
