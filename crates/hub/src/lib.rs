//! The Hub protocol (version 2, as Scan 3.1's `protocol.txt` defines it)
//! for damero's four draughts rule sets: [`run`] speaks it over any reader
//! and writer (`damero hub` runs it on stdin and stdout).
//!
//! - [`protocol`]: the lines, parsed by a pure function ([`parse_line`]);
//! - `encoding`: positions and moves as pydraughts writes them for 8x8
//!   boards, and how they map to damero's notation;
//! - `session`: the game, the engine, the search thread;
//! - [`client`]: the interface's end, an external Hub engine run as a
//!   child process and played as a match player ([`HubPlayer`], which
//!   `damero match` builds from a `hub:command=...` spec).
//!
//! The loop here reads commands while a search runs on its own thread, so
//! `stop`, `ping` and `ponder-hit` are answered at once; the search writes
//! its `info` lines and its `done`. `quit`, or the end of the input, stops
//! a running search and returns; an output that cannot be written ends the
//! loop with that error.
//!
//! What a client can make it hold is bounded: a line is read into at most
//! 64 KiB (a longer one is skipped to its newline and answered with one
//! `error`), and each line is handled before the next is read, so a client
//! that floods lines waits on its pipe instead of filling a queue. Bytes
//! that are not UTF-8 read as U+FFFD; an `error` line quotes control
//! characters as escapes, so it stays one line. The threads are the loop,
//! the search's (`threads` of them with its helpers) and, after a
//! `ponder-hit`, the clock of that search, which ends with it.
//!
//! The parameters (`hub` lists them): `variant` (the draughts rule sets of
//! the engine layer's registry), `engine`, `hash`, `threads`, `strength`, `book`
//! (the shipped opening book for `go think`, as `bestmove` uses it),
//! `egdb-path` (endgame databases probed as with `--egdb DIR`; one that
//! cannot be opened is an `error` line and the engine plays without) and
//! `eval` (the evaluation, as an engine spec's `eval=` names it: `default`,
//! `hand`, `trained`, `network` or a weights or network file; empty for the
//! rule set's default; one the rule set cannot use is an `error` line and
//! the engine plays with the default). Both are checked when the session is
//! built (at `init`, before `ready`), once `variant` is known.
//! `info` lines carry `mean-depth`: the depth of the completed iteration
//! (damero keeps no average leaf depth; MCTS lines leave it out).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod client;
pub mod encoding;
pub mod protocol;
mod session;

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use damero_core::Evaluator;
use damero_draughts::Variant;
use damero_engine::registry::{self, DRAUGHTS_IDS, DraughtsCommand};
use damero_engine::{EngineSpec, MAX_LEVEL, MIN_LEVEL, SpecLimits, level_spec, max_threads};
use damero_eval::{DraughtsEvaluator, EndgameDatabase};
use damero_search::{AlphaBetaConfig, Clock, Limits, MctsConfig, max_table_mib};

pub use client::{HubPlayer, HubSpec, HubSpecError};
pub use protocol::{GoMode, Level, ProtocolError, Request, parse_line};
use protocol::{error_line, quote};
use session::{Backend, SearchPlan, Session, without_time};

/// The longest line read; a longer one is answered with one `error`.
const MAX_LINE: usize = 1 << 16;

/// What the engine says of itself in its `id` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubOptions {
    /// `name=`: `damero`.
    pub name: String,
    /// `version=`: this crate's version by default.
    pub version: String,
    /// `author=`.
    pub author: String,
}

impl Default for HubOptions {
    fn default() -> HubOptions {
        HubOptions {
            name: "damero".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            author: "the damero authors".to_owned(),
        }
    }
}

/// The engine's output: one line at a time, flushed (the protocol is line
/// based and the interface waits for each line). Shared by the protocol
/// loop and the search thread; its lock keeps lines whole.
#[derive(Clone)]
struct Output {
    writer: Arc<Mutex<Box<dyn Write + Send>>>,
    /// The first write that failed: the loop ends with it.
    failure: Arc<Mutex<Option<io::Error>>>,
}

impl Output {
    fn new(writer: impl Write + Send + 'static) -> Output {
        Output { writer: Arc::new(Mutex::new(Box::new(writer))), failure: Arc::default() }
    }

