//! Engine-against-engine matches from varied openings, played on several
//! threads if asked, and the Elo estimate.
//!
//! Games go in pairs on one random opening, colours swapped. Each pair is
//! its own small match: its opening comes from `(seed, pair)` and its engines
//! are built afresh, so the games do not depend on how many pairs run at
//! once or in which order they finish (an external engine, costly to start,
//! stays with its thread instead: [`MatchPlayer::keep_between_pairs`]).
//! Pairs are handed out one at a time as threads free up (a match of
//! `u32::MAX` games starts at once and holds no more than the games in
//! play), and every finished game goes to the caller at once, so a match
//! stopped early keeps what it played. A long match can be played in runs,
//! each from the pair the last one ended at ([`MatchConfig::first_pair`]).
//!
//! [`run_match_with_openings`] plays the pairs from a given list of openings
//! instead (pair `i` on opening `i` modulo the list): random plies often
//! give a man away, and a pair on such an opening is a win for each engine,
//! whatever their strength, so a list of balanced openings measures a
//! difference in strength with fewer games.
//!
//! The tally also counts the pairs by the first engine's two results
//! ([`PairTally`]): a pair won once and lost once is often an opening that
//! decided the game before the engines played, and the Elo estimate from
//! the pairs ([`PairTally::elo`], fishtest's pentanomial model) takes the
//! two games of an opening as one observation, as they are.

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};

use std::time::{SystemTime, UNIX_EPOCH};

use damero_core::{
    Color, Evaluator, Game, GameRecord, MoveList, Outcome, PdnGame, Presentation, pdn_date, write_pdn,
};

use damero_search::SeededRng;

use crate::EngineGame;
use crate::engine::{Engine, EngineSpec};
use crate::player::{MatchError, MatchPlayer, PlayerError, PlayerFactory};

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    /// Games in all. Games go in pairs on the same opening, the first engine
    /// White in the first game of a pair and Black in the second.
    pub games: u32,
    /// Random plies played from the start position to make each opening.
    pub opening_plies: u32,
    /// A game still going after this many plies (opening included) is a draw.
    pub max_plies: u32,
    /// The seed of the openings: the same seed gives the same openings.
    pub seed: u64,
    /// Pairs of games played at once, each on its own thread (at least 1).
    pub threads: usize,
    /// The pair the match starts from (0 for a whole match): the games are
    /// those a match from pair 0 numbers from `2 · first_pair` on, with the
    /// same openings, so a long match split into runs that start where the
    /// last one stopped plays exactly the games of the whole. Games whose
    /// number would pass `u32::MAX` are not played.
    pub first_pair: u32,
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig { games: 10, opening_plies: 4, max_plies: 300, seed: 1, threads: 1, first_pair: 0 }
    }
}

impl MatchConfig {
    /// Whether every game numbers within a `u32` (game numbers, the PDN's
    /// Round, go up to `2 * first_pair + games`): front ends refuse a match
    /// that does not; [`run_player_match`] stops at the last pair that fits.
    pub fn games_fit(&self) -> bool {
        u64::from(self.first_pair) * 2 + u64::from(self.games) <= u64::from(u32::MAX)
    }
}

/// One game of a match.
#[derive(Clone, Debug)]
pub struct MatchGame<G: Game> {
    /// The game's number in the match, from 0: pair `number / 2`, the first
    /// engine White when it is even.
    pub number: u32,
    /// Every move from the start position (the opening included).
    pub record: GameRecord<G>,
    /// How many of the moves were the random opening.
    pub opening_plies: usize,
    /// The colour the first engine played.
    pub first_engine_color: Color,
    /// The result (a draw when the ply cap ended it).
    pub outcome: Outcome,
    /// Whether the ply cap ended the game.
    pub capped: bool,
    /// Why the loser forfeited, when a [`MatchPlayer`] failed to give a
    /// legal move (an external engine that died, hung or sent an illegal
    /// one): the game is lost by the side that failed.
    pub forfeit: Option<String>,
}

