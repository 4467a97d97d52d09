//! The other end of the protocol: an external Hub engine run as a child
//! process and played as a [`MatchPlayer`], so `damero match` can set
//! damero against another program (or against an older damero binary's
//! `damero hub`).
//!
//! The dialogue, as Scan's `protocol.txt` has the interface lead it:
//! `hub` → the engine's `id` and `param` lines, then `wait`; a `set-param`
//! for each parameter asked for (and `variant` set to the game's id when
//! the engine offers that parameter and none was given); `init` →
//! `ready`; per game `new-game`; per move `pos` (the game's start and
//! every move since), the `level`, `go think` → `info` lines, then
//! `done move=...`. Dropping the player sends `quit` and reaps the
//! process.
//!
//! Nothing the engine says is trusted: an `error` line while it starts is
//! an error, a move that is not legal here, an `error` line, a closed
//! output or no `done` within the move's timeout forfeits the game, and
//! the next game starts a fresh process, as it does when the process
//! ended while it waited between games. The engine's standard error is
//! passed through.

use core::fmt;
use std::io::{BufRead, BufReader, Write};
use std::marker::PhantomData;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use damero_core::{Game, GameRecord, MoveList};
use damero_draughts::{Draughts, Variant};
use damero_engine::{MatchPlayer, PlayerError, TimeControl};
use damero_search::Clock;

use crate::encoding::{read_move, write_move, write_position};
use crate::protocol::{quote, tokenize};

/// How long an engine may take from `hub` to `wait` and from `init` to
/// `ready` (loading endgame databases can take a while).
const START_TIMEOUT: Duration = Duration::from_secs(120);
/// How long an engine may take to quit before it is killed.
const QUIT_GRACE: Duration = Duration::from_secs(2);
/// How often a wait for the engine looks at the match's stop flag.
const STOP_POLL: Duration = Duration::from_millis(100);

/// An external engine and how it plays, parsed from
/// `hub:command=PATH[,args=ARGS][,movetime=MS|nodes=N|depth=D|tc=B+I][,timeout=S][,NAME=VALUE...]`:
///
/// - `command`: the program (required); `args`: its arguments, separated
///   by spaces (`args=hub` for a damero binary);
/// - `movetime` (milliseconds), `nodes`, `depth`: the `level` sent before
///   each move (one second a move when none is given);
/// - `tc=60+1`: a game clock (seconds for the game + seconds added after
///   each move), which the player runs down by the time each move took
///   from `go` to `done`: the `level` carries `time=` (what is left) and
///   `inc=`, and an engine whose time runs out loses the game;
/// - `timeout`: the seconds to wait for a move before the engine forfeits
///   (default: ten plus twice the move time, ten plus what is left on the
///   clock, or 600 for a depth or node limit);
/// - any other key is an engine parameter, sent as `set-param`
///   (`hash=64`, `book=false`, `egdb-path=DIR`, `eval=FILE`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HubSpec {
    /// The program to run.
    pub command: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// The search depth asked for.
    pub depth: Option<u32>,
    /// The nodes asked for.
    pub nodes: Option<u64>,
    /// The time per move asked for.
    pub movetime: Option<Duration>,
    /// The game clock.
    pub time_control: Option<TimeControl>,
    /// How long to wait for a move; `None` for the default.
    pub timeout: Option<Duration>,
    /// Engine parameters, in the order given.
    pub params: Vec<(String, String)>,
}

/// Why a `hub:` spec could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HubSpecError {
    /// The text does not start with `hub:`.
    NotHub,
    /// No `command=`.
    MissingCommand,
    /// An entry without `=`.
    MissingValue {
        /// The entry.
        entry: String,
    },
    /// A value that does not fit its key.
    BadValue {
        /// The key.
        key: String,
        /// The value.
        value: String,
        /// What was expected.
        expected: &'static str,
    },
}

