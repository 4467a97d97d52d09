//! Playing levels for `damero play --level L`.
//!
//! As in the Russian program of the seed text, levels run from −1, the
//! simplest, upwards, and thinking time grows about five-fold every two
//! levels (×√5 a level), from instant at −1 and 0 to the strongest the
//! machine allows at 10. Levels 1 to 9 search for a time budget; level 10
//! searches five seconds a move on every core with a larger table.
//!
//! | level | engine | time a move |
//! |---|---|---|
//! | −1 | a random legal move | instant |
//! | 0 | alpha-beta depth 1, evaluation noise ±300 | instant |
//! | 1 | depth ≤ 3, noise ±100 | ≤ 4 ms |
//! | 2 | depth ≤ 5, noise ±30 | ≤ 8 ms |
//! | 3 | alpha-beta | 18 ms |
//! | 4 | alpha-beta | 40 ms |
//! | 5 | alpha-beta | 89 ms |
//! | 6 | alpha-beta | 0.2 s |
//! | 7 | alpha-beta | 0.45 s |
//! | 8 | alpha-beta | 1 s |
//! | 9 | alpha-beta | 2.2 s |
//! | 10 | alpha-beta, every core, 128 MiB table | 5 s |
//!
//! The budget of level L (1 ≤ L ≤ 10) is 5 s · √5^(L−10), the
//! [`level_budget`]. For reproducible play (tests, ladders at fixed seeds)
//! [`level_spec_with`] turns each budget into a node count at a given
//! speed instead of a clock.

use core::fmt;
use std::time::Duration;

use damero_search::AlphaBetaConfig;

use crate::engine::{EngineSpec, SpecLimits};

/// The weakest level.
pub const MIN_LEVEL: i32 = -1;
/// The strongest level.
pub const MAX_LEVEL: i32 = 10;

/// A level outside [`MIN_LEVEL`]`..=`[`MAX_LEVEL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelError {
    /// The level asked for.
    pub level: i32,
}

impl fmt::Display for LevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "level {} does not exist (levels run from {MIN_LEVEL} to {MAX_LEVEL})", self.level)
    }
}

impl std::error::Error for LevelError {}

/// How a level's time budget is spent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LevelClock {
    /// By the clock (what `damero play` uses).
    Time,
    /// As nodes, at this many nodes a second: the same moves on every
    /// machine and under any load.
    NodesPerSecond(u64),
}

/// The thinking time of `level`: zero at −1 and 0, then 5 s · √5^(L−10).
pub fn level_budget(level: i32) -> Duration {
    if level <= 0 {
        return Duration::ZERO;
    }
    // Whole milliseconds, so a level's spec reads back from its text form.
    Duration::from_millis((5000.0 * 5f64.sqrt().powi(level.min(MAX_LEVEL) - MAX_LEVEL)).round() as u64)
}

/// The engine that plays at `level`; `seed` varies the weak levels' noise
/// and random moves.
///
/// # Errors
/// [`LevelError`] outside [`MIN_LEVEL`]`..=`[`MAX_LEVEL`].
pub fn level_spec(level: i32, seed: u64) -> Result<EngineSpec, LevelError> {
    level_spec_with(level, seed, LevelClock::Time)
}

/// [`level_spec`] with the budget spent as `clock` says.
///
/// # Errors
/// [`LevelError`] outside [`MIN_LEVEL`]`..=`[`MAX_LEVEL`].
pub fn level_spec_with(level: i32, seed: u64, clock: LevelClock) -> Result<EngineSpec, LevelError> {
    let budget = level_budget(level);
    let limits = |depth: Option<u32>| match clock {
        LevelClock::Time => SpecLimits { depth, movetime: Some(budget), ..SpecLimits::default() },
        LevelClock::NodesPerSecond(rate) => SpecLimits {
            depth,
            nodes: Some(((budget.as_secs_f64() * rate as f64) as u64).max(1)),
            ..SpecLimits::default()
        },
    };
    let alphabeta =
        |config: AlphaBetaConfig, limits: SpecLimits| EngineSpec::AlphaBeta { config, limits, eval: None };
    let noisy = |noise: i32, limits: SpecLimits| {
        alphabeta(AlphaBetaConfig { noise, seed, tt_mib: 16, ..AlphaBetaConfig::default() }, limits)
    };
    Ok(match level {
        -1 => EngineSpec::Random { seed },
        0 => noisy(300, SpecLimits { depth: Some(1), ..SpecLimits::default() }),
        1 => noisy(100, limits(Some(3))),
        2 => noisy(30, limits(Some(5))),
        3..=9 => alphabeta(AlphaBetaConfig { tt_mib: 32, seed, ..AlphaBetaConfig::default() }, limits(None)),
        10 => {
            let threads = match clock {
                LevelClock::Time => std::thread::available_parallelism().map_or(1, |n| n.get()),
                LevelClock::NodesPerSecond(_) => 1,
            };
            alphabeta(
                AlphaBetaConfig { threads, tt_mib: 128, seed, ..AlphaBetaConfig::default() },
                limits(None),
            )
        }
        _ => return Err(LevelError { level }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MatchConfig, run_match};
    use damero_core::Game;
    use damero_draughts::Russian;
    use damero_eval::DraughtsEvaluator;

    #[test]
    fn budgets_grow_five_fold_every_two_levels() {
        assert_eq!(level_budget(-1), Duration::ZERO);
        assert_eq!(level_budget(0), Duration::ZERO);
        assert_eq!(level_budget(10), Duration::from_secs(5));
        for level in 1..=8 {
            let ratio = level_budget(level + 2).as_secs_f64() / level_budget(level).as_secs_f64();
            // Budgets are whole milliseconds: level 1 is 4 ms, level 3 18 ms.
            assert!((ratio - 5.0).abs() < 0.6, "level {level}: {ratio}");
        }
        assert!(level_spec(11, 0).is_err() && level_spec(-2, 0).is_err());
    }

    /// Each rung of the ladder beats the one below at fixed seeds, on node
    /// budgets (20 000 nodes a second) so the games are the same everywhere.
    #[test]
    fn the_ladder_is_ordered() {
        let start = Russian::start(Default::default());
        let clock = LevelClock::NodesPerSecond(20_000);
        for (weak, strong) in [(-1, 2), (2, 5), (5, 8)] {
            let weak_spec = level_spec_with(weak, 3, clock).unwrap();
            let strong_spec = level_spec_with(strong, 3, clock).unwrap();
            let config = MatchConfig {
                games: 4,
                opening_plies: 2,
                max_plies: 160,
                seed: 11,
                threads: 1,
                first_pair: 0,
            };
            let evaluator = DraughtsEvaluator::default();
            let t = run_match(&start, &strong_spec, &weak_spec, &evaluator, &evaluator, &config, |_, _| {
                core::ops::ControlFlow::Continue(())
            });
            assert!(
                t.wins > t.losses,
                "level {strong} against {weak}: +{} ={} -{}",
                t.wins,
                t.draws,
                t.losses
            );
        }
    }
}
