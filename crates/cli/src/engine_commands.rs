//! The commands that search: `bestmove`, `play`, `match`, `bench`.

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use damero_core::{Color, Evaluator, Game, GameRecord, Outcome, RuleSet};
use damero_search::{
    Clock, Engine, EngineSpec, Limits, MatchConfig, MatchGame, MatchProgress, MatchResult, SpecLimits, bench,
    elo_estimate, level_spec, run_match,
};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::CliError;
use crate::games::{GAME_IDS, GameCommand, dispatch};
use crate::setup::PositionArgs;

/// The search limits a command line can give.
#[derive(Clone, Copy, Debug, Default)]
pub struct LimitArgs {
    pub depth: Option<u32>,
    pub movetime: Option<u64>,
    pub nodes: Option<u64>,
    pub threads: Option<usize>,
    /// `--time MS`: the clock of the side to move.
    pub time: Option<u64>,
    /// `--inc MS`.
    pub inc: Option<u64>,
    /// `--movestogo N`.
    pub movestogo: Option<u32>,
}

impl LimitArgs {
    /// The game clock `--time`, `--inc` and `--movestogo` describe.
    pub fn clock(&self) -> Result<Option<Clock>, CliError> {
        let Some(time) = self.time else {
            if self.inc.is_some() || self.movestogo.is_some() {
                return Err(CliError::new("--inc and --movestogo need --time (the clock)"));
            }
            return Ok(None);
        };
        if time == 0 {
            return Err(CliError::new("--time must be at least 1 (milliseconds on the clock)"));
        }
        if self.movestogo == Some(0) {
            return Err(CliError::new("--movestogo must be at least 1"));
        }
        Ok(Some(Clock {
            remaining: Duration::from_millis(time),
            increment: Duration::from_millis(self.inc.unwrap_or(0)),
            moves_to_go: self.movestogo,
        }))
    }
}

/// Reads `--engine` (a name or a full spec such as `mcts:playouts=5000`) and
/// applies the limits and threads given as flags. A zero depth, node count
/// or time is rejected: it would mean no search, not "no limit".
pub fn engine_spec(engine: &str, limits: LimitArgs) -> Result<EngineSpec, CliError> {
    for (flag, zero) in [
        ("--depth", limits.depth == Some(0)),
        ("--nodes", limits.nodes == Some(0)),
        ("--movetime", limits.movetime == Some(0)),
    ] {
        if zero {
            return Err(CliError::new(format!("{flag} must be at least 1")));
        }
    }
    let mut spec: EngineSpec = engine.parse()?;
    let explicit = limits.depth.is_some() || limits.movetime.is_some() || limits.nodes.is_some();
    let spec_has_limits = engine.contains(':');
    if !explicit && !spec_has_limits && limits.time.is_none() && !matches!(spec, EngineSpec::Random { .. }) {
        // Neither flags nor the spec say how long to think: one second.
        spec =
            spec.with_limits(SpecLimits { movetime: Some(Duration::from_secs(1)), ..SpecLimits::default() })?;
    }
    spec = spec.with_limits(SpecLimits {
        depth: limits.depth,
        nodes: limits.nodes,
        movetime: limits.movetime.map(Duration::from_millis),
        time_control: None,
    })?;
    if let Some(threads) = limits.threads {
        if threads == 0 {
            return Err(CliError::new("--threads must be at least 1"));
        }
        spec = spec.with_threads(threads);
    }
    Ok(spec)
}

/// `damero bestmove`.
pub struct BestMove {
    pub position: PositionArgs,
    pub spec: EngineSpec,
    /// `--time`/`--inc`/`--movestogo`: search on this clock instead of the
    /// spec's limits.
    pub clock: Option<Clock>,
}

