//! Playing levels for `damero play --level L`.
//!
//! As in the Russian program of the seed text, levels run from −1, the
//! simplest, upwards, and thinking grows about five-fold every two levels.
//! Levels up to 9 limit nodes, not time, so they play the same on every
//! machine; level 10 is the strongest the machine allows (five seconds a
//! move on every core).
//!
//! | level | engine |
//! |---|---|
//! | −1 | a random legal move |
//! | 0 | alpha-beta depth 1, evaluation noise ±300 |
//! | 1 | depth 2, noise ±100 |
//! | 2 | depth 4, noise ±30 |
//! | 3..=9 | alpha-beta, 2000·√5^(L−3) nodes (2 000 … 250 000) |
//! | 10 | alpha-beta, 5 s a move, every core, 128 MiB table |

use core::fmt;
use std::time::Duration;

use crate::alphabeta::AlphaBetaConfig;
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

/// The engine that plays at `level`; `seed` varies the weak levels' noise
/// and random moves.
///
/// # Errors
/// [`LevelError`] outside [`MIN_LEVEL`]`..=`[`MAX_LEVEL`].
pub fn level_spec(level: i32, seed: u64) -> Result<EngineSpec, LevelError> {
    let alphabeta =
        |config: AlphaBetaConfig, limits: SpecLimits| EngineSpec::AlphaBeta { config, limits, eval: None };
    let noisy = |depth: u32, noise: i32| {
        alphabeta(
            AlphaBetaConfig { noise, seed, tt_mib: 16, ..AlphaBetaConfig::default() },
            SpecLimits { depth: Some(depth), ..SpecLimits::default() },
        )
    };
    Ok(match level {
        -1 => EngineSpec::Random { seed },
        0 => noisy(1, 300),
        1 => noisy(2, 100),
        2 => noisy(4, 30),
        3..=9 => {
            let nodes = (2000.0 * 5f64.sqrt().powi(level - 3)).round() as u64;
            alphabeta(
                AlphaBetaConfig { tt_mib: 32, seed, ..AlphaBetaConfig::default() },
                SpecLimits { nodes: Some(nodes), ..SpecLimits::default() },
            )
        }
        10 => {
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            alphabeta(
                AlphaBetaConfig { threads, tt_mib: 128, seed, ..AlphaBetaConfig::default() },
                SpecLimits { movetime: Some(Duration::from_secs(5)), ..SpecLimits::default() },
            )
        }
        _ => return Err(LevelError { level }),
    })
}
