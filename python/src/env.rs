//! `VectorEnv`: n boards of one game stepped together in Rust (rayon),
//! writing observations, masks, rewards and flags into numpy arrays that are
//! allocated once.

use damero_core::{Evaluator, Game, MoveList, Outcome, RuleSet};
use numpy::{PyArray1, PyArray2, PyArray4, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::Text;
use crate::board::{BoardImpl, rules_of};
use crate::learn::{LearnFns, learn_fns};
use crate::py::{PyBoard, rule_pairs};
use crate::{BoardError, ErrorKind};
use damero_engine::EngineGame;
use damero_engine::registry::{GameCommand, dispatch};

/// The fewest boards stepped on the thread pool.
const PARALLEL_FROM: usize = 128;

/// The first state of board `index`'s `random_actions` generator.
fn slot_rng(seed: u64, index: usize) -> u64 {
    seed ^ damero_core::splitmix64(index as u64).1
}

/// One board of the vector.
struct Slot<G: Game> {
    position: G,
    /// Zobrist keys of the positions of this game, for repetitions.
    hashes: Vec<u64>,
    /// The legal moves, listed in place (a box: 256 inline moves would make
    /// the slots array 2 KiB a board).
    moves: Box<MoveList<G::Move>>,
    codes: Vec<u32>,
    plies: u32,
    /// Games started in this slot (the setup seed of the next).
    games: u64,
    /// The state of `random_actions`' generator.
    rng: u64,
    /// The move the next step plays, read from `moves` when the actions
    /// are checked (a pass of independent loads, so the cache misses of
    /// many boards overlap, where the step's own read waited for each).
    chosen: Option<G::Move>,
}

/// The arrays of one slot.
struct Out<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    reward: &'a mut f32,
    terminated: &'a mut bool,
    truncated: &'a mut bool,
}

struct Env<G: Game> {
    slots: Vec<Slot<G>>,
    fns: LearnFns<G>,
    rules: G::Rules,
    seed: u64,
    random_setup: bool,
    max_plies: u32,
    pool: Option<rayon::ThreadPool>,
    /// Each board's next random action, drawn by the thread that stepped
    /// it: `random_actions` then copies one array instead of reading every
    /// board (which, on another core, would be a cache miss per board).
    random: Vec<i64>,
    /// Whether `random` holds draws that `random_actions` has not given yet.
    random_ready: bool,
}

/// A vector environment of any game.
trait AnyEnv: Send + Sync {
    fn num_actions(&self) -> usize;
    fn obs_len(&self) -> usize;
    fn planes(&self) -> usize;
    fn reset(&mut self, seed: Option<u64>, obs: &mut [f32], mask: &mut [bool]);
    fn step(&mut self, actions: &[i64], outs: Outs<'_>) -> Result<(), BoardError>;
    fn board(&self, index: usize) -> Option<PyBoard>;
    fn random_actions(&mut self, out: &mut [i64]);
    /// Sets the generators back to `seed`'s start.
    fn rewind(&mut self, seed: u64);
}

/// What `reset` returns.
type ObsMask = (Py<PyArray4<f32>>, Py<PyArray2<bool>>);

struct Outs<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    reward: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
}

/// A run of consecutive boards with their actions and their share of every
/// array: a piece of a step's work for the pool.
struct Part<'a, G: Game> {
    /// The index of its first board.
    first: usize,
    slots: &'a mut [Slot<G>],
    actions: &'a [i64],
    /// The next random action of each board (`random_actions`).
    random: &'a mut [i64],
    outs: Outs<'a>,
}

impl<'a, G: Game> Part<'a, G> {
    /// Splits off the first `boards` boards (`obs` and `mask` rows of
    /// `n_obs` and `n_act` values).
    fn split_off(&mut self, boards: usize, n_obs: usize, n_act: usize) -> Part<'a, G> {
        fn cut<'a, T>(slice: &mut &'a mut [T], at: usize) -> &'a mut [T] {
            let (head, tail) = std::mem::take(slice).split_at_mut(at);
            *slice = tail;
            head
        }
        let (actions, rest) = self.actions.split_at(boards);
        self.actions = rest;
        let head = Part {
            first: self.first,
            slots: cut(&mut self.slots, boards),
            actions,
            random: cut(&mut self.random, boards),
            outs: Outs {
                obs: cut(&mut self.outs.obs, boards * n_obs),
                mask: cut(&mut self.outs.mask, boards * n_act),
                reward: cut(&mut self.outs.reward, boards),
                terminated: cut(&mut self.outs.terminated, boards),
                truncated: cut(&mut self.outs.truncated, boards),
            },
        };
        self.first += boards;
        head
    }

    /// Whether every action is legal on its board (each board keeps the
    /// move its action names, for the step).
    fn check(&mut self) -> bool {
        self.slots.iter_mut().zip(self.actions).all(|(slot, &action)| {
            match slot.codes.iter().position(|&c| i64::from(c) == action) {
                Some(at) => {
                    slot.chosen = slot.moves.get(at).copied();
                    true
                }
                None => false,
            }
        })
    }
}