impl GameCommand for BestMove {
    type Output = ();
    fn run<G: Game, E: Evaluator<G>>(self, evaluator: E) -> Result<(), CliError> {
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
        // Built after the position is read so that a table's allocation is
        // never spent on bad input; the table itself is taken inside the
        // search, where the clock counts it.
        let mut engine = Engine::try_new(&self.spec, evaluator)?;
        let mut print_info = |info: &damero_search::SearchInfo<G>| {
            let _ = writeln!(out, "{}", info.line(&root));
            let _ = out.flush();
        };
        let result = match self.clock {
            Some(clock) => engine.think_with(&record, &Limits::clock(clock), &mut print_info),
            None => engine.think(&record, &mut print_info),
        };
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

/// `1-0 (white wins)` and so on.
pub fn describe_outcome(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(color) => format!("{} ({color} wins)", outcome.result_text()),
        Outcome::Draw => format!("{} (draw)", outcome.result_text()),
    }
}

/// `damero play`.
pub struct Play {
    pub position: PositionArgs,
    pub level: i32,
    pub human: Color,
    pub engine_seed: Option<u64>,
}

impl GameCommand for Play {
    type Output = ();
    fn run<G: Game, E: Evaluator<G>>(self, evaluator: E) -> Result<(), CliError> {
        let mut record: GameRecord<G> = self.position.record()?;
        let seed = self.engine_seed.unwrap_or_else(|| {
            SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
        });
        let spec = level_spec(self.level, seed)?;
        let mut engine = Engine::new(&spec, evaluator);
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        println!("damero {} at level {} ({spec}); you play {}.", G::NAME, self.level, self.human);
        println!("Type a move, 'moves' for the legal moves, 'undo' to take back, 'quit' to stop.");
        loop {
            let position = *record.position();
            println!();
            print!("{}", position.diagram());
            if let Some(outcome) = record.outcome() {
                println!("Game over: {}", describe_outcome(outcome));
                return Ok(());
            }
            if position.side_to_move() == self.human {
                print!("your move> ");
                std::io::stdout().flush()?;
                let Some(line) = lines.next() else {
                    println!();
                    return Ok(());
                };
                let line = line?;
                let text = line.trim();
                match text {
                    "" => continue,
                    "quit" | "exit" => return Ok(()),
                    "moves" | "help" | "?" => {
                        println!("legal moves: {}", position.legal_move_texts().join(" "));
                        continue;
                    }
                    "undo" => {
                        // Take back the engine's reply and the human's move.
                        record.undo();
                        while record.position().side_to_move() != self.human && record.undo().is_some() {}
                        continue;
                    }
                    _ => {}
                }
                if let Err(error) = record.try_play(text) {
                    println!("{error}");
                    println!("legal moves: {}", position.legal_move_texts().join(" "));
                }
            } else {
                let started = Instant::now();
                let result = engine.think(&record, |_| {});
                let Some(mv) = result.best_move else {
                    continue;
                };
                println!(
                    "damero plays {} (score {}, depth {}, {} nodes, {:.1} s)",
                    position.format_move(mv),
                    result.score,
                    result.depth,
                    result.nodes,
                    started.elapsed().as_secs_f64()
                );
                record.play(mv);
            }
        }
    }
}

/// `damero match`.
pub struct Match {
    pub position: PositionArgs,
    pub white: EngineSpec,
    pub black: EngineSpec,
    pub games: u32,
    pub threads: usize,
    pub opening_plies: u32,
    pub max_plies: u32,
    pub out: Option<PathBuf>,
    pub progress: bool,
}

impl GameCommand for Match {
    type Output = ();
    fn run<G: Game, E: Evaluator<G>>(self, evaluator: E) -> Result<(), CliError> {
        // An unknown `eval=` is an error now, not a panic in the first game.
        Engine::try_new(&self.white, evaluator.clone())?;
        Engine::try_new(&self.black, evaluator.clone())?;
        if self.games == 0 {
            return Err(CliError::new("--games must be at least 1"));
        }
        if self.threads == 0 {
            return Err(CliError::new("--threads must be at least 1"));
        }
        // `--seed` seeds the openings, and the setup where the game has a
        // random one.
        let seed = self.position.seed.unwrap_or(1);
        let mut position = self.position.clone();
        if G::Rules::default().setup_seed().is_none() {
            position.seed = None;
        }
        let start: G = position.position()?;
        let bar = if self.progress { ProgressBar::new(u64::from(self.games)) } else { ProgressBar::hidden() };
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  [{elapsed_precise}]")
                .map_err(|e| CliError::new(e.to_string()))?,
        );
        // Games go in pairs on one opening; each pair is its own small match
        // seeded from (seed, pair), so the result does not depend on how many
        // pairs run at once.
        let pairs: Vec<u32> = (0..self.games.div_ceil(2)).collect();
        let tally = std::sync::Mutex::new(MatchProgress { total: self.games, ..MatchProgress::default() });
        let play_pair = |pair: &u32| -> MatchResult<G> {
            let games = if pair * 2 + 1 < self.games { 2 } else { 1 };
            let config = MatchConfig {
                games,
                opening_plies: self.opening_plies,
                max_plies: self.max_plies,
                seed: seed.wrapping_mul(0x9e37_79b9).wrapping_add(u64::from(*pair)),
            };
            let result = run_match(&start, &self.white, &self.black, &evaluator, &config, |_| {});
            let mut t = tally.lock().expect("tally lock");
            t.played += result.tally.played;
            t.wins += result.tally.wins;
            t.draws += result.tally.draws;
            t.losses += result.tally.losses;
            bar.set_position(u64::from(t.played));
            bar.set_message(format!("+{} ={} -{}", t.wins, t.draws, t.losses));
            result
        };
        let results: Vec<MatchResult<G>> = if self.threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads)
                .build()
                .map_err(|e| CliError::new(e.to_string()))?;
            pool.install(|| pairs.par_iter().map(play_pair).collect())
        } else {
            pairs.iter().map(play_pair).collect()
        };
        bar.finish_and_clear();
        let games: Vec<MatchGame<G>> = results.into_iter().flat_map(|r| r.games).collect();
        let t = tally.into_inner().expect("tally lock");

        let (first, second) = (self.white.to_string(), self.black.to_string());
        let width = first.len().max(second.len()).max(6);
        println!("{:width$}  {:>5} {:>5} {:>5}  {:>6}", "engine", "W", "D", "L", "score");
        for (name, w, l) in [(&first, t.wins, t.losses), (&second, t.losses, t.wins)] {
            let score = (f64::from(w) + 0.5 * f64::from(t.draws)) / f64::from(t.played.max(1)) * 100.0;
            println!("{name:width$}  {w:>5} {:>5} {l:>5}  {score:>5.1}%", t.draws);
        }
        let (elo, margin) = elo_estimate(t.wins, t.draws, t.losses);
        // Adding zero turns -0 into 0 for printing.
        let elo = elo + 0.0;
        println!("Elo difference ({first} - {second}): {elo:+.0} ± {margin:.0} (95%)");

        let draughts = matches!(G::NAME, "russian" | "zisnella" | "spanish" | "english");
        let path = self.out.unwrap_or_else(|| {
            PathBuf::from(format!("damero-match-{}.{}", G::NAME, if draughts { "pdn" } else { "txt" }))
        });
        std::fs::write(&path, write_games(&games, &first, &second, draughts))
            .map_err(|e| CliError::new(format!("cannot write {}: {e}", path.display())))?;
        println!("games saved to {}", path.display());
        Ok(())
    }
}