impl fmt::Display for HubSpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HubSpecError::NotHub => f.write_str("a Hub engine spec starts with 'hub:'"),
            HubSpecError::MissingCommand => {
                f.write_str("a Hub engine needs command=PROGRAM (e.g. hub:command=./damero,args=hub)")
            }
            HubSpecError::MissingValue { entry } => {
                write!(f, "'{entry}' in a Hub engine spec is not KEY=VALUE")
            }
            HubSpecError::BadValue { key, value, expected } => {
                write!(f, "{key}={value} in a Hub engine spec: expected {expected}")
            }
        }
    }
}

impl std::error::Error for HubSpecError {}

impl core::str::FromStr for HubSpec {
    type Err = HubSpecError;

    fn from_str(text: &str) -> Result<HubSpec, HubSpecError> {
        let rest = text.strip_prefix("hub:").ok_or(HubSpecError::NotHub)?;
        let mut spec = HubSpec {
            command: PathBuf::new(),
            args: Vec::new(),
            depth: None,
            nodes: None,
            movetime: None,
            time_control: None,
            timeout: None,
            params: Vec::new(),
        };
        for entry in rest.split(',').filter(|entry| !entry.trim().is_empty()) {
            let (key, value) = entry
                .split_once('=')
                .ok_or_else(|| HubSpecError::MissingValue { entry: entry.to_owned() })?;
            let (key, value) = (key.trim(), value.trim());
            let bad =
                |expected| HubSpecError::BadValue { key: key.to_owned(), value: value.to_owned(), expected };
            let positive =
                |expected| value.parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| bad(expected));
            match key {
                "command" if !value.is_empty() => spec.command = PathBuf::from(value),
                "command" => return Err(bad("a program")),
                "args" => spec.args = value.split_whitespace().map(str::to_owned).collect(),
                "movetime" => {
                    spec.movetime = Some(Duration::from_millis(positive("milliseconds, at least 1")?))
                }
                "nodes" => spec.nodes = Some(positive("a positive node count")?),
                "depth" => {
                    let depth = positive("a positive depth")?;
                    spec.depth = Some(u32::try_from(depth).map_err(|_| bad("a positive depth"))?);
                }
                "tc" => {
                    let tc = value.parse().map_err(|()| bad("a time control such as 60+1 (seconds)"))?;
                    spec.time_control = Some(tc);
                }
                "timeout" => spec.timeout = Some(Duration::from_secs(positive("seconds, at least 1")?)),
                _ if key.is_empty() => return Err(HubSpecError::MissingValue { entry: entry.to_owned() }),
                _ => spec.params.push((key.to_owned(), value.to_owned())),
            }
        }
        if spec.command.as_os_str().is_empty() {
            return Err(HubSpecError::MissingCommand);
        }
        Ok(spec)
    }
}

/// The spec as it reads back: its keys in a fixed order (`command`,
/// `args`, the limits, `tc`, `timeout`), then the parameters as given.
impl fmt::Display for HubSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hub:command={}", self.command.display())?;
        if !self.args.is_empty() {
            write!(f, ",args={}", self.args.join(" "))?;
        }
        if let Some(depth) = self.depth {
            write!(f, ",depth={depth}")?;
        }
        if let Some(nodes) = self.nodes {
            write!(f, ",nodes={nodes}")?;
        }
        if let Some(time) = self.movetime {
            write!(f, ",movetime={}", time.as_millis())?;
        }
        if let Some(tc) = self.time_control {
            write!(f, ",tc={tc}")?;
        }
        if let Some(timeout) = self.timeout {
            write!(f, ",timeout={}", timeout.as_secs())?;
        }
        for (name, value) in &self.params {
            write!(f, ",{name}={value}")?;
        }
        Ok(())
    }
}

