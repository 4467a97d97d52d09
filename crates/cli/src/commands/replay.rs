//! `damero replay`: check the games of a PDN file move by move and print
//! their positions.

use std::io::Write;
use std::path::PathBuf;

use damero_core::{Evaluator, PdnGame};
use damero_engine::EngineGame;

use crate::error::CliError;
use crate::flags::rules;
use crate::outcome::describe_end;
use crate::pdn::pdn_games;
use crate::registry::{GameCommand, dispatch};

/// The arguments of `damero replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game id.
    game: String,
    /// The PDN file.
    file: PathBuf,
    /// Only this game of the file (from 1).
    #[arg(long = "game", value_name = "N")]
    game_number: Option<usize>,
    /// Print only the final position of each game.
    #[arg(long)]
    last: bool,
    /// A rule option `key=value` (repeatable).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    rules: Vec<String>,
}

/// Runs `damero replay`.
pub fn run(args: Args) -> Result<(), CliError> {
    let game = args.game.clone();
    dispatch(&game, args)
}

impl GameCommand for Args {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, _evaluator: E) -> Result<(), CliError> {
        let rules = rules::<G>(&self.rules, None)?;
        // Reading the file replays and checks every move of every game.
        let games = pdn_games::<G>(&self.file, rules)?;
        let chosen: Vec<(usize, &PdnGame<G>)> = match self.game_number {
            Some(n) if n == 0 || n > games.len() => {
                return Err(CliError::Usage(format!(
                    "--game {n}: {} holds {} game(s) (numbered from 1)",
                    self.file.display(),
                    games.len()
                )));
            }
            Some(n) => vec![(n, &games[n - 1])],
            None => games.iter().enumerate().map(|(i, g)| (i + 1, g)).collect(),
        };
        let mut out = std::io::stdout().lock();
        for (number, game) in chosen {
            print_game(&mut out, number, game, self.last)?;
        }
        Ok(())
    }
}

fn print_game<G: EngineGame>(
    out: &mut impl Write,
    number: usize,
    game: &PdnGame<G>,
    last: bool,
) -> Result<(), CliError> {
    let white = game.tag("White").unwrap_or("?");
    let black = game.tag("Black").unwrap_or("?");
    let record = &game.record;
    writeln!(out, "game {number}: {white} - {black}, {} moves", record.moves().len())?;
    let texts = record.move_texts();
    if !last {
        writeln!(out, "start")?;
        write!(out, "{}", record.start().diagram())?;
        for (ply, text) in texts.iter().enumerate() {
            let mover = record.positions()[ply].side_to_move();
            writeln!(out, "\nply {}: {mover} plays {text}", ply + 1)?;
            write!(out, "{}", record.positions()[ply + 1].diagram())?;
        }
    } else {
        write!(out, "{}", record.position().diagram())?;
    }
    writeln!(out, "{}", record.position().fen())?;
    let recorded = game.result.map_or("*", |o| o.result_text());
    match describe_end(record) {
        Some(end) => writeln!(out, "result {recorded}; the position: game over, {end}")?,
        None => writeln!(out, "result {recorded}")?,
    }
    writeln!(out)?;
    Ok(())
}
