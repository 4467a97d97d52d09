//! `damero play`: a game against the engine in the terminal, with the
//! commands a player reaches for (levels, hints, undo, save and load).

use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use damero_core::{Color, Evaluator, GameRecord, Outcome, PdnGame, pdn_date, write_pdn};
use damero_engine::{Engine, EngineGame, EngineSpec, level_budget, level_spec};
use damero_search::Score;

use crate::database;
use crate::error::CliError;
use crate::flags::{EgdbArgs, PositionArgs};
use crate::outcome::{DrawWord, end_reason, result_text};
use crate::pdn::pdn_game;
use crate::registry::GameCommand;

mod board;
mod entry;

/// The level of the engine that answers `hint`, `eval` and `draw`.
const ANALYST_LEVEL: i32 = 6;

/// The longest input line read; longer ones are refused whole.
const MAX_LINE: usize = 4096;

const HELP: &str = "\
commands:
  MOVE          play a move: c3-d4, c3d4, C3-D4; captures c3:e5:c7 or any
                unambiguous part of the path (c3:e5); numbers for draughts
  moves         list the legal moves
  hint          the engine's move for you, with its score
  eval          the engine's score of the position, from your side
  level N       the engine's strength from its next move (-1 .. 10)
  undo          take back your last move (and the engine's reply)
  new           start a new game
  flip          turn the board round
  save FILE     save the game as PDN
  load FILE [N] load game N (default 1) of a PDN file
  resign        give up the game
  draw          claim a draw the rules allow, or offer one
  help          this list
  quit          leave";

/// The arguments of `damero play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game id.
    game: String,
    /// Strength, from -1 (random moves) to 10 (the strongest this machine allows).
    #[arg(long, default_value_t = 5, allow_negative_numbers = true)]
    level: i32,
    /// The side you play.
    #[arg(long = "as", value_name = "white|black", default_value = "white")]
    side: String,
    /// Seed of the engine's random choices at the weak levels (default: the clock).
    #[arg(long)]
    engine_seed: Option<u64>,
    #[command(flatten)]
    egdb: EgdbArgs,
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `damero play`.
pub fn run(args: Args) -> Result<(), CliError> {
    let side = &args.side;
    let human = Color::from_name(side)
        .ok_or_else(|| CliError::Usage(format!("--as takes white or black, not '{side}'")))?;
    let play = Play { position: args.position, level: args.level, human, engine_seed: args.engine_seed };
    database::dispatch(&args.game, args.egdb.egdb, play)
}

/// A game against the engine, its flags read.
struct Play {
    position: PositionArgs,
    level: i32,
    human: Color,
    engine_seed: Option<u64>,
}

/// How a game ended other than on the board.
#[derive(Clone, Debug)]
struct Ending {
    outcome: Outcome,
    reason: String,
}

struct Session<G: EngineGame, E: Evaluator<G>> {
    record: GameRecord<G>,
    start: GameRecord<G>,
    human: Color,
    flipped: bool,
    level: i32,
    seed: u64,
    evaluator: E,
    engine: Engine<G, E>,
    /// The engine of `hint`, `eval` and `draw`: level 6 whatever the
    /// playing level, so a weak opponent still gives sound advice.
    analyst: Engine<G, E>,
    ending: Option<Ending>,
    terminal: bool,
}

/// Writes to stdout; a closed stdout becomes [`CliError::StdoutClosed`].
macro_rules! say {
    ($($arg:tt)*) => {{
        let mut out = std::io::stdout().lock();
        writeln!(out, $($arg)*).and_then(|_| out.flush()).map_err(CliError::StdoutClosed)?;
    }};
}

impl GameCommand for Play {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<(), CliError> {
        let record: GameRecord<G> = self.position.record()?;
        let seed = self.engine_seed.unwrap_or_else(|| {
            SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
        });
        let spec = level_spec(self.level, seed).map_err(CliError::parse)?.with_book_by_default();
        let mut session = Session {
            start: record.clone(),
            record,
            human: self.human,
            flipped: self.human == Color::Black,
            level: self.level,
            seed,
            engine: Engine::new(&spec, evaluator.clone()),
            analyst: Engine::new(
                &level_spec(ANALYST_LEVEL, seed).map_err(CliError::parse)?,
                evaluator.clone(),
            ),
            evaluator,
            ending: None,
            terminal: std::io::stdout().is_terminal(),
        };
        say!(
            "damero {} at level {} ({}); you play {}.",
            G::NAME,
            self.level,
            level_text(self.level),
            self.human
        );
        say!("Type a move, or 'help' for the commands.");
        session.run(&mut std::io::stdin().lock())
    }
}

/// The budget of a level in words.
fn level_text(level: i32) -> String {
    match level {
        -1 => "random moves".to_owned(),
        0 => "instant".to_owned(),
        _ => {
            let ms = level_budget(level).as_secs_f64() * 1000.0;
            if ms < 1000.0 { format!("{ms:.0} ms a move") } else { format!("{:.1} s a move", ms / 1000.0) }
        }
    }
}

/// One input line: `Ok(None)` at the end of input, `Ok(Some(Err(..)))` for a
/// line that is too long or not UTF-8 (read to its end and dropped).
fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<Result<String, &'static str>>> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            if line.is_empty() && !too_long {
                return Ok(None);
            }
            break;
        }
        let (chunk, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (&buffer[..=i], true),
            None => (buffer, false),
        };
        if line.len() + chunk.len() > MAX_LINE {
            too_long = true;
        } else {
            line.extend_from_slice(chunk);
        }
        let used = chunk.len();
        input.consume(used);
        if done {
            break;
        }
    }
    if too_long {
        return Ok(Some(Err("that line is too long (over 4096 bytes); ignored")));
    }
    Ok(Some(String::from_utf8(line).map_err(|_| "that line is not UTF-8 text; ignored")))
}