impl HubSpec {
    /// The `level` line sent before each move: the limits given and what
    /// is left on `clock`, one second a move when there is neither.
    pub fn level_line(&self, clock: Option<&Clock>) -> String {
        let mut line = String::from("level");
        if let Some(clock) = clock {
            line.push_str(&format!(
                " time={} inc={}",
                clock.remaining.as_secs_f64(),
                clock.increment.as_secs_f64()
            ));
        }
        if let Some(depth) = self.depth {
            line.push_str(&format!(" depth={depth}"));
        }
        if let Some(nodes) = self.nodes {
            line.push_str(&format!(" nodes={nodes}"));
        }
        let movetime = match self.movetime {
            None if self.depth.is_none() && self.nodes.is_none() && clock.is_none() => {
                Some(Duration::from_secs(1))
            }
            other => other,
        };
        if let Some(time) = movetime {
            line.push_str(&format!(" move-time={}", time.as_secs_f64()));
        }
        line
    }

    /// How long to wait for a move, with `clock` the time left, before the
    /// engine forfeits.
    pub fn move_timeout(&self, clock: Option<&Clock>) -> Duration {
        if let Some(timeout) = self.timeout {
            return timeout;
        }
        // Saturating: a spec may ask for any time, however long.
        let grace = Duration::from_secs(10);
        if let Some(clock) = clock {
            return grace.saturating_add(clock.remaining);
        }
        match self.movetime {
            Some(time) if self.depth.is_none() && self.nodes.is_none() => {
                grace.saturating_add(time.saturating_mul(2))
            }
            None if self.depth.is_none() && self.nodes.is_none() => Duration::from_secs(12),
            _ => Duration::from_secs(600),
        }
    }
}

/// An external Hub engine playing the draughts rule set `V`.
pub struct HubPlayer<V: Variant> {
    spec: HubSpec,
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// The game clock, when the spec has one.
    clock: Option<Clock>,
    /// Whether the engine ran out of time this game.
    flagged: bool,
    /// Whether a move failed (a timeout, an `error`, a closed pipe): the
    /// engine may still be searching and its next `done` would answer the
    /// wrong position, so the next game starts a fresh process.
    broken: bool,
    /// Set when the match stops: a wait for the engine ends.
    stop: Option<Arc<AtomicBool>>,
    variant: PhantomData<V>,
}

impl<V: Variant> fmt::Debug for HubPlayer<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HubPlayer").field("spec", &self.spec).field("pid", &self.child.id()).finish()
    }
}

impl<V: Variant> HubPlayer<V> {
    /// The spec this engine was started from.
    pub fn spec(&self) -> &HubSpec {
        &self.spec
    }

