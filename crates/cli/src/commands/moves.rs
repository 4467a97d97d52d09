//! `damero moves`: the legal moves, one per line.

use damero_core::{Evaluator, GameRecord};
use damero_engine::EngineGame;

use crate::error::CliError;
use crate::flags::PositionArgs;
use crate::outcome::describe_end;
use crate::registry::{GameCommand, dispatch};

/// The arguments of `damero moves`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game id (see `damero games`).
    game: String,
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `damero moves`.
pub fn run(args: Args) -> Result<(), CliError> {
    let game = args.game.clone();
    dispatch(&game, args)
}

impl GameCommand for Args {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, _evaluator: E) -> Result<(), CliError> {
        let record: GameRecord<G> = self.position.record()?;
        if let Some(end) = describe_end(&record) {
            // stdout stays the (empty) move list: the game is over.
            eprintln!("the game is over: {end}");
            return Ok(());
        }
        for text in record.position().legal_move_texts() {
            println!("{text}");
        }
        Ok(())
    }
}
