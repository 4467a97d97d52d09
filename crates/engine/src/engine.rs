//! Engines described by text (`alphabeta:depth=8`, `mcts:playouts=20000`),
//! and one type that plays any of them.

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use damero_core::{Evaluator, Game, GameRecord, MoveList};

use damero_search::{
    AlphaBeta, AlphaBetaConfig, Book, Clock, Limits, MAX_PLY, Mcts, MctsConfig, Rollout, Score, SearchInfo,
    SearchResult, SeededRng, SwitchError, max_table_mib,
};

use crate::EngineGame;

/// How long an engine thinks per move: the limits an [`EngineSpec`] names.
/// With none set, an engine thinks for one second ([`SpecLimits::limits`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpecLimits {
    /// Alpha-beta depth in plies.
    pub depth: Option<u32>,
    /// Alpha-beta nodes, or MCTS playouts.
    pub nodes: Option<u64>,
    /// Time per move.
    pub movetime: Option<Duration>,
    /// A game clock (`tc=60+1`): the time for the whole game and the
    /// increment; [`Engine`] runs it down move by move and resets it at
    /// [`Engine::new_game`].
    pub time_control: Option<TimeControl>,
}

/// A Fischer time control: `base` for the game, `increment` added after
/// every move. Written `60+1` (seconds, fractions allowed: `0.5+0.05`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time each side starts with.
    pub base: Duration,
    /// The time added after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// The clock at the start of a game.
    pub fn start(&self) -> Clock {
        Clock { remaining: self.base, increment: self.increment, moves_to_go: None }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.base.as_secs_f64(), self.increment.as_secs_f64())
    }
}

impl core::str::FromStr for TimeControl {
    type Err = ();

    fn from_str(text: &str) -> Result<TimeControl, ()> {
        let (base, increment) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |t: &str| -> Result<Duration, ()> {
            let s: f64 = t.trim().parse().map_err(|_| ())?;
            Duration::try_from_secs_f64(s).map_err(|_| ())
        };
        let (base, increment) = (seconds(base)?, seconds(increment)?);
        if base.is_zero() {
            return Err(());
        }
        Ok(TimeControl { base, increment })
    }
}

impl SpecLimits {
    /// The search limits; one second per move when nothing is set. A
    /// [time control](SpecLimits::time_control) gives a clock at its start
    /// (the [`Engine`] replaces it with the running one).
    pub fn limits(&self) -> Limits {
        let mut limits = match self.movetime {
            Some(t) => Limits::movetime(t),
            None if self.depth.is_none() && self.nodes.is_none() && self.time_control.is_none() => {
                Limits::movetime(Duration::from_secs(1))
            }
            None => Limits::default(),
        };
        limits.depth = self.depth;
        limits.nodes = self.nodes;
        limits.clock = self.time_control.map(|tc| tc.start());
        limits
    }

    /// Whether any limit is set.
    pub fn is_set(&self) -> bool {
        self.depth.is_some() || self.nodes.is_some() || self.movetime.is_some() || self.time_control.is_some()
    }
}

/// Nodes a search thread visits per second at most (a generous bound: the
/// draughts searches run at 1–3 million a second).
const MAX_NODES_PER_SECOND: f64 = 8e6;

/// The table a single search within `limits` can fill, in MiB (one 16-byte
/// entry per node), when the limits bound it; `None` for a search bounded
/// only by depth or by `stop`. A one-shot search (`bestmove`) takes no
/// more: a 32 MiB table took 120 ms to allocate on a loaded machine, more
/// than a 100 ms search.
fn table_mib_for(limits: &Limits, threads: usize) -> Option<usize> {
    let by_time = limits
        .hard_time
        .or(limits.clock.map(|c| c.remaining / 2))
        .map(|t| t.as_secs_f64() * MAX_NODES_PER_SECOND * threads as f64);
    let by_nodes = limits.nodes.map(|n| n as f64);
    let nodes = match (by_time, by_nodes) {
        (Some(a), Some(b)) => a.min(b),
        (a, b) => a.or(b)?,
    };
    Some(((nodes * 16.0) / f64::from(1 << 20)).ceil().max(1.0) as usize)
}