impl<G: EngineGame> Env<G> {
    fn start(&self, games: u64, index: usize) -> G {
        let rules = if self.random_setup {
            // A different setup for each game of each slot, from the seed.
            let seed =
                damero_core::splitmix64(self.seed ^ damero_core::splitmix64(games << 20 | index as u64).1).1;
            self.rules.with_setup_seed(seed).unwrap_or(self.rules)
        } else {
            self.rules
        };
        G::start(rules)
    }

    /// Lists the moves of the slot's position and writes its observation and mask.
    fn observe(fns: &LearnFns<G>, slot: &mut Slot<G>, out: &mut Out<'_>) {
        for &code in &slot.codes {
            if let Some(cell) = out.mask.get_mut(code as usize) {
                *cell = false;
            }
        }
        slot.position.legal_moves(&mut slot.moves);
        fns.encode(&slot.position, &slot.moves, &mut slot.codes);
        for &code in &slot.codes {
            if let Some(cell) = out.mask.get_mut(code as usize) {
                *cell = true;
            }
        }
        out.obs.fill(0.0);
        (fns.observe)(&slot.position, out.obs);
    }

    fn restart(&self, slot: &mut Slot<G>, index: usize) {
        slot.position = self.start(slot.games, index);
        slot.games += 1;
        slot.plies = 0;
        slot.hashes.clear();
        slot.hashes.push(slot.position.zobrist());
    }

    /// The result after the slot's position changed, as a game record finds
    /// it: no legal move, a draw rule, or a repetition within the reversible
    /// plies (`GameRecord::outcome`, without listing the moves twice).
    fn outcome(slot: &Slot<G>) -> Option<Outcome> {
        let position = &slot.position;
        if slot.moves.is_empty() {
            return Some(position.terminal_outcome());
        }
        if position.rule_draw() {
            return Some(Outcome::Draw);
        }
        let limit = position.repetition_limit()?;
        let key = *slot.hashes.last()?;
        let window = position.reversible_plies() as usize;
        let seen = slot.hashes.iter().rev().take(window.saturating_add(1)).filter(|&&h| h == key).count();
        (seen as u32 >= limit).then_some(Outcome::Draw)
    }

    fn step_slot(&self, slot: &mut Slot<G>, index: usize, mut out: Out<'_>) {
        let Some(chosen) = slot.chosen.take() else {
            // Unreachable: a checked action always names a listed move.
            return;
        };
        let mover = slot.position.side_to_move();
        slot.position.play(chosen);
        slot.plies += 1;
        slot.hashes.push(slot.position.zobrist());
        Env::observe(&self.fns, slot, &mut out);
        let outcome = Env::outcome(slot);
        *out.reward = match outcome {
            Some(Outcome::Win(c)) if c == mover => 1.0,
            Some(Outcome::Win(_)) => -1.0,
            _ => 0.0,
        };
        *out.terminated = outcome.is_some();
        *out.truncated = outcome.is_none() && slot.plies >= self.max_plies;
        if *out.terminated || *out.truncated {
            self.restart(slot, index);
            Env::observe(&self.fns, slot, &mut out);
        }
    }

    /// Steps the boards of `part` (every action checked).
    fn step_part(&self, part: &mut Part<'_, G>) {
        let (n_obs, n_act) = (self.obs_len(), self.num_actions());
        let outs = &mut part.outs;
        let arrays = outs
            .obs
            .chunks_mut(n_obs)
            .zip(outs.mask.chunks_mut(n_act))
            .zip(outs.reward.iter_mut())
            .zip(outs.terminated.iter_mut().zip(outs.truncated.iter_mut()));
        for (offset, ((slot, random), (((obs, mask), reward), (terminated, truncated)))) in
            part.slots.iter_mut().zip(part.random.iter_mut()).zip(arrays).enumerate()
        {
            self.step_slot(slot, part.first + offset, Out { obs, mask, reward, terminated, truncated });
            *random = random_action(slot);
        }
    }
}

