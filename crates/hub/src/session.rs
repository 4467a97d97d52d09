//! One game of one rule set: the position the interface set, the engine,
//! and the search running on its own thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::Duration;

use damero_core::{Game, GameRecord, MoveList};
use damero_draughts::{Draughts, Variant};
use damero_engine::{Engine, EngineGame, EngineSpec};
use damero_eval::{DraughtsEvaluator, EgdbEvaluator, EndgameDatabase};
use damero_search::{KNOWN, Limits, PROVEN, Score, SearchInfo, SearchResult, WIN};

use super::Output;
use super::encoding::{read_move, read_position, write_move};
use super::protocol::{error_line, quote};

/// What the interface asks of one search.
#[derive(Clone, Debug)]
pub struct SearchPlan {
    /// The limits while searching (for a ponder search, without the time).
    pub limits: Limits,
    /// A ponder search: the time it gets once `ponder-hit` comes.
    pub ponder_time: Option<Limits>,
    /// Answer from the opening book when the position is in it (`go
    /// think` with the book on).
    pub from_book: bool,
}

/// The game of one rule set, behind the object the protocol loop holds.
pub trait Backend: Send {
    /// Sets the position (`None`: the start) and plays `moves` from it.
    fn set_position(&mut self, position: Option<&str>, moves: &[String]) -> Result<(), String>;
    /// Forgets the earlier searches.
    fn new_game(&mut self);
    /// Starts a search on its own thread; it writes `info` lines and
    /// finally `done`.
    fn go(&mut self, plan: SearchPlan, out: Output);
    /// Ends the search, if one runs, and waits for its `done`.
    fn stop(&mut self);
    /// A ponder search now runs on the clock (`out` hears of a failure).
    fn ponder_hit(&mut self, out: &Output);
}

/// The evaluator of every session: the rule set's default one or the one
/// `eval` names, over the endgame database of `egdb-path` (an empty one
/// without).
type SessionEvaluator<V> = EgdbEvaluator<V, DraughtsEvaluator<V>>;
type SessionEngine<V> = Engine<Draughts<V>, SessionEvaluator<V>>;

struct Running<V: Variant> {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<SessionEngine<V>>,
    ponder_time: Option<Limits>,
    legal_moves: usize,
    /// The clock `ponder-hit` started; it ends with the search.
    clock: Option<PonderClock>,
}

/// A thread that sets a search's stop flag once its time is up, unless the
/// search ends first: it belongs to the search and is joined with it, so a
/// client that ponders and stops in a loop cannot pile up sleeping threads.
struct PonderClock {
    /// Dropping it wakes the thread early.
    cancel: Option<mpsc::Sender<()>>,
    handle: Option<JoinHandle<()>>,
}

impl PonderClock {
    fn start(time: Duration, stop: Arc<AtomicBool>) -> std::io::Result<PonderClock> {
        let (cancel, cancelled) = mpsc::channel::<()>();
        let handle = std::thread::Builder::new().name("hub-ponder-clock".to_owned()).spawn(move || {
            if cancelled.recv_timeout(time) == Err(RecvTimeoutError::Timeout) {
                stop.store(true, Ordering::Relaxed);
            }
        })?;
        Ok(PonderClock { cancel: Some(cancel), handle: Some(handle) })
    }
}

impl Drop for PonderClock {
    fn drop(&mut self) {
        drop(self.cancel.take());
        if let Some(handle) = self.handle.take() {
            // The thread only waits and sets a flag: it cannot panic.
            let _ = handle.join();
        }
    }
}

/// A [`Backend`] for the draughts rule set `V`.
pub struct Session<V: Variant> {
    record: GameRecord<Draughts<V>>,
    /// `None` while a search has it.
    engine: Option<SessionEngine<V>>,
    running: Option<Running<V>>,
    /// Limits every search keeps (a `strength` below the top).
    strength_limits: Limits,
    spec: EngineSpec,
    evaluator: SessionEvaluator<V>,
    /// The seed of the book's choices; `None`: no book.
    book_seed: Option<u64>,
}

