//! `damero egdb build`: solve the endgames of a draughts rule set;
//! `damero egdb convert`: play database wins out with an engine against the
//! database's longest defence.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use clap::Subcommand;
use damero_core::{Evaluator, Game};
use damero_draughts::{Draughts, Variant};
use damero_engine::{Engine, EngineSpec, LevelClock, level_spec_with};
use damero_eval::{DraughtsEvaluator, EgdbEvaluator, EndgameDatabase};
use damero_lab::convert::{ConversionReport, WinSample, convert, sample_wins};
use indicatif::{ProgressBar, ProgressStyle};

use crate::database::no_databases;
use crate::engines::engine_spec;
use crate::error::CliError;
use crate::flags::LimitArgs;
use crate::registry::{DraughtsCommand, dispatch_draughts};

/// The arguments of `damero egdb ...`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: EgdbCommand,
}

#[derive(Subcommand, Debug)]
enum EgdbCommand {
    /// Solve every position with up to N pieces and write the files into DIR.
    Build {
        /// Game id: a draughts rule set with databases (russian, spanish, english).
        game: String,
        /// The most pieces (men and kings, both sides) a position may have.
        #[arg(long, default_value_t = 4)]
        pieces: u32,
        /// The directory to write into (created if need be).
        #[arg(long)]
        out: PathBuf,
        /// Go on from what an interrupted build left in DIR: slices whose
        /// files read back whole are kept, the others solved again. The
        /// files end up byte for byte those of an uninterrupted build.
        #[arg(long)]
        resume: bool,
        /// Hide the progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Play database wins out: COUNT positions the database in DIR says the
    /// side to move wins (MIN_PIECES pieces or more, draw counters at zero,
    /// the win within the draw rules), the engine for the winner, the
    /// database's longest defence for the loser; a game counts as converted
    /// when the engine wins it within the database's distance plus MARGIN
    /// plies. The engine plays without the database unless --engine-egdb.
    Convert {
        /// Game id: a draughts rule set with databases.
        game: String,
        /// The database directory (the defender's, and where the wins come from).
        #[arg(long, value_name = "DIR")]
        egdb: PathBuf,
        /// Wins to play out.
        #[arg(long, default_value_t = 200)]
        count: usize,
        /// Start at this game of the seeded draw (from 1): `--from 35
        /// --count 1` plays game 35 of a `--table` again, alone.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        from: u64,
        /// Positions with fewer pieces are left out.
        #[arg(long, default_value_t = 5)]
        min_pieces: u32,
        /// Plies the engine may take beyond the database's distance.
        #[arg(long, default_value_t = 20)]
        margin: u32,
        /// Seeds the draw of the positions (and the engine's).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The engine at a playing level (as `damero play --level`);
        /// the default when --engine is not given: level 10.
        #[arg(long, conflicts_with = "engine", allow_negative_numbers = true)]
        level: Option<i32>,
        /// With --level: spend the level's time as nodes at this many nodes
        /// a second on one thread (the same moves on any machine and load).
        #[arg(long, requires = "level")]
        nps: Option<u64>,
        /// The engine as a spec (`alphabeta:nodes=100000`; the limit flags
        /// override its limits).
        #[arg(long)]
        engine: Option<String>,
        #[command(flatten)]
        limits: LimitArgs,
        /// A database for the engine itself (e.g. a smaller one): by default
        /// the engine converts by search alone.
        #[arg(long, value_name = "DIR")]
        engine_egdb: Option<PathBuf>,
        /// Print a line per game: number, FEN, distance, plies, ending,
        /// plies beyond the distance, nodes, and the moves played.
        #[arg(long)]
        table: bool,
    },
}

/// Runs `damero egdb ...`.
pub fn run(args: Args) -> Result<(), CliError> {
    match args.command {
        EgdbCommand::Build { game, pieces, out, resume, quiet } => {
            dispatch_draughts(&game, Build { dir: out, pieces, resume, quiet })
                .unwrap_or_else(|_| Err(no_databases(&game)))
        }
        EgdbCommand::Convert {
            game,
            egdb,
            count,
            from,
            min_pieces,
            margin,
            seed,
            level,
            nps,
            engine,
            limits,
            engine_egdb,
            table,
        } => {
            let spec = match engine {
                Some(engine) => engine_spec(&engine, limits)?,
                None => {
                    let clock = match nps {
                        Some(0) => return Err(CliError::usage("--nps must be at least 1")),
                        Some(rate) => LevelClock::NodesPerSecond(rate),
                        None => LevelClock::Time,
                    };
                    level_spec_with(level.unwrap_or(10), seed, clock).map_err(CliError::parse)?
                }
            };
            let skip = usize::try_from(from - 1).map_err(|_| CliError::usage("--from is too large"))?;
            let command =
                Convert { dir: egdb, count, skip, min_pieces, margin, seed, spec, engine_egdb, table };
            dispatch_draughts(&game, command).unwrap_or_else(|_| Err(no_databases(&game)))
        }
    }
}

struct Convert {
    dir: PathBuf,
    count: usize,
    /// Games of the draw left out before the first one played.
    skip: usize,
    min_pieces: u32,
    margin: u32,
    seed: u64,
    spec: EngineSpec,
    engine_egdb: Option<PathBuf>,
    table: bool,
}

impl DraughtsCommand for Convert {
    type Output = ();
    fn run<V: Variant>(self) -> Result<(), CliError> {
        if !EndgameDatabase::<V>::SUPPORTED {
            return Err(no_databases(V::NAME));
        }
        let database = EndgameDatabase::<V>::open(&self.dir).map_err(CliError::engine)?;
        let drawn = sample_wins(&database, self.count.saturating_add(self.skip), self.min_pieces, self.seed);
        let samples = drawn.get(self.skip..).unwrap_or_default();
        if samples.is_empty() {
            let found = match drawn.len() {
                0 => "no wins".to_owned(),
                n => format!("{n} wins (none from game {})", self.skip + 1),
            };
            return Err(CliError::usage(format!(
                "the {}-piece database in {} has {found} of {} pieces or more",
                database.max_pieces(),
                self.dir.display(),
                self.min_pieces,
            )));
        }
        let mut out = std::io::stdout().lock();
        writeln!(
            out,
            "converting {} {} database wins of {} to {} pieces (distance + {} plies), engine {}{}",
            samples.len(),
            V::NAME,
            self.min_pieces,
            database.max_pieces(),
            self.margin,
            self.spec,
            if self.engine_egdb.is_some() { ", with its own database" } else { ", without a database" },
        )?;
        match &self.engine_egdb {
            Some(dir) => {
                let own = EndgameDatabase::<V>::open(dir).map_err(CliError::engine)?;
                let evaluator = EgdbEvaluator::new(DraughtsEvaluator::<V>::default(), Arc::new(own));
                self.play_out(&database, samples, evaluator, &mut out)
            }
            None => self.play_out(&database, samples, DraughtsEvaluator::<V>::default(), &mut out),
        }
    }
}

impl Convert {
    fn play_out<V: Variant, E: Evaluator<Draughts<V>>>(
        &self,
        database: &EndgameDatabase<V>,
        samples: &[WinSample<V>],
        evaluator: E,
        out: &mut impl Write,
    ) -> Result<(), CliError> {
        let mut engine = Engine::try_new(&self.spec, evaluator).map_err(CliError::engine)?;
        if self.table {
            writeln!(out, "game\tfen\tdistance\tplies\tending\textra_plies\tnodes\tmoves")?;
        }
        let start = Instant::now();
        let mut report = ConversionReport::default();
        for (number, &sample) in samples.iter().enumerate() {
            let conversion = convert(database, &mut engine, sample, self.margin);
            report.add(&conversion);
            if self.table {
                writeln!(
                    out,
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    self.skip + number + 1,
                    sample.position.fen(),
                    sample.plies,
                    conversion.plies,
                    conversion.ending,
                    conversion.extra_plies(),
                    conversion.nodes,
                    conversion.moves.join(" ")
                )?;
                out.flush()?;
            }
        }
        writeln!(
            out,
            "converted {} of {}; slipped {}, drawn {}, too slow {}",
            report.won, report.games, report.slipped, report.drawn, report.too_slow
        )?;
        let extra = report
            .extra_plies_median_and_max()
            .map_or("-".to_owned(), |(median, max)| format!("median {median}, most {max}"));
        writeln!(
            out,
            "plies beyond the distance (games won): {extra}; nodes {}; time {:.1} s",
            report.nodes,
            start.elapsed().as_secs_f64()
        )?;
        Ok(())
    }
}

struct Build {
    dir: PathBuf,
    pieces: u32,
    resume: bool,
    quiet: bool,
}

impl DraughtsCommand for Build {
    type Output = ();
    fn run<V: Variant>(self) -> Result<(), CliError> {
        if !EndgameDatabase::<V>::SUPPORTED {
            return Err(no_databases(V::NAME));
        }
        build::<V>(&self.dir, self.pieces, self.resume, self.quiet)
    }
}

fn build<V: Variant>(dir: &Path, pieces: u32, resume: bool, quiet: bool) -> Result<(), CliError> {
    let bar = if quiet { ProgressBar::hidden() } else { ProgressBar::new(1) };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {percent:>3}%  slice {msg}  [{elapsed_precise}, eta {eta}]")
            .map_err(CliError::engine)?,
    );
    let start = Instant::now();
    let show = |progress: &damero_lab::BuildProgress| {
        bar.set_length(progress.positions_total);
        bar.set_position(progress.positions_done);
        bar.set_message(format!("{} ({}/{})", progress.slice, progress.slices_done, progress.slices_total));
    };
    let database = if resume {
        damero_lab::resume_egdb::<V>(dir, pieces, show)
    } else {
        damero_lab::build_egdb::<V>(dir, pieces, show)
    }
    .map_err(CliError::engine)?;
    bar.finish_and_clear();
    println!(
        "{} endgame database, up to {pieces} pieces: {} slices, {} bytes of values, in {:.1} s, written to {}",
        V::NAME,
        EndgameDatabase::<V>::slices(pieces).len(),
        database.size_bytes(),
        start.elapsed().as_secs_f64(),
        dir.display()
    );
    Ok(())
}