/// A uniformly random legal action of the slot, from its generator.
fn random_action<G: Game>(slot: &mut Slot<G>) -> i64 {
    let (state, random) = damero_core::splitmix64(slot.rng);
    slot.rng = state;
    let n = slot.codes.len() as u128;
    slot.codes.get(((u128::from(random) * n) >> 64) as usize).map_or(0, |&c| i64::from(c))
}

impl<G: EngineGame> AnyEnv for Env<G> {
    fn num_actions(&self) -> usize {
        self.fns.num_actions()
    }
    fn obs_len(&self) -> usize {
        self.fns.planes * 64
    }
    fn planes(&self) -> usize {
        self.fns.planes
    }
    fn reset(&mut self, seed: Option<u64>, obs: &mut [f32], mask: &mut [bool]) {
        // As Gymnasium: a seed starts the generators again, no seed goes on
        // from where they are (the next setups, the next random actions).
        if let Some(seed) = seed {
            self.rewind(seed);
        }
        self.random_ready = false;
        mask.fill(false);
        let (n_obs, n_act) = (self.obs_len(), self.num_actions());
        let mut slots = std::mem::take(&mut self.slots);
        for (index, ((slot, obs), mask)) in
            slots.iter_mut().zip(obs.chunks_mut(n_obs)).zip(mask.chunks_mut(n_act)).enumerate()
        {
            slot.codes.clear();
            self.restart(slot, index);
            let (mut reward, mut terminated, mut truncated) = (0.0, false, false);
            let mut out = Out {
                obs,
                mask,
                reward: &mut reward,
                terminated: &mut terminated,
                truncated: &mut truncated,
            };
            Env::observe(&self.fns, slot, &mut out);
        }
        self.slots = slots;
    }
    fn step(&mut self, actions: &[i64], outs: Outs<'_>) -> Result<(), BoardError> {
        if actions.len() != self.slots.len() {
            return Err(BoardError::new(
                ErrorKind::Other,
                format!("step takes {} actions, not {}", self.slots.len(), actions.len()),
            ));
        }
        // Every action is checked before any is played (an illegal one
        // leaves every board as it was).
        let (n_obs, n_act) = (self.obs_len(), self.num_actions());
        let mut slots = std::mem::take(&mut self.slots);
        let mut random = std::mem::take(&mut self.random);
        let mut whole = Part { first: 0, slots: &mut slots, actions, random: &mut random, outs };
        let legal = match &self.pool {
            // Below a few hundred boards a step is a few microseconds of
            // work: waking the pool would cost more than it saves.
            Some(pool) if whole.slots.len() >= PARALLEL_FROM => {
                let threads = pool.current_num_threads().max(1);
                let n = whole.slots.len();
                let chunk = (n / (4 * threads)).max(PARALLEL_FROM / 2);
                let mut parts = Vec::new();
                let mut left = n;
                while left > 0 {
                    let boards = left.min(chunk);
                    parts.push(whole.split_off(boards, n_obs, n_act));
                    left -= boards;
                }
                let this = &*self;
                pool.install(|| {
                    let legal = parts.par_iter_mut().all(|part| part.check());
                    if legal {
                        parts.par_iter_mut().for_each(|part| this.step_part(part));
                    }
                    legal
                })
            }
            _ => {
                let legal = whole.check();
                if legal {
                    self.step_part(&mut whole);
                }
                legal
            }
        };
        self.random = random;
        self.slots = slots;
        if legal {
            self.random_ready = true;
            return Ok(());
        }
        // The first board whose action is not legal, for the message.
        let (index, action) = self
            .slots
            .iter()
            .zip(actions)
            .enumerate()
            .find(|(_, (slot, action))| !slot.codes.iter().any(|&c| i64::from(c) == **action))
            .map_or((0, 0), |(index, (_, &action))| (index, action));
        Err(BoardError::new(
            ErrorKind::IllegalMove,
            format!("action {action} is not legal in board {index} (see the mask)"),
        ))
    }
    fn rewind(&mut self, seed: u64) {
        self.seed = seed;
        self.random_ready = false;
        for (index, slot) in self.slots.iter_mut().enumerate() {
            slot.games = 0;
            slot.rng = slot_rng(seed, index);
        }
    }
    fn random_actions(&mut self, out: &mut [i64]) {
        // The draws the last step made (a step draws each board's next
        // random action as it writes its mask), or, called again before a
        // step, new ones.
        if std::mem::take(&mut self.random_ready) {
            out.copy_from_slice(&self.random);
        } else {
            for (slot, out) in self.slots.iter_mut().zip(out) {
                *out = random_action(slot);
            }
        }
    }
    fn board(&self, index: usize) -> Option<PyBoard> {
        let slot = self.slots.get(index)?;
        Some(PyBoard {
            inner: Box::new(BoardImpl { record: damero_core::GameRecord::new(slot.position), fns: self.fns }),
        })
    }
}

