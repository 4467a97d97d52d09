//! The endgame databases in play: `--egdb DIR`, or the environment
//! variable `DAMERO_EGDB` when the flag is absent.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use damero_core::Evaluator;
use damero_draughts::{Draughts, Variant};
use damero_eval::{DraughtsEvaluator, EgdbError, EgdbEvaluator, EndgameDatabase};

use crate::error::CliError;
use crate::registry::{self, DRAUGHTS_IDS, DraughtsCommand, GameCommand};

/// The environment variable naming the database directory.
pub const EGDB_ENV: &str = "DAMERO_EGDB";

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
        .filter(|id| matches!(registry::dispatch_draughts(id, Supported), Ok(Ok(true))))
        .collect()
}

/// The error for a game without databases.
pub fn no_databases(game: &str) -> CliError {
    CliError::Usage(format!("no endgame databases for '{game}' ({})", supported_ids().join(", ")))
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
        Err(error) => Err(CliError::engine(error)),
    }
}

/// [`registry::dispatch`], with the evaluators of the draughts rule sets
/// that have databases wrapped in an [`EgdbEvaluator`] over the database in
/// `--egdb DIR` (or `$DAMERO_EGDB`).
pub fn dispatch<C: GameCommand>(id: &str, flag: Option<PathBuf>, command: C) -> Result<C::Output, CliError> {
    match dispatch_draughts(id, flag, command) {
        Ok(result) => result,
        Err((command, _)) => registry::dispatch(id, command),
    }
}

/// A command for the draughts rule sets that gets each one's usual
/// evaluator (over the database where the rule set has one), knowing the
/// rule set `V`: every [`GameCommand`] is one.
pub trait DraughtsGameCommand {
    /// What the command returns.
    type Output;
    /// Runs the command for the draughts rule set `V` with its evaluator.
    fn run<V: Variant, E: Evaluator<Draughts<V>>>(self, evaluator: E) -> Result<Self::Output, CliError>;
}

impl<C: GameCommand> DraughtsGameCommand for C {
    type Output = C::Output;
    fn run<V: Variant, E: Evaluator<Draughts<V>>>(self, evaluator: E) -> Result<C::Output, CliError> {
        GameCommand::run::<Draughts<V>, E>(self, evaluator)
    }
}

/// Runs `command` for the draughts rule set called `id` over the database
/// in `--egdb DIR` (or `$DAMERO_EGDB`), as [`dispatch`] does; gives the
/// command and the flag back when `id` is no draughts rule set.
pub fn dispatch_draughts<C: DraughtsGameCommand>(
    id: &str,
    flag: Option<PathBuf>,
    command: C,
) -> Result<Result<C::Output, CliError>, (C, Option<PathBuf>)> {
    let explicit = flag.is_some();
    let dir = database_dir(flag.clone());
    registry::dispatch_draughts(id, WithDatabase { command, dir, explicit })
        .map_err(|WithDatabase { command, .. }| (command, flag))
}

/// A game command run over the database, for the rule sets that have one.
struct WithDatabase<C> {
    command: C,
    dir: Option<PathBuf>,
    explicit: bool,
}

impl<C: DraughtsGameCommand> DraughtsCommand for WithDatabase<C> {
    type Output = C::Output;
    fn run<V: Variant>(self) -> Result<C::Output, CliError> {
        if EndgameDatabase::<V>::SUPPORTED {
            let evaluator = evaluator::<V>(self.dir.as_deref(), self.explicit)?;
            self.command.run::<V, _>(evaluator)
        } else {
            self.command.run::<V, _>(DraughtsEvaluator::<V>::default())
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