impl<G: Presentation> MatchGame<G> {
    /// The game as `damero match --out` saves it: PDN for the draughts rule
    /// sets, the same tagged layout for the others (the writer picks it from
    /// the game), with the engines' names as `first` and `second`, today's
    /// date, the round, the result and a `Termination` tag for a game cut
    /// at the ply limit.
    pub fn record_text(&self, first: &str, second: &str) -> String {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let (white, black) =
            if self.first_engine_color == Color::White { (first, second) } else { (second, first) };
        let mut pdn = PdnGame::new(self.record.clone());
        pdn.set_tag("Event", "damero match");
        pdn.set_tag("Site", "damero");
        pdn.set_tag("Date", pdn_date(now));
        // A u64: the last game a match can number is u32::MAX.
        pdn.set_tag("Round", (u64::from(self.number) + 1).to_string());
        pdn.set_tag("White", white);
        pdn.set_tag("Black", black);
        pdn.result = Some(self.outcome);
        if self.capped {
            pdn.set_tag("Termination", "ply limit");
        }
        if let Some(reason) = &self.forfeit {
            pdn.set_tag("Termination", format!("forfeit: {reason}"));
        }
        write_pdn(&pdn)
    }
}

impl<G: Game> MatchGame<G> {
    /// The result for the first engine: 1, ½ or 0.
    pub fn first_engine_score(&self) -> f64 {
        self.outcome.score_for(self.first_engine_color)
    }
}

/// The tally so far, from the first engine's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchProgress {
    /// Games finished.
    pub played: u32,
    /// Games in the match.
    pub total: u32,
    /// Wins of the first engine.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses of the first engine.
    pub losses: u32,
    /// The finished pairs (both games of an opening), by the first
    /// engine's two results.
    pub pairs: PairTally,
}

impl MatchProgress {
    /// Counts one finished game (not its pair: [`run_match`] counts the
    /// pairs, since it sees both games).
    pub fn add<G: Game>(&mut self, game: &MatchGame<G>) {
        match half_points(game.first_engine_score()) {
            2 => self.wins += 1,
            0 => self.losses += 1,
            _ => self.draws += 1,
        }
        self.played += 1;
    }

    /// The first engine's score so far, from 0 to 1 (½ before any game).
    pub fn score(&self) -> f64 {
        if self.played == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.played)
    }

    /// The first engine's Elo difference over the second and its 95% margin
    /// ([`elo_estimate`]).
    pub fn elo(&self) -> (f64, f64) {
        elo_estimate(self.wins, self.draws, self.losses)
    }
}

/// A score of 1, ½ or 0 in half points: 2 a win, 1 a draw, 0 a loss.
fn half_points(score: f64) -> u8 {
    (score * 2.0).round() as u8
}

/// The pairs of a match (the two games of one opening, colours swapped),
/// counted by the first engine's two results, in either order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PairTally {
    /// Both games won.
    pub won_both: u32,
    /// One won, one drawn.
    pub won_drew: u32,
    /// One won, one lost: each engine won with the same side, which is what
    /// an opening that decides the game before the engines play gives.
    pub won_lost: u32,
    /// Both drawn.
    pub drew_both: u32,
    /// One drawn, one lost.
    pub drew_lost: u32,
    /// Both lost.
    pub lost_both: u32,
}

impl PairTally {
    /// Counts a pair from the first engine's scores (1, ½ or 0) in its two
    /// games.
    pub fn add(&mut self, first: f64, second: f64) {
        let (a, b) = (half_points(first), half_points(second));
        let slot = match (a.max(b), a.min(b)) {
            (2, 2) => &mut self.won_both,
            (2, 1) => &mut self.won_drew,
            (2, _) => &mut self.won_lost,
            (1, 1) => &mut self.drew_both,
            (1, _) => &mut self.drew_lost,
            _ => &mut self.lost_both,
        };
        *slot += 1;
    }

    /// Pairs counted.
    pub fn count(&self) -> u32 {
        self.won_both + self.won_drew + self.won_lost + self.drew_both + self.drew_lost + self.lost_both
    }

    /// The first engine's Elo difference over the second and its 95%
    /// margin, each pair one observation of the pair's score (0, ¼, ½, ¾
    /// or 1; fishtest's pentanomial model). The two games of an opening
    /// are not independent: a decided opening makes a won and a lost game,
    /// and the per-game margin counts them as two pieces of evidence. The
    /// same infinities as [`elo_estimate`] at 0% and 100%.
    pub fn elo(&self) -> (f64, f64) {
        elo_from_scores(&[
            (1.0, self.won_both),
            (0.75, self.won_drew),
            (0.5, self.won_lost + self.drew_both),
            (0.25, self.drew_lost),
            (0.0, self.lost_both),
        ])
    }
}

