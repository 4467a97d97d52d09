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
//!
//! A batch's file ([`write_file`]) starts with a `#` line naming the
//! batch ([`SelfplayBatch::header`]) and follows each game's samples with
//! `# end of game N`: a file cut anywhere by an interrupt is, up to its
//! last such line, the file of the games before, and a resumed batch goes
//! on from there to the file an uninterrupted one writes.

use core::fmt;
use core::ops::Range;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;

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

/// The games of shard `shard = (i, n)` of a batch of `games` self-play
/// games, played by [`SelfPlayer`]s on a few threads, in game order.
#[derive(Debug)]
pub struct SelfplayBatch<G: EngineGame, E: Evaluator<G>> {
    config: SelfplayConfig,
    start: G,
    evaluator: E,
    games: u64,
    range: Range<u64>,
}

impl<G: EngineGame, E: Evaluator<G>> SelfplayBatch<G, E> {
    /// Shard `shard = (i, n)` (0-based) of `games` games from `start`.
    ///
    /// # Errors
    /// [`SpecError::UnknownEvaluator`] when the spec names an evaluator the
    /// game does not have.
    pub fn new(
        config: SelfplayConfig,
        start: G,
        evaluator: E,
        games: u64,
        shard: (u64, u64),
    ) -> Result<SelfplayBatch<G, E>, SpecError> {
        Engine::try_new(&config.engine, evaluator.clone())?;
        let range = shard_range(games, shard.0, shard.1);
        Ok(SelfplayBatch { config, start, evaluator, games, range })
    }

    /// The game indices this shard plays.
    pub fn range(&self) -> Range<u64> {
        self.range.clone()
    }

    /// The first line of the batch's file (without its newline): the game,
    /// the shard's games, the seed and the engine.
    pub fn header(&self) -> String {
        format!(
            "# damero selfplay {} games {}..{} of {} seed {} engine {}",
            G::NAME,
            self.range.start,
            self.range.end,
            self.games,
            self.config.seed,
            self.config.engine
        )
    }

    /// Plays the games `from..` the end of the shard on `threads` threads
    /// and calls `on_game(index, samples)` for each, in game order, as
    /// soon as the block of games it is in is played; stops at the first
    /// error `on_game` returns, and returns it. What `on_game` sees does not
    /// depend on `threads`.
    ///
    /// # Errors
    /// The first error of `on_game`.
    pub fn play<Error>(
        &self,
        from: u64,
        threads: usize,
        mut on_game: impl FnMut(u64, Vec<Sample<G>>) -> Result<(), Error>,
    ) -> Result<(), Error> {
        let threads = threads.max(1);
        // One engine (one table to allocate) per worker thread, not one per
        // game: each game takes a player from here and gives it back.
        let players: Mutex<Vec<SelfPlayer<G, E>>> = Mutex::new(Vec::new());
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
        let play = |index: u64| {
            let idle = players.lock().unwrap_or_else(|e| e.into_inner()).pop();
            let mut player =
                idle.unwrap_or_else(|| SelfPlayer::new(self.config.clone(), self.evaluator.clone()));
            let samples = player.play(&self.start, index);
            players.lock().unwrap_or_else(|e| e.into_inner()).push(player);
            samples
        };
        let block = threads as u64 * 4;
        let mut next = from.max(self.range.start);
        while next < self.range.end {
            let end = (next + block).min(self.range.end);
            let played: Vec<Vec<Sample<G>>> = match &pool {
                Ok(pool) => pool.install(|| (next..end).into_par_iter().map(play).collect()),
                // No thread pool to be had: the games one after another.
                Err(_) => (next..end).map(play).collect(),
            };
            for (index, samples) in (next..end).zip(played) {
                on_game(index, samples)?;
            }
            next = end;
        }
        Ok(())
    }
}

/// What [`write_file`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written {
    /// Games in the file, those a resumed batch found there included.
    pub games: u64,
    /// Samples in the file.
    pub samples: u64,
    /// Games a resumed batch found in the file (0 when not resumed).
    pub resumed_after: u64,
}

/// Why a self-play file could not be written or resumed.
#[derive(Debug)]
pub enum SelfplayFileError {
    /// Reading or writing the file failed.
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// `--resume` found a file another batch wrote.
    OtherBatch {
        /// The file.
        path: PathBuf,
        /// Its first line.
        found: String,
        /// The first line of this batch.
        expected: String,
    },
}

impl fmt::Display for SelfplayFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SelfplayFileError::Io { path, error } => write!(f, "cannot write {}: {error}", path.display()),
            SelfplayFileError::OtherBatch { path, found, expected } => write!(
                f,
                "{} is another batch's file ('{found}', not '{expected}'): resume with the same options",
                path.display()
            ),
        }
    }
}

impl std::error::Error for SelfplayFileError {}

/// The comment line that closes game `index`'s samples in a batch's file.
fn end_of_game(index: u64) -> String {
    format!("# end of game {index}")
}