struct MakeEnv {
    n: usize,
    seed: u64,
    threads: Option<usize>,
    max_plies: u32,
    rules: Vec<(String, String)>,
}

impl GameCommand for MakeEnv {
    type Output = Result<Box<dyn AnyEnv>, BoardError>;
    fn run<G: EngineGame, E: Evaluator<G>>(self, _: E) -> Self::Output {
        let rules = rules_of::<G>(&self.rules, None)?;
        let fns = learn_fns::<G>().ok_or_else(|| {
            BoardError::new(ErrorKind::Other, format!("{} has no learning encoding", G::NAME))
        })?;
        let random_setup = rules.with_setup_seed(0).is_some();
        let pool = match self.threads {
            Some(1) => None,
            threads => Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads.unwrap_or(0))
                    .build()
                    .map_err(|e| BoardError::new(ErrorKind::Other, e.to_string()))?,
            ),
        };
        let start = G::try_start(rules).map_err(|e| BoardError::new(ErrorKind::Rules, e.to_string()))?;
        let slots = (0..self.n)
            .map(|index| Slot {
                position: start,
                hashes: Vec::with_capacity(self.max_plies as usize + 1),
                moves: Box::default(),
                codes: Vec::with_capacity(32),
                plies: 0,
                games: 0,
                rng: slot_rng(self.seed, index),
                chosen: None,
            })
            .collect();
        Ok(Box::new(Env {
            slots,
            fns,
            rules,
            seed: self.seed,
            random_setup,
            max_plies: self.max_plies,
            pool,
            random: vec![0; self.n],
            random_ready: false,
        }))
    }
}

/// `n` boards of `game` stepped together in Rust, Gymnasium style.
///
/// `VectorEnv(game, n, seed=0, threads=None, max_plies=300, rules=None)`;
/// `reset()` returns `(obs, mask)`, `step(actions)` returns `(obs, mask,
/// reward, terminated, truncated)`. A board whose game ends is started
/// again at once (the obs and mask returned are its new game's); `reward` is
/// +1 / -1 / 0 for the player who made the move. The five arrays are
/// allocated once and rewritten by every call: copy what you keep, and do
/// not write into them. `threads` is the rayon pool size (None: all cores;
/// 1: no pool).
#[pyclass(name = "VectorEnv", module = "damero")]
pub struct PyVectorEnv {
    inner: Box<dyn AnyEnv>,
    game: String,
    n: usize,
    obs: Py<PyArray4<f32>>,
    mask: Py<PyArray2<bool>>,
    reward: Py<PyArray1<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    actions: Py<PyArray1<i64>>,
}

type StepResult =
    (Py<PyArray4<f32>>, Py<PyArray2<bool>>, Py<PyArray1<f32>>, Py<PyArray1<bool>>, Py<PyArray1<bool>>);