/// The search threads worth starting: more than the machine runs at once
/// only share the same cores, and with hundreds of them the threads that
/// watch the clock get too few time slices to stop on time.
pub fn max_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// An engine and its settings, parsed from text such as
/// `alphabeta:depth=8`, `alphabeta:movetime=100`,
/// `alphabeta:nodes=50000,threads=2`, `mcts:playouts=20000`, `mcts:movetime=200`
/// or `random`.
///
/// Keys (`key=value`, comma-separated after the colon):
/// - both: `movetime` (ms), `tc` (a game clock: `tc=60+1` is 60 s for the
///   game and 1 s added per move), `threads` (at most the machine's cores
///   are started, [`max_threads`]), `seed`, `eval` (an evaluator by name
///   or weights file, see [`Evaluator::named`]);
/// - `alphabeta`: `depth`, `nodes`, and every switch of
///   [`AlphaBetaConfig`] by its key (`hash=64`, `contempt=20`, `lmr=false`,
///   `book=true`, `exact=true`...): [`AlphaBetaConfig::switches`] is the
///   table of keys with their defaults and docs, [`AlphaBetaConfig::set`]
///   reads them;
/// - `mcts`: `playouts` (or `nodes`), `c` (exploration), `rollout`
///   (`random` or `eval`), `rollout_plies` (for `eval`, default 8),
///   `memory` (MiB, at most [`max_table_mib`]), `max_plies` (playout cap);
///   no `depth` (MCTS has no depth to stop at; [`EngineSpec::with_limits`]
///   rejects one with [`SpecError::DepthForMcts`]);
/// - `random`: `seed`.
///
/// [`Display`](fmt::Display) writes the same syntax back (every setting that
/// differs from the default).
///
/// ```
/// use damero_engine::EngineSpec;
///
/// let spec: EngineSpec = "alphabeta:nodes=50000,threads=2".parse()?;
/// assert_eq!(spec.to_string(), "alphabeta:nodes=50000,threads=2");
/// assert!("alphabeta:depht=3".parse::<EngineSpec>().is_err());
/// # Ok::<(), damero_engine::SpecError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum EngineSpec {
    /// The alpha-beta searcher.
    AlphaBeta {
        /// Its options.
        config: AlphaBetaConfig,
        /// How long it thinks.
        limits: SpecLimits,
        /// The evaluator by name (`eval=NAME`, [`Evaluator::named`]); `None`
        /// is the one the engine is given.
        eval: Option<String>,
    },
    /// Monte Carlo tree search.
    Mcts {
        /// Its options.
        config: MctsConfig,
        /// How long it thinks (`nodes` counts playouts).
        limits: SpecLimits,
        /// The evaluator by name, as for alpha-beta.
        eval: Option<String>,
    },
    /// A uniformly random legal move (the weakest level).
    Random {
        /// The seed of the choices.
        seed: u64,
    },
}

/// Why an engine description was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// The part before `:` names no engine.
    UnknownEngine {
        /// The name given.
        name: String,
    },
    /// A setting is not of the form `key=value`.
    Malformed {
        /// The setting as given.
        text: String,
    },
    /// The engine has no such key.
    UnknownKey {
        /// The engine.
        engine: &'static str,
        /// The key given.
        key: String,
    },
    /// `eval=NAME` names no evaluator of this game.
    UnknownEvaluator(damero_core::UnknownEvaluator),
    /// A depth limit for MCTS, which has no depth to stop at.
    DepthForMcts,
    /// A table larger than this machine allows.
    TooMuchMemory {
        /// The key (`hash` or `memory`).
        key: &'static str,
        /// The MiB asked for.
        mib: u64,
        /// The most allowed ([`max_table_mib`]).
        max: usize,
    },
    /// The key exists but cannot take this value.
    InvalidValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What it accepts.
        expected: &'static str,
    },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::UnknownEngine { name } => {
                write!(f, "unknown engine '{name}' (expected alphabeta, mcts or random)")
            }
            SpecError::Malformed { text } => write!(f, "engine setting '{text}' is not key=value"),
            SpecError::UnknownKey { engine, key } => write!(f, "engine {engine} has no setting '{key}'"),
            SpecError::UnknownEvaluator(error) => write!(f, "{error}"),
            SpecError::DepthForMcts => {
                f.write_str("mcts has no depth limit (give it playouts/nodes, movetime or a clock)")
            }
            SpecError::TooMuchMemory { key, mib, max } => {
                write!(
                    f,
                    "{key}={mib} MiB is more than this machine allows (at most {max} MiB, half its memory)"
                )
            }
            SpecError::InvalidValue { key, value, expected } => {
                write!(f, "invalid value '{value}' for engine setting {key} (expected {expected})")
            }
        }
    }
}