fn fresh_engine<V: Variant>(spec: &EngineSpec, evaluator: &SessionEvaluator<V>) -> SessionEngine<V> {
    let mut engine = Engine::new(spec, evaluator.clone());
    engine.new_game();
    engine
}

impl<V: Variant> Session<V> {
    /// A session playing `spec` with `evaluator` over `database` from the
    /// start position, from the shipped opening book with `book_seed`; the
    /// engine's tables are taken now, before any clock runs.
    pub fn new(
        spec: &EngineSpec,
        book_seed: Option<u64>,
        evaluator: DraughtsEvaluator<V>,
        database: Arc<EndgameDatabase<V>>,
    ) -> Session<V> {
        let evaluator = EgdbEvaluator::new(evaluator, database);
        Session {
            record: GameRecord::new(Draughts::<V>::start(Default::default())),
            engine: Some(fresh_engine(spec, &evaluator)),
            running: None,
            strength_limits: spec.limits(),
            spec: spec.clone(),
            evaluator,
            book_seed,
        }
    }

    fn reclaim(&mut self) {
        if let Some(mut running) = self.running.take() {
            running.stop.store(true, Ordering::Relaxed);
            drop(running.clock.take());
            // A search thread that panicked (a bug) took its engine with
            // it: start a fresh one rather than go down.
            let engine = running.handle.join().unwrap_or_else(|_| fresh_engine(&self.spec, &self.evaluator));
            self.engine = Some(engine);
        }
    }
}

impl<V: Variant> Backend for Session<V> {
    fn set_position(&mut self, position: Option<&str>, moves: &[String]) -> Result<(), String> {
        self.stop();
        let rules = Default::default();
        let start = match position {
            Some(text) => read_position::<V>(text, rules)?,
            None => Draughts::<V>::start(rules),
        };
        let mut record = GameRecord::new(start);
        for text in moves {
            let mv = read_move(record.position(), text)
                .map_err(|e| format!("{e} after {}", record.moves().len()))?;
            record.play(mv);
        }
        self.record = record;
        Ok(())
    }

    fn new_game(&mut self) {
        self.stop();
        if let Some(engine) = &mut self.engine {
            engine.new_game();
        }
    }

    fn go(&mut self, plan: SearchPlan, out: Output) {
        self.stop();
        let root = *self.record.position();
        let book_move = match self.book_seed {
            Some(seed) if plan.from_book => {
                <Draughts<V> as EngineGame>::book().and_then(|book| book.choose(&root, seed))
            }
            _ => None,
        };
        if let Some((mv, _)) = book_move {
            out.line(&format!("done move={}", write_move(&root, mv)));
            return;
        }
        let mut engine = self.engine.take().unwrap_or_else(|| fresh_engine(&self.spec, &self.evaluator));
        let stop = Arc::new(AtomicBool::new(false));
        let mut limits = plan.limits;
        limits.depth = min_option(limits.depth, self.strength_limits.depth);
        limits.nodes = min_option(limits.nodes, self.strength_limits.nodes);
        limits.stop = Some(Arc::clone(&stop));
        let mut moves = MoveList::new();
        self.record.position().legal_moves(&mut moves);
        let record = self.record.clone();
        let with_mean_depth = !matches!(self.spec, EngineSpec::Mcts { .. });
        let search_out = out.clone();
        let spawned = std::thread::Builder::new().name("hub-search".to_owned()).spawn(move || {
            let root = *record.position();
            let result = engine.think_with(&record, &limits, |info| {
                search_out.line(&info_line(&root, info, with_mean_depth));
            });
            search_out.line(&done_line(&root, &result));
            engine
        });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running {
                    stop,
                    handle,
                    ponder_time: plan.ponder_time,
                    legal_moves: moves.len(),
                    clock: None,
                });
            }
            // The system refused a thread: the interface still gets its
            // `done` (no move), and the next search builds a fresh engine.
            Err(error) => {
                out.line(&error_line(&format!("cannot start the search: {error}")));
                out.line("done");
            }
        }
    }

    fn stop(&mut self) {
        self.reclaim();
    }

    fn ponder_hit(&mut self, out: &Output) {
        let Some(running) = &mut self.running else { return };
        let Some(limits) = running.ponder_time.take() else { return };
        let time = match limits.clock {
            Some(clock) => Some(clock.budget(running.legal_moves).soft),
            None => limits.hard_time,
        };
        if let Some(time) = time {
            // The clock starts now: a timer ends the search at its budget.
            match PonderClock::start(time, Arc::clone(&running.stop)) {
                Ok(clock) => running.clock = Some(clock),
                // Without a timer the search would run until `stop`: end it
                // now, with the move it has.
                Err(error) => {
                    out.line(&error_line(&format!("cannot start the ponder clock: {error}")));
                    running.stop.store(true, Ordering::Relaxed);
                }
            }
        }
    }
}