/// The Elo difference implied by a score of `wins + draws/2` out of `n`
/// games, and the half-width of its 95% confidence interval (normal
/// approximation of the per-game score, as in cutechess and fishtest):
/// `elo = -400·log10(1/p − 1)`, the margin half the Elo span of
/// `p ± 1.96·σ/√n`. A score of 0% or 100% gives an infinite difference and
/// margin; no games give `(0, ∞)`.
pub fn elo_estimate(wins: u32, draws: u32, losses: u32) -> (f64, f64) {
    elo_from_scores(&[(1.0, wins), (0.5, draws), (0.0, losses)])
}

/// The Elo difference and 95% margin of observations `(score, count)`,
/// each score from 0 to 1.
fn elo_from_scores(observations: &[(f64, u32)]) -> (f64, f64) {
    let n: f64 = observations.iter().map(|&(_, count)| f64::from(count)).sum();
    if n == 0.0 {
        return (0.0, f64::INFINITY);
    }
    let p = observations.iter().map(|&(score, count)| score * f64::from(count)).sum::<f64>() / n;
    let elo = |p: f64| -400.0 * (1.0 / p - 1.0).log10();
    if p <= 0.0 || p >= 1.0 {
        return (if p <= 0.0 { f64::NEG_INFINITY } else { f64::INFINITY }, f64::INFINITY);
    }
    let variance =
        observations.iter().map(|&(score, count)| f64::from(count) * (score - p).powi(2)).sum::<f64>() / n;
    let spread = 1.959_964 * (variance / n).sqrt();
    let (low, high) = ((p - spread).max(1e-9), (p + spread).min(1.0 - 1e-9));
    (elo(p), (elo(high) - elo(low)) / 2.0)
}

/// A random opening of up to `plies` plies from `start` that leaves the game
/// undecided (tries a few times, then shortens).
fn opening<G: Game>(start: &G, plies: u32, rng: &mut SeededRng) -> GameRecord<G> {
    let mut moves = MoveList::new();
    for attempt in 0..64u32 {
        let target = if attempt < 32 { plies } else { plies / 2 };
        let mut record = GameRecord::new(*start);
        for _ in 0..target {
            record.position().legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            record.play(moves[rng.below(moves.len())]);
        }
        if record.outcome().is_none() {
            return record;
        }
    }
    GameRecord::new(*start)
}

/// Plays `config.games` games from `start` between `first` (evaluating with
/// `first_evaluator`) and `second` (with `second_evaluator`), in pairs on one
/// random opening with colours swapped.
///
/// Each pair is its own small match: its opening comes from `(seed, pair)`
/// and its engines are built afresh, so the games do not depend on how many
/// pairs run at once. Pairs are handed out one at a time as the
/// `config.threads` threads free up, so a match of `u32::MAX` games starts at
/// once and holds only the games in play. Both engines start each game afresh
/// ([`Engine::new_game`]). A game ends by the game's own outcome
/// ([`GameRecord::outcome`]: decided positions, draw rules, repetition),
/// the ply cap, or an engine out of time on its `tc=` clock
/// ([`Engine::flagged`]).
///
/// `on_game` is called on this thread with every game as it finishes
/// (in order with one thread; in the order they finish with more) and the
/// tally including it; [`ControlFlow::Break`] ends the match: no new game
/// starts, the searches in progress are stopped and their games dropped.
/// Returns the tally of the games given to `on_game`.
///
/// With engines limited by depth or nodes on one search thread, every game
/// is a function of its inputs and its number: the same seed gives the same
/// games, with any `config.threads`.
///
/// # Panics
/// If a game thread panics (a bug in a game or evaluator).
pub fn run_match<G: EngineGame, E: Evaluator<G>>(
    start: &G,
    first: &EngineSpec,
    second: &EngineSpec,
    first_evaluator: &E,
    second_evaluator: &E,
    config: &MatchConfig,
    on_game: impl FnMut(&MatchGame<G>, &MatchProgress) -> ControlFlow<()>,
) -> MatchProgress {
    let (first, second) = (engine_factory(first, first_evaluator), engine_factory(second, second_evaluator));
    infallible(run_player_match(Openings::Random(start), &first, &second, config, on_game))
}

