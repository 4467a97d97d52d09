//! The commands that search: `bestmove`, `play`, `match`, `bench`.

use std::io::Write;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use damero_core::{Color, Evaluator, GameRecord, Outcome, PdnGame, RuleSet, write_pdn};
use damero_engine::{
    Engine, EngineGame, EngineSpec, MatchConfig, MatchGame, MatchProgress, SpecLimits, bench_positions,
    run_match, run_match_with_openings,
};
use damero_search::{BenchReport, Clock, Limits, bench};
use indicatif::{ProgressBar, ProgressStyle};

use crate::CliError;
use crate::games::{GAME_IDS, GameCommand, RecordFormat, dispatch, record_format};
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

/// The spec with the opening book on when it does not say (`bestmove` and
/// `play` use the book; `match` starts from random openings instead). The
/// noisy weak levels stay out of the book.
pub fn with_book(mut spec: EngineSpec) -> EngineSpec {
    if let EngineSpec::AlphaBeta { config, .. } = &mut spec
        && config.noise == 0
    {
        config.book.get_or_insert(true);
    }
    spec
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
        // Built after the position is read so that a table's allocation is
        // never spent on bad input; the table itself is taken inside the
        // search, where the clock counts it.
        let mut engine = Engine::try_new(&with_book(self.spec), evaluator)?;
        let mut print_info = |info: &damero_search::SearchInfo<G>| {
            let _ = writeln!(out, "{}", info.line(&root));
            let _ = out.flush();
        };
        let result = match self.clock {
            Some(clock) => engine.think_with(&record, &Limits::clock(clock), &mut print_info),
            None => engine.think(&record, &mut print_info),
        };
        if result.score.is_known() {
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

/// `1-0 (white wins)` and so on.
pub fn describe_outcome(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win(color) => format!("{} ({color} wins)", outcome.result_text()),
        Outcome::Draw => format!("{} (draw)", outcome.result_text()),
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
    pub openings: Option<PathBuf>,
    pub max_plies: u32,
    pub out: Option<PathBuf>,
    pub progress: bool,
}

/// The openings of `path`: one a line, moves from `start` separated by
/// spaces; blank lines and `#` comments skipped.
fn read_openings<G: EngineGame>(path: &std::path::Path, start: &G) -> Result<Vec<GameRecord<G>>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::new(format!("cannot read openings {}: {e}", path.display())))?;
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let at = |what: String| CliError::new(format!("{} line {}: {what}", path.display(), number + 1));
        let mut record = GameRecord::new(*start);
        for text in line.split_whitespace() {
            if record.outcome().is_some() {
                return Err(at(format!("'{text}' comes after the end of the game")));
            }
            record.try_play(text).map_err(|e| at(format!("'{text}': {e}")))?;
        }
        if record.outcome().is_some() {
            return Err(at("the opening ends the game".to_owned()));
        }
        openings.push(record);
    }
    if openings.is_empty() {
        return Err(CliError::new(format!("{} holds no opening", path.display())));
    }
    Ok(openings)
}

impl GameCommand for Match {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<(), CliError> {
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
        let openings = self.openings.as_deref().map(|path| read_openings(path, &start)).transpose()?;
        let format = record_format(G::NAME).unwrap_or(RecordFormat::Tagged);
        let path = self
            .out
            .unwrap_or_else(|| PathBuf::from(format!("damero-match-{}.{}", G::NAME, format.extension())));
        // Opened before the first game, so a bad path fails at once; every
        // game is written as it finishes, so an interrupted match keeps them.
        let cannot_write = |e: std::io::Error| CliError::new(format!("cannot write {}: {e}", path.display()));
        let mut file = std::fs::File::create(&path).map_err(cannot_write)?;
        let bar = if self.progress { ProgressBar::new(u64::from(self.games)) } else { ProgressBar::hidden() };
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  [{elapsed_precise}]")
                .map_err(|e| CliError::new(e.to_string()))?,
        );
        let (first, second) = (self.white.to_string(), self.black.to_string());
        let config = MatchConfig {
            games: self.games,
            opening_plies: self.opening_plies,
            max_plies: self.max_plies,
            seed,
            threads: self.threads,
        };
        let mut write_error = None;
        let on_game = |game: &MatchGame<G>, t: &MatchProgress| {
            bar.set_position(u64::from(t.played));
            bar.set_message(format!("+{} ={} -{}", t.wins, t.draws, t.losses));
            match file.write_all(write_game(game, &first, &second).as_bytes()) {
                Ok(()) => ControlFlow::Continue(()),
                Err(error) => {
                    write_error = Some(error);
                    ControlFlow::Break(())
                }
            }
        };
        let t = match &openings {
            Some(list) => run_match_with_openings(
                list,
                &self.white,
                &self.black,
                &evaluator,
                &evaluator,
                &config,
                on_game,
            ),
            None => run_match(&start, &self.white, &self.black, &evaluator, &evaluator, &config, on_game),
        };
        bar.finish_and_clear();
        if let Some(error) = write_error {
            return Err(cannot_write(error));
        }