impl<G: EngineGame, E: Evaluator<G>> Session<G, E> {
    fn run(&mut self, input: &mut impl BufRead) -> Result<(), CliError> {
        let mut show_board = true;
        let mut announced_end = false;
        loop {
            let over = self.over();
            if show_board {
                self.draw()?;
            }
            show_board = false;
            if let Some((outcome, reason)) = &over {
                if !announced_end {
                    say!("Game over: {} — {reason}.", result_text(*outcome, DrawWord::ADraw, None));
                    say!("Type 'save FILE' to keep the game, 'new' to play again, or 'quit'.");
                    announced_end = true;
                }
            } else {
                announced_end = false;
                if self.record.position().side_to_move() != self.human {
                    self.engine_move()?;
                    show_board = true;
                    continue;
                }
            }
            {
                let mut out = std::io::stdout().lock();
                write!(out, "{}> ", if over.is_some() { "command" } else { "your move" })
                    .and_then(|_| out.flush())
                    .map_err(CliError::StdoutClosed)?;
            }
            let line = match read_line(input) {
                Ok(None) => {
                    say!("");
                    return Ok(());
                }
                Ok(Some(Ok(line))) => line,
                Ok(Some(Err(message))) => {
                    say!("{message}");
                    continue;
                }
                Err(e) => return Err(CliError::Input(e)),
            };
            match self.command(line.trim(), over.is_some())? {
                Step::Quit => return Ok(()),
                Step::Board => show_board = true,
                Step::Stay => {}
            }
        }
    }

    /// The result and why, once the game is over (on the board or not).
    fn over(&self) -> Option<(Outcome, String)> {
        if let Some(ending) = &self.ending {
            return Some((ending.outcome, ending.reason.clone()));
        }
        let outcome = self.record.outcome()?;
        Some((outcome, end_reason(&self.record)))
    }

    fn draw(&self) -> Result<(), CliError> {
        let position = self.record.position();
        let last = self.record.moves().last().map(|&mv| {
            let before = &self.record.positions()[self.record.moves().len() - 1];
            before.format_move(mv)
        });
        let picture = board::render::<G>(position, last.as_deref(), self.flipped);
        say!("");
        say!("{}", picture.trim_end());
        say!("{}", board::legend::<G>(last.is_some()));
        let moves = self.move_list();
        if !moves.is_empty() {
            say!("moves: {moves}");
        }
        let ply = self.record.moves().len();
        say!("move {}, {} to move", ply / 2 + 1, position.side_to_move());
        Ok(())
    }

    /// The game so far in PDN style, `1. c3-d4 f6-g5 2. ...`, numbered in
    /// pairs from the side that moves first in this game.
    fn move_list(&self) -> String {
        let first = G::start(self.record.start().rules()).side_to_move();
        let mut words = Vec::new();
        let mut pair = 0;
        for (ply, text) in self.record.move_texts().into_iter().enumerate() {
            let side = self.record.positions()[ply].side_to_move();
            if side == first || ply == 0 {
                pair += 1;
                words.push(if side == first { format!("{pair}.") } else { format!("{pair}...") });
            }
            words.push(text);
        }
        words.join(" ")
    }