/// [`run_match`] from the given openings instead of random ones: pair `i`
/// (games `2i` and `2i + 1`) starts from `openings[i % openings.len()]`,
/// which counts for repetitions as the moves before the engines' first.
/// `config.opening_plies` and `config.seed` are not used.
///
/// # Panics
/// If `openings` is empty, or as [`run_match`].
pub fn run_match_with_openings<G: EngineGame, E: Evaluator<G>>(
    openings: &[GameRecord<G>],
    first: &EngineSpec,
    second: &EngineSpec,
    first_evaluator: &E,
    second_evaluator: &E,
    config: &MatchConfig,
    on_game: impl FnMut(&MatchGame<G>, &MatchProgress) -> ControlFlow<()>,
) -> MatchProgress {
    let (first, second) = (engine_factory(first, first_evaluator), engine_factory(second, second_evaluator));
    infallible(run_player_match(Openings::Listed(openings), &first, &second, config, on_game))
}

/// Where the openings of a [`run_player_match`] come from.
#[derive(Clone, Copy, Debug)]
pub enum Openings<'a, G: Game> {
    /// `config.opening_plies` random plies from this position, seeded by
    /// `config.seed` and the pair, as [`run_match`] plays them.
    Random(&'a G),
    /// Pair `i` from opening `i` modulo the list, as
    /// [`run_match_with_openings`] plays them (the list is not empty).
    Listed(&'a [GameRecord<G>]),
}

/// Reads a list of openings for [`Openings::Listed`]: one opening a line,
/// its moves from `start` in the game's notation separated by spaces;
/// blank lines and `#` comments are skipped. The format of the shipped
/// `openings/*.txt` files, read by `damero match --openings` and the
/// Python `match(openings=...)`.
///
/// # Errors
/// [`OpeningsError`] for the first line that is not an opening (a move
/// that is not legal, or an opening that ends the game), or when no line
/// holds one.
pub fn parse_openings<G: Game>(text: &str, start: &G) -> Result<Vec<GameRecord<G>>, OpeningsError> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let at = |kind| OpeningsError::Line { line: number + 1, kind };
        let mut record = GameRecord::new(*start);
        for text in line.split_whitespace() {
            if record.outcome().is_some() {
                return Err(at(OpeningLineError::AfterTheEnd(text.to_owned())));
            }
            record
                .try_play(text)
                .map_err(|e| at(OpeningLineError::Move { text: text.to_owned(), reason: e.to_string() }))?;
        }
        if record.outcome().is_some() {
            return Err(at(OpeningLineError::EndsTheGame));
        }
        openings.push(record);
    }
    if openings.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(openings)
}

/// Why [`parse_openings`] refused a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningsError {
    /// A line (counted from 1) that is not an opening.
    Line {
        /// The line number, from 1.
        line: usize,
        /// What is wrong with it.
        kind: OpeningLineError,
    },
    /// No line holds an opening.
    Empty,
}

/// What is wrong with one line of a list of openings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningLineError {
    /// A move that does not parse or is not legal there.
    Move {
        /// The move as written.
        text: String,
        /// The game's reason.
        reason: String,
    },
    /// A move after the moves before it ended the game.
    AfterTheEnd(String),
    /// The opening's moves end the game: nothing would be left to play.
    EndsTheGame,
}

impl core::fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            OpeningsError::Line { line, kind } => write!(f, "line {line}: {kind}"),
            OpeningsError::Empty => f.write_str("holds no opening"),
        }
    }
}

impl core::fmt::Display for OpeningLineError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            OpeningLineError::Move { text, reason } => write!(f, "'{text}': {reason}"),
            OpeningLineError::AfterTheEnd(text) => write!(f, "'{text}' comes after the end of the game"),
            OpeningLineError::EndsTheGame => f.write_str("the opening ends the game"),
        }
    }
}

impl std::error::Error for OpeningsError {}

