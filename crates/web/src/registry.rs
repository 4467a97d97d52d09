//! The game registry the server creates sessions through: a game id picks
//! the monomorphic code of one game once, at session creation.
//!
//! Until the engine layer's registry (`damero_engine::registry`) is
//! available this is the same table in miniature; it names no rule and no
//! notation, only which position and evaluator types a game id means.

use damero_core::{Evaluator, Game, Presentation};
use damero_cross::Cross;
use damero_draughts::{Draughts, EnglishVariant, RussianVariant, SpanishVariant, Variant, ZisnellaVariant};
use damero_eliminar::Eliminar;
use damero_eval::{CrossEvaluator, DraughtsEvaluator, EliminarEvaluator, TumblingDownEvaluator};
use damero_tumbling_down::TumblingDown;

/// A command generic over the game: [`dispatch`] runs it with the position
/// and evaluator types of the game an id names.
pub trait GameCommand {
    /// What the command gives back.
    type Output;
    /// Runs the command for game `G` with its default evaluator.
    fn run<G: Presentation, E: Evaluator<G>>(self, evaluator: E) -> Self::Output;
}

/// Every game id, in the order `damero games` prints them.
pub const GAME_IDS: &[&str] = &[
    <RussianVariant as Variant>::NAME,
    <ZisnellaVariant as Variant>::NAME,
    <SpanishVariant as Variant>::NAME,
    <EnglishVariant as Variant>::NAME,
    <Eliminar as Game>::NAME,
    <TumblingDown as Game>::NAME,
    <Cross as Game>::NAME,
];

/// The ids of the draughts rule sets (their records are PDN proper).
pub const DRAUGHTS_IDS: &[&str] = &[
    <RussianVariant as Variant>::NAME,
    <ZisnellaVariant as Variant>::NAME,
    <SpanishVariant as Variant>::NAME,
    <EnglishVariant as Variant>::NAME,
];

/// Runs `command` for the game called `id`; `None` for an unknown id.
pub fn dispatch<C: GameCommand>(id: &str, command: C) -> Option<C::Output> {
    Some(match id {
        _ if id == RussianVariant::NAME => {
            command.run::<Draughts<RussianVariant>, _>(DraughtsEvaluator::<RussianVariant>::default())
        }
        _ if id == ZisnellaVariant::NAME => {
            command.run::<Draughts<ZisnellaVariant>, _>(DraughtsEvaluator::<ZisnellaVariant>::default())
        }
        _ if id == SpanishVariant::NAME => {
            command.run::<Draughts<SpanishVariant>, _>(DraughtsEvaluator::<SpanishVariant>::default())
        }
        _ if id == EnglishVariant::NAME => {
            command.run::<Draughts<EnglishVariant>, _>(DraughtsEvaluator::<EnglishVariant>::default())
        }
        _ if id == Eliminar::NAME => command.run::<Eliminar, _>(EliminarEvaluator),
        _ if id == TumblingDown::NAME => command.run::<TumblingDown, _>(TumblingDownEvaluator::default()),
        _ if id == Cross::NAME => command.run::<Cross, _>(CrossEvaluator),
        _ => return None,
    })
}
