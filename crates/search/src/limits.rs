//! When a search stops: depth, nodes (or playouts), time, a game clock and
//! an external flag.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::time::Clock;

/// Limits on one search. Every limit that is set applies; the first one
/// reached stops the search. With no limit at all, alpha-beta stops at
/// [`MAX_PLY`](crate::MAX_PLY) depth and MCTS when its memory is full.
///
/// Alpha-beta always completes depth 1 (unless the [`stop`](Limits::stop) flag
/// is raised) so it has a move to give.
///
/// A [`clock`](Limits::clock) is not read by the searchers themselves:
/// the engine layer's `Engine` turns it into soft and hard times for the
/// position at hand ([`Clock::budget`]) before it searches.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Alpha-beta: the deepest iteration (plies). Ignored by MCTS, which is
    /// why the engine layer's `EngineSpec` rejects a depth for MCTS.
    pub depth: Option<u32>,
    /// Alpha-beta: nodes visited; MCTS: playouts.
    pub nodes: Option<u64>,
    /// Don't start another iteration (alpha-beta) after this much time;
    /// MCTS treats it as [`hard_time`](Limits::hard_time).
    pub soft_time: Option<Duration>,
    /// Stop searching after this much time, mid-iteration if need be.
    pub hard_time: Option<Duration>,
    /// The game clock of the side to move: remaining time, increment and
    /// moves to go.
    pub clock: Option<Clock>,
    /// The time is a fixed time per move ([`Limits::movetime`]): time left
    /// unspent is lost, not saved for later moves. Alpha-beta with
    /// [`partial_iterations`](crate::AlphaBetaConfig::partial_iterations)
    /// then ignores the soft time and searches until the hard one, since
    /// an iteration it cannot finish still gives its best move.
    pub fixed_time: bool,
    /// Stop as soon as possible when this becomes `true` (set from another
    /// thread, e.g. a user interface).
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// A fixed-depth search.
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// A search of at most `nodes` nodes (alpha-beta) or playouts (MCTS).
    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// A search of about `time`: never longer (hard limit). Alpha-beta
    /// without [`partial_iterations`](crate::AlphaBetaConfig::partial_iterations)
    /// starts no iteration after 60% of it, since the next one would rarely
    /// finish; with them (the default) it uses the whole time.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            soft_time: Some(time.mul_f64(0.6)),
            hard_time: Some(time),
            fixed_time: true,
            ..Limits::default()
        }
    }

    /// A search on a game clock (see [`Clock::budget`]).
    pub fn clock(clock: Clock) -> Limits {
        Limits { clock: Some(clock), ..Limits::default() }
    }

    /// These limits with a stop flag.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Limits {
        self.stop = Some(stop);
        self
    }

    /// Whether a time limit or a clock is set.
    pub fn is_timed(&self) -> bool {
        self.soft_time.is_some() || self.hard_time.is_some() || self.clock.is_some()
    }

    /// Whether nothing but the stop flag ends the search (an infinite
    /// analysis).
    pub fn is_infinite(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && !self.is_timed()
    }

    pub(crate) fn stop_requested(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
    }

    pub(crate) fn hard_time_up(&self, start: Instant) -> bool {
        self.hard_time.is_some_and(|t| start.elapsed() >= t)
    }

    pub(crate) fn soft_time_up(&self, start: Instant) -> bool {
        self.soft_time.or(self.hard_time).is_some_and(|t| start.elapsed() >= t)
    }
}