impl std::error::Error for SpecError {}

fn number<T: core::str::FromStr>(key: &str, value: &str, expected: &'static str) -> Result<T, SpecError> {
    value.parse().map_err(|_| SpecError::InvalidValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected,
    })
}

fn table_mib(key: &'static str, value: &str) -> Result<usize, SpecError> {
    let mib: u64 = positive(key, value)?;
    let max = max_table_mib();
    if mib > max as u64 {
        return Err(SpecError::TooMuchMemory { key, mib, max });
    }
    Ok(mib as usize)
}

fn time_control(key: &str, value: &str) -> Result<TimeControl, SpecError> {
    value.parse().map_err(|()| SpecError::InvalidValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected: "seconds+increment, e.g. 60+1",
    })
}

fn positive<T: core::str::FromStr + PartialOrd + Default>(key: &str, value: &str) -> Result<T, SpecError> {
    let n: T = number(key, value, "a positive integer")?;
    if n > T::default() {
        Ok(n)
    } else {
        Err(SpecError::InvalidValue {
            key: key.to_owned(),
            value: value.to_owned(),
            expected: "a positive integer",
        })
    }
}

impl core::str::FromStr for EngineSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<EngineSpec, SpecError> {
        let text = text.trim();
        let (name, settings) = text.split_once(':').unwrap_or((text, ""));
        let mut spec = match name.trim() {
            "alphabeta" | "ab" => EngineSpec::AlphaBeta {
                config: AlphaBetaConfig::default(),
                limits: SpecLimits::default(),
                eval: None,
            },
            "mcts" => {
                EngineSpec::Mcts { config: MctsConfig::default(), limits: SpecLimits::default(), eval: None }
            }
            "random" => EngineSpec::Random { seed: 0 },
            other => return Err(SpecError::UnknownEngine { name: other.to_owned() }),
        };
        for setting in settings.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) =
                setting.split_once('=').ok_or_else(|| SpecError::Malformed { text: setting.to_owned() })?;
            spec.set(key.trim(), value.trim())?;
        }
        Ok(spec)
    }
}