    /// Writes `text` and a newline. When the interface has closed the
    /// pipe there is no one left to answer: the failure is kept for the
    /// loop, which ends.
    fn line(&self, text: &str) {
        let mut out = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        if let Err(error) = writeln!(out, "{text}").and_then(|()| out.flush()) {
            self.failure.lock().unwrap_or_else(PoisonError::into_inner).get_or_insert(error);
        }
    }

    /// The first write that failed, taken.
    fn failure(&self) -> Option<io::Error> {
        self.failure.lock().unwrap_or_else(PoisonError::into_inner).take()
    }
}

const ENGINES: [&str; 2] = ["alphabeta", "mcts"];

/// The parameters the interface can set before `init`.
#[derive(Clone, Debug, PartialEq)]
struct Settings {
    variant: &'static str,
    engine: &'static str,
    hash_mib: usize,
    threads: usize,
    strength: i32,
    /// The endgame database directory; empty for none.
    egdb_path: String,
    /// Play from the shipped opening book, for the rule sets that have one.
    book: bool,
    /// The evaluator's name or file, as an engine spec's `eval=`; empty for
    /// the rule set's default.
    eval: String,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            variant: DRAUGHTS_IDS[0],
            engine: "alphabeta",
            hash_mib: AlphaBetaConfig::default().tt_mib,
            threads: 1,
            strength: MAX_LEVEL,
            egdb_path: String::new(),
            book: true,
            eval: String::new(),
        }
    }
}

impl Settings {
    fn param_lines(&self) -> Vec<String> {
        vec![
            format!(
                "param name=variant value={} type=enum values={}",
                self.variant,
                quote(&DRAUGHTS_IDS.join(" "))
            ),
            format!("param name=engine value={} type=enum values={}", self.engine, quote(&ENGINES.join(" "))),
            format!("param name=hash value={} type=int min=1 max={}", self.hash_mib, max_table_mib()),
            format!("param name=threads value={} type=int min=1 max={}", self.threads, max_threads()),
            format!("param name=strength value={} type=int min={MIN_LEVEL} max={MAX_LEVEL}", self.strength),
            format!("param name=book value={} type=bool", self.book),
            format!("param name=egdb-path value={} type=string", quote(&self.egdb_path)),
            format!("param name=eval value={} type=string", quote(&self.eval)),
        ]
    }

    fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let int = |min: i64, max: i64| -> Result<i64, String> {
            value
                .parse::<i64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| format!("bad value '{value}' for {name} (expected {min} to {max})"))
        };
        let choice = |names: &[&'static str]| -> Result<&'static str, String> {
            names.iter().find(|n| n.eq_ignore_ascii_case(value)).copied().ok_or_else(|| {
                format!("bad value '{value}' for {name} (expected one of {})", names.join(" "))
            })
        };
        let switch = || -> Result<bool, String> {
            match value.to_ascii_lowercase().as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(format!("bad value '{value}' for {name} (expected true or false)")),
            }
        };
        match name {
            "variant" => self.variant = choice(DRAUGHTS_IDS)?,
            "engine" => self.engine = choice(&ENGINES)?,
            "hash" => self.hash_mib = int(1, max_table_mib() as i64)? as usize,
            "threads" => self.threads = int(1, max_threads() as i64)? as usize,
            "strength" => self.strength = int(i64::from(MIN_LEVEL), i64::from(MAX_LEVEL))? as i32,
            "book" => self.book = switch()?,
            "egdb-path" => self.egdb_path = value.trim().to_owned(),
            // Checked when the session is built: `variant` may come after.
            "eval" => self.eval = value.trim().to_owned(),
            _ => {} // the protocol: ignore what is not understood
        }
        Ok(())
    }

    /// The engine these settings describe, the book left to the session
    /// (see [`book_seed`](Settings::book_seed)).
    fn spec(&self) -> EngineSpec {
        match self.engine_spec() {
            EngineSpec::AlphaBeta { mut config, limits, eval } => {
                config.book = Some(false);
                EngineSpec::AlphaBeta { config, limits, eval }
            }
            other => other,
        }
    }

    /// The seed of the opening book's choices when the book is on: unless
    /// `book=false`, for the engines `damero bestmove` gives the book to
    /// (alpha-beta, unless its spec says otherwise not the noisy weak
    /// levels). The session plays from the book for `go think` only:
    /// pondering and analysis want a search.
    fn book_seed(&self) -> Option<u64> {
        match self.engine_spec().with_book_by_default() {
            EngineSpec::AlphaBeta { config, .. } if self.book && config.book == Some(true) => {
                Some(config.seed)
            }
            _ => None,
        }
    }

    /// Below the top strength, the level's engine ([`level_spec`]) with its
    /// own depth or node limit, which every search keeps.
    fn engine_spec(&self) -> EngineSpec {
        if self.strength < MAX_LEVEL {
            return level_spec(self.strength, 0).expect("strength within the levels");
        }
        match self.engine {
            "mcts" => EngineSpec::Mcts {
                config: MctsConfig {
                    threads: self.threads,
                    memory_mib: self.hash_mib,
                    ..MctsConfig::default()
                },
                limits: SpecLimits::default(),
                eval: None,
            },
            _ => EngineSpec::AlphaBeta {
                config: AlphaBetaConfig {
                    threads: self.threads,
                    tt_mib: self.hash_mib,
                    ..AlphaBetaConfig::default()
                },
                limits: SpecLimits::default(),
                eval: None,
            },
        }
    }

    /// The session of the chosen rule set. A database that cannot be
    /// opened is reported on `out` and the engine plays without; an
    /// evaluator the rule set cannot use, likewise, and it plays with the
    /// default one.
    fn backend(&self, out: &Output) -> Box<dyn Backend> {
        let command = NewSession {
            spec: self.spec(),
            book_seed: self.book_seed(),
            egdb_path: &self.egdb_path,
            eval: &self.eval,
            out,
        };
        match registry::dispatch_draughts(self.variant, command) {
            Ok(backend) => backend,
            Err(_) => unreachable!("the variant is one of DRAUGHTS_IDS"),
        }
    }
}

/// Builds the [`Session`] of one rule set.
struct NewSession<'a> {
    spec: EngineSpec,
    book_seed: Option<u64>,
    egdb_path: &'a str,
    /// The evaluator's name or file; empty for the default.
    eval: &'a str,
    out: &'a Output,
}

impl DraughtsCommand for NewSession<'_> {
    type Output = Box<dyn Backend>;
    fn run<V: Variant>(self) -> Box<dyn Backend> {
        let database = if self.egdb_path.is_empty() {
            EndgameDatabase::empty()
        } else {
            EndgameDatabase::<V>::open(self.egdb_path).unwrap_or_else(|error| {
                self.out
                    .line(&error_line(&format!("egdb-path: {error}; playing without an endgame database")));
                EndgameDatabase::empty()
            })
        };
        let default = DraughtsEvaluator::<V>::default();
        let evaluator = if self.eval.is_empty() {
            default
        } else {
            default.named(self.eval).unwrap_or_else(|error| {
                self.out.line(&error_line(&format!("eval: {error}; playing with the default evaluator")));
                default
            })
        };
        Box::new(Session::<V>::new(&self.spec, self.book_seed, evaluator, Arc::new(database)))
    }
}

/// The limits of the next search, as `level` lines set them (several lines
/// add up; a search resets them, as in Scan).
fn search_limits(level: &Level, mode: GoMode, is_mcts: bool, out: &Output) -> Limits {
    let mut limits = Limits::default();
    if let Some(depth) = level.depth {
        if is_mcts {
            out.line(&error_line("mcts has no depth limit: depth ignored"));
        } else {
            limits.depth = Some(depth);
        }
    }
    limits.nodes = level.nodes;
    if let Some(time) = level.move_time {
        limits = Limits { depth: limits.depth, nodes: limits.nodes, ..Limits::movetime(time) };
    }
    if let Some(time) = level.time {
        let increment = level.inc.unwrap_or_default();
        // Hub adds the increment before the move.
        let remaining = Duration::from_secs_f64((time + increment.as_secs_f64()).max(0.0));
        limits.clock = Some(Clock { remaining, increment, moves_to_go: level.moves });
    }
    if limits.is_infinite() && !level.infinite && mode != GoMode::Analyze {
        // No limit given for a move to play: a second.
        limits = Limits::movetime(Duration::from_secs(1));
    }
    limits
}