fn min_option<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A score in men, as Scan writes it: an evaluation in hundredths of a man
/// (damero's centipawns) as a decimal; a proven win in `n` plies as
/// `100 - n/100` (pydraughts reads a score over 90 as a win and `10000 -
/// 100·score` as its distance in plies), a win or loss read from the
/// endgame databases among them (their distances are to the end of the
/// game); a result known from an oracle that counts only to a conversion as
/// ±80.
pub fn score_in_men(score: Score) -> String {
    let value = score.0;
    let hundredths = if value >= PROVEN {
        10_000 - (WIN - value)
    } else if value <= -PROVEN {
        -(10_000 - (WIN + value))
    } else if value >= KNOWN {
        8000
    } else if value <= -KNOWN {
        -8000
    } else {
        value.clamp(-7999, 7999)
    };
    format!("{:.2}", f64::from(hundredths) / 100.0)
}

fn pv_text<V: Variant>(root: &Draughts<V>, pv: &[damero_draughts::Move]) -> String {
    let mut position = *root;
    let mut texts = Vec::with_capacity(pv.len());
    for &mv in pv {
        texts.push(write_move(&position, mv));
        position.play(mv);
    }
    texts.join(" ")
}

/// `info depth=... mean-depth=... sel-depth=... score=... nodes=... time=...
/// nps=... pv="..."` (time in seconds, nps in millions per second, as Scan
/// writes them).
///
/// `mean-depth` is Scan's average depth of the search's leaves. damero's
/// alpha-beta keeps no such average, so it is the nominal depth of the
/// completed iteration, `depth` again: the depth every line was searched
/// to before its extensions, reductions and quiescence (`sel-depth` is the
/// deepest ply reached). MCTS has no iterations and no mean, so its lines
/// (`with_mean_depth` false) leave `mean-depth` out, as the protocol allows.
pub fn info_line<V: Variant>(
    root: &Draughts<V>,
    info: &SearchInfo<Draughts<V>>,
    with_mean_depth: bool,
) -> String {
    let seconds = info.time.as_secs_f64();
    let mean_depth =
        if with_mean_depth { format!(" mean-depth={:.1}", f64::from(info.depth)) } else { String::new() };
    format!(
        "info depth={}{mean_depth} sel-depth={} score={} nodes={} time={:.3} nps={:.3} pv={}",
        info.depth,
        info.seldepth,
        score_in_men(info.score),
        info.nodes,
        seconds,
        info.nodes as f64 / seconds.max(1e-6) / 1e6,
        quote(&pv_text(root, &info.pv))
    )
}

/// `done move=... [ponder=...]`, or a bare `done` when there is no move.
pub fn done_line<V: Variant>(root: &Draughts<V>, result: &SearchResult<Draughts<V>>) -> String {
    let Some(best) = result.best_move else { return "done".to_owned() };
    let mut line = format!("done move={}", write_move(root, best));
    if result.pv.first() == Some(&best)
        && let Some(&answer) = result.pv.get(1)
    {
        let mut after = *root;
        after.play(best);
        line.push_str(&format!(" ponder={}", write_move(&after, answer)));
    }
    line
}

/// The limits of a ponder search before `ponder-hit`: no time.
pub fn without_time(limits: &Limits) -> Limits {
    Limits { soft_time: None, hard_time: None, clock: None, ..limits.clone() }
}
