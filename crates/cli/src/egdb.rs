//! `damero egdb build` and the endgame databases in play: `--egdb DIR`, or
//! the environment variable `DAMERO_EGDB` when the flag is absent.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use clap::Subcommand;
use damero_draughts::{Draughts, Variant};
use damero_eval::{DraughtsEvaluator, EgdbError, EgdbEvaluator, EndgameDatabase};
use indicatif::{ProgressBar, ProgressStyle};

use crate::CliError;
use crate::games::{self, DRAUGHTS_IDS, DraughtsCommand, GameCommand};

/// The environment variable naming the database directory.
pub const EGDB_ENV: &str = "DAMERO_EGDB";

/// `damero egdb ...`.
#[derive(Subcommand, Debug)]
pub enum EgdbCommand {
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
        /// Hide the progress bar.
        #[arg(long)]
        quiet: bool,
    },
}

/// Runs `damero egdb ...`.
pub fn run(command: EgdbCommand) -> Result<(), CliError> {
    match command {
        EgdbCommand::Build { game, pieces, out, quiet } => {
            games::dispatch_draughts(&game, Build { dir: out, pieces, quiet })
                .unwrap_or_else(|_| Err(no_databases(&game)))
        }
    }
}

/// The draughts rule sets that can have databases, in registry order.
pub fn supported_ids() -> Vec<&'static str> {
    struct Supported;
    impl DraughtsCommand for Supported {
        type Output = bool;
        fn run<V: Variant>(self) -> Result<bool, CliError> {
            Ok(EndgameDatabase::<V>::SUPPORTED)
        }
    }
    DRAUGHTS_IDS
        .iter()
        .copied()
        .filter(|id| matches!(games::dispatch_draughts(id, Supported), Ok(Ok(true))))
        .collect()
}

fn no_databases(game: &str) -> CliError {
    CliError::new(format!("no endgame databases for '{game}' ({})", supported_ids().join(", ")))
}

struct Build {
    dir: PathBuf,
    pieces: u32,
    quiet: bool,
}

impl DraughtsCommand for Build {
    type Output = ();
    fn run<V: Variant>(self) -> Result<(), CliError> {
        if !EndgameDatabase::<V>::SUPPORTED {
            return Err(no_databases(V::NAME));
        }
        build::<V>(&self.dir, self.pieces, self.quiet)
    }
}

fn build<V: Variant>(dir: &Path, pieces: u32, quiet: bool) -> Result<(), CliError> {
    let bar = if quiet { ProgressBar::hidden() } else { ProgressBar::new(1) };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {percent:>3}%  slice {msg}  [{elapsed_precise}, eta {eta}]")
            .map_err(|e| CliError::new(e.to_string()))?,
    );
    let start = Instant::now();
    let database = damero_lab::build_egdb::<V>(dir, pieces, |progress| {
        bar.set_length(progress.positions_total);
        bar.set_position(progress.positions_done);
        bar.set_message(format!("{} ({}/{})", progress.slice, progress.slices_done, progress.slices_total));
    })?;
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

/// The database directory: `--egdb DIR`, else `$DAMERO_EGDB`, else none.
pub fn database_dir(flag: Option<PathBuf>) -> Option<PathBuf> {
    flag.or_else(|| std::env::var_os(EGDB_ENV).filter(|v| !v.is_empty()).map(PathBuf::from))
}

/// Opens the database of `V` in `dir`. Missing files are no error: the
/// engine plays without (with a note on stderr when `explicit`, the
/// directory given by `--egdb`); damaged files are.
pub fn open_database<V: Variant>(dir: Option<&Path>, explicit: bool) -> Result<EndgameDatabase<V>, CliError> {
    let Some(dir) = dir else { return Ok(EndgameDatabase::empty()) };
    match EndgameDatabase::open(dir) {
        Ok(database) => Ok(database),
        Err(error @ (EgdbError::MissingFile { .. } | EgdbError::UnsupportedRuleSet { .. })) => {
            if explicit {
                eprintln!("note: {error}; playing without an endgame database");
            }
            Ok(EndgameDatabase::empty())
        }
        Err(error) => Err(error.into()),
    }
}

/// [`games::dispatch`], with the evaluators of the draughts rule sets that
/// have databases wrapped in an [`EgdbEvaluator`] over the database in
/// `--egdb DIR` (or `$DAMERO_EGDB`).
pub fn dispatch<C: GameCommand>(id: &str, flag: Option<PathBuf>, command: C) -> Result<C::Output, CliError> {
    let explicit = flag.is_some();
    let dir = database_dir(flag);
    match games::dispatch_draughts(id, WithDatabase { command, dir, explicit }) {
        Ok(result) => result,
        Err(WithDatabase { command, .. }) => games::dispatch(id, command),
    }
}

/// A game command run over the database, for the rule sets that have one.
struct WithDatabase<C> {
    command: C,
    dir: Option<PathBuf>,
    explicit: bool,
}

impl<C: GameCommand> DraughtsCommand for WithDatabase<C> {
    type Output = C::Output;
    fn run<V: Variant>(self) -> Result<C::Output, CliError> {
        if EndgameDatabase::<V>::SUPPORTED {
            let evaluator = evaluator::<V>(self.dir.as_deref(), self.explicit)?;
            self.command.run::<Draughts<V>, _>(evaluator)
        } else {
            self.command.run::<Draughts<V>, _>(DraughtsEvaluator::<V>::default())
        }
    }
}

/// The usual evaluator of `V` over the database in `dir`, if any.
pub fn evaluator<V: Variant>(
    dir: Option<&Path>,
    explicit: bool,
) -> Result<EgdbEvaluator<V, DraughtsEvaluator<V>>, CliError> {
    Ok(EgdbEvaluator::new(DraughtsEvaluator::default(), Arc::new(open_database(dir, explicit)?)))
}
