//! The game registry, until `damero-engine`'s lands: game id -> monomorphic
//! code. The same table as the command line's (`crates/cli/src/games.rs`).

use damero_core::{Evaluator, FromSetup, Game, Presentation};
use damero_cross::Cross;
use damero_draughts::{Draughts, EnglishVariant, RussianVariant, SpanishVariant, Variant, ZisnellaVariant};
use damero_eval::{CrossEvaluator, DraughtsEvaluator, EliminarEvaluator, TumblingDownEvaluator};

/// What the engine layer asks of a game.
pub trait EngineGame: Presentation + FromSetup {}
impl<G: Presentation + FromSetup> EngineGame for G {}

/// A command generic over the game.
pub trait GameCommand {
    /// What it returns.
    type Output;
    /// Runs it for game `G` with its default evaluator.
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Self::Output;
}

/// An id no game has.
#[derive(Debug)]
pub struct UnknownGame {
    /// The id given.
    pub id: String,
}

impl std::fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown game '{}' (known: {})", self.id, GAME_IDS.join(", "))
    }
}

/// Every game id.
pub const GAME_IDS: &[&str] = &[
    RussianVariant::NAME,
    ZisnellaVariant::NAME,
    SpanishVariant::NAME,
    EnglishVariant::NAME,
    <damero_eliminar::Eliminar as Game>::NAME,
    <damero_tumbling_down::TumblingDown as Game>::NAME,
    <Cross as Game>::NAME,
];

/// Runs `command` for the game called `id`.
pub fn dispatch<C: GameCommand>(id: &str, command: C) -> Result<C::Output, UnknownGame> {
    Ok(match id {
        _ if id == RussianVariant::NAME => command.run::<Draughts<RussianVariant>, _>(DraughtsEvaluator::default()),
        _ if id == ZisnellaVariant::NAME => {
            command.run::<Draughts<ZisnellaVariant>, _>(DraughtsEvaluator::default())
        }
        _ if id == SpanishVariant::NAME => command.run::<Draughts<SpanishVariant>, _>(DraughtsEvaluator::default()),
        _ if id == EnglishVariant::NAME => command.run::<Draughts<EnglishVariant>, _>(DraughtsEvaluator::default()),
        _ if id == <damero_eliminar::Eliminar as Game>::NAME => {
            command.run::<damero_eliminar::Eliminar, _>(EliminarEvaluator)
        }
        _ if id == <damero_tumbling_down::TumblingDown as Game>::NAME => {
            command.run::<damero_tumbling_down::TumblingDown, _>(TumblingDownEvaluator::default())
        }
        _ if id == <Cross as Game>::NAME => command.run::<Cross, _>(CrossEvaluator),
        _ => return Err(UnknownGame { id: id.to_owned() }),
    })
}
