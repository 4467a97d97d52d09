//! `damero games`: the game ids, one per line.

use crate::error::CliError;
use crate::registry::GAME_IDS;

/// `damero games` takes no arguments.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Prints the game ids.
pub fn run(_args: Args) -> Result<(), CliError> {
    for id in GAME_IDS {
        println!("{id}");
    }
    Ok(())
}
