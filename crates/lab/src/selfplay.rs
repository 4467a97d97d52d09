//! Self-play games that make training data for evaluation tuning.
//!
//! Each game is a function of the seed and its index alone (a random
//! opening, then an engine limited by nodes on one thread), so a batch can be
//! cut into shards run anywhere and concatenated: shard `i` of `n` plays the
//! `i`-th contiguous block of game indices ([`shard_range`]), and the shards'
//! outputs, concatenated in order, are the unsharded output.
//!
//! A sample is a quiet position (the side to move may stand pat, so no
//! capture is pending) with the search's score and the game's result, both
//! from White's point of view. Text format, one sample a line:
//!
//! ```text
//! FEN<TAB>SCORE<TAB>RESULT
//! ```
//!
//! where `SCORE` is in centipawns for White (proven results clamped to
//! ±[`SCORE_CLAMP`]) and `RESULT` is `1-0`, `0-1` or `1/2-1/2`. Lines starting
//! with `#` are comments.

use core::fmt;
use core::ops::Range;

use damero_core::{Color, Evaluator, Game, GameRecord, MoveList, Outcome};

use damero_engine::{Engine, EngineGame, EngineSpec, SpecError};
use damero_search::SeededRng;

/// Search scores beyond this (proven or known results) are written as it.
pub const SCORE_CLAMP: i32 = 5_000;

/// How self-play games are played.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfplayConfig {
    /// The engine playing both sides (its limits should be nodes or depth,
    /// on one thread, for reproducible games).
    pub engine: EngineSpec,
    /// Random plies opening each game: a number drawn in this range.
    pub opening_plies: Range<u32>,
    /// A game longer than this is a draw.
    pub max_plies: u32,
    /// The seed of every game.
    pub seed: u64,
}

/// One training sample: a quiet position, the search's score and the
/// result, both from White's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample<G: Game> {
    /// The position.
    pub position: G,
    /// The search's score in centipawns for White, clamped to ±[`SCORE_CLAMP`].
    pub score: i32,
    /// How the game ended.
    pub outcome: Outcome,
}

impl<G: Game> fmt::Display for Sample<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\t{}\t{}", self.position.fen(), self.score, self.outcome.result_text())
    }
}

/// Why a sample line was rejected.
#[derive(Debug)]
pub enum SampleError<E> {
    /// Not three tab-separated fields.
    Fields,
    /// The position text was rejected.
    Position(E),
    /// The score is not an integer.
    Score(String),
    /// The result is not `1-0`, `0-1` or `1/2-1/2`.
    Result(String),
}

impl<E: fmt::Display> fmt::Display for SampleError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SampleError::Fields => f.write_str("expected FEN, score and result separated by tabs"),
            SampleError::Position(e) => write!(f, "bad position: {e}"),
            SampleError::Score(s) => write!(f, "bad score '{s}' (expected an integer)"),
            SampleError::Result(s) => write!(f, "bad result '{s}' (expected 1-0, 0-1 or 1/2-1/2)"),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> std::error::Error for SampleError<E> {}

impl<G: Game> Sample<G> {
    /// Reads one sample line; `None` for a blank or `#` comment line.
    ///
    /// # Errors
    /// [`SampleError`] naming the field that is wrong.
    pub fn parse(line: &str, rules: G::Rules) -> Option<Result<Sample<G>, SampleError<G::FenError>>> {
        let line = line.trim_end_matches(['\r', '\n']);
        if line.trim().is_empty() || line.starts_with('#') {
            return None;
        }
        let mut fields = line.split('\t');
        let (Some(fen), Some(score), Some(result), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Some(Err(SampleError::Fields));
        };
        Some((|| {
            let position = G::from_fen(fen, rules).map_err(SampleError::Position)?;
            let score = score.trim().parse().map_err(|_| SampleError::Score(score.to_owned()))?;
            let outcome = match result.trim() {
                "1-0" => Outcome::Win(Color::White),
                "0-1" => Outcome::Win(Color::Black),
                "1/2-1/2" => Outcome::Draw,
                other => return Err(SampleError::Result(other.to_owned())),
            };
            Ok(Sample { position, score, outcome })
        })())
    }
}