/// The games as PDN (draughts) or as the same tag-and-move-list text.
fn write_games<G: Game>(games: &[MatchGame<G>], first: &str, second: &str, draughts: bool) -> String {
    let mut out = String::new();
    let game_type = match G::NAME {
        "english" => Some(21),
        "spanish" => Some(24),
        "russian" => Some(25),
        _ => None,
    };
    for (i, game) in games.iter().enumerate() {
        let (white, black) =
            if game.first_engine_color == Color::White { (first, second) } else { (second, first) };
        let _ = writeln!(out, "[Event \"damero match\"]\n[Round \"{}\"]", i + 1);
        let _ = writeln!(out, "[White \"{white}\"]\n[Black \"{black}\"]");
        let _ = writeln!(out, "[Result \"{}\"]", game.outcome.result_text());
        if draughts {
            if let Some(t) = game_type {
                let _ = writeln!(out, "[GameType \"{t}\"]");
            }
        } else {
            let _ = writeln!(out, "[Game \"{}\"]", G::NAME);
        }
        let _ = writeln!(out, "[FEN \"{}\"]", game.record.start().fen());
        if game.capped {
            let _ = writeln!(out, "[Termination \"ply limit\"]");
        }
        out.push('\n');
        let mut line = String::new();
        for (ply, text) in game.record.move_texts().iter().enumerate() {
            if ply % 2 == 0 {
                let _ = write!(line, "{}. ", ply / 2 + 1);
            }
            line.push_str(text);
            line.push(' ');
            if line.len() > 70 {
                out.push_str(line.trim_end());
                out.push('\n');
                line.clear();
            }
        }
        line.push_str(game.outcome.result_text());
        out.push_str(&line);
        out.push_str("\n\n");
    }
    out
}

/// The positions of `damero bench`: (game id, moves from the start, depth).
/// Fixed forever unless the signature is meant to change.
pub const BENCH_POSITIONS: &[(&str, &str, u32)] = &[
    ("russian", "", 14),
    ("russian", "c3-d4 f6-g5 g3-h4 g7-f6 b2-c3 b6-a5", 13),
    ("zisnella", "", 13),
    ("spanish", "b3-a4 a6-b5", 13),
    ("english", "", 15),
    ("english", "11-15 23-19 8-11 22-17", 14),
    ("eliminar", "", 7),
    ("tumbling-down", "", 6),
    ("cross", "", 6),
];

/// Runs the bench positions of one game.
struct BenchGame {
    runs: Vec<(&'static str, u32)>,
}

impl GameCommand for BenchGame {
    type Output = (u64, Duration);
    fn run<G: Game, E: Evaluator<G>>(self, evaluator: E) -> Result<(u64, Duration), CliError> {
        let mut runs = Vec::new();
        for (moves, depth) in self.runs {
            let mut record = GameRecord::new(G::start(Default::default()));
            for text in moves.split_whitespace() {
                record.try_play(text)?;
            }
            runs.push((*record.position(), depth));
        }
        let report = bench(&runs, &evaluator);
        Ok((report.nodes, report.time))
    }
}

/// `damero bench`: prints one line per game, then the total node count (the
/// signature) and the speed.
pub fn run_bench() -> Result<u64, CliError> {
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    for id in GAME_IDS {
        let runs: Vec<(&str, u32)> =
            BENCH_POSITIONS.iter().filter(|(g, _, _)| g == id).map(|&(_, m, d)| (m, d)).collect();
        if runs.is_empty() {
            continue;
        }
        let (nodes, time) = dispatch(id, BenchGame { runs })?;
        eprintln!(
            "{id:>14}: {nodes:>10} nodes  {:>7.0} knps",
            nodes as f64 / time.as_secs_f64().max(1e-9) / 1e3
        );
        total_nodes += nodes;
        total_time += time;
    }
    println!("nodes {total_nodes}");
    println!("nps {}", (total_nodes as f64 / total_time.as_secs_f64().max(1e-9)) as u64);
    Ok(total_nodes)
}