impl EngineSpec {
    /// The engine's name: `alphabeta`, `mcts` or `random`.
    pub fn name(&self) -> &'static str {
        match self {
            EngineSpec::AlphaBeta { .. } => "alphabeta",
            EngineSpec::Mcts { .. } => "mcts",
            EngineSpec::Random { .. } => "random",
        }
    }

    /// The evaluator the spec names (`eval=NAME`), if any.
    pub fn eval(&self) -> Option<&str> {
        match self {
            EngineSpec::AlphaBeta { eval, .. } | EngineSpec::Mcts { eval, .. } => eval.as_deref(),
            EngineSpec::Random { .. } => None,
        }
    }

    /// Sets one `key=value` setting.
    ///
    /// # Errors
    /// [`SpecError::UnknownKey`] or [`SpecError::InvalidValue`].
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), SpecError> {
        let engine = self.name();
        let unknown = || SpecError::UnknownKey { engine, key: key.to_owned() };
        match self {
            EngineSpec::Random { seed } => match key {
                "seed" => *seed = number(key, value, "an integer")?,
                _ => return Err(unknown()),
            },
            EngineSpec::AlphaBeta { eval, .. } | EngineSpec::Mcts { eval, .. } if key == "eval" => {
                if value.is_empty() {
                    return Err(SpecError::InvalidValue {
                        key: key.to_owned(),
                        value: value.to_owned(),
                        expected: "an evaluator name or weights file",
                    });
                }
                *eval = Some(value.to_owned());
            }
            EngineSpec::AlphaBeta { config, limits, .. } => match key {
                "depth" => {
                    let depth: u32 = positive(key, value)?;
                    limits.depth = Some(depth.min(MAX_PLY as u32 - 1));
                }
                "nodes" => limits.nodes = Some(positive(key, value)?),
                "movetime" => limits.movetime = Some(Duration::from_millis(positive(key, value)?)),
                "tc" => limits.time_control = Some(time_control(key, value)?),
                // Every other key is a switch of the alpha-beta table.
                _ => config.set(key, value).map_err(|error| match error {
                    SwitchError::UnknownKey { .. } => unknown(),
                    SwitchError::InvalidValue { key, value, expected } => {
                        SpecError::InvalidValue { key: key.to_owned(), value, expected }
                    }
                    SwitchError::TooMuchMemory { key, mib, max } => {
                        SpecError::TooMuchMemory { key, mib, max }
                    }
                })?,
            },
            EngineSpec::Mcts { config, limits, .. } => match key {
                "playouts" | "nodes" => limits.nodes = Some(positive(key, value)?),
                "movetime" => limits.movetime = Some(Duration::from_millis(positive(key, value)?)),
                "tc" => limits.time_control = Some(time_control(key, value)?),
                "threads" => config.threads = positive(key, value)?,
                "seed" => config.seed = number(key, value, "an integer")?,
                "c" | "exploration" => {
                    let c: f64 = number(key, value, "a number ≥ 0")?;
                    if !(c >= 0.0 && c.is_finite()) {
                        return Err(SpecError::InvalidValue {
                            key: key.to_owned(),
                            value: value.to_owned(),
                            expected: "a number ≥ 0",
                        });
                    }
                    config.exploration = c;
                }
                "rollout" => {
                    config.rollout = match value {
                        "random" => Rollout::Random,
                        "eval" => Rollout::Evaluator { plies: 8 },
                        _ => {
                            return Err(SpecError::InvalidValue {
                                key: key.to_owned(),
                                value: value.to_owned(),
                                expected: "random or eval",
                            });
                        }
                    }
                }
                "rollout_plies" => {
                    config.rollout = Rollout::Evaluator { plies: number(key, value, "plies")? }
                }
                "memory" => config.memory_mib = table_mib("memory", value)?,
                "max_plies" => config.max_playout_plies = positive(key, value)?,
                _ => return Err(unknown()),
            },
        }
        Ok(())
    }

    /// The limits named by the spec (see [`SpecLimits::limits`]); none for
    /// `random`.
    pub fn limits(&self) -> Limits {
        match self {
            EngineSpec::AlphaBeta { limits, .. } | EngineSpec::Mcts { limits, .. } => limits.limits(),
            EngineSpec::Random { .. } => Limits::default(),
        }
    }

    /// The spec with other limits (the CLI's `--depth`, `--nodes`,
    /// `--movetime`, `--time`): when any is set they replace the spec's own.
    ///
    /// # Errors
    /// [`SpecError::DepthForMcts`] for a depth given to MCTS.
    pub fn with_limits(mut self, new: SpecLimits) -> Result<EngineSpec, SpecError> {
        if matches!(self, EngineSpec::Mcts { .. }) && new.depth.is_some() {
            return Err(SpecError::DepthForMcts);
        }
        if let EngineSpec::AlphaBeta { limits, .. } | EngineSpec::Mcts { limits, .. } = &mut self
            && new.is_set()
        {
            *limits = new;
        }
        Ok(self)
    }

    /// The spec with the opening book on where it does not say: what the
    /// front ends that play a position (`bestmove`, `play`, the Hub's `go
    /// think`) use; `match` starts from random openings instead. The noisy
    /// weak levels stay out of the book.
    pub fn with_book_by_default(mut self) -> EngineSpec {
        if let EngineSpec::AlphaBeta { config, .. } = &mut self
            && config.noise == 0
        {
            config.book.get_or_insert(true);
        }
        self
    }

    /// The spec with `threads` search threads (ignored by `random`).
    pub fn with_threads(mut self, threads: usize) -> EngineSpec {
        match &mut self {
            EngineSpec::AlphaBeta { config, .. } => config.threads = threads.max(1),
            EngineSpec::Mcts { config, .. } => config.threads = threads.max(1),
            EngineSpec::Random { .. } => {}
        }
        self
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        let limits_parts = |parts: &mut Vec<String>, limits: &SpecLimits, nodes_key: &str| {
            if let Some(d) = limits.depth {
                parts.push(format!("depth={d}"));
            }
            if let Some(n) = limits.nodes {
                parts.push(format!("{nodes_key}={n}"));
            }
            if let Some(t) = limits.movetime {
                parts.push(format!("movetime={}", t.as_millis()));
            }
            if let Some(tc) = limits.time_control {
                parts.push(format!("tc={tc}"));
            }
        };
        match self {
            EngineSpec::Random { seed } => {
                if *seed != 0 {
                    parts.push(format!("seed={seed}"));
                }
            }
            EngineSpec::AlphaBeta { config, limits, eval } => {
                limits_parts(&mut parts, limits, "nodes");
                if let Some(name) = eval {
                    parts.push(format!("eval={name}"));
                }
                let switches = config.to_string();
                if !switches.is_empty() {
                    parts.push(switches);
                }
            }
            EngineSpec::Mcts { config, limits, eval } => {
                limits_parts(&mut parts, limits, "playouts");
                if let Some(name) = eval {
                    parts.push(format!("eval={name}"));
                }
                let d = MctsConfig::default();
                if config.threads != d.threads {
                    parts.push(format!("threads={}", config.threads));
                }
                if config.seed != d.seed {
                    parts.push(format!("seed={}", config.seed));
                }
                if config.exploration != d.exploration {
                    parts.push(format!("c={}", config.exploration));
                }
                if let Rollout::Evaluator { plies } = config.rollout {
                    parts.push(format!("rollout_plies={plies}"));
                }
                if config.memory_mib != d.memory_mib {
                    parts.push(format!("memory={}", config.memory_mib));
                }
                if config.max_playout_plies != d.max_playout_plies {
                    parts.push(format!("max_plies={}", config.max_playout_plies));
                }
            }
        }
        f.write_str(self.name())?;
        if !parts.is_empty() {
            write!(f, ":{}", parts.join(","))?;
        }
        Ok(())
    }
}

