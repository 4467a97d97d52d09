//! One browser tab's game: a tree of positions (the moves played and the
//! lines tried after going back), who plays each colour, the level, an
//! optional clock, and at most one search at a time running off the request
//! thread (the engine's move, a hint, or analysis), whose progress is
//! streamed to the tab.
//!
//! Everything about the rules comes from the game's own crate: legal moves,
//! move text, positions as text, records, outcomes and the board as data
//! ([`damero_core::Presentation::board_view`], [`damero_core::Presentation::move_view`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use damero_core::{
    Color, Evaluator, Game, GameRecord, MoveList, MoveView, Outcome, PdnGame, Place, RuleSet, pdn_date,
    read_pdn, write_pdn,
};
use serde_json::{Value, json};
use tokio::sync::broadcast;

use crate::engine::{
    Engine, EngineGame, EngineSpec, GameCommand, Limits, MAX_LEVEL, MIN_LEVEL, SearchInfo, SearchResult,
    level_spec,
};
use crate::error::ApiError;
use crate::pool::Pool;

/// The most positions one session's tree holds.
pub const MAX_NODES: usize = 20_000;
/// The longest move text read.
pub const MAX_MOVE_TEXT: usize = 200;
/// The longest an analysis runs before it stops by itself.
pub const MAX_ANALYSIS: Duration = Duration::from_secs(60);
/// The least time an engine move takes when engines play both sides, so
/// a person can follow the game.
pub const ENGINE_PACE: Duration = Duration::from_millis(400);
/// The level whose engine answers a hint.
pub const HINT_LEVEL: i32 = 6;

/// What a session can be asked from the HTTP layer, whatever its game.
pub trait SessionApi: Send + Sync {
    /// The game id.
    fn game(&self) -> &'static str;
    /// Runs one command (`move`, `undo`, `level`, ...) with its JSON
    /// arguments and gives the new state (or the command's answer).
    ///
    /// # Errors
    /// A 4xx [`ApiError`] for a bad command or argument; the session is
    /// unchanged then.
    fn command(self: Arc<Self>, name: &str, args: &Value) -> Result<Value, ApiError>;
    /// The state as the page draws it.
    fn state(&self) -> Value;
    /// Events for the tab (`state` and `info` messages), as JSON text.
    fn subscribe(&self) -> broadcast::Receiver<Arc<str>>;
    /// When the tab last asked anything or was connected.
    fn idle_for(&self) -> Duration;
    /// Marks the session as in use now.
    fn touch(&self);
    /// Whether a tab listens to the events now.
    fn listened(&self) -> bool;
    /// Stops the search and pauses the engine: no tab listens any more.
    fn detach(&self);
    /// Stops any search for good (the tab closed or the session expired).
    fn close(&self);
}

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Human,
    Engine,
}

/// What a running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SearchKind {
    /// The engine's move at the current position.
    Move,
    /// The move to suggest to the human.
    Hint,
    /// Open-ended analysis, stopped by the tab.
    Analysis,
}

impl SearchKind {
    fn name(self) -> &'static str {
        match self {
            SearchKind::Move => "move",
            SearchKind::Hint => "hint",
            SearchKind::Analysis => "analysis",
        }
    }
}

struct Running {
    kind: SearchKind,
    stop: Arc<AtomicBool>,
}

struct Node<G: Game> {
    parent: Option<usize>,
    mv: Option<G::Move>,
    text: String,
    position: G,
    children: Vec<usize>,
}

/// A game clock: time left for each side, the increment, and when the
/// running side's time started.
#[derive(Clone, Copy, Debug)]
struct Clocks {
    remaining: [Duration; 2],
    increment: Duration,
    since: Option<Instant>,
}