/// The game indices shard `index` of `count` plays out of `games`: the
/// `index`-th of `count` contiguous blocks, sizes differing by at most one.
pub fn shard_range(games: u64, index: u64, count: u64) -> Range<u64> {
    let count = count.max(1);
    let index = index.min(count - 1);
    let at = |i: u64| ((u128::from(games) * u128::from(i)) / u128::from(count)) as u64;
    at(index)..at(index + 1)
}

/// Plays game number `index` of a batch and returns its samples, in the
/// order played. The same config and index give the same samples.
///
/// It builds an engine for the one game; to play many, a [`SelfPlayer`]
/// per thread keeps its engine (and the memory of its table) from game to
/// game, with the same samples.
pub fn selfplay_game<G: EngineGame, E: Evaluator<G>>(
    start: &G,
    evaluator: &E,
    config: &SelfplayConfig,
    index: u64,
) -> Vec<Sample<G>> {
    SelfPlayer::new(config.clone(), evaluator.clone()).play(start, index)
}

/// Plays self-play games one after another with one engine: a batch's
/// worker keeps one, so the engine's table is allocated (and its pages
/// mapped) once rather than for every game. The engine is
/// [reset](Engine::reset) before each game, so a game's samples depend on
/// the config and its index alone, as with [`selfplay_game`], whatever games
/// the player played before.
#[derive(Debug)]
pub struct SelfPlayer<G: EngineGame, E: Evaluator<G>> {
    config: SelfplayConfig,
    /// The evaluator as given, which decides which positions are quiet
    /// (the engine's may be another one, named by the spec's `eval=`).
    evaluator: E,
    engine: Engine<G, E>,
}

impl<G: EngineGame, E: Evaluator<G>> SelfPlayer<G, E> {
    /// A player of `config`'s games.
    ///
    /// # Panics
    /// If the spec names an evaluator `evaluator` does not know: check specs
    /// from users with [`SelfPlayer::try_new`].
    pub fn new(config: SelfplayConfig, evaluator: E) -> SelfPlayer<G, E> {
        match SelfPlayer::try_new(config, evaluator) {
            Ok(player) => player,
            Err(error) => panic!("{error}"),
        }
    }

    /// A player of `config`'s games.
    ///
    /// # Errors
    /// [`SpecError::UnknownEvaluator`] when the spec names an evaluator the
    /// game does not have.
    pub fn try_new(config: SelfplayConfig, evaluator: E) -> Result<SelfPlayer<G, E>, SpecError> {
        let engine = Engine::try_new(&config.engine, evaluator.clone())?;
        Ok(SelfPlayer { config, evaluator, engine })
    }

    /// Plays game number `index` of the batch from `start` and returns its
    /// samples, in the order played.
    pub fn play(&mut self, start: &G, index: u64) -> Vec<Sample<G>> {
        let config = &self.config;
        let mut rng =
            SeededRng::new(damero_core::splitmix64(config.seed ^ index.wrapping_mul(0x9e37_79b9)).1);
        let span = config.opening_plies.end.saturating_sub(config.opening_plies.start).max(1);
        let opening = config.opening_plies.start + rng.below(span as usize) as u32;
        let mut record = GameRecord::new(*start);
        let mut moves = MoveList::new();
        for _ in 0..opening {
            record.position().legal_moves(&mut moves);
            if moves.is_empty() || record.outcome().is_some() {
                break;
            }
            record.play(moves[rng.below(moves.len())]);
        }
        self.engine.reset();
        let mut pending: Vec<(G, i32)> = Vec::new();
        let outcome = loop {
            if let Some(outcome) = record.outcome() {
                break outcome;
            }
            if record.moves().len() >= config.max_plies as usize {
                break Outcome::Draw;
            }
            let position = *record.position();
            let result = self.engine.think(&record, |_| {});
            let Some(mv) = result.best_move else {
                break position.terminal_outcome();
            };
            if self.evaluator.may_stand_pat(&position) {
                let score = result.score.0.clamp(-SCORE_CLAMP, SCORE_CLAMP);
                let white = if position.side_to_move() == Color::White { score } else { -score };
                pending.push((position, white));
            }
            record.play(mv);
        };
        pending.into_iter().map(|(position, score)| Sample { position, score, outcome }).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_the_games_once_in_order() {
        for games in [0u64, 1, 7, 100, 101] {
            for count in 1..6u64 {
                let mut next = 0;
                for index in 0..count {
                    let range = shard_range(games, index, count);
                    assert_eq!(range.start, next);
                    next = range.end;
                }
                assert_eq!(next, games);
            }
        }
    }
}
