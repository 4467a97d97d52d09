//! `damero match`: engine against engine, colours swapped on each opening.

use core::fmt;
use std::io::Write;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use damero_core::{Evaluator, GameRecord, RuleSet};
use damero_draughts::{Draughts, Variant};
use damero_engine::{
    Engine, EngineGame, EngineSpec, MatchConfig, MatchGame, MatchPlayer, MatchProgress, Openings,
    PlayerError, PlayerFactory, engine_factory, parse_openings, run_player_match,
};
use damero_hub::{HubPlayer, HubSpec};
use indicatif::{ProgressBar, ProgressStyle};

use crate::database::{self, DraughtsGameCommand};
use crate::engines::engine_spec;
use crate::error::CliError;
use crate::flags::{EgdbArgs, PositionArgs};
use crate::registry::{self, DRAUGHTS_IDS, GameCommand, RecordFormat, record_format};

/// The arguments of `damero match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game id.
    game: String,
    /// The first engine (White in the first game of each pair), e.g.
    /// `alphabeta:movetime=100`, or an external Hub engine (draughts only):
    /// `hub:command=PROGRAM,args=ARGS,movetime=MS[,NAME=VALUE...]`.
    #[arg(long)]
    white: String,
    /// The second engine, e.g. `mcts:playouts=20000` or
    /// `hub:command=./old/damero,args=hub,movetime=200`.
    #[arg(long)]
    black: String,
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// Start from pair N (from 0) of the match: its openings and game
    /// numbers, so a match split into runs plays the games of the whole
    /// (`--games 100`, then `--first-pair 50 --games 100`).
    #[arg(long, value_name = "N", default_value_t = 0)]
    first_pair: u32,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Random plies that open each game.
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Openings to play instead of random ones: one a line, moves from
    /// the start (or `--fen`) separated by spaces; pair I plays line I
    /// (cycling); `#` starts a comment.
    #[arg(long, value_name = "FILE", conflicts_with = "opening_plies")]
    openings: Option<PathBuf>,
    /// A game longer than this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: u32,
    /// Where to save the games (default: damero-match-GAME.pdn or .txt).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Hide the progress bar.
    #[arg(long)]
    quiet: bool,
    #[command(flatten)]
    egdb: EgdbArgs,
    #[command(flatten)]
    position: PositionArgs,
}

/// Runs `damero match`.
pub fn run(args: Args) -> Result<(), CliError> {
    let white = Side::read(&args.white)?;
    let black = Side::read(&args.black)?;
    let game = args.game.clone();
    let egdb = args.egdb.egdb.clone();
    let command = Match { args, white, black };
    if !command.has_hub_engine() {
        return database::dispatch(&game, egdb, command);
    }
    // An external engine speaks of draughts positions and moves only.
    match database::dispatch_draughts(&game, egdb, HubMatch(command)) {
        Ok(result) => result,
        Err(_) if registry::record_format(&game).is_some() => Err(CliError::usage(format!(
            "Hub engines play the draughts rule sets only ({}), not '{game}'",
            DRAUGHTS_IDS.join(", ")
        ))),
        // An unknown game: the registry's error names the known ones.
        Err((HubMatch(command), egdb)) => database::dispatch(&game, egdb, command),
    }
}

/// One side of a match: one of damero's engines or an external Hub engine.
enum Side {
    Engine(EngineSpec),
    Hub(HubSpec),
}

impl Side {
    fn read(text: &str) -> Result<Side, CliError> {
        if text.starts_with("hub:") {
            return text.parse().map(Side::Hub).map_err(CliError::parse);
        }
        engine_spec(text, Default::default()).map(Side::Engine)
    }

    /// Makes a player of this side for a pair; `hub` starts an external
    /// engine.
    fn factory<'a, G: EngineGame, E: Evaluator<G>>(
        &'a self,
        evaluator: &'a E,
        hub: &'a dyn HubEngines<G>,
    ) -> Box<PlayerFactory<'a, G>> {
        match self {
            Side::Engine(spec) => Box::new(engine_factory(spec, evaluator)),
            Side::Hub(spec) => Box::new(move || hub.start(spec)),
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Side::Engine(spec) => spec.fmt(f),
            Side::Hub(spec) => spec.fmt(f),
        }
    }
}