/// Where a resumed batch goes on in the file `text`: the length of its
/// whole games (to keep), the next game and the samples kept. `None` when
/// `text` is not the file of `header`; a length of 0 when not even the
/// header is whole (an interrupt just after the file was created).
fn resume_point(text: &str, header: &str, range: &Range<u64>) -> Option<(usize, u64, u64)> {
    let Some(first_end) = text.find('\n') else {
        return header.starts_with(text).then_some((0, range.start, 0));
    };
    if &text[..first_end] != header {
        return None;
    }
    let mut kept = (first_end + 1, range.start, 0);
    let mut samples = 0;
    let mut at = first_end + 1;
    while let Some(length) = text[at..].find('\n') {
        let line = &text[at..at + length];
        at += length + 1;
        match line.strip_prefix("# end of game ").map(str::parse::<u64>) {
            Some(Ok(index)) if index == kept.1 && range.contains(&index) => kept = (at, index + 1, samples),
            Some(_) => return None,
            None if !line.starts_with('#') => samples += 1,
            None => {}
        }
    }
    Some(kept)
}

/// Plays `batch` on `threads` threads into the file at `path`: its header,
/// then each game's sample lines and its `# end of game N` line, flushed
/// game by game, so an interrupt leaves whole games and at most one cut
/// line. With `resume`, goes on after the last whole game of the file a
/// run of the same batch left (a missing file: from the first game); the
/// file ends as an uninterrupted run writes it. `on_game(games, samples)`
/// is called after each game is written, with the totals so far.
///
/// # Errors
/// [`SelfplayFileError`]: an I/O error (a full disk, a directory that
/// cannot be written) or, when resuming, a file of another batch.
pub fn write_file<G: EngineGame, E: Evaluator<G>>(
    batch: &SelfplayBatch<G, E>,
    path: &Path,
    resume: bool,
    threads: usize,
    mut on_game: impl FnMut(u64, u64),
) -> Result<Written, SelfplayFileError> {
    let io_error = |error| SelfplayFileError::Io { path: path.to_owned(), error };
    let header = batch.header();
    let range = batch.range();
    let existing = if resume {
        match std::fs::read_to_string(path) {
            Ok(text) => Some(text),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(io_error(e)),
        }
    } else {
        None
    };
    let (file, kept, next, mut samples) = match existing {
        Some(text) => {
            let (keep, next, samples) =
                resume_point(&text, &header, &range).ok_or_else(|| SelfplayFileError::OtherBatch {
                    path: path.to_owned(),
                    found: text.lines().next().unwrap_or_default().to_owned(),
                    expected: header.clone(),
                })?;
            let mut file = OpenOptions::new().write(true).open(path).map_err(io_error)?;
            file.set_len(keep as u64).map_err(io_error)?;
            io::Seek::seek(&mut file, io::SeekFrom::End(0)).map_err(io_error)?;
            (file, keep, next, samples)
        }
        None => (File::create(path).map_err(io_error)?, 0, range.start, 0),
    };
    let mut out = BufWriter::new(file);
    if kept == 0 {
        writeln!(out, "{header}").map_err(io_error)?;
    }
    let resumed_after = next - range.start;
    batch
        .play(next, threads, |index, game| {
            for sample in &game {
                writeln!(out, "{sample}")?;
            }
            writeln!(out, "{}", end_of_game(index))?;
            out.flush()?;
            samples += game.len() as u64;
            on_game(index + 1 - range.start, samples);
            Ok(())
        })
        .map_err(io_error)?;
    let file = out.into_inner().map_err(|e| io_error(e.into_error()))?;
    // A pipe or a device (`--out /dev/stdout`) has nothing to sync.
    if file.metadata().is_ok_and(|m| m.is_file()) {
        file.sync_all().map_err(io_error)?;
    }
    Ok(Written { games: range.end - range.start, samples, resumed_after })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_file_keeps_its_whole_games_only() {
        let header = "# damero selfplay russian games 2..5 of 5 seed 1 engine x";
        let range = 2..5;
        let two = format!("{header}\na\t1\t1-0\n# end of game 2\nb\t2\t0-1\nc\t3\t0-1\n# end of game 3\n");
        assert_eq!(resume_point(&two, header, &range), Some((two.len(), 4, 3)));
        // A game cut in its samples or in its end line: only the games before.
        let cut = format!("{two}d\t4\t1-0\n# end of ga");
        assert_eq!(resume_point(&cut, header, &range), Some((two.len(), 4, 3)));
        let header_only = format!("{header}\nd\t4");
        assert_eq!(resume_point(&header_only, header, &range), Some((header.len() + 1, 2, 0)));
        // Another batch's header, a cut header, a game out of order: refused.
        assert_eq!(resume_point(&two.replace("seed 1", "seed 2"), header, &range), None);
        assert_eq!(resume_point(&header[..10], header, &range), Some((0, 2, 0)));
        assert_eq!(resume_point("# damero selfplay english", header, &range), None);
        assert_eq!(resume_point(&two.replace("game 3", "game 4"), header, &range), None);
    }

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