struct State<G: Game> {
    rules: G::Rules,
    nodes: Vec<Node<G>>,
    current: usize,
    players: [Player; 2],
    level: i32,
    seed: u64,
    paused: bool,
    analysis: bool,
    search: Option<Running>,
    generation: u64,
    hint: Option<String>,
    last_info: Option<Value>,
    clocks: Option<Clocks>,
    /// A game ended off the board (a flag fall): its result and reason, at
    /// the node where it happened.
    ending: Option<(usize, Outcome, String)>,
    tags: Vec<(String, String)>,
}

/// A session of game `G`, evaluated by `E`.
pub struct Session<G: EngineGame, E: Evaluator<G>> {
    state: Mutex<State<G>>,
    evaluator: E,
    events: broadcast::Sender<Arc<str>>,
    pool: Arc<Pool>,
    last_seen: Mutex<Instant>,
    closed: AtomicBool,
    /// Numbers every state described, in order: a page shows a state only
    /// if it is newer than the one it has (answers and events may cross).
    version: AtomicU64,
}

/// Creates a session of the game an id names ([`crate::engine::dispatch`]).
pub struct NewSession {
    /// `key=value` rule options.
    pub rules: Vec<String>,
    /// A start position, if not the game's start.
    pub fen: Option<String>,
    /// The level of the engine.
    pub level: i32,
    /// Which colours the engine plays.
    pub engine: [bool; 2],
    /// The seed of the engine's noise and book choices.
    pub seed: u64,
    /// The search pool every session shares.
    pub pool: Arc<Pool>,
}

impl GameCommand for NewSession {
    type Output = Result<Arc<dyn SessionApi>, ApiError>;

    fn run<G: EngineGame, E: Evaluator<G>>(self, evaluator: E) -> Self::Output {
        let rules = G::Rules::default()
            .with_options(self.rules.iter().map(String::as_str))
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        let start = match &self.fen {
            Some(fen) => G::from_fen(fen.trim(), rules).map_err(|e| ApiError::bad_request(e.to_string()))?,
            None => G::try_start(rules).map_err(|e| ApiError::bad_request(e.to_string()))?,
        };
        check_level(self.level)?;
        let player = |engine: bool| if engine { Player::Engine } else { Player::Human };
        let state = State {
            rules,
            nodes: vec![root(start)],
            current: 0,
            players: [player(self.engine[0]), player(self.engine[1])],
            level: self.level,
            seed: self.seed,
            paused: false,
            analysis: false,
            search: None,
            generation: 0,
            hint: None,
            last_info: None,
            clocks: None,
            ending: None,
            tags: Vec::new(),
        };
        let (events, _) = broadcast::channel(64);
        let session = Arc::new(Session {
            state: Mutex::new(state),
            evaluator,
            events,
            pool: self.pool,
            last_seen: Mutex::new(Instant::now()),
            closed: AtomicBool::new(false),
            version: AtomicU64::new(0),
        });
        session.kick(&mut session.lock());
        Ok(session)
    }
}

fn root<G: Game>(position: G) -> Node<G> {
    Node { parent: None, mv: None, text: String::new(), position, children: Vec::new() }
}

fn check_level(level: i32) -> Result<(), ApiError> {
    if (MIN_LEVEL..=MAX_LEVEL).contains(&level) {
        Ok(())
    } else {
        Err(ApiError::bad_request(format!(
            "level {level} does not exist (levels run from {MIN_LEVEL} to {MAX_LEVEL})"
        )))
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn places(list: &[Place]) -> Vec<String> {
    list.iter().map(|p| p.name()).collect()
}

fn move_json(view: &MoveView) -> Value {
    json!({ "path": places(&view.path), "captured": places(&view.captured), "lands": places(&view.lands) })
}

/// A string argument.
fn text_arg<'a>(args: &'a Value, key: &str) -> Result<&'a str, ApiError> {
    args.get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad_request(format!("'{key}' (a string) is missing")))
}

/// An integer argument.
fn int_arg(args: &Value, key: &str) -> Result<i64, ApiError> {
    args.get(key)
        .and_then(Value::as_i64)
        .ok_or_else(|| ApiError::bad_request(format!("'{key}' (an integer) is missing")))
}

