//! The game registry: the CLI picks a game by id once, then runs
//! monomorphic code for it. Every game the CLI knows is one line of the
//! `games!` table below, which makes the id list, the dispatch and the help
//! text; the ids are the games' own [`Game::NAME`]s.

use damero_core::{Evaluator, Game};
use damero_cross::{Cross, CrossEvaluator};
use damero_draughts::{DraughtsEvaluator, English, Russian, Spanish, Zisnella};
use damero_eliminar::EliminarEvaluator;
use damero_tumbling_down::TumblingDownEvaluator;

use crate::CliError;

/// A command generic over the game: [`dispatch`] calls `run` with the
/// concrete position and evaluator types of the game named on the command line.
pub trait GameCommand {
    /// What the command returns.
    type Output;
    /// Runs the command for game `G` with its evaluator.
    fn run<G: Game, E: Evaluator<G>>(self, evaluator: E) -> Result<Self::Output, CliError>;
}

/// `game type => its evaluator, how the CLI saves its games;` for every game,
/// in the order `damero games` lists them.
macro_rules! games {
    ($($game:ty => $evaluator:expr, $records:ident;)+) => {
        /// Every game id, in the order `damero games` prints them.
        pub const GAME_IDS: &[&str] = &[$(<$game as Game>::NAME),+];

        /// Runs `command` for the game called `id`.
        pub fn dispatch<C: GameCommand>(id: &str, command: C) -> Result<C::Output, CliError> {
            $(
                if id == <$game as Game>::NAME {
                    return command.run::<$game, _>($evaluator);
                }
            )+
            Err(CliError::new(format!("unknown game '{id}' (known: {})", GAME_IDS.join(", "))))
        }

        /// How games of `id` are saved (`match --out`): `None` for an
        /// unknown id.
        pub fn record_format(id: &str) -> Option<RecordFormat> {
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
    Russian => DraughtsEvaluator::default(), Pdn;
    Zisnella => DraughtsEvaluator::default(), Pdn;
    Spanish => DraughtsEvaluator::default(), Pdn;
    English => DraughtsEvaluator::default(), Pdn;
    damero_eliminar::Eliminar => EliminarEvaluator, Tagged;
    damero_tumbling_down::TumblingDown => TumblingDownEvaluator::default(), Tagged;
    Cross => CrossEvaluator, Tagged;
}

/// The help text's list of games (`damero --help`).
pub fn help() -> String {
    format!("Games (the GAME argument; `damero games` lists them one per line):\n  {}", GAME_IDS.join(", "))
}