/// The protocol loop's state.
struct Hub {
    out: Output,
    options: HubOptions,
    settings: Settings,
    /// Built at `init` (or the first command that needs it); dropped when a
    /// parameter changes.
    backend: Option<Box<dyn Backend>>,
    level: Level,
}

impl Hub {
    fn backend(&mut self) -> &mut Box<dyn Backend> {
        self.backend.get_or_insert_with(|| self.settings.backend(&self.out))
    }

    fn handle(&mut self, request: Request) {
        let out = self.out.clone();
        match request {
            Request::Hub => {
                let HubOptions { name, version, author } = &self.options;
                out.line(&format!(
                    "id name={} version={} author={}",
                    quote(name),
                    quote(version),
                    quote(author)
                ));
                for line in self.settings.param_lines() {
                    out.line(&line);
                }
                out.line("wait");
            }
            Request::SetParam { name, value } => {
                let before = self.settings.clone();
                match self.settings.set(&name, &value) {
                    Err(message) => out.line(&error_line(&message)),
                    Ok(()) if self.settings != before => {
                        if let Some(mut old) = self.backend.take() {
                            old.stop();
                        }
                    }
                    Ok(()) => {}
                }
            }
            Request::Init => {
                self.backend();
                out.line("ready");
            }
            Request::NewGame => self.backend().new_game(),
            Request::Pos { position, moves } => {
                if let Err(message) = self.backend().set_position(position.as_deref(), &moves) {
                    out.line(&error_line(&message));
                }
            }
            Request::Level(update) => {
                let level = &mut self.level;
                level.depth = update.depth.or(level.depth);
                level.nodes = update.nodes.or(level.nodes);
                level.move_time = update.move_time.or(level.move_time);
                level.time = update.time.or(level.time);
                level.inc = update.inc.or(level.inc);
                level.moves = update.moves.or(level.moves);
                level.infinite |= update.infinite;
            }
            Request::Go(mode) => {
                let level = std::mem::take(&mut self.level);
                let is_mcts = self.settings.strength == MAX_LEVEL && self.settings.engine == "mcts";
                let limits = search_limits(&level, mode, is_mcts, &out);
                let plan = if mode == GoMode::Ponder {
                    SearchPlan { limits: without_time(&limits), ponder_time: Some(limits), from_book: false }
                } else {
                    SearchPlan { limits, ponder_time: None, from_book: mode == GoMode::Think }
                };
                self.backend().go(plan, out);
            }
            Request::Stop => {
                if let Some(backend) = &mut self.backend {
                    backend.stop();
                }
            }
            Request::PonderHit => {
                if let Some(backend) = &mut self.backend {
                    backend.ponder_hit(&out);
                }
            }
            Request::Ping => out.line("pong"),
            Request::Quit => {}
        }
    }

    fn shutdown(&mut self) {
        if let Some(backend) = &mut self.backend {
            backend.stop();
        }
    }
}

/// Reads one line of at most [`MAX_LINE`] bytes; `Ok(None)` at the end of
/// the input. A longer line is consumed whole and returned as `Err`.
fn read_line<R: BufRead>(input: &mut R) -> std::io::Result<Option<Result<String, usize>>> {
    let mut bytes = Vec::new();
    let read = std::io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', &mut bytes)?;
    if read == 0 {
        return Ok(None);
    }
    if bytes.last() != Some(&b'\n') && bytes.len() > MAX_LINE {
        let mut skipped = bytes.len();
        loop {
            let available = input.fill_buf()?;
            if available.is_empty() {
                break;
            }
            match available.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    skipped += i;
                    input.consume(i + 1);
                    break;
                }
                None => {
                    let n = available.len();
                    skipped += n;
                    input.consume(n);
                }
            }
        }
        return Ok(Some(Err(skipped)));
    }
    Ok(Some(Ok(String::from_utf8_lossy(&bytes).trim_end_matches(['\n', '\r']).to_owned())))
}

