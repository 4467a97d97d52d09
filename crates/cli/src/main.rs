//! `damero`: play, analyse, benchmark and perft every damero game from the
//! terminal. Errors print one line on stderr and exit with status 2.
#![forbid(unsafe_code)]

mod book;
mod commands;
mod egdb;
mod engine_commands;
mod games;
mod hub;
mod play;
mod replay;
mod selfplay;
mod serve;
mod setup;
mod tune;

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

/// Fast, exact rules and a search engine for eight-by-eight board games.
#[derive(Parser, Debug)]
#[command(name = "damero", version, about, long_about = None, after_help = games::help())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the game ids, one per line.
    Games,
    /// List the legal moves, one per line, in natural order (numbers compare as numbers).
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
        /// Look subtree counts up in a shared table of this many MiB (exact
        /// counts; much faster at depths with many transpositions).
        #[arg(long, value_name = "MIB")]
        hash: Option<usize>,
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
    /// Search the position: `info` lines while searching, then `bestmove MOVE`.
    Bestmove {
        /// Game id.
        game: String,
        /// `alphabeta`, `mcts`, `random`, or a full spec like `mcts:playouts=20000`.
        #[arg(long, default_value = "alphabeta")]
        engine: String,
        #[command(flatten)]
        limits: LimitFlags,
        /// Endgame database directory (default: $DAMERO_EGDB; none: play without).
        #[arg(long, value_name = "DIR")]
        egdb: Option<std::path::PathBuf>,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Play the engine in the terminal.
    Play {
        /// Game id.
        game: String,
        /// Strength, from -1 (random moves) to 10 (the strongest this machine allows).
        #[arg(long, default_value_t = 5, allow_negative_numbers = true)]
        level: i32,
        /// The side you play.
        #[arg(long = "as", value_name = "white|black", default_value = "white")]
        side: String,
        /// Seed of the engine's random choices at the weak levels (default: the clock).
        #[arg(long)]
        engine_seed: Option<u64>,
        /// Endgame database directory (default: $DAMERO_EGDB; none: play without).
        #[arg(long, value_name = "DIR")]
        egdb: Option<std::path::PathBuf>,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Engine against engine, colours swapped on each opening. `--seed` seeds
    /// the random openings (default 1) and, in games with random setups, the
    /// setup too.
    Match {
        /// Game id.
        game: String,
        /// The first engine (White in the first game of each pair), e.g. `alphabeta:movetime=100`.
        #[arg(long)]
        white: String,
        /// The second engine, e.g. `mcts:playouts=20000`.
        #[arg(long)]
        black: String,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Random plies that open each game.
        #[arg(long, default_value_t = 4)]
        opening_plies: u32,
        /// Openings to play instead of random ones: one a line, moves from
        /// the start (or `--fen`) separated by spaces; pair I plays line I
        /// (cycling); `#` starts a comment.
        #[arg(long, value_name = "FILE", conflicts_with = "opening_plies")]
        openings: Option<std::path::PathBuf>,
        /// A game longer than this many plies is a draw.
        #[arg(long, default_value_t = 300)]
        max_plies: u32,
        /// Where to save the games (default: damero-match-GAME.pdn or .txt).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Hide the progress bar.
        #[arg(long)]
        quiet: bool,
        /// Endgame database directory (default: $DAMERO_EGDB; none: play without).
        #[arg(long, value_name = "DIR")]
        egdb: Option<std::path::PathBuf>,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Endgame databases: `damero egdb build GAME --pieces N --out DIR`.
    Egdb {
        #[command(subcommand)]
        command: egdb::EgdbCommand,
    },
    /// Opening books: `damero book build GAME --plies P --depth D --out FILE`.
    Book(book::BookArgs),
    /// Play and analyse every game in a browser: serves the web board on
    /// 127.0.0.1 and prints its address.
    Serve(serve::ServeArgs),
    /// Check every move of the games of a PDN file and print their positions.
    Replay {
        /// Game id.
        game: String,
        /// The PDN file.
        file: std::path::PathBuf,
        /// Only this game of the file (from 1).
        #[arg(long = "game", value_name = "N")]
        game_number: Option<usize>,
        /// Print only the final position of each game.
        #[arg(long)]
        last: bool,
        /// A rule option `key=value` (repeatable).
        #[arg(long = "rule", value_name = "KEY=VALUE")]
        rules: Vec<String>,
    },
    /// Play engine against itself from seeded random openings and write the
    /// quiet positions with the search score and the result (training data
    /// for `damero tune`), one `FEN<TAB>SCORE<TAB>RESULT` line each.
    /// `--seed` (default 1) seeds the batch: the same seed gives the same games.
    Selfplay {
        /// Game id.
        game: String,
        /// Games in the whole batch (all shards together).
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Nodes per move of the engine.
        #[arg(long, default_value_t = 4000)]
        nodes: u64,
        /// The engine instead of `alphabeta:nodes=K` (one thread, e.g. `alphabeta:nodes=4000,eval=hand`).
        #[arg(long)]
        engine: Option<String>,
        /// Play only shard I of N (0-based): shards concatenated in order make the whole batch.
        #[arg(long, value_name = "I/N", default_value = "0/1")]
        shard: String,
        /// Games played at once (the output does not depend on it).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Random plies opening each game: N, or a range A..B (B excluded).
        #[arg(long, default_value = "4..9")]
        opening_plies: String,
        /// A game longer than this many plies is a draw.
        #[arg(long, default_value_t = 300)]
        max_plies: u32,
        /// The output file.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Hide the progress bar.
        #[arg(long)]
        quiet: bool,
        #[command(flatten)]
        position: PositionArgs,
    },
    /// Fit the trained draughts evaluation to `damero selfplay` data and write
    /// the weights (held-out loss printed).
    Tune {
        /// Game id (a draughts rule set).
        game: String,
        /// Sample files from `damero selfplay` (repeatable).
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<std::path::PathBuf>,
        /// Where to write the weights.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Start from these weights instead of material alone.
        #[arg(long)]
        start: Option<std::path::PathBuf>,
        /// Weight of the game result in the target (the rest: the search score).
        #[arg(long, default_value_t = 0.7)]
        lambda: f64,
        /// Optimiser iterations over the whole set.
        #[arg(long, default_value_t = 600)]
        iterations: usize,
        /// Optimiser step, in centipawns.
        #[arg(long, default_value_t = 2.0)]
        learning_rate: f64,
        /// L2 penalty per parameter.
        #[arg(long, default_value_t = 2e-7)]
        l2: f64,
        /// L2 penalty of the mover-deviation pattern tables (instead of --l2).
        #[arg(long, default_value_t = 1e-10, allow_negative_numbers = true)]
        l2_deviation: f64,
    },
    /// Fit a small neural-network evaluation (144 inputs, 64 and 16 hidden
    /// units) to `damero selfplay` data and write it; an engine loads it with
    /// `eval=FILE` (held-out loss printed beside the shipped patterns', or
    /// the hand-set evaluation's where none ship).
    TuneNetwork {
        /// Game id (a draughts rule set).
        game: String,
        /// Sample files from `damero selfplay` (repeatable).
        #[arg(long, required = true, num_args = 1..)]
        data: Vec<std::path::PathBuf>,
        /// Where to write the network.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Weight of the game result in the target (the rest: the search score).
        #[arg(long, default_value_t = 0.4)]
        lambda: f64,
        /// Passes over the training set.
        #[arg(long, default_value_t = 10)]
        epochs: usize,
        /// Samples per optimiser step.
        #[arg(long, default_value_t = 1024)]
        batch: usize,
        /// Optimiser step at the start (it falls linearly to a tenth).
        #[arg(long, default_value_t = 1e-3)]
        learning_rate: f64,
        /// Seeds the starting weights and the sample order.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Search fixed positions of every game at fixed depth: prints the total
    /// node count (a regression signature) and the speed.
    Bench,
    /// Speak the Hub protocol (version 2, Scan's) on stdin/stdout, for
    /// draughts interfaces such as pydraughts' HubEngine: the four draughts
    /// rule sets, chosen with the `variant` parameter.
    Hub,
}

/// Search limits shared by the searching commands.
#[derive(clap::Args, Debug, Clone, Copy)]
struct LimitFlags {
    /// Search to this depth.
    #[arg(long, conflicts_with_all = ["movetime", "nodes"])]
    depth: Option<u32>,
    /// Search this many milliseconds.
    #[arg(long, conflicts_with = "nodes")]
    movetime: Option<u64>,
    /// Search this many nodes (MCTS: playouts).
    #[arg(long)]
    nodes: Option<u64>,
    /// Search threads.
    #[arg(long)]
    threads: Option<usize>,
    /// Milliseconds on the side to move's clock: the time manager chooses
    /// the time for this move.
    #[arg(long, value_name = "MS", conflicts_with_all = ["depth", "movetime", "nodes"])]
    time: Option<u64>,
    /// Milliseconds added to the clock after each move (with --time).
    #[arg(long, value_name = "MS")]
    inc: Option<u64>,
    /// Moves until the next time control (with --time; default: the rest of the game).
    #[arg(long, value_name = "N")]
    movestogo: Option<u32>,
}

impl From<LimitFlags> for engine_commands::LimitArgs {
    fn from(f: LimitFlags) -> Self {
        engine_commands::LimitArgs {
            depth: f.depth,
            movetime: f.movetime,
            nodes: f.nodes,
            threads: f.threads,
            time: f.time,
            inc: f.inc,
            movestogo: f.movestogo,
        }
    }
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
        Command::Perft { game, depth, divide, threads, hash, position } => {
            games::dispatch(&game, commands::Perft { position, depth, divide, threads, hash_mib: hash })
        }
        Command::Show { game, position } => games::dispatch(&game, commands::Show { position }),
        Command::Bestmove { game, engine, limits, egdb, position } => {
            let limits: engine_commands::LimitArgs = limits.into();
            let clock = limits.clock()?;
            let spec = engine_commands::engine_spec(&engine, limits)?;
            egdb::dispatch(&game, egdb, engine_commands::BestMove { position, spec, clock })
        }
        Command::Play { game, level, side, engine_seed, egdb, position } => {
            let human = damero_core::Color::from_name(&side)
                .ok_or_else(|| CliError::new(format!("--as takes white or black, not '{side}'")))?;
            egdb::dispatch(&game, egdb, play::Play { position, level, human, engine_seed })
        }
        Command::Match {
            game,
            white,
            black,
            games,
            threads,
            opening_plies,
            openings,
            max_plies,
            out,
            quiet,
            egdb,
            position,
        } => {
            let white = engine_commands::engine_spec(&white, Default::default())?;
            let black = engine_commands::engine_spec(&black, Default::default())?;
            egdb::dispatch(
                &game,
                egdb,
                engine_commands::Match {
                    position,
                    white,
                    black,
                    games,
                    threads,
                    opening_plies,
                    openings,
                    max_plies,
                    out,
                    progress: !quiet,
                },
            )
        }
        Command::Egdb { command } => egdb::run(command),
        Command::Book(args) => book::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Replay { game, file, game_number, last, rules } => {
            games::dispatch(&game, replay::Replay { file, game: game_number, last, rules })
        }
        Command::Selfplay {
            game,
            games,
            nodes,
            engine,
            shard,
            threads,
            opening_plies,
            max_plies,
            out,
            quiet,
            position,
        } => {
            let engine = match engine {
                Some(text) => engine_commands::engine_spec(&text, Default::default())?,
                None => format!("alphabeta:nodes={nodes}").parse()?,
            };
            games::dispatch(
                &game,
                selfplay::Selfplay {
                    position,
                    games,
                    engine,
                    shard: selfplay::parse_shard(&shard)?,
                    threads,
                    opening_plies: selfplay::parse_plies_range(&opening_plies)?,
                    max_plies,
                    out,
                    progress: !quiet,
                },
            )
        }
        Command::Tune { game, data, out, start, lambda, iterations, learning_rate, l2, l2_deviation } => {
            if !(0.0..=1.0).contains(&lambda) {
                return Err(CliError::new(format!("--lambda takes a number from 0 to 1, not {lambda}")));
            }
            let negative = |x: f64| x.is_nan() || x < 0.0;
            if iterations == 0
                || learning_rate.is_nan()
                || learning_rate <= 0.0
                || negative(l2)
                || negative(l2_deviation)
            {
                return Err(CliError::new(
                    "--iterations, --learning-rate must be positive and --l2, --l2-deviation not negative",
                ));
            }
            let options = damero_lab::TuneOptions {
                lambda,
                iterations,
                learning_rate,
                l2,
                l2_deviation,
                ..Default::default()
            };
            tune::Tune { game, data, out, start, options }.run()
        }
        Command::TuneNetwork { game, data, out, lambda, epochs, batch, learning_rate, seed } => {
            if !(0.0..=1.0).contains(&lambda) {
                return Err(CliError::new(format!("--lambda takes a number from 0 to 1, not {lambda}")));
            }
            if epochs == 0 || batch == 0 || learning_rate.is_nan() || learning_rate <= 0.0 {
                return Err(CliError::new("--epochs, --batch and --learning-rate must be positive"));
            }
            let options = damero_lab::NetworkOptions {
                lambda,
                epochs,
                batch,
                learning_rate,
                seed,
                ..Default::default()
            };
            tune::TuneNetwork { game, data, out, options }.run()
        }
        Command::Bench => engine_commands::run_bench().map(|_| ()),
        Command::Hub => hub::run(),
    }
}

/// Where a command writing with `println!` finds stdout closed (`damero
/// moves | head -1`), std panics "failed printing to stdout"; this turns that
/// one case into the documented exit: status 2, nothing more printed.
fn exit_quietly_on_closed_stdout() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") {
            std::process::exit(2);
        }
        default_hook(info);
    }));
}

fn main() -> ExitCode {
    exit_quietly_on_closed_stdout();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // A closed stdout: nothing more can be said, and nobody reads it.
        Err(error) if error.0 == play::STDOUT_CLOSED || error.0.contains("Broken pipe") => ExitCode::from(2),
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(2)
        }
    }
}
