//! `damero`: play, analyse, benchmark and perft every damero game from the
//! terminal. Errors print one line on stderr and exit with status 2.
#![forbid(unsafe_code)]

mod commands;
mod games;
mod setup;

use std::fmt;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use setup::PositionArgs;

/// An error for the user: one line, exit status 2.
#[derive(Debug)]
pub struct CliError(String);

impl CliError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> CliError {
        CliError(message.into())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<E: std::error::Error> From<E> for CliError {
    fn from(error: E) -> CliError {
        CliError(error.to_string())
    }
}

/// Fast, exact rules and a search engine for Russian, Zisnella, Spanish and
/// English draughts, Eliminar, Tumbling Down and Cross.
#[derive(Parser, Debug)]
#[command(name = "damero", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the game ids, one per line.
    Games,
    /// List the legal moves, one per line, sorted.
    Moves {
        /// Game id (see `damero games`).
        game: String,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Count the leaves of the move tree to DEPTH (time and speed on stderr).
    Perft {
        /// Game id.
        game: String,
        /// Depth in plies.
        depth: u32,
        /// One line `MOVE N` per root move.
        #[arg(long)]
        divide: bool,
        /// Worker threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Draw the board and print its FEN.
    Show {
        /// Game id.
        game: String,
        #[command(flatten)]
        position: PositionArgs,
    },
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Games => {
            for id in games::GAME_IDS {
                println!("{id}");
            }
            Ok(())
        }
        Command::Moves { game, position } => games::dispatch(&game, commands::Moves { position }),
        Command::Perft { game, depth, divide, threads, position } => {
            games::dispatch(&game, commands::Perft { position, depth, divide, threads })
        }
        Command::Show { game, position } => games::dispatch(&game, commands::Show { position }),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}