/// Starts the external Hub engines of a match of the game `G`.
trait HubEngines<G: EngineGame>: Sync {
    /// Starts the engine of `spec` to see that it runs, before any game;
    /// the process then plays the first pair that asks for `spec`, so a
    /// match loads an engine's databases no more often than it must.
    fn check(&self, spec: &HubSpec) -> Result<(), PlayerError>;

    /// A player for a pair: a checked engine not yet taken, else a new
    /// process.
    fn start(&self, spec: &HubSpec) -> Result<Box<dyn MatchPlayer<G>>, PlayerError>;
}

/// The Hub engines of a draughts rule set.
struct DraughtsHubEngines<V: Variant> {
    /// Engines started by [`HubEngines::check`], waiting for a pair.
    checked: Mutex<Vec<HubPlayer<V>>>,
}

impl<V: Variant> HubEngines<Draughts<V>> for DraughtsHubEngines<V> {
    fn check(&self, spec: &HubSpec) -> Result<(), PlayerError> {
        let player = HubPlayer::start(spec)?;
        self.checked.lock().unwrap_or_else(PoisonError::into_inner).push(player);
        Ok(())
    }

    fn start(&self, spec: &HubSpec) -> Result<Box<dyn MatchPlayer<Draughts<V>>>, PlayerError> {
        let mut checked = self.checked.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(index) = checked.iter().position(|player| player.spec() == spec) {
            return Ok(Box::new(checked.swap_remove(index)));
        }
        // Not held while a process starts: another thread may want one.
        drop(checked);
        Ok(Box::new(HubPlayer::<V>::start(spec)?))
    }
}

/// The Hub engines of a game the protocol does not cover: none
/// (`run` refuses such a match before it is played).
struct NoHubEngines;

impl<G: EngineGame> HubEngines<G> for NoHubEngines {
    fn check(&self, _: &HubSpec) -> Result<(), PlayerError> {
        Err(PlayerError::new(NO_HUB))
    }

    fn start(&self, _: &HubSpec) -> Result<Box<dyn MatchPlayer<G>>, PlayerError> {
        Err(PlayerError::new(NO_HUB))
    }
}

const NO_HUB: &str = "Hub engines play the draughts rule sets only";

/// The match with its engines read.
struct Match {
    args: Args,
    white: Side,
    black: Side,
}

impl Match {
    fn has_hub_engine(&self) -> bool {
        matches!(self.white, Side::Hub(_)) || matches!(self.black, Side::Hub(_))
    }
}

/// A match with an external Hub engine, for a draughts rule set.
struct HubMatch(Match);

impl DraughtsGameCommand for HubMatch {
    type Output = ();
    fn run<V: Variant, E: Evaluator<Draughts<V>>>(self, evaluator: E) -> Result<(), CliError> {
        let hub = DraughtsHubEngines::<V> { checked: Mutex::new(Vec::new()) };
        self.0.play::<Draughts<V>, E>(evaluator, &hub)
    }
}

/// The openings of `path` ([`parse_openings`]'s format).
fn read_openings<G: EngineGame>(path: &Path, start: &G) -> Result<Vec<GameRecord<G>>, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError::file("read openings", path, e))?;
    parse_openings(&text, start).map_err(|e| CliError::Parse(format!("{} {e}", path.display())))
}

impl GameCommand for Match {
    type Output = ();
    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Result<(), CliError> {
        // `run` sends a match with a Hub engine the other way.
        self.play::<G, E>(evaluator, &NoHubEngines)
    }
}

