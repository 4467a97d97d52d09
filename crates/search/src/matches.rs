//! Engine-against-engine matches from varied openings, and the Elo estimate.

use damero_core::{Color, Evaluator, Game, GameRecord, MoveList, Outcome};

use crate::engine::{Engine, EngineSpec};
use crate::rng::SeededRng;

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
}

impl Default for MatchConfig {
    fn default() -> MatchConfig {
        MatchConfig { games: 10, opening_plies: 4, max_plies: 300, seed: 1 }
    }
}

/// One game of a match.
#[derive(Clone, Debug)]
pub struct MatchGame<G: Game> {
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
}

/// A finished match.
#[derive(Clone, Debug)]
pub struct MatchResult<G: Game> {
    /// Every game, in the order played.
    pub games: Vec<MatchGame<G>>,
    /// The first engine's wins, draws and losses.
    pub tally: MatchProgress,
}

impl<G: Game> MatchResult<G> {
    /// The first engine's Elo difference over the second and its 95% margin
    /// ([`elo_estimate`]).
    pub fn elo(&self) -> (f64, f64) {
        elo_estimate(self.tally.wins, self.tally.draws, self.tally.losses)
    }
}

/// The Elo difference implied by a score of `wins + draws/2` out of `n`
/// games, and the half-width of its 95% confidence interval (normal
/// approximation of the per-game score, as in cutechess and fishtest):
/// `elo = -400·log10(1/p − 1)`, the margin half the Elo span of
/// `p ± 1.96·σ/√n`. A score of 0% or 100% gives an infinite difference and
/// margin; no games give `(0, ∞)`.
pub fn elo_estimate(wins: u32, draws: u32, losses: u32) -> (f64, f64) {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return (0.0, f64::INFINITY);
    }
    let (w, d, l) = (f64::from(wins) / n, f64::from(draws) / n, f64::from(losses) / n);
    let p = w + d / 2.0;
    let elo = |p: f64| -400.0 * (1.0 / p - 1.0).log10();
    if p <= 0.0 || p >= 1.0 {
        return (if p <= 0.0 { f64::NEG_INFINITY } else { f64::INFINITY }, f64::INFINITY);
    }
    let variance = w * (1.0 - p).powi(2) + d * (0.5 - p).powi(2) + l * p.powi(2);
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

/// Plays `config.games` games between the engines `first` and `second` from
/// `start`, each game from a random opening (the same one for both games of
/// a pair, colours swapped), both engines starting each game afresh
/// ([`Engine::new_game`]). A game ends by the game's own outcome
/// ([`GameRecord::outcome`]: decided positions, draw rules, repetition),
/// the ply cap, or an engine out of time on its `tc=` clock
/// ([`Engine::flagged`]). `progress` is called after every game.
///
/// With engines limited by depth or nodes on one thread, the whole match is
/// a function of its inputs: the same seed gives the same games.
pub fn run_match<G: Game, E: Evaluator<G>>(
    start: &G,
    first: &EngineSpec,
    second: &EngineSpec,
    evaluator: &E,
    config: &MatchConfig,
    mut progress: impl FnMut(&MatchProgress),
) -> MatchResult<G> {
    let mut engines = [Engine::new(first, evaluator.clone()), Engine::new(second, evaluator.clone())];
    let mut rng = SeededRng::new(config.seed);
    let mut tally = MatchProgress { total: config.games, ..MatchProgress::default() };
    let mut games = Vec::with_capacity(config.games as usize);
    let mut current_opening = GameRecord::new(*start);
    for game in 0..config.games {
        if game % 2 == 0 {
            current_opening = opening(start, config.opening_plies, &mut rng);
        }
        let first_engine_color = if game % 2 == 0 { Color::White } else { Color::Black };
        for engine in &mut engines {
            engine.new_game();
        }
        let mut record = current_opening.clone();
        let opening_plies = record.moves().len();
        let (outcome, capped) = loop {
            if let Some(outcome) = record.outcome() {
                break (outcome, false);
            }
            if record.moves().len() >= config.max_plies as usize {
                break (Outcome::Draw, true);
            }
            let side = record.position().side_to_move();
            let engine = if side == first_engine_color { &mut engines[0] } else { &mut engines[1] };
            let best_move = engine.think(&record, |_| {}).best_move;
            if engine.flagged() {
                // Out of time on a `tc=` clock: the time manager should never
                // let this happen, but a loaded machine can.
                break (Outcome::Win(!side), false);
            }
            match best_move {
                Some(mv) => record.play(mv),
                None => break (record.position().terminal_outcome(), false),
            }
        };
        let played = MatchGame { record, opening_plies, first_engine_color, outcome, capped };
        match played.first_engine_score() {
            s if s > 0.75 => tally.wins += 1,
            s if s < 0.25 => tally.losses += 1,
            _ => tally.draws += 1,
        }
        tally.played += 1;
        games.push(played);
        progress(&tally);
    }
    MatchResult { games, tally }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