        let width = first.len().max(second.len()).max(6);
        println!("{:width$}  {:>5} {:>5} {:>5}  {:>6}", "engine", "W", "D", "L", "score");
        for (name, w, l) in [(&first, t.wins, t.losses), (&second, t.losses, t.wins)] {
            let score = (f64::from(w) + 0.5 * f64::from(t.draws)) / f64::from(t.played.max(1)) * 100.0;
            println!("{name:width$}  {w:>5} {:>5} {l:>5}  {score:>5.1}%", t.draws);
        }
        let (elo, margin) = t.elo();
        // Adding zero turns -0 into 0 for printing.
        let elo = elo + 0.0;
        println!("Elo difference ({first} - {second}): {elo:+.0} ± {margin:.0} (95%)");
        let pairs = t.pairs;
        if pairs.count() > 0 {
            // A pair won once and lost once is often an opening decided
            // before the engines played: worth seeing, not only averaging.
            println!(
                "pairs ({first}'s two results on an opening): won both {}, won-drew {}, won-lost {}, \
                 drew both {}, drew-lost {}, lost both {}",
                pairs.won_both,
                pairs.won_drew,
                pairs.won_lost,
                pairs.drew_both,
                pairs.drew_lost,
                pairs.lost_both
            );
            let (elo, margin) = pairs.elo();
            let elo = elo + 0.0;
            println!("Elo difference by pairs (each opening one observation): {elo:+.0} ± {margin:.0} (95%)");
        }
        println!("games saved to {}", path.display());
        Ok(())
    }
}

/// One game as PDN (draughts) or as the same tagged layout: the library's
/// writer picks the layout from the game.
fn write_game<G: EngineGame>(game: &MatchGame<G>, first: &str, second: &str) -> String {
    let date = damero_core::pdn_date(SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()));
    let (white, black) =
        if game.first_engine_color == Color::White { (first, second) } else { (second, first) };
    let mut pdn = PdnGame::new(game.record.clone());
    pdn.set_tag("Event", "damero match");
    pdn.set_tag("Site", "damero");
    pdn.set_tag("Date", date);
    pdn.set_tag("Round", (game.number + 1).to_string());
    pdn.set_tag("White", white);
    pdn.set_tag("Black", black);
    pdn.result = Some(game.outcome);
    if game.capped {
        pdn.set_tag("Termination", "ply limit");
    }
    write_pdn(&pdn)
}

/// Runs the bench positions of one game (none for some games).
struct BenchGame;

impl GameCommand for BenchGame {
    type Output = Option<BenchReport>;
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<Option<BenchReport>, CliError> {
        let runs = bench_positions::<G>()?;
        Ok((!runs.is_empty()).then(|| bench(&runs, &evaluator)))
    }
}

/// `damero bench`: prints one line per game, then the total node count (the
/// signature) and the speed.
pub fn run_bench() -> Result<u64, CliError> {
    let mut total_nodes = 0;
    let mut total_time = Duration::ZERO;
    for id in GAME_IDS {
        let Some(BenchReport { nodes, time }) = dispatch(id, BenchGame)? else {
            continue;
        };
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
