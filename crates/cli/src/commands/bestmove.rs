//! `damero bestmove`: search the position, `info` lines while searching,
//! then `bestmove MOVE`.

use std::io::Write;

use damero_core::{Evaluator, GameRecord};
use damero_engine::{Engine, EngineGame, EngineSpec};
use damero_search::{Clock, Limits};

use crate::database;
use crate::engines::engine_spec;
use crate::error::CliError;
use crate::flags::{EgdbArgs, LimitArgs, PositionArgs};
use crate::outcome::describe_outcome;
use crate::registry::GameCommand;

/// The arguments of `damero bestmove`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game id.
    game: String,
    /// `alphabeta`, `mcts`, `random`, or a full spec like `mcts:playouts=20000`.
    #[arg(long, default_value = "alphabeta")]
    engine: String,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    egdb: EgdbArgs,
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `damero bestmove`.
pub fn run(args: Args) -> Result<(), CliError> {
    let clock = args.limits.clock()?;
    let spec = engine_spec(&args.engine, args.limits)?;
    database::dispatch(&args.game, args.egdb.egdb, BestMove { position: args.position, spec, clock })
}

/// The search of one position.
struct BestMove {
    position: PositionArgs,
    spec: EngineSpec,
    /// `--time`/`--inc`/`--movestogo`: search on this clock instead of the
    /// spec's limits.
    clock: Option<Clock>,
}

impl GameCommand for BestMove {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<(), CliError> {
        let record: GameRecord<G> = self.position.record()?;
        let root = *record.position();
        let mut out = std::io::stdout().lock();
        // Over by a rule of the game (a repetition given by --moves, a draw
        // counter) even though moves remain: no search.
        if let Some(outcome) = record.outcome() {
            eprintln!("the game is over: {}", describe_outcome(outcome));
            writeln!(out, "bestmove (none)")?;
            return Ok(());
        }
        // The score comes from the database when the root's children are in
        // it (a database's distances are to the end of the game, so its
        // results score as proven ones, `winN`) or when the result is known.
        let from_database = matches!(&self.spec, EngineSpec::AlphaBeta { config, .. } if config.egdb)
            && children_probed(&root, &evaluator);
        // Built after the position is read so that a table's allocation is
        // never spent on bad input; the table itself is taken inside the
        // search, where the clock counts it.
        let mut engine =
            Engine::try_new(&self.spec.with_book_by_default(), evaluator).map_err(CliError::engine)?;
        let mut print_info = |info: &damero_search::SearchInfo<G>| {
            let _ = writeln!(out, "{}", info.line(&root));
            let _ = out.flush();
        };
        let result = match self.clock {
            Some(clock) => engine.think_with(&record, &Limits::clock(clock), &mut print_info),
            None => engine.think(&record, &mut print_info),
        };
        if result.score.is_known() || (from_database && result.score.is_proven()) {
            writeln!(out, "info string score {} from the endgame database", result.score)?;
        }
        match result.best_move {
            Some(mv) => {
                writeln!(out, "bestmove {}", root.format_move(mv))?;
            }
            None => {
                let outcome = record.outcome().map_or("over".to_owned(), describe_outcome);
                eprintln!("the game is over: {outcome}");
                writeln!(out, "bestmove (none)")?;
            }
        }
        Ok(())
    }
}

/// Whether `evaluator`'s oracle knows a position one move from `root`.
fn children_probed<G: EngineGame, E: Evaluator<G>>(root: &G, evaluator: &E) -> bool {
    let mut moves = damero_core::MoveList::new();
    root.legal_moves(&mut moves);
    moves.iter().any(|&mv| {
        let mut child = *root;
        child.play(mv);
        evaluator.probe(&child).is_some()
    })
}
