//! `damero suite`: an engine over a test suite of positions with known best
//! moves (the format is documented in `damero_engine::suite`), and the
//! suites built from endgame databases.

use std::io::Write;
use std::path::PathBuf;

use clap::Subcommand;
use damero_core::Evaluator;
use damero_engine::suite::{PositionResult, Suite, SuitePosition, run_suite};
use damero_engine::{EngineGame, EngineSpec};

use crate::database;
use crate::engines::engine_spec;
use crate::error::CliError;
use crate::flags::{EgdbArgs, LimitArgs};
use crate::registry::{self, DraughtsCommand, GameCommand};
use damero_draughts::{Draughts, Variant};
use damero_eval::DraughtsEvaluator;
use damero_eval::egdb::EndgameDatabase;
use damero_lab::Sample;
use damero_lab::suite::ShotOptions;
use indicatif::ProgressBar;

/// The arguments of `damero suite ...`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: SuiteCommand,
}

#[derive(Subcommand, Debug)]
enum SuiteCommand {
    /// Search every position of a suite file and report the share solved
    /// (the engine's move is one of the position's `bm` moves), the nodes
    /// and time to solution and in all.
    Run {
        /// The suite file (its `game` line names the game).
        file: PathBuf,
        /// The engine (a full spec such as `alphabeta:nodes=100000`; the
        /// limit flags override its limits).
        #[arg(long, default_value = "alphabeta")]
        engine: String,
        #[command(flatten)]
        limits: LimitArgs,
        /// Print a line per position: id, solved, the move played, the
        /// solving moves, depth, nodes to solution and in all, time.
        #[arg(long)]
        table: bool,
        #[command(flatten)]
        egdb: EgdbArgs,
    },
    /// Write a suite: with --egdb, positions from an endgame database whose
    /// only winning move (about two in three) or only drawing move is known;
    /// with --from-selfplay, middlegame shots of a self-play file whose best
    /// move a search and a deeper one agree on by --margin.
    Make {
        /// Game id (a draughts rule set).
        game: String,
        /// The database directory (`damero egdb build`).
        #[arg(
            long,
            value_name = "DIR",
            required_unless_present = "from_selfplay",
            conflicts_with = "from_selfplay"
        )]
        egdb: Option<PathBuf>,
        /// A `damero selfplay` file whose positions are the candidates, in order.
        #[arg(long, value_name = "FILE")]
        from_selfplay: Option<PathBuf>,
        /// Positions in the suite.
        #[arg(long, default_value_t = 300)]
        count: usize,
        /// Positions with fewer pieces are left out (default: 4 with
        /// --egdb, 10 with --from-selfplay).
        #[arg(long)]
        min_pieces: Option<u32>,
        /// Shots: the depth of the first search of every move.
        #[arg(long, default_value_t = 8)]
        depth: u32,
        /// Shots: the depth of the check, a second search of every move.
        #[arg(long, default_value_t = 12)]
        check_depth: u32,
        /// Shots: the best move's lead over the second at both depths, in centipawns.
        #[arg(long, default_value_t = 100)]
        margin: i32,
        /// Seeds the draw of positions.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The suite file to write.
        #[arg(long)]
        out: PathBuf,
    },
}

/// Runs a `damero suite` command.
pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        SuiteCommand::Run { file, engine, limits, table, egdb } => {
            if limits.time.is_some() {
                return Err(CliError::usage(
                    "a suite searches each position to a limit: --depth, --nodes or --movetime, not --time",
                ));
            }
            let text = std::fs::read_to_string(&file).map_err(|e| CliError::file("read", &file, e))?;
            let suite: Suite =
                text.parse().map_err(|e| CliError::Parse(format!("{}: {e}", file.display())))?;
            let spec = engine_spec(&engine, limits)?;
            let game = suite.game.clone();
            database::dispatch(&game, egdb.egdb, RunSuite { suite, file, spec, table })
        }
        SuiteCommand::Make {
            game,
            egdb,
            from_selfplay,
            count,
            min_pieces,
            depth,
            check_depth,
            margin,
            seed,
            out,
        } => {
            let source = match (egdb, from_selfplay) {
                (Some(dir), _) => Source::Egdb { dir, min_pieces: min_pieces.unwrap_or(4), seed },
                (None, Some(file)) => {
                    if depth == 0 || check_depth <= depth || margin < 1 {
                        return Err(CliError::usage(
                            "--check-depth must be above --depth (at least 1), --margin at least 1",
                        ));
                    }
                    let options =
                        ShotOptions { depth, check_depth, margin, min_pieces: min_pieces.unwrap_or(10) };
                    Source::Searches { file, options }
                }
                (None, None) => {
                    return Err(CliError::usage("suite make takes --egdb DIR or --from-selfplay FILE"));
                }
            };
            let command = MakeSuite { source, count, out };
            registry::dispatch_draughts(&game, command).map_err(|_| {
                CliError::usage(format!(
                    "'{game}' has no endgame databases (damero egdb build lists the games)"
                ))
            })?
        }
    }
}

