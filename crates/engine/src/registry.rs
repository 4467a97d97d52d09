//! The game registry: a front end (the command line, the Hub, the web
//! board, the Python package) picks a game by id once, then runs monomorphic
//! code for it. Every game is one entry of the `games!` table below, which
//! makes the id list and the dispatch; the ids are the games' own
//! [`Game::NAME`](damero_core::Game::NAME)s. The draughts rule sets are
//! listed by their [`Variant`], so what only makes sense for draughts
//! (fitting, endgame databases, the Hub) dispatches over the same table;
//! what differs between games (notation, records, books) is read from the
//! games' own types, never matched on their names here.

use core::fmt;

use damero_core::Evaluator;
use damero_cross::Cross;
use damero_draughts::{Draughts, EnglishVariant, RussianVariant, SpanishVariant, Variant, ZisnellaVariant};
use damero_eliminar::Eliminar;
use damero_eval::{CrossEvaluator, DraughtsEvaluator, EliminarEvaluator, TumblingDownEvaluator};
use damero_tumbling_down::TumblingDown;

use crate::EngineGame;

/// A task generic over the game: [`dispatch`] calls `run` with the concrete
/// position and evaluator types of the game named by an id.
pub trait GameCommand {
    /// What the task returns.
    type Output;
    /// Runs the task for game `G` with its default evaluator.
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Self::Output;
}

/// A task for the draughts rule sets only: [`dispatch_draughts`] calls `run`
/// with the rule set's [`Variant`].
pub trait DraughtsCommand {
    /// What the task returns.
    type Output;
    /// Runs the task for the draughts rule set `V`.
    fn run<V: Variant>(self) -> Self::Output;
}

/// An id that names no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame {
    /// The id asked for.
    pub id: String,
}

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown game '{}' (known: {})", self.id, GAME_IDS.join(", "))
    }
}

impl std::error::Error for UnknownGame {}

/// The file format of a game's records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// Portable Draughts Notation (`.pdn`).
    Pdn,
    /// The same tags and numbered move list, in the game's own notation (`.txt`).
    Tagged,
}

impl RecordFormat {
    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            RecordFormat::Pdn => "pdn",
            RecordFormat::Tagged => "txt",
        }
    }
}

/// `draughts: variant, ...; others: game type => its evaluator, how its
/// records are saved; ...` in the order `damero games` lists them. A draughts
/// rule set plays with [`DraughtsEvaluator`] and saves its games as PDN.
macro_rules! games {
    (
        draughts: $($variant:ty),+;
        others: $($game:ty => $evaluator:expr, $records:ident;)+
    ) => {
        /// Every game id, in the order `damero games` prints them.
        pub const GAME_IDS: &[&str] = &[$(<$variant as Variant>::NAME,)+ $(<$game as damero_core::Game>::NAME),+];

        /// The ids of the draughts rule sets, in the same order.
        pub const DRAUGHTS_IDS: &[&str] = &[$(<$variant as Variant>::NAME),+];

        /// Runs `command` for the game called `id`.
        ///
        /// # Errors
        /// [`UnknownGame`] when `id` names no game.
        pub fn dispatch<C: GameCommand>(id: &str, command: C) -> Result<C::Output, UnknownGame> {
            $(
                if id == <$variant as Variant>::NAME {
                    return Ok(command.run::<Draughts<$variant>, _>(DraughtsEvaluator::<$variant>::default()));
                }
            )+
            $(
                if id == <$game as damero_core::Game>::NAME {
                    return Ok(command.run::<$game, _>($evaluator));
                }
            )+
            Err(UnknownGame { id: id.to_owned() })
        }

        /// Runs `command` for the draughts rule set called `id`; gives the
        /// command back when `id` is no draughts rule set.
        ///
        /// # Errors
        /// The command itself when `id` is not a draughts rule set.
        pub fn dispatch_draughts<C: DraughtsCommand>(id: &str, command: C) -> Result<C::Output, C> {
            $(
                if id == <$variant as Variant>::NAME {
                    return Ok(command.run::<$variant>());
                }
            )+
            Err(command)
        }

        /// How games of `id` are saved (`match --out`): `None` for an
        /// unknown id.
        pub fn record_format(id: &str) -> Option<RecordFormat> {
            if DRAUGHTS_IDS.contains(&id) {
                return Some(RecordFormat::Pdn);
            }
            $(
                if id == <$game as damero_core::Game>::NAME {
                    return Some(RecordFormat::$records);
                }
            )+
            None
        }
    };
}

games! {
    draughts: RussianVariant, ZisnellaVariant, SpanishVariant, EnglishVariant;
    others:
    Eliminar => EliminarEvaluator, Tagged;
    TumblingDown => TumblingDownEvaluator::default(), Tagged;
    Cross => CrossEvaluator, Tagged;
}

/// The help text's list of games (`damero --help`).
pub fn help() -> String {
    format!("Games (the GAME argument; `damero games` lists them one per line):\n  {}", GAME_IDS.join(", "))
}
