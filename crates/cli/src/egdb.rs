//! `damero egdb build` and the endgame databases in play: `--egdb DIR`, or
//! the environment variable `DAMERO_EGDB` when the flag is absent.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use clap::Subcommand;
use damero_draughts::{
    DraughtsEvaluator, EgdbError, EgdbEvaluator, EndgameDatabase, EnglishVariant, RussianVariant,
    SpanishVariant, Variant,
};
use indicatif::{ProgressBar, ProgressStyle};

use crate::CliError;
use crate::games::{self, GameCommand};

/// The environment variable naming the database directory.
pub const EGDB_ENV: &str = "DAMERO_EGDB";

/// `damero egdb ...`.
#[derive(Subcommand, Debug)]
pub enum EgdbCommand {
    /// Solve every position with up to N pieces and write the files into DIR.
    Build {
        /// Game id: russian, english or spanish.
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
        EgdbCommand::Build { game, pieces, out, quiet } => match game.as_str() {
            "russian" => build::<RussianVariant>(&out, pieces, quiet),
            "english" => build::<EnglishVariant>(&out, pieces, quiet),
            "spanish" => build::<SpanishVariant>(&out, pieces, quiet),
            _ => Err(CliError::new(format!("no endgame databases for '{game}' (russian, english, spanish)"))),
        },
    }
}

fn build<V: Variant>(dir: &Path, pieces: u32, quiet: bool) -> Result<(), CliError> {
    let bar = if quiet { ProgressBar::hidden() } else { ProgressBar::new(1) };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {percent:>3}%  slice {msg}  [{elapsed_precise}, eta {eta}]")
            .map_err(|e| CliError::new(e.to_string()))?,
    );
    let start = Instant::now();
    let database = EndgameDatabase::<V>::build(dir, pieces, |progress| {
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

/// [`games::dispatch`], with the draughts evaluators wrapped in an
/// [`EgdbEvaluator`] over the database in `--egdb DIR` (or `$DAMERO_EGDB`).
pub fn dispatch<C: GameCommand>(id: &str, flag: Option<PathBuf>, command: C) -> Result<C::Output, CliError> {
    let explicit = flag.is_some();
    let dir = database_dir(flag);
    let dir = dir.as_deref();
    match id {
        "russian" => command.run::<damero_draughts::Russian, _>(evaluator::<RussianVariant>(dir, explicit)?),
        "english" => command.run::<damero_draughts::English, _>(evaluator::<EnglishVariant>(dir, explicit)?),
        "spanish" => command.run::<damero_draughts::Spanish, _>(evaluator::<SpanishVariant>(dir, explicit)?),
        _ => games::dispatch(id, command),
    }
}

/// The usual evaluator of `V` over the database in `dir`, if any.
fn evaluator<V: Variant>(
    dir: Option<&Path>,
    explicit: bool,
) -> Result<EgdbEvaluator<V, DraughtsEvaluator<V>>, CliError> {
    Ok(EgdbEvaluator::new(DraughtsEvaluator::default(), Arc::new(open_database(dir, explicit)?)))
}