/// Where `suite make` takes its positions.
enum Source {
    Egdb { dir: PathBuf, min_pieces: u32, seed: u64 },
    Searches { file: PathBuf, options: ShotOptions },
}

struct MakeSuite {
    source: Source,
    count: usize,
    out: PathBuf,
}

impl DraughtsCommand for MakeSuite {
    type Output = ();
    fn run<V: Variant>(self) -> Result<(), CliError> {
        let (suite, made_by) = match self.source {
            Source::Egdb { dir, min_pieces, seed } => {
                if !EndgameDatabase::<V>::SUPPORTED {
                    return Err(CliError::usage(format!("{} has no endgame databases", V::NAME)));
                }
                let database = EndgameDatabase::<V>::open(&dir).map_err(CliError::engine)?;
                let suite = damero_lab::suite::from_egdb(&database, self.count, min_pieces, seed);
                let made_by = format!(
                    "--egdb DIR --count {} --min-pieces {min_pieces} --seed {seed} (a {}-piece database)",
                    self.count,
                    database.max_pieces()
                );
                (suite, made_by)
            }
            Source::Searches { file, options } => {
                let text = std::fs::read_to_string(&file).map_err(|e| CliError::file("read", &file, e))?;
                let mut candidates = Vec::new();
                for (index, line) in text.lines().enumerate() {
                    match Sample::<Draughts<V>>::parse(line, Default::default()) {
                        None => {}
                        Some(Ok(sample)) => candidates.push(sample.position),
                        Some(Err(e)) => {
                            return Err(CliError::Parse(format!("{}:{}: {e}", file.display(), index + 1)));
                        }
                    }
                }
                let bar = ProgressBar::new(candidates.len() as u64);
                let suite = damero_lab::suite::from_searches(
                    candidates,
                    DraughtsEvaluator::default(),
                    options,
                    self.count,
                    |tried, kept| {
                        bar.set_position(tried as u64);
                        bar.set_message(format!("{kept} kept"));
                    },
                );
                bar.finish_and_clear();
                let ShotOptions { depth, check_depth, margin, min_pieces } = options;
                let made_by = format!(
                    "--from-selfplay FILE --count {} --depth {depth} --check-depth {check_depth} --margin {margin} --min-pieces {min_pieces}",
                    self.count
                );
                (suite, made_by)
            }
        };
        let text = format!("# made by: damero suite make {} {made_by}\n{suite}", V::NAME);
        damero_core::files::write_whole(&self.out, text.as_bytes())
            .map_err(|e| CliError::file("write", &self.out, e))?;
        eprintln!("{} positions written to {}", suite.positions.len(), self.out.display());
        Ok(())
    }
}

struct RunSuite {
    suite: Suite,
    file: PathBuf,
    spec: EngineSpec,
    table: bool,
}

/// Milliseconds, for the table.
fn millis(time: std::time::Duration) -> u128 {
    time.as_millis()
}

impl GameCommand for RunSuite {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<(), CliError> {
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "suite {}: {} positions of {}, engine {}",
            self.file.display(),
            self.suite.positions.len(),
            G::NAME,
            self.spec
        )?;
        if self.table {
            writeln!(out, "id\tsolved\tplayed\tbest\tdepth\tnodes_to_solution\tnodes\ttime_ms")?;
        }
        let mut write_error = None;
        let table = self.table;
        let on_result = |entry: &SuitePosition, result: &PositionResult| {
            if table && write_error.is_none() {
                let line = format!(
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    entry.id,
                    if result.solved { "yes" } else { "no" },
                    result.played.as_deref().unwrap_or("-"),
                    entry.best.join(" "),
                    result.depth,
                    result.to_solution.map_or("-".to_owned(), |(nodes, _)| nodes.to_string()),
                    result.nodes,
                    millis(result.time),
                );
                if let Err(e) = writeln!(out, "{line}").and_then(|()| out.flush()) {
                    write_error = Some(e);
                }
            }
        };
        let report =
            run_suite::<G, E>(&self.suite, &self.spec, evaluator, on_result).map_err(|e| match e {
                damero_engine::suite::SuiteRunError::Suite(e) => {
                    CliError::Parse(format!("{}: {e}", self.file.display()))
                }
                damero_engine::suite::SuiteRunError::Spec(e) => CliError::engine(e),
            })?;
        if let Some(error) = write_error {
            return Err(error.into());
        }
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "solved {} of {} ({:.1}%)",
            report.solved(),
            report.results.len(),
            report.solved_percent()
        )?;
        let median = report.median_nodes_to_solution().map_or("-".to_owned(), |n| n.to_string());
        writeln!(
            out,
            "nodes to solution (median of the solved): {median}; nodes {}; time {:.1} s",
            report.nodes(),
            report.time().as_secs_f64()
        )?;
        Ok(())
    }
}