    /// Starts the engine and leads it to `ready`.
    ///
    /// # Errors
    /// The program cannot be run, closes its output, answers with an
    /// `error` line or does not reach `wait` and `ready` in time.
    pub fn start(spec: &HubSpec) -> Result<HubPlayer<V>, PlayerError> {
        let program = spec.command.display();
        let mut child = Command::new(&spec.command)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| PlayerError::new(format!("cannot run Hub engine '{program}': {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            // Both were asked for as pipes, so both are there.
            return Err(PlayerError::new(format!("Hub engine '{program}': no pipes")));
        };
        let (sender, lines) = mpsc::channel();
        // The reader ends when the engine closes its output (it quit or
        // died), which the receiver then sees as a disconnection.
        std::thread::Builder::new()
            .name("hub-engine-reader".to_owned())
            .spawn(move || {
                for line in BufReader::new(output).lines() {
                    let Ok(line) = line else { break };
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| PlayerError::new(format!("Hub engine '{program}': cannot start a reader: {e}")))?;
        let clock = spec.time_control.map(|tc| tc.start());
        let mut player = HubPlayer {
            spec: spec.clone(),
            child,
            input,
            lines,
            clock,
            flagged: false,
            broken: false,
            stop: None,
            variant: PhantomData,
        };
        player.handshake()?;
        Ok(player)
    }

    /// `hub` … `wait`, the parameters, `init` … `ready`.
    fn handshake(&mut self) -> Result<(), PlayerError> {
        self.send("hub")?;
        let mut offered = Vec::new();
        self.read_until("wait", START_TIMEOUT, |command, args| {
            if command == "param" {
                offered
                    .extend(args.iter().filter(|(name, _)| name == "name").map(|(_, value)| value.clone()));
            }
            Ok(())
        })?;
        let mut params = self.spec.params.clone();
        if offered.iter().any(|name| name == "variant") && !params.iter().any(|(name, _)| name == "variant") {
            params.insert(0, ("variant".to_owned(), V::NAME.to_owned()));
        }
        for (name, value) in &params {
            self.send(&format!("set-param name={} value={}", quote(name), quote(value)))?;
        }
        self.send("init")?;
        self.read_until("ready", START_TIMEOUT, |_, _| Ok(())).map(drop)
    }

    /// Writes one line to the engine.
    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| self.failure(&format!("cannot write '{line}': {e}")))
    }

    /// Reads lines until one whose command is `last`, giving the others to
    /// `each`; an `error` line, a closed output or `timeout` is an error.
    fn read_until(
        &mut self,
        last: &str,
        timeout: Duration,
        mut each: impl FnMut(&str, &[(String, String)]) -> Result<(), PlayerError>,
    ) -> Result<Vec<(String, String)>, PlayerError> {
        // A timeout too long for the clock to reach is no timeout.
        let deadline = Instant::now().checked_add(timeout);
        loop {
            // In slices, to see the match's stop flag.
            let left =
                deadline.map_or(STOP_POLL, |deadline| deadline.saturating_duration_since(Instant::now()));
            let line = match self.lines.recv_timeout(left.min(STOP_POLL)) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    if self.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                        return Err(self.failure(&format!("stopped with the match before '{last}'")));
                    }
                    if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                        return Err(self.failure(&format!("no '{last}' within {} s", timeout.as_secs_f64())));
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.failure(&format!("closed its output before '{last}'")));
                }
            };
            // A line that does not tokenize is noise to skip, as the
            // protocol asks of both ends.
            let Ok((command, args)) = tokenize(&line) else { continue };
            match command.as_str() {
                "error" => return Err(self.failure(&format!("said '{line}'"))),
                command if command == last => return Ok(args),
                command => each(command, &args)?,
            }
        }
    }

    /// An error naming the engine.
    fn failure(&self, what: &str) -> PlayerError {
        PlayerError::new(format!("Hub engine '{}' {what}", self.spec.command.display()))
    }
}

impl<V: Variant> MatchPlayer<Draughts<V>> for HubPlayer<V> {
    fn new_game(&mut self) -> Result<(), PlayerError> {
        // A process that ended while it waited between games (it crashed,
        // or was killed) is replaced before the game rather than found
        // dead at its first move, which would forfeit the game.
        let ended = !matches!(self.child.try_wait(), Ok(None));
        if self.broken || ended {
            let stop = self.stop.take();
            // The old process goes (killed: it is not to be trusted to
            // read `quit`) when the new one takes its place.
            *self = HubPlayer::start(&self.spec)?;
            self.stop = stop;
        }
        self.clock = self.spec.time_control.map(|tc| tc.start());
        self.flagged = false;
        let sent = self.send("new-game");
        self.broken = sent.is_err();
        sent
    }

    fn choose(
        &mut self,
        record: &GameRecord<Draughts<V>>,
    ) -> Result<Option<damero_draughts::Move>, PlayerError> {
        let chosen = self.ask(record);
        self.broken |= chosen.is_err();
        chosen
    }

    fn flagged(&self) -> bool {
        self.flagged
    }

    fn set_stop_flag(&mut self, stop: Arc<AtomicBool>) {
        self.stop = Some(stop);
    }

    /// Kept from pair to pair while it works: a process that starts
    /// afresh for each pair loads its endgame databases again (seconds
    /// with six pieces). One that failed goes, as it goes within a pair.
    fn keep_between_pairs(&self) -> bool {
        !self.broken
    }
}

