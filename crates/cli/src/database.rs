//! The endgame databases in play: `--egdb DIR`, or the environment
//! variable `DAMERO_EGDB` when the flag is absent.

use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    let explicit = flag.is_some();
    let dir = database_dir(flag);
    match registry::dispatch_draughts(id, WithDatabase { command, dir, explicit }) {
        Ok(result) => result,
        Err(WithDatabase { command, .. }) => registry::dispatch(id, command),
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