/// Runs the protocol on `input` and `output` until `quit` or the end of
/// the input (a read error counts as the end: the interface is gone). A
/// running search is stopped before it returns. The error is the first
/// write to `output` that failed: nobody is left to answer.
pub fn run<W: Write + Send + 'static>(
    mut input: impl BufRead,
    output: W,
    options: &HubOptions,
) -> io::Result<()> {
    let out = Output::new(output);
    let mut hub = Hub {
        out: out.clone(),
        options: options.clone(),
        settings: Settings::default(),
        backend: None,
        level: Level::default(),
    };
    loop {
        if let Some(error) = out.failure() {
            hub.shutdown();
            return Err(error);
        }
        let line = match read_line(&mut input) {
            Ok(Some(Ok(line))) => line,
            Ok(Some(Err(length))) => {
                out.line(&error_line(&format!("line too long ({length} bytes, at most {MAX_LINE})")));
                continue;
            }
            // The end of the input: the interface is gone.
            Ok(None) | Err(_) => break,
        };
        match parse_line(&line) {
            Err(error) => out.line(&error_line(&error.to_string())),
            Ok(None) => {}
            Ok(Some(Request::Quit)) => break,
            Ok(Some(request)) => hub.handle(request),
        }
    }
    hub.shutdown();
    out.failure().map_or(Ok(()), Err)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sink() -> Output {
        Output::new(std::io::sink())
    }

    #[test]
    fn settings_reject_bad_values_and_ignore_unknown_names() {
        let mut settings = Settings::default();
        assert!(settings.set("variant", "English").is_ok());
        assert_eq!(settings.variant, "english");
        assert!(settings.set("variant", "international").unwrap_err().contains("russian zisnella"));
        assert!(settings.set("hash", "0").is_err());
        assert!(settings.set("hash", "18446744073709551615").is_err());
        assert!(settings.set("threads", "x").is_err());
        assert!(settings.set("strength", "11").is_err());
        assert!(settings.set("book", "true").is_ok());
        assert_eq!(settings.variant, "english", "a rejected value changes nothing");
    }

    #[test]
    fn levels_become_limits() {
        let level = |text: &str| match parse_line(text).unwrap().unwrap() {
            Request::Level(level) => level,
            other => panic!("{other:?}"),
        };
        let limits = search_limits(&level("level time=10 inc=1 moves=5"), GoMode::Think, false, &sink());
        assert_eq!(
            limits.clock,
            Some(Clock {
                remaining: Duration::from_secs(11),
                increment: Duration::from_secs(1),
                moves_to_go: Some(5)
            })
        );
        let limits = search_limits(&level("level depth=7"), GoMode::Think, false, &sink());
        assert_eq!((limits.depth, limits.is_timed()), (Some(7), false));
        let limits = search_limits(&level("level time=-0.04 inc=0.05"), GoMode::Think, false, &sink());
        assert_eq!(
            limits.clock.map(|c| c.remaining.as_millis()),
            Some(10),
            "what pydraughts' clock really holds"
        );
        assert!(search_limits(&level("level infinite"), GoMode::Think, false, &sink()).is_infinite());
        assert!(search_limits(&Level::default(), GoMode::Analyze, false, &sink()).is_infinite());
        assert_eq!(
            search_limits(&Level::default(), GoMode::Think, false, &sink()).hard_time,
            Some(Duration::from_secs(1))
        );
    }

    #[test]
    fn overlong_lines_are_skipped_whole() {
        let mut text = vec![b'x'; MAX_LINE + 10];
        text.extend_from_slice(b"\nping\n");
        let mut input = std::io::Cursor::new(text);
        assert_eq!(read_line(&mut input).unwrap(), Some(Err(MAX_LINE + 10)));
        assert_eq!(read_line(&mut input).unwrap(), Some(Ok("ping".to_owned())));
        assert_eq!(read_line(&mut input).unwrap(), None);
        let mut bad_utf8 = std::io::Cursor::new(b"pi\xffng\n".to_vec());
        assert_eq!(read_line(&mut bad_utf8).unwrap(), Some(Ok("pi\u{fffd}ng".to_owned())));
    }
}