impl<V: Variant> HubPlayer<V> {
    /// One move: `pos`, `level`, `go think`, and the `done` that answers.
    fn ask(
        &mut self,
        record: &GameRecord<Draughts<V>>,
    ) -> Result<Option<damero_draughts::Move>, PlayerError> {
        let position = *record.position();
        let mut legal = MoveList::new();
        position.legal_moves(&mut legal);
        if legal.is_empty() {
            return Ok(None);
        }
        let moves: Vec<String> = record
            .positions()
            .iter()
            .zip(record.moves())
            .map(|(before, &mv)| write_move(before, mv))
            .collect();
        let mut line = format!("pos pos={}", write_position(record.start()));
        if !moves.is_empty() {
            line.push_str(&format!(" moves={}", quote(&moves.join(" "))));
        }
        self.send(&line)?;
        // Before every `go`: an engine may forget the level once it has
        // searched (damero's does, as pydraughts sends it each move).
        let level = self.spec.level_line(self.clock.as_ref());
        self.send(&level)?;
        self.send("go think")?;
        let started = Instant::now();
        let done = self.read_until("done", self.spec.move_timeout(self.clock.as_ref()), |_, _| Ok(()))?;
        if let Some(clock) = self.clock {
            self.clock = clock.after_move(started.elapsed());
            if self.clock.is_none() {
                self.flagged = true;
                self.clock = Some(Clock { remaining: Duration::ZERO, ..clock });
            }
        }
        let Some((_, text)) = done.iter().find(|(name, _)| name == "move") else {
            return Err(self.failure("answered 'done' without a move"));
        };
        read_move(&position, text)
            .map(Some)
            .map_err(|e| self.failure(&format!("played an illegal move: {e}")))
    }
}