fn millis(d: Duration) -> u64 {
    d.as_millis().min(u128::from(u64::MAX)) as u64
}

impl<G: EngineGame, E: Evaluator<G>> Session<G, E> {
    fn lock(&self) -> MutexGuard<'_, State<G>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn send(&self, message: Value) {
        let _ = self.events.send(Arc::from(message.to_string()));
    }

    /// The record from the root to `node` (its history counts for repetition).
    fn record(state: &State<G>, node: usize) -> GameRecord<G> {
        let mut path = Vec::new();
        let mut at = node;
        while let Some(parent) = state.nodes[at].parent {
            path.push(at);
            at = parent;
        }
        let mut record = GameRecord::new(state.nodes[0].position);
        for &n in path.iter().rev() {
            if let Some(mv) = state.nodes[n].mv {
                record.play(mv);
            }
        }
        record
    }

    /// The result at the current node: a flag fall there, or the record's.
    fn outcome(state: &State<G>) -> Option<(Outcome, String)> {
        if let Some((node, outcome, reason)) = &state.ending
            && *node == state.current
        {
            return Some((*outcome, reason.clone()));
        }
        let record = Self::record(state, state.current);
        let outcome = record.outcome()?;
        Some((outcome, record.end_reason().unwrap_or_default()))
    }

    /// Stops the running search, if any; the next [`kick`](Session::kick)
    /// starts what the new state needs.
    fn stop_search(state: &mut State<G>) {
        state.generation += 1;
        if let Some(running) = state.search.take() {
            running.stop.store(true, Ordering::Relaxed);
        }
    }

    /// The position changed: every search is stale, the hint too.
    fn changed(state: &mut State<G>) {
        Self::stop_search(state);
        state.hint = None;
        state.last_info = None;
    }

    /// Starts the search the state needs, if none runs: the engine's move
    /// when the engine is to move (and the game goes on, not paused), else
    /// analysis when it is on. Then tells the tab the new state.
    fn kick(self: &Arc<Self>, state: &mut State<G>) {
        if state.search.is_none() && !self.closed.load(Ordering::Relaxed) {
            let over = Self::outcome(state).is_some();
            let side = state.nodes[state.current].position.side_to_move();
            if !over && !state.paused && state.players[side.index()] == Player::Engine {
                self.start_search(state, SearchKind::Move);
            } else if !over && state.analysis {
                self.start_search(state, SearchKind::Analysis);
            }
        }
        let message = json!({ "type": "state", "state": self.describe(state) });
        self.send(message);
    }

    fn start_search(self: &Arc<Self>, state: &mut State<G>, kind: SearchKind) {
        let level = match kind {
            SearchKind::Move => state.level,
            SearchKind::Hint => HINT_LEVEL.max(state.level),
            SearchKind::Analysis => MAX_LEVEL,
        };
        let Ok(mut spec) = level_spec(level, state.seed) else { return };
        state.seed = state.seed.wrapping_add(1);
        // The opening book, as `damero play` uses it; the noisy weak levels
        // stay out of it.
        if let EngineSpec::AlphaBeta { config, .. } = &mut spec
            && config.noise == 0
            && kind != SearchKind::Analysis
        {
            config.book.get_or_insert(true);
        }
        let wanted = match &spec {
            EngineSpec::AlphaBeta { config, .. } => config.threads,
            _ => 1,
        };
        let mut limits = spec.limits();
        if kind == SearchKind::Analysis {
            limits = Limits::movetime(MAX_ANALYSIS);
        }
        let side = state.nodes[state.current].position.side_to_move();
        if kind == SearchKind::Move
            && let Some(clocks) = &state.clocks
        {
            // On a clock, think at most a twentieth of the time left.
            let left = clocks.remaining[side.index()]
                .saturating_sub(clocks.since.map_or(Duration::ZERO, |s| s.elapsed()));
            let cap = (left / 20).max(Duration::from_millis(5));
            limits.hard_time = Some(limits.hard_time.map_or(cap, |t| t.min(cap)));
            limits.soft_time = Some(limits.soft_time.map_or(cap, |t| t.min(cap)));
        }
        let stop = Arc::new(AtomicBool::new(false));
        limits.stop = Some(Arc::clone(&stop));
        state.generation += 1;
        let generation = state.generation;
        state.search = Some(Running { kind, stop: Arc::clone(&stop) });
        let record = Self::record(state, state.current);
        let pace = (kind == SearchKind::Move && state.players.iter().all(|&p| p == Player::Engine))
            .then_some(ENGINE_PACE);
        let session = Arc::clone(self);
        let spawned = std::thread::Builder::new().name(format!("search-{}", G::NAME)).spawn(move || {
            let began = Instant::now();
            let Some(permit) = session.pool.acquire(wanted, &stop) else { return };
            if let EngineSpec::AlphaBeta { config, .. } = &mut spec {
                config.threads = permit.threads();
                config.tt_mib = config.tt_mib.min(permit.hash_mib());
            }
            let Ok(mut engine) = Engine::try_new(&spec, session.evaluator.clone()) else { return };
            let root = *record.position();
            let result =
                engine.think_with(&record, &limits, |info| session.info(generation, kind, &root, info));
            drop(permit);
            if let Some(pace) = pace {
                while began.elapsed() < pace && !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
            session.finish(generation, kind, &root, &result);
        });
        if spawned.is_err() {
            state.search = None;
        }
    }

    fn info_json(root: &G, kind: SearchKind, info: &SearchInfo<G>) -> Value {
        let sign: i64 = if root.side_to_move() == Color::White { 1 } else { -1 };
        let score = info.score;
        let (cp, mate) = match (score.plies_to_win(), score.plies_to_loss()) {
            (Some(n), _) => (None, Some(sign * n as i64)),
            (_, Some(n)) => (None, Some(-sign * n as i64)),
            _ => (Some(sign * i64::from(score.0)), None),
        };
        let mut position = *root;
        let mut pv = Vec::new();
        let mut legal = MoveList::new();
        for &mv in &info.pv {
            position.legal_moves(&mut legal);
            if !legal.contains(&mv) {
                break;
            }
            pv.push(position.format_move(mv));
            position.play(mv);
        }
        json!({
            "kind": kind.name(),
            "depth": info.depth,
            "seldepth": info.seldepth,
            "cp": cp,
            "mate": mate,
            "score": score.to_string(),
            "nodes": info.nodes,
            "nps": info.nps(),
            "time": millis(info.time),
            "pv": pv,
        })
    }

    /// A progress report of a search: streamed while it is still the
    /// session's search.
    fn info(&self, generation: u64, kind: SearchKind, root: &G, info: &SearchInfo<G>) {
        let value = Self::info_json(root, kind, info);
        let mut state = self.lock();
        if state.generation != generation {
            return;
        }
        state.last_info = Some(value.clone());
        drop(state);
        self.send(json!({ "type": "info", "info": value }));
    }

    /// A search ended: the engine's move is played, a hint kept, an
    /// analysis left as it ended; unless the session moved on meanwhile.
    fn finish(self: &Arc<Self>, generation: u64, kind: SearchKind, root: &G, result: &SearchResult<G>) {
        let mut state = self.lock();
        if state.generation != generation {
            return;
        }
        state.search = None;
        let info = Self::info_json(root, kind, &result.info());
        state.last_info = Some(info.clone());
        match (kind, result.best_move) {
            (SearchKind::Move, Some(mv)) => {
                if self.play(&mut state, mv).is_err() {
                    state.paused = true;
                }
                // The engine's last judgement stays on the evaluation bar.
                state.last_info = Some(info);
            }
            (SearchKind::Hint, Some(mv)) => state.hint = Some(root.format_move(mv)),
            (SearchKind::Analysis, _) => state.analysis = false,
            _ => {}
        }
        self.kick(&mut state);
    }

    /// Plays `mv` at the current node: to an existing child with that move,
    /// or a new one (a new line when the node had moves already).
    fn play(&self, state: &mut State<G>, mv: G::Move) -> Result<(), ApiError> {
        let current = state.current;
        if let Some(&child) = state.nodes[current].children.iter().find(|&&c| state.nodes[c].mv == Some(mv)) {
            // The line already exists: move the child to the front, so the
            // line just played is the one the move list follows.
            let children = &mut state.nodes[current].children;
            children.retain(|&c| c != child);
            children.insert(0, child);
            state.current = child;
        } else {
            if state.nodes.len() >= MAX_NODES {
                return Err(ApiError::too_large(format!(
                    "this game holds {MAX_NODES} positions already; start a new one"
                )));
            }
            let parent = &state.nodes[current];
            let mut position = parent.position;
            let text = position.format_move(mv);
            position.play(mv);
            state.nodes.push(Node {
                parent: Some(current),
                mv: Some(mv),
                text,
                position,
                children: Vec::new(),
            });
            let child = state.nodes.len() - 1;
            state.nodes[current].children.insert(0, child);
            state.current = child;
        }
        self.tick_clock(state);
        Self::changed(state);
        Ok(())
    }

    /// A move was made: the mover's clock stops (and gains its increment),
    /// the other side's starts; a flag fall ends the game.
    fn tick_clock(&self, state: &mut State<G>) {
        let Some(clocks) = &mut state.clocks else { return };
        let Some(parent) = state.nodes[state.current].parent else { return };
        let mover = state.nodes[parent].position.side_to_move();
        if let Some(since) = clocks.since {
            let used = since.elapsed();
            let left = &mut clocks.remaining[mover.index()];
            if used >= *left {
                *left = Duration::ZERO;
                state.ending = Some((
                    state.current,
                    Outcome::Win(!mover),
                    format!("{} ran out of time", color_name(mover)),
                ));
                clocks.since = None;
                return;
            }
            *left = *left - used + clocks.increment;
        }
        clocks.since = Some(Instant::now());
    }

    /// Ends the game on time when the side to move's clock has run out.
    fn check_flag(state: &mut State<G>) {
        let Some(clocks) = &mut state.clocks else { return };
        let Some(since) = clocks.since else { return };
        let side = state.nodes[state.current].position.side_to_move();
        if since.elapsed() >= clocks.remaining[side.index()] {
            clocks.remaining[side.index()] = Duration::ZERO;
            clocks.since = None;
            state.ending =
                Some((state.current, Outcome::Win(!side), format!("{} ran out of time", color_name(side))));
        }
    }

    /// The line the move list shows: the root, then the path to the current
    /// node, then on along each node's first child.
    fn line(state: &State<G>) -> Vec<usize> {
        let mut back = vec![state.current];
        let mut at = state.current;
        while let Some(parent) = state.nodes[at].parent {
            back.push(parent);
            at = parent;
        }
        back.reverse();
        let mut at = state.current;
        while let Some(&next) = state.nodes[at].children.first() {
            back.push(next);
            at = next;
        }
        back
    }

    fn describe(&self, state: &State<G>) -> Value {
        let node = &state.nodes[state.current];
        let position = node.position;
        let outcome = Self::outcome(state);
        let board = position.board_view();
        let board_places: Vec<Value> = board
            .places
            .iter()
            .map(|p| {
                let (x, y) = p.place.half_units();
                json!({
                    "name": p.place.name(),
                    "vertex": matches!(p.place, Place::Vertex { .. }),
                    "x": x,
                    "y": y,
                    "playable": p.playable,
                    "number": p.number,
                    "pieces": p.pieces.iter().map(|piece| json!({ "color": color_name(piece.color), "king": piece.king })).collect::<Vec<_>>(),
                })
            })
            .collect();
        let mut legal = MoveList::new();
        if outcome.is_none() {
            position.legal_moves(&mut legal);
        }
        let moves: Vec<Value> = legal
            .iter()
            .map(|&mv| {
                let mut value = move_json(&position.move_view(mv));
                value["text"] = json!(position.format_move(mv));
                value
            })
            .collect();
        let last = node
            .parent
            .zip(node.mv)
            .map(|(parent, mv)| move_json(&state.nodes[parent].position.move_view(mv)));
        let nodes: Vec<Value> = state
            .nodes
            .iter()
            .map(|n| json!({ "parent": n.parent, "text": n.text, "children": n.children }))
            .collect();
        let clock = state.clocks.map(|c| {
            let running = c.since.map(|_| color_name(position.side_to_move()));
            let spent = c.since.map_or(Duration::ZERO, |s| s.elapsed());
            let mut left = c.remaining;
            if c.since.is_some() {
                let i = position.side_to_move().index();
                left[i] = left[i].saturating_sub(spent);
            }
            json!({ "white": millis(left[0]), "black": millis(left[1]), "increment": millis(c.increment), "running": running })
        });
        let player = |p: Player| if p == Player::Engine { "engine" } else { "human" };
        json!({
            "version": self.version.fetch_add(1, Ordering::Relaxed) + 1,
            "game": G::NAME,
            "rules": G::Rules::OPTIONS.iter().map(|o| o.key).collect::<Vec<_>>(),
            "fen": position.fen(),
            "side": color_name(position.side_to_move()),
            "board": { "places": board_places, "notes": board.notes },
            "legal": moves,
            "last": last,
            "outcome": outcome.map(|(o, reason)| json!({ "result": o.result_text(), "winner": o.winner().map(color_name), "reason": reason })),
            "nodes": nodes,
            "current": state.current,
            "line": Self::line(state),
            "level": state.level,
            "players": { "white": player(state.players[0]), "black": player(state.players[1]) },
            "paused": state.paused,
            "analysis": state.analysis,
            "thinking": state.search.as_ref().map(|s| s.kind.name()),
            "hint": state.hint,
            "info": state.last_info,
            "clock": clock,
            "numeric": G::NUMERIC_NOTATION,
        })
    }

    /// The game from the root along the line shown, as the CLI writes it
    /// (PDN for draughts, the same tagged layout for the other games).
    fn export(state: &State<G>) -> String {
        let line = Self::line(state);
        let end = *line.last().unwrap_or(&0);
        let record = Self::record(state, end);
        let mut game = PdnGame::new(record.clone());
        for (name, value) in &state.tags {
            game.set_tag(name, value.clone());
        }
        if game.tag("Event").is_none() {
            let date = pdn_date(SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()));
            game.set_tag("Event", "damero web board");
            game.set_tag("Site", "damero");
            game.set_tag("Date", date);
            let name = |p: Player| {
                if p == Player::Engine { format!("damero level {}", state.level) } else { "human".to_owned() }
            };
            game.set_tag("White", name(state.players[0]));
            game.set_tag("Black", name(state.players[1]));
        }
        game.result = record.outcome();
        write_pdn(&game)
    }

    /// Makes `record` the whole tree (an imported game or a position set up).
    fn replace(state: &mut State<G>, record: &GameRecord<G>, tags: Vec<(String, String)>) {
        Self::changed(state);
        state.nodes = vec![root(*record.start())];
        for (i, &mv) in record.moves().iter().enumerate() {
            let parent = state.nodes.len() - 1;
            let from = record.positions()[i];
            state.nodes.push(Node {
                parent: Some(parent),
                mv: Some(mv),
                text: from.format_move(mv),
                position: record.positions()[i + 1],
                children: Vec::new(),
            });
            let child = state.nodes.len() - 1;
            state.nodes[parent].children.push(child);
        }
        state.current = state.nodes.len() - 1;
        state.tags = tags;
        state.ending = None;
        state.paused = true;
        if let Some(clocks) = &mut state.clocks {
            clocks.since = None;
        }
    }

    fn run(
        self: &Arc<Self>,
        state: &mut State<G>,
        name: &str,
        args: &Value,
    ) -> Result<Option<Value>, ApiError> {
        match name {
            "state" => {}
            "move" => {
                let text = text_arg(args, "move")?;
                if text.len() > MAX_MOVE_TEXT {
                    return Err(ApiError::too_large(format!("a move text is at most {MAX_MOVE_TEXT} bytes")));
                }
                if Self::outcome(state).is_some() {
                    return Err(ApiError::conflict("the game is over"));
                }
                let position = state.nodes[state.current].position;
                let mv = position.parse_move(text).map_err(|e| ApiError::bad_request(e.to_string()))?;
                state.paused = false;
                self.play(state, mv)?;
            }
            "undo" => {
                // Back to the last position before the current one where a
                // human is to move (both moves of a human-engine exchange).
                let no_human = state.players.iter().all(|&p| p == Player::Engine);
                let mut at = state.current;
                let mut went = false;
                while let Some(parent) = state.nodes[at].parent {
                    at = parent;
                    went = true;
                    let side = state.nodes[at].position.side_to_move();
                    if no_human || state.players[side.index()] == Player::Human {
                        break;
                    }
                }
                if !went {
                    return Err(ApiError::conflict("there is no move to take back"));
                }
                Self::changed(state);
                state.current = at;
                state.paused = no_human;
                state.ending = None;
            }
            "goto" => {
                let node = int_arg(args, "node")?;
                let node = usize::try_from(node)
                    .ok()
                    .filter(|&n| n < state.nodes.len())
                    .ok_or_else(|| ApiError::bad_request(format!("no position {node} in this game")))?;
                if node != state.current {
                    Self::changed(state);
                    state.current = node;
                    state.paused = true;
                }
            }
            "go" => {
                state.paused = false;
                Self::changed(state);
                if let Some(clocks) = &mut state.clocks {
                    clocks.since.get_or_insert_with(Instant::now);
                }
            }
            "new" => {
                let start = state.nodes[0].position;
                let start =
                    if start.fen() == G::start(state.rules).fen() { G::start(state.rules) } else { start };
                Self::replace(state, &GameRecord::new(start), Vec::new());
                state.paused = false;
                if let Some(clocks) = &mut state.clocks {
                    let base = clocks.remaining.iter().copied().max().unwrap_or_default();
                    *clocks = Clocks { remaining: [base; 2], increment: clocks.increment, since: None };
                }
            }
            "level" => {
                let level = int_arg(args, "level")?;
                let level = i32::try_from(level).map_err(|_| ApiError::bad_request("level out of range"))?;
                check_level(level)?;
                state.level = level;
                // A move search restarts at the new level.
                if state.search.as_ref().is_some_and(|s| s.kind == SearchKind::Move) {
                    Self::stop_search(state);
                }
            }
            "players" => {
                let mut players = state.players;
                for (i, key) in ["white", "black"].into_iter().enumerate() {
                    if let Some(value) = args.get(key) {
                        players[i] = match value.as_str() {
                            Some("human") => Player::Human,
                            Some("engine") => Player::Engine,
                            _ => {
                                return Err(ApiError::bad_request(format!("'{key}' is 'human' or 'engine'")));
                            }
                        };
                    }
                }
                if players != state.players {
                    state.players = players;
                    state.paused = false;
                    Self::stop_search(state);
                }
            }
            "hint" => {
                if Self::outcome(state).is_some() {
                    return Err(ApiError::conflict("the game is over"));
                }
                Self::stop_search(state);
                state.hint = None;
                self.start_search(state, SearchKind::Hint);
            }
            "analyse" => {
                let on = args
                    .get("on")
                    .and_then(Value::as_bool)
                    .ok_or_else(|| ApiError::bad_request("'on' (true or false) is missing"))?;
                state.analysis = on;
                if state.search.as_ref().is_some_and(|s| s.kind == SearchKind::Analysis) && !on {
                    Self::stop_search(state);
                }
            }
            "stop" => {
                // Analysis ends; the engine's move or a hint is given now,
                // from what the search found so far.
                state.analysis = false;
                if let Some(running) = &state.search {
                    running.stop.store(true, Ordering::Relaxed);
                }
            }
            "fen" => {
                let text = text_arg(args, "fen")?;
                if text.len() > 4096 {
                    return Err(ApiError::too_large("a position text is at most 4096 bytes"));
                }
                let position = G::from_fen(text.trim(), state.rules)
                    .map_err(|e| ApiError::bad_request(e.to_string()))?;
                Self::replace(state, &GameRecord::new(position), Vec::new());
            }
            "pdn" => {
                let text = text_arg(args, "pdn")?;
                let index = args.get("game").and_then(Value::as_u64).unwrap_or(1).max(1) as usize;
                let games =
                    read_pdn::<G>(text, state.rules).map_err(|e| ApiError::bad_request(e.to_string()))?;
                let count = games.len();
                let game = games.into_iter().nth(index - 1).ok_or_else(|| {
                    ApiError::bad_request(format!("the text holds {count} games, not {index}"))
                })?;
                if game.record.moves().len() >= MAX_NODES {
                    return Err(ApiError::too_large("that game is too long"));
                }
                Self::replace(state, &game.record, game.tags);
            }
            "export" => return Ok(Some(json!({ "pdn": Self::export(state) }))),
            "clock" => {
                let base = args.get("base").and_then(Value::as_f64);
                match base {
                    None => state.clocks = None,
                    Some(base) => {
                        let increment = args.get("increment").and_then(Value::as_f64).unwrap_or(0.0);
                        let seconds = |s: f64| {
                            Duration::try_from_secs_f64(s).ok().filter(|d| *d <= Duration::from_secs(86_400))
                        };
                        let (Some(base), Some(increment)) = (seconds(base), seconds(increment)) else {
                            return Err(ApiError::bad_request("clock times are seconds between 0 and 86400"));
                        };
                        if base.is_zero() {
                            return Err(ApiError::bad_request("a clock needs some time"));
                        }
                        state.clocks = Some(Clocks { remaining: [base; 2], increment, since: None });
                    }
                }
                state.ending = None;
            }
            other => return Err(ApiError::not_found(format!("unknown command '{other}'"))),
        }
        Ok(None)
    }
}

impl<G: EngineGame, E: Evaluator<G>> SessionApi for Session<G, E> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn command(self: Arc<Self>, name: &str, args: &Value) -> Result<Value, ApiError> {
        self.touch();
        let mut state = self.lock();
        Self::check_flag(&mut state);
        let answer = self.run(&mut state, name, args)?;
        if let Some(answer) = answer {
            return Ok(answer);
        }
        if name != "state" {
            self.kick(&mut state);
        }
        Ok(self.describe(&state))
    }

    fn state(&self) -> Value {
        let mut state = self.lock();
        Self::check_flag(&mut state);
        self.describe(&state)
    }

    fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.events.subscribe()
    }

    fn idle_for(&self) -> Duration {
        self.last_seen.lock().unwrap_or_else(|e| e.into_inner()).elapsed()
    }

    fn touch(&self) {
        *self.last_seen.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
    }

    fn listened(&self) -> bool {
        self.events.receiver_count() > 0
    }

    fn detach(&self) {
        let mut state = self.lock();
        state.analysis = false;
        state.paused = true;
        Self::stop_search(&mut state);
    }

    fn close(&self) {
        self.closed.store(true, Ordering::Relaxed);
        let mut state = self.lock();
        Self::stop_search(&mut state);
    }
}