    fn engine_move(&mut self) -> Result<(), CliError> {
        let started = Instant::now();
        let position = *self.record.position();
        let terminal = self.terminal;
        if terminal {
            let mut out = std::io::stdout().lock();
            let _ = write!(out, "thinking… (level {})", self.level);
            let _ = out.flush();
        } else {
            say!("thinking… (level {})", self.level);
        }
        let result = self.engine.think(&self.record, |info| {
            if terminal {
                let mut out = std::io::stdout().lock();
                let _ = write!(out, "\rthinking… {:.1} s, depth {}   ", info.time.as_secs_f64(), info.depth);
                let _ = out.flush();
            }
        });
        if terminal {
            say!("");
        }
        let Some(mv) = result.best_move else {
            return Ok(());
        };
        say!(
            "damero plays {} (score {}, {:.2} s)",
            position.format_move(mv),
            score_words(result.score, false),
            started.elapsed().as_secs_f64()
        );
        self.record.play(mv);
        Ok(())
    }

    fn set_level(&mut self, level: i32) -> Result<(), CliError> {
        let spec: EngineSpec = level_spec(level, self.seed).map_err(CliError::parse)?.with_book_by_default();
        self.engine = Engine::new(&spec, self.evaluator.clone());
        self.level = level;
        Ok(())
    }

    fn command(&mut self, text: &str, over: bool) -> Result<Step, CliError> {
        let mut words = text.split_whitespace();
        let Some(first) = words.next() else {
            return Ok(Step::Stay);
        };
        let rest: Vec<&str> = words.collect();
        match first.to_ascii_lowercase().as_str() {
            "quit" | "exit" => return Ok(Step::Quit),
            "help" | "?" => say!("{HELP}"),
            "moves" => say!("legal moves: {}", self.record.position().legal_move_texts().join(" ")),
            "level" => match rest.first().map(|n| n.parse::<i32>()) {
                Some(Ok(level)) => match self.set_level(level) {
                    Ok(()) => say!("level {level} ({}) from the engine's next move", level_text(level)),
                    Err(e) => say!("{e}"),
                },
                _ => {
                    say!("level {} ({}); 'level N' changes it (-1 .. 10)", self.level, level_text(self.level))
                }
            },
            "flip" => {
                self.flipped = !self.flipped;
                return Ok(Step::Board);
            }
            "new" => {
                self.record = self.start.clone();
                self.ending = None;
                self.engine.new_game();
                self.analyst.new_game();
                say!("a new game");
                return Ok(Step::Board);
            }
            "undo" => {
                if self.undo() {
                    return Ok(Step::Board);
                }
                say!("nothing to take back");
            }
            "save" => match rest.first() {
                Some(path) => match damero_core::files::write_whole(
                    std::path::Path::new(path),
                    write_pdn(&self.pdn()).as_bytes(),
                ) {
                    Ok(()) => say!("game saved to {path}"),
                    Err(e) => say!("cannot write {path}: {e}"),
                },
                None => say!("save FILE: say where"),
            },
            "load" => return self.load(&rest),
            "resign" if !over => {
                self.ending =
                    Some(Ending { outcome: Outcome::Win(!self.human), reason: "you resigned".to_owned() });
                return Ok(Step::Board);
            }
            "draw" if !over => return self.draw_offer(),
            "hint" if !over => {
                let result = self.analyst.think(&self.record, |_| {});
                if let Some(mv) = result.best_move {
                    say!(
                        "hint: {} (score {})",
                        self.record.position().format_move(mv),
                        score_words(result.score, true)
                    );
                }
            }
            "eval" => {
                let result = self.analyst.think(&self.record, |_| {});
                let mut score = result.score;
                if self.record.position().side_to_move() != self.human {
                    score = Score(-score.0);
                }
                say!("eval: {} for you (1/100 of a man; + is good for you)", score_words(score, true));
            }
            "resign" | "draw" | "hint" => say!("the game is over; 'new' starts another"),
            _ if over => say!("the game is over; type 'new', 'save FILE', 'undo' or 'quit'"),
            _ => return self.human_move(text),
        }
        Ok(Step::Stay)
    }