impl<V: Variant> Drop for HubPlayer<V> {
    fn drop(&mut self) {
        // A broken engine is not asked: it may not read, and a write could
        // wait on a full pipe.
        if !self.broken && matches!(self.child.try_wait(), Ok(None)) {
            let _ = writeln!(self.input, "quit").and_then(|()| self.input.flush());
            let deadline = Instant::now() + QUIT_GRACE;
            while Instant::now() < deadline {
                match self.child.try_wait() {
                    Ok(None) => std::thread::sleep(Duration::from_millis(10)),
                    Ok(Some(_)) => return,
                    Err(_) => break,
                }
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_their_keys_and_pass_the_rest_as_parameters() {
        let spec: HubSpec =
            "hub:command=/bin/damero,args=hub --x,movetime=200,hash=64,egdb-path=/db".parse().unwrap();
        assert_eq!(spec.command, PathBuf::from("/bin/damero"));
        assert_eq!(spec.args, ["hub", "--x"]);
        assert_eq!(spec.movetime, Some(Duration::from_millis(200)));
        assert_eq!(
            spec.params,
            [("hash".to_owned(), "64".to_owned()), ("egdb-path".to_owned(), "/db".to_owned())]
        );
        assert_eq!(spec.level_line(None), "level move-time=0.2");
        assert_eq!(spec.move_timeout(None), Duration::from_millis(10_400));
        assert_eq!(
            spec.to_string(),
            "hub:command=/bin/damero,args=hub --x,movetime=200,hash=64,egdb-path=/db"
        );

        let spec: HubSpec = "hub:command=scan,depth=12,nodes=5000,timeout=30".parse().unwrap();
        assert_eq!(spec.level_line(None), "level depth=12 nodes=5000");
        assert_eq!(spec.move_timeout(None), Duration::from_secs(30));
        let spec: HubSpec = "hub:command=scan".parse().unwrap();
        assert_eq!(spec.level_line(None), "level move-time=1", "one second a move when no limit is given");

        let spec: HubSpec = "hub:command=scan,tc=60+0.5".parse().unwrap();
        let tc = spec.time_control.unwrap();
        assert_eq!((tc.base, tc.increment), (Duration::from_secs(60), Duration::from_millis(500)));
        let clock = Clock { remaining: Duration::from_millis(42_250), ..tc.start() };
        assert_eq!(spec.level_line(Some(&clock)), "level time=42.25 inc=0.5", "no move time beside a clock");
        assert_eq!(spec.move_timeout(Some(&clock)), Duration::from_millis(52_250));
    }

    #[test]
    fn bad_specs_are_typed_errors() {
        let err = |text: &str| text.parse::<HubSpec>().unwrap_err();
        assert_eq!(err("alphabeta:depth=3"), HubSpecError::NotHub);
        assert_eq!(err("hub:args=hub"), HubSpecError::MissingCommand);
        assert_eq!(
            err("hub:command="),
            HubSpecError::BadValue { key: "command".into(), value: String::new(), expected: "a program" }
        );
        assert_eq!(err("hub:command=x,movetime"), HubSpecError::MissingValue { entry: "movetime".into() });
        assert!(matches!(err("hub:command=x,movetime=0"), HubSpecError::BadValue { .. }));
        assert!(matches!(err("hub:command=x,depth=-3"), HubSpecError::BadValue { .. }));
        assert!(matches!(err("hub:command=x,=5"), HubSpecError::MissingValue { .. }));
        assert!(matches!(err("hub:command=x,tc=0+1"), HubSpecError::BadValue { .. }));
        assert!(matches!(err("hub:command=x,tc=fast"), HubSpecError::BadValue { .. }));
        // Any length of time is taken, and the timeouts saturate.
        let spec: HubSpec = format!("hub:command=x,movetime={}", u64::MAX).parse().unwrap();
        assert!(spec.move_timeout(None) > Duration::from_millis(u64::MAX));
        let spec: HubSpec = "hub:command=x,tc=1.8e19+1e19,timeout=18446744073709551615".parse().unwrap();
        let clock = spec.time_control.map(|tc| tc.start());
        assert_eq!(spec.move_timeout(clock.as_ref()), Duration::from_secs(u64::MAX));
        let spec: HubSpec = "hub:command=x,tc=1.8e19+1e19".parse().unwrap();
        assert!(spec.move_timeout(clock.as_ref()) >= clock.unwrap().remaining);
        let _ = spec.level_line(clock.as_ref());
        assert!(err("hub:args=hub").to_string().contains("command="));
    }

    #[test]
    fn a_process_that_ended_between_games_is_started_afresh_for_the_next() {
        use std::os::unix::fs::PermissionsExt;
        type English = damero_draughts::EnglishVariant;
        let dir = std::env::temp_dir().join(format!("damero-hub-client-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (engine, starts) = (dir.join("engine.sh"), dir.join("starts"));
        // An engine that notes each start and answers every `go` with a
        // move that is legal from the English start.
        let script = format!(
            "#!/bin/sh\necho started >> '{}'\nwhile read -r line; do\n  case \"$line\" in\n    \
             hub*) echo 'id name=fake'; echo 'wait' ;;\n    init*) echo 'ready' ;;\n    \
             go*) echo 'done move=11-15' ;;\n    quit*) exit 0 ;;\n  esac\ndone\n",
            starts.display()
        );
        std::fs::write(&engine, script).unwrap();
        std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
        let spec: HubSpec = format!("hub:command={},depth=1", engine.display()).parse().unwrap();
        let record = GameRecord::new(Draughts::<English>::start(Default::default()));
        let mut player = HubPlayer::<English>::start(&spec).unwrap();
        player.new_game().unwrap();
        let first = player.choose(&record).unwrap();
        assert!(first.is_some());
        // The process dies while the player waits for its next game.
        player.child.kill().unwrap();
        player.child.wait().unwrap();
        player.new_game().unwrap();
        assert_eq!(player.choose(&record).unwrap(), first);
        assert!(player.keep_between_pairs());
        let started = std::fs::read_to_string(&starts).unwrap();
        assert_eq!(started.lines().count(), 2, "started once, then afresh for the second game");
        drop(player);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_program_that_cannot_run_is_an_error_naming_it() {
        let spec: HubSpec = "hub:command=/no/such/engine".parse().unwrap();
        let error = HubPlayer::<damero_draughts::EnglishVariant>::start(&spec).unwrap_err();
        assert!(error.to_string().contains("/no/such/engine"), "{error}");
    }
}
