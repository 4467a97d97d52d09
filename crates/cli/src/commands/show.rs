//! `damero show`: the board and its FEN.

use damero_core::{Evaluator, GameRecord};
use damero_engine::EngineGame;

use crate::error::CliError;
use crate::flags::PositionArgs;
use crate::outcome::describe_end;
use crate::registry::{GameCommand, dispatch};

/// The arguments of `damero show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game id.
    game: String,
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `damero show`.
pub fn run(args: Args) -> Result<(), CliError> {
    let game = args.game.clone();
    dispatch(&game, args)
}

impl GameCommand for Args {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, _evaluator: E) -> Result<(), CliError> {
        let record: GameRecord<G> = self.position.record()?;
        let position = record.position();
        print!("{}", position.diagram());
        if let Some(end) = describe_end(&record) {
            println!("game over: {end}");
        }
        println!("{}", position.fen());
        Ok(())
    }
}