    fn human_move(&mut self, text: &str) -> Result<Step, CliError> {
        let position = *self.record.position();
        match entry::parse::<G>(&position, text) {
            entry::Entry::Move(mv) => {
                self.record.play(mv);
                Ok(Step::Board)
            }
            entry::Entry::Ambiguous(candidates) => {
                say!("ambiguous move '{text}': it could be {}", candidates.join(" or "));
                Ok(Step::Stay)
            }
            entry::Entry::NotAMove => {
                say!("unknown command; type help");
                Ok(Step::Stay)
            }
            entry::Entry::Illegal => {
                say!("illegal move '{text}'; legal moves: {}", position.legal_move_texts().join(" "));
                Ok(Step::Stay)
            }
        }
    }

    /// Takes back to the human's previous turn; `false` if there is none.
    fn undo(&mut self) -> bool {
        let base = self.start.moves().len();
        if self.record.moves().len() <= base {
            return false;
        }
        let saved = self.record.clone();
        self.ending = None;
        self.record.undo();
        while self.record.moves().len() > base && self.record.position().side_to_move() != self.human {
            self.record.undo();
        }
        if self.record.position().side_to_move() != self.human {
            // No earlier turn of the human's: keep the game as it was.
            self.record = saved;
            return false;
        }
        true
    }

    fn load(&mut self, rest: &[&str]) -> Result<Step, CliError> {
        let Some(path) = rest.first() else {
            say!("load FILE [N]: say which file");
            return Ok(Step::Stay);
        };
        let number = match rest.get(1).map(|n| n.parse::<usize>()) {
            None => 1,
            Some(Ok(n)) => n,
            Some(Err(_)) => {
                say!("load FILE N: N is a game number");
                return Ok(Step::Stay);
            }
        };
        let rules = self.record.start().rules();
        match pdn_game::<G>(Path::new(path), number, rules) {
            Ok(game) => {
                self.record = game.record;
                self.ending = None;
                self.engine.new_game();
                say!("loaded game {number} of {path} ({} moves)", self.record.moves().len());
                Ok(Step::Board)
            }
            Err(e) => {
                say!("{e}");
                Ok(Step::Stay)
            }
        }
    }

    fn draw_offer(&mut self) -> Result<Step, CliError> {
        // Draws the rules give end the game by themselves; what is left to
        // claim is an agreement.
        let result = self.analyst.think(&self.record, |_| {});
        let mut engine_score = result.score;
        if self.record.position().side_to_move() == self.human {
            engine_score = Score(-engine_score.0);
        }
        // The engine accepts when it does not think itself better by a
        // quarter of a man.
        if engine_score.0 <= 25 {
            self.ending = Some(Ending { outcome: Outcome::Draw, reason: "a draw agreed".to_owned() });
            say!("damero accepts the draw");
            Ok(Step::Board)
        } else {
            say!("damero declines the draw (its score: {})", score_words(engine_score, false));
            Ok(Step::Stay)
        }
    }

    fn pdn(&self) -> PdnGame<G> {
        let mut game = PdnGame::new(self.record.clone());
        let engine = format!("damero level {}", self.level);
        let (white, black) =
            if self.human == Color::White { ("you".to_owned(), engine) } else { (engine, "you".to_owned()) };
        game.set_tag("Event", "damero play");
        game.set_tag("Site", "damero");
        game.set_tag(
            "Date",
            pdn_date(SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())),
        );
        game.set_tag("White", white);
        game.set_tag("Black", black);
        game.result = self.over().map(|(outcome, _)| outcome);
        if let Some(ending) = &self.ending {
            game.set_tag("Termination", ending.reason.clone());
        }
        game
    }
}

/// What the loop does after a command.
enum Step {
    Quit,
    Board,
    Stay,
}

/// A score in words: `+35`, `wins in 3 moves`, `loses in 2 moves`.
fn score_words(score: Score, for_player: bool) -> String {
    let who = if for_player { "you" } else { "damero" };
    if let Some(plies) = score.plies_to_win() {
        format!("{who} wins in {} moves", plies.div_ceil(2))
    } else if let Some(plies) = score.plies_to_loss() {
        format!("{who} loses in {} moves", plies.div_ceil(2))
    } else if score.is_known() {
        format!("{} (an endgame database result)", if score.0 > 0 { "won" } else { "lost" })
    } else {
        format!("{:+}", score.0)
    }
}