/// Any engine, ready to play positions of `G`: what the CLI's `bestmove`,
/// `play` and `match` commands drive. Built from an [`EngineSpec`].
#[derive(Debug)]
pub struct Engine<G: Game, E: Evaluator<G>> {
    spec: EngineSpec,
    limits: Limits,
    /// The clock of a spec's time control, as it runs down in this game.
    clock: Option<Clock>,
    flagged: bool,
    player: Player<G, E>,
    /// The game's shipped opening book, played from with `book=true`.
    book: Option<Arc<Book>>,
}

#[derive(Debug)]
enum Player<G: Game, E: Evaluator<G>> {
    /// Alpha-beta before its table is sized: built by [`Engine::new_game`]
    /// at full size, or by the first search at the size that search can
    /// fill ([`table_mib_for`]).
    Unbuilt(AlphaBetaConfig, E),
    AlphaBeta(Box<AlphaBeta<G, E>>),
    Mcts(Box<Mcts<G, E>>),
    Random(SeededRng),
}

impl<G: Game, E: Evaluator<G>> Engine<G, E> {
    /// The engine `spec` describes, evaluating with `evaluator`. It starts
    /// at most [`max_threads`] threads, whatever the spec says.
    /// The spec may name its evaluator (`eval=NAME`, [`Evaluator::named`]).
    ///
    /// # Panics
    /// If the spec names an evaluator `evaluator` does not know: check specs
    /// from users with [`Engine::try_new`].
    pub fn new(spec: &EngineSpec, evaluator: E) -> Engine<G, E>
    where
        G: EngineGame,
    {
        match Engine::try_new(spec, evaluator) {
            Ok(engine) => engine,
            Err(error) => panic!("{error}"),
        }
    }

