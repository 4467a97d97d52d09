//! `damero`: play, analyse, benchmark and perft every damero game from the
//! terminal. Errors print one line on stderr and exit with status 2.
#![forbid(unsafe_code)]

mod commands;
mod database;
mod engines;
mod error;
mod flags;
mod outcome;
mod pdn;
mod registry;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use commands::{
    bench, bestmove, book, egdb, games, hub as hub_command, r#match, moves, perft, play, replay, selfplay,
    serve, show, suite, tune, tune_network,
};
pub use error::CliError;

/// Fast, exact rules and a search engine for eight-by-eight board games.
#[derive(Parser, Debug)]
#[command(name = "damero", version, about, long_about = None, after_help = registry::help())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the game ids, one per line.
    Games(games::Args),
    /// List the legal moves, one per line, in natural order (numbers compare as numbers).
    Moves(moves::Args),
    /// Count the leaves of the move tree to DEPTH (time and speed on stderr).
    Perft(perft::Args),
    /// Draw the board and print its FEN.
    Show(show::Args),
    /// Search the position: `info` lines while searching, then `bestmove MOVE`.
    Bestmove(bestmove::Args),
    /// Play the engine in the terminal.
    Play(play::Args),
    /// Engine against engine, colours swapped on each opening. `--seed` seeds
    /// the random openings (default 1) and, in games with random setups, the
    /// setup too.
    Match(r#match::Args),
    /// Endgame databases: `damero egdb build GAME --pieces N --out DIR`.
    Egdb(egdb::Args),
    /// Opening books: `damero book build GAME --plies P --depth D --out FILE`.
    Book(book::Args),
    /// Test suites: `damero suite run FILE --nodes N` reports the share of
    /// positions solved (the engine plays one of their known best moves).
    Suite(suite::Args),
    /// Check every move of the games of a PDN file and print their positions.
    Replay(replay::Args),
    /// Play engine against itself from seeded random openings and write the
    /// quiet positions with the search score and the result (training data
    /// for `damero tune`), one `FEN<TAB>SCORE<TAB>RESULT` line each.
    /// `--seed` (default 1) seeds the batch: the same seed gives the same games.
    Selfplay(selfplay::Args),
    /// Fit the trained draughts evaluation to `damero selfplay` data and write
    /// the weights (held-out loss printed).
    Tune(tune::Args),
    /// Fit a small neural-network evaluation (144 inputs, 64 and 16 hidden
    /// units) to `damero selfplay` data and write it; an engine loads it with
    /// `eval=FILE` (held-out loss printed beside the shipped patterns', or
    /// the hand-set evaluation's where none ship).
    TuneNetwork(tune_network::Args),
    /// Search fixed positions of every game at fixed depth: prints the total
    /// node count (a regression signature) and the speed.
    Bench(bench::Args),
    /// Speak the Hub protocol (version 2, Scan's) on stdin/stdout, for
    /// draughts interfaces such as pydraughts' HubEngine: the four draughts
    /// rule sets, chosen with the `variant` parameter.
    Hub(hub_command::Args),
    /// Play and analyse every game in a browser: serves the web board on
    /// 127.0.0.1 and prints its address.
    Serve(serve::Args),
}

/// Runs the command.
fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Games(args) => games::run(args),
        Command::Moves(args) => moves::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Show(args) => show::run(args),
        Command::Bestmove(args) => bestmove::run(args),
        Command::Play(args) => play::run(args),
        Command::Match(args) => r#match::run(args),
        Command::Egdb(args) => egdb::run(args),
        Command::Book(args) => book::run(args),
        Command::Suite(args) => suite::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Selfplay(args) => selfplay::run(args),
        Command::Tune(args) => tune::run(args),
        Command::TuneNetwork(args) => tune_network::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Hub(args) => hub_command::run(args),
        Command::Serve(args) => serve::run(args),
    }
}

/// Where a command writing with `println!` cannot write stdout, std panics
/// "failed printing to stdout: ERROR"; this turns that one case into the
/// documented exit, status 2: quietly where the reader has gone (`damero
/// moves | head -1`: nobody reads a message), with a one-line error
/// otherwise (a full disk), so that lost output is never silent.
fn exit_on_unwritable_stdout() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if let Some(error) = message.strip_prefix("failed printing to stdout") {
            if !error.contains("Broken pipe") {
                eprintln!("error: cannot write stdout{error}");
            }
            std::process::exit(2);
        }
        default_hook(info);
    }));
}

fn main() -> ExitCode {
    exit_on_unwritable_stdout();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed stdout: nothing more can be said, and nobody reads it.
        Err(error) if error.is_closed_stdout() => ExitCode::from(2),
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}