impl Match {
    fn play<G: EngineGame, E: Evaluator<G>>(
        self,
        evaluator: E,
        hub: &dyn HubEngines<G>,
    ) -> Result<(), CliError> {
        let args = &self.args;
        if args.games == 0 {
            return Err(CliError::usage("--games must be at least 1"));
        }
        if args.threads == 0 {
            return Err(CliError::usage("--threads must be at least 1"));
        }
        let numbering = MatchConfig { games: args.games, first_pair: args.first_pair, ..Default::default() };
        if !numbering.games_fit() {
            return Err(CliError::usage("--first-pair and --games number games past 4294967295"));
        }
        for side in [&self.white, &self.black] {
            match side {
                // An unknown `eval=` is an error now, not a panic in the
                // first game.
                Side::Engine(spec) => {
                    drop(Engine::try_new(spec, evaluator.clone()).map_err(CliError::engine)?)
                }
                // So is an engine that cannot start; one that starts
                // plays the first pair.
                Side::Hub(spec) => hub.check(spec).map_err(CliError::engine)?,
            }
        }
        // `--seed` seeds the openings, and the setup where the game has a
        // random one.
        let seed = args.position.seed.unwrap_or(1);
        let mut position = args.position.clone();
        if G::Rules::default().setup_seed().is_none() {
            position.seed = None;
        }
        let start: G = position.position()?;
        let openings = args.openings.as_deref().map(|path| read_openings(path, &start)).transpose()?;
        let format = record_format(G::NAME).unwrap_or(RecordFormat::Tagged);
        let path = args
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("damero-match-{}.{}", G::NAME, format.extension())));
        // Opened before the first game, so a bad path fails at once; every
        // game is written as it finishes, so an interrupted match keeps them.
        let mut file = std::fs::File::create(&path).map_err(|e| CliError::file("write", &path, e))?;
        let bar = if args.quiet { ProgressBar::hidden() } else { ProgressBar::new(u64::from(args.games)) };
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games  {msg}  [{elapsed_precise}]")
                .map_err(CliError::engine)?,
        );
        let (first, second) = (self.white.to_string(), self.black.to_string());
        let config = MatchConfig {
            games: args.games,
            opening_plies: args.opening_plies,
            max_plies: args.max_plies,
            seed,
            threads: args.threads,
            first_pair: args.first_pair,
        };
        let mut write_error = None;
        let mut forfeits = 0;
        let on_game = |game: &MatchGame<G>, t: &MatchProgress| {
            if let Some(reason) = &game.forfeit {
                forfeits += 1;
                bar.suspend(|| eprintln!("game {}: forfeit: {reason}", game.number + 1));
            }
            bar.set_position(u64::from(t.played));
            bar.set_message(format!("+{} ={} -{}", t.wins, t.draws, t.losses));
            match file.write_all(game.record_text(&first, &second).as_bytes()) {
                Ok(()) => ControlFlow::Continue(()),
                Err(error) => {
                    write_error = Some(error);
                    ControlFlow::Break(())
                }
            }
        };
        let (white, black) = (self.white.factory(&evaluator, hub), self.black.factory(&evaluator, hub));
        let source = match &openings {
            Some(list) => Openings::Listed(list),
            None => Openings::Random(&start),
        };
        let result = run_player_match(source, &*white, &*black, &config, on_game);
        bar.finish_and_clear();
        if let Some(error) = write_error {
            return Err(CliError::file("write", &path, error));
        }
        let tally = result.as_ref().map_or_else(|error| error.progress, |tally| *tally);
        print_results(&tally, &first, &second);
        if forfeits > 0 {
            println!("forfeits: {forfeits} (the reasons are on stderr and in the games' Termination tags)");
        }
        println!("games saved to {}", path.display());
        result.map(drop).map_err(CliError::engine)
    }
}

/// The table of results and the Elo estimates.
fn print_results(t: &MatchProgress, first: &str, second: &str) {
    let width = first.len().max(second.len()).max(6);
    println!("{:width$}  {:>5} {:>5} {:>5}  {:>6}", "engine", "W", "D", "L", "score");
    for (name, w, l) in [(first, t.wins, t.losses), (second, t.losses, t.wins)] {
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
            pairs.won_both, pairs.won_drew, pairs.won_lost, pairs.drew_both, pairs.drew_lost, pairs.lost_both
        );
        let (elo, margin) = pairs.elo();
        let elo = elo + 0.0;
        println!("Elo difference by pairs (each opening one observation): {elo:+.0} ± {margin:.0} (95%)");
    }
}