    /// The engine `spec` describes, as [`Engine::new`].
    ///
    /// # Errors
    /// [`SpecError::UnknownEvaluator`] when the spec names an evaluator the
    /// game does not have.
    pub fn try_new(spec: &EngineSpec, evaluator: E) -> Result<Engine<G, E>, SpecError>
    where
        G: EngineGame,
    {
        let evaluator = match spec.eval() {
            Some(name) => evaluator.named(name).map_err(SpecError::UnknownEvaluator)?,
            None => evaluator,
        };
        let player = match spec {
            EngineSpec::AlphaBeta { config, .. } => {
                let config = AlphaBetaConfig { threads: config.threads.min(max_threads()), ..config.clone() };
                Player::Unbuilt(config, evaluator)
            }
            EngineSpec::Mcts { config, .. } => {
                let config = MctsConfig { threads: config.threads.min(max_threads()), ..config.clone() };
                Player::Mcts(Box::new(Mcts::new(config, evaluator)))
            }
            EngineSpec::Random { seed } => Player::Random(SeededRng::new(*seed)),
        };
        let limits = spec.limits();
        Ok(Engine {
            spec: spec.clone(),
            clock: limits.clock,
            flagged: false,
            limits,
            player,
            book: G::book(),
        })
    }

    /// The spec it was built from.
    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// The search threads it starts (the spec's, at most [`max_threads`]).
    pub fn threads(&self) -> usize {
        match &self.player {
            Player::Unbuilt(config, _) => config.threads,
            Player::AlphaBeta(search) => search.config().threads,
            Player::Mcts(search) => search.config().threads,
            Player::Random(_) => 1,
        }
    }

    /// Lets another thread end the searches early (the CLI's Ctrl-C, a user
    /// interface's "move now").
    pub fn set_stop_flag(&mut self, stop: Arc<AtomicBool>) {
        self.limits.stop = Some(stop);
    }

    /// Forgets what earlier searches learnt (a new game): the results of the
    /// next searches then depend only on the spec and the game. Takes the
    /// hash table's memory if not done yet (outside any clock) and sets a
    /// time control's clock back to its start.
    pub fn new_game(&mut self) {
        self.clock = self.limits.clock;
        self.flagged = false;
        self.build(None);
        match &mut self.player {
            Player::Unbuilt(..) => unreachable!("just built"),
            Player::AlphaBeta(search) => search.clear(),
            Player::Mcts(search) => search.clear(),
            Player::Random(_) => {}
        }
    }

    /// As [`new_game`](Engine::new_game), and the random generators (MCTS
    /// playouts, the random player) start again from their seeds, where
    /// `new_game` lets them go on (the second game of a match pair then
    /// differs from the first): the engine plays as one just built from its
    /// spec, keeping its memory. What self-play uses to play every game with
    /// one engine per thread, the games still depending on their index alone.
    pub fn reset(&mut self) {
        self.new_game();
        match &mut self.player {
            Player::Mcts(search) => search.reset(),
            Player::Random(rng) => {
                if let EngineSpec::Random { seed } = self.spec {
                    *rng = SeededRng::new(seed);
                }
            }
            Player::Unbuilt(..) | Player::AlphaBeta(_) => {}
        }
    }

    /// Builds an unbuilt alpha-beta searcher, its table at most `cap_mib`.
    fn build(&mut self, cap_mib: Option<usize>) {
        if matches!(self.player, Player::Unbuilt(..)) {
            let placeholder = Player::Random(SeededRng::new(0));
            if let Player::Unbuilt(mut config, evaluator) = std::mem::replace(&mut self.player, placeholder) {
                if let Some(cap) = cap_mib {
                    config.tt_mib = config.tt_mib.min(cap);
                }
                let search = AlphaBeta::new(config, evaluator).with_book(self.book.clone());
                self.player = Player::AlphaBeta(Box::new(search));
            }
        }
    }

