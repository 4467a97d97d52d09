//! `damero hub`: the Hub protocol ([`damero_hub`]) on stdin and stdout.

use std::io::Write;

use damero_hub::HubOptions;

use crate::error::CliError;

/// `damero hub` takes no arguments.
#[derive(clap::Args, Debug)]
pub struct Args {}

/// Runs the protocol until `quit` or the end of the input.
pub fn run(_args: Args) -> Result<(), CliError> {
    let options = HubOptions { version: env!("CARGO_PKG_VERSION").to_owned(), ..HubOptions::default() };
    damero_hub::run(std::io::stdin().lock(), Stdout, &options)?;
    Ok(())
}

/// Stdout for the protocol. When the interface has closed the pipe, there
/// is no one left to answer, not even the search thread's next line: the
/// process ends at once (status 2).
struct Stdout;

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        std::io::stdout().write(buf).or_else(|_| closed())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stdout().flush().or_else(|_| closed())
    }
}

fn closed<T>() -> T {
    std::process::exit(2)
}