#[pymethods]
impl PyVectorEnv {
    #[new]
    #[pyo3(signature = (game, n, seed = 0, threads = None, max_plies = 300, rules = None))]
    fn new(
        py: Python<'_>,
        game: Text,
        n: usize,
        seed: u64,
        threads: Option<usize>,
        max_plies: u32,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyVectorEnv> {
        let game = game.0.as_str();
        if n == 0 || threads == Some(0) || max_plies == 0 {
            return Err(
                BoardError::new(ErrorKind::Other, "n, threads and max_plies must be at least 1").into()
            );
        }
        let rules = rule_pairs(rules)?;
        let inner = dispatch(game, MakeEnv { n, seed, threads, max_plies, rules })
            .map_err(|e| BoardError::new(ErrorKind::Other, e.to_string()))??;
        let planes = inner.planes();
        let actions = inner.num_actions();
        let mut env = PyVectorEnv {
            game: game.to_owned(),
            n,
            obs: PyArray4::<f32>::zeros(py, [n, planes, 8, 8], false).unbind(),
            mask: PyArray2::<bool>::zeros(py, [n, actions], false).unbind(),
            reward: PyArray1::<f32>::zeros(py, n, false).unbind(),
            terminated: PyArray1::<bool>::zeros(py, n, false).unbind(),
            truncated: PyArray1::<bool>::zeros(py, n, false).unbind(),
            actions: PyArray1::<i64>::zeros(py, n, false).unbind(),
            inner,
        };
        // The arrays hold the first games from the start; the first reset()
        // plays those same games (the seed's), not the next ones.
        env.reset(py, Some(seed))?;
        env.inner.rewind(seed);
        Ok(env)
    }

    /// The game id.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// The number of boards.
    #[getter]
    fn num_envs(&self) -> usize {
        self.n
    }

    /// The number of actions (the mask's second dimension).
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The shape of one board's observation: (planes, 8, 8).
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        (self.inner.planes(), 8, 8)
    }

    fn __len__(&self) -> usize {
        self.n
    }

    /// Starts every board again (from `seed` when given) and returns
    /// `(obs, mask)`.
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<u64>) -> PyResult<ObsMask> {
        {
            let mut obs = self.obs.bind(py).readwrite();
            let mut mask = self.mask.bind(py).readwrite();
            let (obs, mask) = (obs.as_slice_mut()?, mask.as_slice_mut()?);
            let inner = &mut self.inner;
            py.detach(|| inner.reset(seed, obs, mask));
        }
        self.terminated.bind(py).readwrite().as_slice_mut()?.fill(false);
        self.truncated.bind(py).readwrite().as_slice_mut()?.fill(false);
        self.reward.bind(py).readwrite().as_slice_mut()?.fill(0.0);
        Ok((self.obs.clone_ref(py), self.mask.clone_ref(py)))
    }

    /// Plays `actions[i]` on board `i` (an int array of length n; each must
    /// be legal: see the mask) and returns `(obs, mask, reward, terminated,
    /// truncated)`. Raises IllegalMoveError (nothing is played then).
    fn step(&mut self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<StepResult> {
        let owned: Vec<i64>;
        let readonly: Option<PyReadonlyArray1<'_, i64>> = actions.extract().ok();
        let actions: &[i64] = match &readonly {
            Some(array) if array.is_contiguous() => array.as_slice()?,
            _ => {
                owned = match &readonly {
                    Some(array) => array.as_array().to_vec(),
                    None => actions.extract()?,
                };
                &owned
            }
        };
        let mut obs = self.obs.bind(py).readwrite();
        let mut mask = self.mask.bind(py).readwrite();
        let mut reward = self.reward.bind(py).readwrite();
        let mut terminated = self.terminated.bind(py).readwrite();
        let mut truncated = self.truncated.bind(py).readwrite();
        let outs = Outs {
            obs: obs.as_slice_mut()?,
            mask: mask.as_slice_mut()?,
            reward: reward.as_slice_mut()?,
            terminated: terminated.as_slice_mut()?,
            truncated: truncated.as_slice_mut()?,
        };
        let inner = &mut self.inner;
        py.detach(|| inner.step(actions, outs))?;
        Ok((
            self.obs.clone_ref(py),
            self.mask.clone_ref(py),
            self.reward.clone_ref(py),
            self.terminated.clone_ref(py),
            self.truncated.clone_ref(py),
        ))
    }

    /// A uniformly random legal action for every board (a seeded generator
    /// per board, from the reset seed): a random policy, and what
    /// `python/bench.py` steps with. The array is allocated once.
    fn random_actions(&mut self, py: Python<'_>) -> PyResult<Py<PyArray1<i64>>> {
        {
            let mut out = self.actions.bind(py).readwrite();
            self.inner.random_actions(out.as_slice_mut()?);
        }
        Ok(self.actions.clone_ref(py))
    }

    /// Board `index` as a `Board` (a copy, without its history).
    fn board(&self, index: usize) -> PyResult<PyBoard> {
        self.inner.board(index).ok_or_else(|| pyo3::exceptions::PyIndexError::new_err("no such board"))
    }

    fn __repr__(&self) -> String {
        format!("VectorEnv('{}', n={})", self.game, self.n)
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVectorEnv>()?;
    Ok(())
}
