//! The game registry: the CLI picks a game by id once, then runs
//! monomorphic code for it. Every game the CLI knows is one entry of the
//! `games!` table below, which makes the id list, the dispatch and the help
//! text; the ids are the games' own [`Game::NAME`]s. The draughts rule sets
//! are listed by their [`Variant`], so the commands that only make sense
//! for draughts (`tune`, `egdb`, `hub`) dispatch over the same table; what
//! differs between games (notation, endgame database support, records) is
//! read from the games' own types, never matched on their names here.

use damero_core::{Evaluator, Game, Presentation};
use damero_cross::Cross;
use damero_draughts::{Draughts, EnglishVariant, RussianVariant, SpanishVariant, Variant, ZisnellaVariant};
use damero_eval::CrossEvaluator;
use damero_eval::DraughtsEvaluator;
use damero_eval::EliminarEvaluator;
use damero_eval::TumblingDownEvaluator;

use crate::CliError;

/// A command generic over the game: [`dispatch`] calls `run` with the
/// concrete position and evaluator types of the game named on the command line.
pub trait GameCommand {
    /// What the command returns.
    type Output;
    /// Runs the command for game `G` with its evaluator.
    fn run<G: Presentation, E: Evaluator<G>>(self, evaluator: E) -> Result<Self::Output, CliError>;
}

/// A command for the draughts rule sets only: [`dispatch_draughts`] calls
/// `run` with the rule set's [`Variant`].
pub trait DraughtsCommand {
    /// What the command returns.
    type Output;
    /// Runs the command for the draughts rule set `V`.
    fn run<V: Variant>(self) -> Result<Self::Output, CliError>;
}

/// `draughts: variant, ...; others: game type => its evaluator, how the CLI
/// saves its games; ...` in the order `damero games` lists them. A draughts
/// rule set plays with [`DraughtsEvaluator`] and saves its games as PDN.
macro_rules! games {
    (
        draughts: $($variant:ty),+;
        others: $($game:ty => $evaluator:expr, $records:ident;)+
    ) => {
        /// Every game id, in the order `damero games` prints them.
        pub const GAME_IDS: &[&str] = &[$(<$variant as Variant>::NAME,)+ $(<$game as Game>::NAME),+];

        /// The ids of the draughts rule sets, in the same order.
        pub const DRAUGHTS_IDS: &[&str] = &[$(<$variant as Variant>::NAME),+];

        /// Runs `command` for the game called `id`.
        pub fn dispatch<C: GameCommand>(id: &str, command: C) -> Result<C::Output, CliError> {
            $(
                if id == <$variant as Variant>::NAME {
                    return command.run::<Draughts<$variant>, _>(DraughtsEvaluator::<$variant>::default());
                }
            )+
            $(
                if id == <$game as Game>::NAME {
                    return command.run::<$game, _>($evaluator);
                }
            )+
            Err(CliError::new(format!("unknown game '{id}' (known: {})", GAME_IDS.join(", "))))
        }

        /// Runs `command` for the draughts rule set called `id`; gives the
        /// command back when `id` is no draughts rule set.
        pub fn dispatch_draughts<C: DraughtsCommand>(
            id: &str,
            command: C,
        ) -> Result<Result<C::Output, CliError>, C> {
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
                if id == <$game as Game>::NAME {
                    return Some(RecordFormat::$records);
                }
            )+
            None
        }
    };
}

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

games! {
    draughts: RussianVariant, ZisnellaVariant, SpanishVariant, EnglishVariant;
    others:
    damero_eliminar::Eliminar => EliminarEvaluator, Tagged;
    damero_tumbling_down::TumblingDown => TumblingDownEvaluator::default(), Tagged;
    Cross => CrossEvaluator, Tagged;
}

/// The help text's list of games (`damero --help`).
pub fn help() -> String {
    format!("Games (the GAME argument; `damero games` lists them one per line):\n  {}", GAME_IDS.join(", "))
}