/// A match between any two [`MatchPlayer`]s, each side made by its
/// factory for a pair: [`run_match`] for players that are not [`Engine`]s
/// (an external engine over a protocol, say). A player is made afresh for
/// every pair unless it asks to be kept
/// ([`MatchPlayer::keep_between_pairs`]); then its thread keeps it for its
/// next pair.
///
/// `config.first_pair` starts the match at that pair: the games (their
/// numbers and openings) are those of a match from pair 0, so runs that
/// each start where the last stopped together play the whole match.
///
/// A player that fails during a game ([`MatchPlayer::choose`] returns an
/// error) forfeits that game ([`MatchGame::forfeit`]) and the match goes
/// on; the next pair gets a fresh player on that side unless the failed
/// one still asks to be kept (a Hub engine that failed does not).
///
/// # Errors
/// A factory that fails (an external engine that cannot be started) ends
/// the match: the error carries the tally of the games finished before.
///
/// # Panics
/// If `openings` is an empty list.
pub fn run_player_match<G: EngineGame>(
    openings: Openings<'_, G>,
    first: &PlayerFactory<'_, G>,
    second: &PlayerFactory<'_, G>,
    config: &MatchConfig,
    on_game: impl FnMut(&MatchGame<G>, &MatchProgress) -> ControlFlow<()>,
) -> Result<MatchProgress, MatchError> {
    match openings {
        Openings::Random(start) => {
            let random = |pair: u32| {
                let seed = config.seed.wrapping_mul(0x9e37_79b9).wrapping_add(u64::from(pair));
                opening(start, config.opening_plies, &mut SeededRng::new(seed))
            };
            run_pairs(random, first, second, config, on_game)
        }
        Openings::Listed(list) => {
            assert!(!list.is_empty(), "a match needs at least one opening");
            let listed = |pair: u32| list[pair as usize % list.len()].clone();
            run_pairs(listed, first, second, config, on_game)
        }
    }
}

/// The [`PlayerFactory`] of a side that is one of damero's own engines:
/// a fresh [`Engine`] of `spec` over a clone of `evaluator` each time.
pub fn engine_factory<'a, G: EngineGame, E: Evaluator<G>>(
    spec: &'a EngineSpec,
    evaluator: &'a E,
) -> impl Fn() -> Result<Box<dyn MatchPlayer<G> + 'a>, PlayerError> + Sync + 'a {
    move || Ok(Box::new(Engine::new(spec, evaluator.clone())) as Box<dyn MatchPlayer<G>>)
}

/// The tally of a match whose players cannot fail to start.
fn infallible(result: Result<MatchProgress, MatchError>) -> MatchProgress {
    // An engine factory never returns an error; were one to, the games
    // played so far are still the match's.
    result.unwrap_or_else(|error| error.progress)
}

/// The pairs of a match, pair `i` from `opening_of(i)`.
fn run_pairs<G: EngineGame>(
    opening_of: impl Fn(u32) -> GameRecord<G> + Sync,
    first: &PlayerFactory<'_, G>,
    second: &PlayerFactory<'_, G>,
    config: &MatchConfig,
    mut on_game: impl FnMut(&MatchGame<G>, &MatchProgress) -> ControlFlow<()>,
) -> Result<MatchProgress, MatchError> {
    let pairs = config.games.div_ceil(2);
    // Pairs are counted from 0 in this run; pair `first_pair + index` of
    // the match, while its second game's number fits a `u32`.
    let next_pair = AtomicU32::new(0);
    let last_pair = u32::MAX >> 1;
    let stop = Arc::new(AtomicBool::new(false));
    let mut tally = MatchProgress { total: config.games, ..MatchProgress::default() };
    let threads = config.threads.clamp(1, pairs.max(1) as usize);
    // The first factory error, which ends the match.
    let failure: Mutex<Option<PlayerError>> = Mutex::new(None);
    let play_pairs = |send: &mut dyn FnMut(MatchGame<G>) -> bool| {
        // The players this thread keeps from its last pair
        // (`MatchPlayer::keep_between_pairs`).
        let mut kept: [Option<Box<dyn MatchPlayer<G> + '_>>; 2] = [None, None];
        loop {
            let index = next_pair.fetch_add(1, Ordering::Relaxed);
            let pair = config.first_pair.saturating_add(index);
            if index >= pairs || pair > last_pair || stop.load(Ordering::Relaxed) {
                return;
            }
            let [kept_first, kept_second] = &mut kept;
            let made = kept_or_made(kept_first, first);
            let mut engines = match made.and_then(|a| Ok([a, kept_or_made(kept_second, second)?])) {
                Ok(engines) => engines,
                Err(error) => {
                    let mut slot = failure.lock().unwrap_or_else(PoisonError::into_inner);
                    slot.get_or_insert(error);
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
            };
            for engine in &mut engines {
                engine.set_stop_flag(Arc::clone(&stop));
            }
            let opening = opening_of(pair);
            for (number, in_run) in [(2 * pair, 2 * index), (2 * pair + 1, 2 * index + 1)] {
                if in_run >= config.games {
                    break;
                }
                let Some(game) = play_game(&opening, number, &mut engines, config.max_plies, &stop) else {
                    return;
                };
                if !send(game) {
                    return;
                }
            }
            kept = engines.map(|engine| engine.keep_between_pairs().then_some(engine));
        }
    };
    // The first game's score of each pair whose second game is to come
    // (a pair's games come in order: one thread plays both).
    let mut first_of_pair = HashMap::new();
    let mut deliver = |game: MatchGame<G>| {
        tally.add(&game);
        let pair = game.number / 2;
        if game.number.is_multiple_of(2) {
            first_of_pair.insert(pair, game.first_engine_score());
        } else if let Some(first) = first_of_pair.remove(&pair) {
            tally.pairs.add(first, game.first_engine_score());
        }
        let flow = on_game(&game, &tally);
        if flow.is_break() {
            stop.store(true, Ordering::Relaxed);
        }
        flow.is_continue()
    };
    if threads == 1 {
        play_pairs(&mut deliver);
    } else {
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            for _ in 0..threads {
                let sender = sender.clone();
                let play_pairs = &play_pairs;
                scope.spawn(move || play_pairs(&mut |game| sender.send(game).is_ok()));
            }
            drop(sender);
            for game in receiver {
                if !deliver(game) {
                    // Dropping the receiver makes the workers' next send fail.
                    break;
                }
            }
        });
    }
    match failure.into_inner().unwrap_or_else(PoisonError::into_inner) {
        Some(error) => Err(MatchError { progress: tally, error }),
        None => Ok(tally),
    }
}

