//! Engines described by text (`alphabeta:depth=8`, `mcts:playouts=20000`),
//! and one type that plays any of them.

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use damero_core::{Evaluator, Game, GameRecord, MoveList};

use crate::alphabeta::{AlphaBeta, AlphaBetaConfig};
use crate::limits::Limits;
use crate::mcts::{Mcts, MctsConfig, Rollout};
use crate::report::{SearchInfo, SearchResult};
use crate::rng::SeededRng;
use crate::score::Score;

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
}

impl SpecLimits {
    /// The search limits; one second per move when nothing is set.
    pub fn limits(&self) -> Limits {
        let mut limits = match self.movetime {
            Some(t) => Limits::movetime(t),
            None if self.depth.is_none() && self.nodes.is_none() => Limits::movetime(Duration::from_secs(1)),
            None => Limits::default(),
        };
        limits.depth = self.depth;
        limits.nodes = self.nodes;
        limits
    }
}

/// An engine and its settings, parsed from text such as
/// `alphabeta:depth=8`, `alphabeta:movetime=100`,
/// `alphabeta:nodes=50000,threads=2`, `mcts:playouts=20000`, `mcts:movetime=200`
/// or `random`.
///
/// Keys (`key=value`, comma-separated after the colon):
/// - both: `movetime` (ms), `threads`, `seed`;
/// - `alphabeta`: `depth`, `nodes`, `hash` (MiB), `noise` (centipawns), and
///   the switches `pvs`, `aspiration`, `tt`, `deeper`, `lmr`, `killers`,
///   `history`, `quiescence` (`true`/`false`), `book` (the opening book;
///   unset, `bestmove` and `play` use it and `match` does not), `exact=true` (the
///   value-exact options, [`AlphaBetaConfig::exact`]);
/// - `mcts`: `playouts` (or `nodes`), `c` (exploration), `rollout`
///   (`random` or `eval`), `rollout_plies` (for `eval`, default 8),
///   `memory` (MiB), `max_plies` (playout cap);
/// - `random`: `seed`.
///
/// [`Display`](fmt::Display) writes the same syntax back (every setting that
/// differs from the default).
///
/// ```
/// use damero_search::EngineSpec;
///
/// let spec: EngineSpec = "alphabeta:nodes=50000,threads=2".parse()?;
/// assert_eq!(spec.to_string(), "alphabeta:nodes=50000,threads=2");
/// assert!("alphabeta:depht=3".parse::<EngineSpec>().is_err());
/// # Ok::<(), damero_search::SpecError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum EngineSpec {
    /// The alpha-beta searcher.
    AlphaBeta {
        /// Its options.
        config: AlphaBetaConfig,
        /// How long it thinks.
        limits: SpecLimits,
    },
    /// Monte Carlo tree search.
    Mcts {
        /// Its options.
        config: MctsConfig,
        /// How long it thinks (`nodes` counts playouts).
        limits: SpecLimits,
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

fn switch(key: &str, value: &str) -> Result<bool, SpecError> {
    damero_core::parse_bool(value).ok_or_else(|| SpecError::InvalidValue {
        key: key.to_owned(),
        value: value.to_owned(),
        expected: "true or false",
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
            "alphabeta" | "ab" => {
                EngineSpec::AlphaBeta { config: AlphaBetaConfig::default(), limits: SpecLimits::default() }
            }
            "mcts" => EngineSpec::Mcts { config: MctsConfig::default(), limits: SpecLimits::default() },
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
            EngineSpec::AlphaBeta { config, limits } => match key {
                "depth" => {
                    let depth: u32 = positive(key, value)?;
                    limits.depth = Some(depth.min(crate::MAX_PLY as u32 - 1));
                }
                "nodes" => limits.nodes = Some(positive(key, value)?),
                "movetime" => limits.movetime = Some(Duration::from_millis(positive(key, value)?)),
                "threads" => config.threads = positive(key, value)?,
                "seed" => config.seed = number(key, value, "an integer")?,
                "hash" => config.tt_mib = positive(key, value)?,
                "noise" => {
                    config.noise = number(key, value, "centipawns (0 or more)").map(|n: u16| n.into())?
                }
                "pvs" => config.pvs = switch(key, value)?,
                "aspiration" => config.aspiration = switch(key, value)?,
                "tt" => config.tt = switch(key, value)?,
                "deeper" => config.deeper_tt_cutoffs = switch(key, value)?,
                "lmr" => config.lmr = switch(key, value)?,
                "killers" => config.killers = switch(key, value)?,
                "history" => config.history = switch(key, value)?,
                "countermoves" => config.countermoves = switch(key, value)?,
                "lmr_log" => config.lmr_log = switch(key, value)?,
                "futility" => config.futility = switch(key, value)?,
                "book" => config.book = Some(switch(key, value)?),
                "quiescence" => config.quiescence = switch(key, value)?,
                "exact" => {
                    if switch(key, value)? {
                        config.lmr = false;
                        config.deeper_tt_cutoffs = false;
                        config.futility = false;
                        config.noise = 0;
                    }
                }
                _ => return Err(unknown()),
            },
            EngineSpec::Mcts { config, limits } => match key {
                "playouts" | "nodes" => limits.nodes = Some(positive(key, value)?),
                "movetime" => limits.movetime = Some(Duration::from_millis(positive(key, value)?)),
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
                "memory" => config.memory_mib = positive(key, value)?,
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
    /// `--movetime`); `None` fields keep the spec's own.
    pub fn with_limits(
        mut self,
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<Duration>,
    ) -> EngineSpec {
        if let EngineSpec::AlphaBeta { limits, .. } | EngineSpec::Mcts { limits, .. } = &mut self
            && (depth.is_some() || nodes.is_some() || movetime.is_some())
        {
            *limits = SpecLimits { depth, nodes, movetime };
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
        };
        match self {
            EngineSpec::Random { seed } => {
                if *seed != 0 {
                    parts.push(format!("seed={seed}"));
                }
            }
            EngineSpec::AlphaBeta { config, limits } => {
                limits_parts(&mut parts, limits, "nodes");
                let d = AlphaBetaConfig::default();
                let mut push = |changed: bool, text: String| {
                    if changed {
                        parts.push(text);
                    }
                };
                push(config.threads != d.threads, format!("threads={}", config.threads));
                push(config.tt_mib != d.tt_mib, format!("hash={}", config.tt_mib));
                push(config.noise != d.noise, format!("noise={}", config.noise));
                push(config.seed != d.seed, format!("seed={}", config.seed));
                push(config.pvs != d.pvs, format!("pvs={}", config.pvs));
                push(config.aspiration != d.aspiration, format!("aspiration={}", config.aspiration));
                push(config.tt != d.tt, format!("tt={}", config.tt));
                push(
                    config.deeper_tt_cutoffs != d.deeper_tt_cutoffs,
                    format!("deeper={}", config.deeper_tt_cutoffs),
                );
                push(config.lmr != d.lmr, format!("lmr={}", config.lmr));
                push(config.killers != d.killers, format!("killers={}", config.killers));
                push(config.history != d.history, format!("history={}", config.history));
                push(config.countermoves != d.countermoves, format!("countermoves={}", config.countermoves));
                push(config.lmr_log != d.lmr_log, format!("lmr_log={}", config.lmr_log));
                push(config.futility != d.futility, format!("futility={}", config.futility));
                push(config.book.is_some(), format!("book={}", config.book.unwrap_or_default()));
                push(config.quiescence != d.quiescence, format!("quiescence={}", config.quiescence));
            }
            EngineSpec::Mcts { config, limits } => {
                limits_parts(&mut parts, limits, "playouts");
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
    player: Player<G, E>,
}

#[derive(Debug)]
enum Player<G: Game, E: Evaluator<G>> {
    AlphaBeta(Box<AlphaBeta<G, E>>),
    Mcts(Box<Mcts<G, E>>),
    Random(SeededRng),
}

impl<G: Game, E: Evaluator<G>> Engine<G, E> {
    /// The engine `spec` describes, evaluating with `evaluator`.
    pub fn new(spec: &EngineSpec, evaluator: E) -> Engine<G, E> {
        let player = match spec {
            EngineSpec::AlphaBeta { config, .. } => {
                Player::AlphaBeta(Box::new(AlphaBeta::new(config.clone(), evaluator)))
            }
            EngineSpec::Mcts { config, .. } => Player::Mcts(Box::new(Mcts::new(config.clone(), evaluator))),
            EngineSpec::Random { seed } => Player::Random(SeededRng::new(*seed)),
        };
        Engine { spec: spec.clone(), limits: spec.limits(), player }
    }

    /// The spec it was built from.
    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// Lets another thread end the searches early (the CLI's Ctrl-C, a user
    /// interface's "move now").
    pub fn set_stop_flag(&mut self, stop: Arc<AtomicBool>) {
        self.limits.stop = Some(stop);
    }

    /// Forgets what earlier searches learnt (a new game): the results of the
    /// next searches then depend only on the spec and the game.
    pub fn new_game(&mut self) {
        match &mut self.player {
            Player::AlphaBeta(search) => search.clear(),
            Player::Mcts(search) => search.clear(),
            Player::Random(_) => {}
        }
    }

    /// Chooses a move for the current position of `record` (its history
    /// counts for repetition), calling `on_info` with progress reports.
    /// `best_move` is `None` only when the game is over by the position.
    pub fn think(&mut self, record: &GameRecord<G>, on_info: impl FnMut(&SearchInfo<G>)) -> SearchResult<G> {
        match &mut self.player {
            Player::AlphaBeta(search) => search.search_record(record, &self.limits, on_info),
            Player::Mcts(search) => search.search_record(record, &self.limits, on_info),
            Player::Random(rng) => {
                let mut moves = MoveList::new();
                record.position().legal_moves(&mut moves);
                let best_move = (!moves.is_empty()).then(|| moves[rng.below(moves.len())]);
                SearchResult {
                    best_move,
                    score: Score(0),
                    pv: best_move.into_iter().collect(),
                    depth: 0,
                    seldepth: 0,
                    nodes: 0,
                    time: Duration::ZERO,
                }
            }
        }
    }
}
