//! `damero hub`: the Hub protocol on stdin and stdout.

use crate::error::CliError;

/// `damero hub` takes no arguments.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the protocol until `quit` or the end of the input.
pub fn run(_args: Args) -> Result<(), CliError> {
    crate::hub::run()
}