/// The player `kept` from the last pair, or a new one from `factory`.
fn kept_or_made<'k, 'f: 'k, G: Game>(
    kept: &mut Option<Box<dyn MatchPlayer<G> + 'k>>,
    factory: &PlayerFactory<'f, G>,
) -> Result<Box<dyn MatchPlayer<G> + 'k>, PlayerError> {
    match kept.take() {
        Some(player) => Ok(player),
        None => Ok(factory()?),
    }
}

/// Plays game `number` of a match from `opening`; `None` when `stop` was
/// raised during it.
fn play_game<G: EngineGame>(
    opening: &GameRecord<G>,
    number: u32,
    engines: &mut [Box<dyn MatchPlayer<G> + '_>; 2],
    max_plies: u32,
    stop: &AtomicBool,
) -> Option<MatchGame<G>> {
    let first_engine_color = if number.is_multiple_of(2) { Color::White } else { Color::Black };
    let mut record = opening.clone();
    let opening_plies = record.moves().len();
    let mut forfeit = None;
    // The side that cannot start a game loses it.
    let unready =
        engines.iter_mut().enumerate().find_map(|(index, engine)| Some((index, engine.new_game().err()?)));
    let (outcome, capped) = if let Some((index, error)) = unready {
        forfeit = Some(error.to_string());
        let loser = if index == 0 { first_engine_color } else { !first_engine_color };
        (Outcome::Win(!loser), false)
    } else {
        loop {
            if let Some(outcome) = record.outcome() {
                break (outcome, false);
            }
            if record.moves().len() >= max_plies as usize {
                break (Outcome::Draw, true);
            }
            let side = record.position().side_to_move();
            let engine = &mut engines[usize::from(side != first_engine_color)];
            let chosen = engine.choose(&record);
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            if engine.flagged() {
                // Out of time on a `tc=` clock: the time manager should never
                // let this happen, but a loaded machine can.
                break (Outcome::Win(!side), false);
            }
            match chosen {
                Ok(Some(mv)) => record.play(mv),
                Ok(None) => break (record.position().terminal_outcome(), false),
                Err(error) => {
                    forfeit = Some(error.to_string());
                    break (Outcome::Win(!side), false);
                }
            }
        }
    };
    Some(MatchGame { number, record, opening_plies, first_engine_color, outcome, capped, forfeit })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_read_a_line_each_and_a_bad_line_is_named() {
        use damero_draughts::{Russian, RussianRules};
        let start = Russian::start(RussianRules::default());
        let text = "# two openings\n\nc3-d4 f6-g5  # the second move\n  e3-f4\n";
        let openings = parse_openings(text, &start).unwrap();
        let moves: Vec<usize> = openings.iter().map(|o| o.moves().len()).collect();
        assert_eq!(moves, [2, 1]);
        assert_eq!(
            openings[1].position().fen(),
            "B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,g3,f4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
        );
        let error = parse_openings("c3-d4\nc3-d4 z9-z8\n", &start).unwrap_err();
        assert!(
            matches!(&error, OpeningsError::Line { line: 2, kind: OpeningLineError::Move { text, .. } } if text == "z9-z8"),
            "{error:?}"
        );
        assert!(error.to_string().starts_with("line 2: 'z9-z8': "), "{error}");
        assert_eq!(parse_openings("# none\n\n", &start).unwrap_err(), OpeningsError::Empty);
        assert_eq!(parse_openings("", &start).unwrap_err().to_string(), "holds no opening");
        // A won position: its one move ends the game, nothing is left to play.
        let won = Russian::from_fen("W:Wc3:Bd4", RussianRules::default()).unwrap();
        let error = parse_openings("c3:e5", &won).unwrap_err();
        assert_eq!(error, OpeningsError::Line { line: 1, kind: OpeningLineError::EndsTheGame });
        assert_eq!(error.to_string(), "line 1: the opening ends the game");
        let error = parse_openings("c3:e5 d6-c5", &won).unwrap_err();
        assert_eq!(error.to_string(), "line 1: 'd6-c5' comes after the end of the game");
    }

    #[test]
    fn elo_estimate_matches_hand_values() {
        let (elo, margin) = elo_estimate(10, 0, 10);
        assert!(elo.abs() < 1e-9);
        // p = 0.5, σ = 0.5, n = 20: p ± 0.219 → about ±160 Elo.
        assert!((margin - 159.0).abs() < 5.0, "{margin}");
        // 75%: 400·log10(3) = 190.85.
        let (elo, _) = elo_estimate(10, 10, 0);
        assert!((elo - 190.85).abs() < 0.1, "{elo}");
        let (elo, margin) = elo_estimate(3, 0, 0);
        assert!(elo.is_infinite() && margin.is_infinite());
        assert_eq!(elo_estimate(0, 0, 0).0, 0.0);
        // More games, smaller margin.
        assert!(elo_estimate(100, 0, 100).1 < elo_estimate(10, 0, 10).1);
    }

    #[test]
    fn pairs_are_counted_by_both_results_in_either_order() {
        let mut pairs = PairTally::default();
        for (first, second) in
            [(1.0, 1.0), (1.0, 0.5), (0.5, 1.0), (0.0, 1.0), (1.0, 0.0), (0.5, 0.5), (0.0, 0.5), (0.0, 0.0)]
        {
            pairs.add(first, second);
        }
        let expected =
            PairTally { won_both: 1, won_drew: 2, won_lost: 2, drew_both: 1, drew_lost: 1, lost_both: 1 };
        assert_eq!(pairs, expected);
        assert_eq!(pairs.count(), 8);
    }

    #[test]
    fn pair_elo_matches_hand_values() {
        // Ten pairs won twice, ten split: pair scores 1 and ½, p = ¾,
        // 400·log10(3) = 190.85; σ = ¼, n = 20: p ± 0.1096 is 0.6404 to
        // 0.8596, 100.3 to 314.8 Elo, a margin of 107.2.
        let pairs = PairTally { won_both: 10, won_lost: 10, ..PairTally::default() };
        let (elo, margin) = pairs.elo();
        assert!((elo - 190.85).abs() < 0.1, "{elo}");
        assert!((margin - 107.2).abs() < 0.5, "{margin}");
        // The same games as forty independent ones: 30 wins and 10 losses,
        // p = ¾ again, with a wider margin than the pairs show.
        let (game_elo, game_margin) = elo_estimate(30, 0, 10);
        assert!((game_elo - elo).abs() < 1e-9);
        assert!(game_margin > margin, "{game_margin} {margin}");
        // Every pair split: no difference, and no spread at all.
        let split = PairTally { won_lost: 7, drew_both: 3, ..PairTally::default() };
        assert_eq!(split.elo(), (0.0, 0.0));
        assert_eq!(PairTally::default().elo().0, 0.0);
        assert!(PairTally { lost_both: 2, ..PairTally::default() }.elo().0.is_infinite());
    }
}