    /// The clock of the spec's time control as it stands in this game.
    pub fn clock(&self) -> Option<Clock> {
        self.clock
    }

    /// Whether the engine overstepped its time control's clock in this game
    /// (the time manager is built so that it does not).
    pub fn flagged(&self) -> bool {
        self.flagged
    }

    /// Chooses a move for the current position of `record` (its history
    /// counts for repetition) within the spec's limits, calling `on_info`
    /// with progress reports. With a time control, the clock is run down
    /// by the time taken. `best_move` is `None` only when the position has
    /// no legal move (a game over by another rule still gets a move: the
    /// caller decides whether to ask).
    pub fn think(&mut self, record: &GameRecord<G>, on_info: impl FnMut(&SearchInfo<G>)) -> SearchResult<G> {
        let started = Instant::now();
        let mut limits = self.limits.clone();
        limits.clock = self.clock;
        let result = self.think_with(record, &limits, on_info);
        if let Some(clock) = self.clock {
            self.clock = clock.after_move(started.elapsed());
            if self.clock.is_none() {
                self.flagged = true;
                self.clock = Some(Clock { remaining: Duration::ZERO, ..clock });
            }
        }
        result
    }

    /// As [`think`](Engine::think), within `limits` instead of the spec's
    /// (an interface's per-move limits; the engine's stop flag applies
    /// unless `limits` has one). A [clock](Limits::clock) becomes soft and
    /// hard times from [`Clock::budget`] (tighter than any set); with one
    /// legal move on a clock the move is given without a search.
    pub fn think_with(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        on_info: impl FnMut(&SearchInfo<G>),
    ) -> SearchResult<G> {
        let started = Instant::now();
        let mut limits = limits.clone();
        if limits.stop.is_none() {
            limits.stop = self.limits.stop.clone();
        }
        let mut moves = MoveList::new();
        record.position().legal_moves(&mut moves);
        if let Some(clock) = limits.clock.take() {
            if moves.len() == 1 {
                return SearchResult::new(Some(moves[0]), Score(0), vec![moves[0]], started.elapsed());
            }
            let budget = clock.budget(moves.len());
            // Time saved on a clock is time for later moves: the soft limit
            // holds even where a fixed move time was also given.
            limits.fixed_time = false;
            // MCTS has no iterations to stop between: it gets the target.
            let hard = if matches!(self.player, Player::Mcts(_)) { budget.soft } else { budget.hard };
            limits.soft_time = Some(limits.soft_time.map_or(budget.soft, |t| t.min(budget.soft)));
            limits.hard_time = Some(limits.hard_time.map_or(hard, |t| t.min(hard)));
        }
        self.build(table_mib_for(&limits, self.threads()));
        match &mut self.player {
            Player::Unbuilt(..) => unreachable!("just built"),
            Player::AlphaBeta(search) => search.search_record(record, &limits, on_info),
            Player::Mcts(search) => search.search_record(record, &limits, on_info),
            Player::Random(rng) => {
                let best_move = (!moves.is_empty()).then(|| moves[rng.below(moves.len())]);
                SearchResult::new(best_move, Score(0), best_move.into_iter().collect(), started.elapsed())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bounded_search_gets_the_table_it_can_fill() {
        let mib = |limits: &Limits, threads| table_mib_for(limits, threads);
        // 100 ms at most 8 M nodes/s, 16 bytes a node: 12.2 MiB.
        assert_eq!(mib(&Limits::movetime(Duration::from_millis(100)), 1), Some(13));
        assert_eq!(mib(&Limits::movetime(Duration::from_millis(100)), 2), Some(25));
        assert_eq!(mib(&Limits::nodes(1000), 1), Some(1));
        assert_eq!(mib(&Limits::nodes(10_000_000), 1), Some(153));
        let clock = Clock { remaining: Duration::from_secs(2), increment: Duration::ZERO, moves_to_go: None };
        assert_eq!(mib(&Limits::clock(clock), 1), Some(123));
        assert_eq!(mib(&Limits::depth(12), 1), None, "a depth does not bound the nodes");
        assert_eq!(mib(&Limits::default(), 1), None);
    }
}
