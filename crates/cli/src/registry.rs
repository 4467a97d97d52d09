//! The command line's view of the game registry
//! ([`damero_engine::registry`]): its commands return [`CliError`]s, and an
//! unknown game id is one too.

use damero_core::Evaluator;
use damero_draughts::Variant;
use damero_engine::EngineGame;
use damero_engine::registry;
pub use damero_engine::registry::{DRAUGHTS_IDS, GAME_IDS, RecordFormat, help, record_format};

use crate::error::CliError;

/// A command generic over the game: [`dispatch`] calls `run` with the
/// concrete position and evaluator types of the game named on the command line.
pub trait GameCommand {
    /// What the command returns.
    type Output;
    /// Runs the command for game `G` with its evaluator.
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<Self::Output, CliError>;
}

/// A command for the draughts rule sets only: [`dispatch_draughts`] calls
/// `run` with the rule set's [`Variant`].
pub trait DraughtsCommand {
    /// What the command returns.
    type Output;
    /// Runs the command for the draughts rule set `V`.
    fn run<V: Variant>(self) -> Result<Self::Output, CliError>;
}

/// A command of the CLI as a task of the registry.
struct Task<C>(C);

impl<C: GameCommand> registry::GameCommand for Task<C> {
    type Output = Result<C::Output, CliError>;

    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Self::Output {
        self.0.run::<G, E>(evaluator)
    }
}

impl<C: DraughtsCommand> registry::DraughtsCommand for Task<C> {
    type Output = Result<C::Output, CliError>;

    fn run<V: Variant>(self) -> Self::Output {
        self.0.run::<V>()
    }
}

/// Runs `command` for the game called `id`.
pub fn dispatch<C: GameCommand>(id: &str, command: C) -> Result<C::Output, CliError> {
    registry::dispatch(id, Task(command))?
}

/// Runs `command` for the draughts rule set called `id`; gives the command
/// back when `id` is no draughts rule set.
pub fn dispatch_draughts<C: DraughtsCommand>(id: &str, command: C) -> Result<Result<C::Output, CliError>, C> {
    registry::dispatch_draughts(id, Task(command)).map_err(|Task(command)| command)
}
