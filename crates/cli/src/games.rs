//! The game registry: the CLI picks a game by id once, then runs
//! monomorphic code for it.

use damero_core::{Evaluator, Game};
use damero_cross::{Cross, CrossEvaluator};
use damero_draughts::{DraughtsEvaluator, English, Russian, Spanish, Zisnella};
use damero_eliminar::EliminarEvaluator;
use damero_tumbling_down::TumblingDownEvaluator;

use crate::CliError;

/// Every game id, in the order `damero games` prints them.
pub const GAME_IDS: &[&str] =
    &["russian", "zisnella", "spanish", "english", "eliminar", "tumbling-down", "cross"];

/// A command generic over the game: [`dispatch`] calls `run` with the
/// concrete position and evaluator types of the game named on the command line.
pub trait GameCommand {
    /// What the command returns.
    type Output;
    /// Runs the command for game `G` with its evaluator.
    fn run<G: Game, E: Evaluator<G>>(self, evaluator: E) -> Result<Self::Output, CliError>;
}

/// Runs `command` for the game called `id`.
pub fn dispatch<C: GameCommand>(id: &str, command: C) -> Result<C::Output, CliError> {
    match id {
        "russian" => command.run::<Russian, _>(DraughtsEvaluator::default()),
        "zisnella" => command.run::<Zisnella, _>(DraughtsEvaluator::default()),
        "spanish" => command.run::<Spanish, _>(DraughtsEvaluator::default()),
        "english" => command.run::<English, _>(DraughtsEvaluator::default()),
        "eliminar" => command.run::<damero_eliminar::Eliminar, _>(EliminarEvaluator),
        "tumbling-down" => {
            command.run::<damero_tumbling_down::TumblingDown, _>(TumblingDownEvaluator::default())
        }
        "cross" => command.run::<Cross, _>(CrossEvaluator),
        _ => Err(CliError::new(format!("unknown game '{id}' (known: {})", GAME_IDS.join(", ")))),
    }
}
