//! The time manager: a game clock (remaining time, increment, moves to go)
//! turned into a soft and a hard time budget for one move.
//!
//! The rules, in order:
//! - a reserve is never spent: 60 ms plus 1% of the clock (half the clock
//!   when less is left) covers the time between the engine's answer and the
//!   opponent's clock starting (pipes, the interface) — so the engine never
//!   flags;
//! - the rest is shared between the moves to go (25 when the clock says
//!   nothing: sudden death or Fischer), and three quarters of the increment
//!   is added, since it comes back after the move;
//! - the share grows with the number of legal moves (more choice, more to
//!   think about) from ×0.78 with two moves to ×1.2 with twelve or more
//!   (about ×1 for the eight or so of a typical draughts position), and a
//!   position with one legal move gets no time at all;
//! - the hard limit is four times the soft one, but never more than half of
//!   what is left (90% when this is the last move before the time control):
//!   so even when an interface loses part of the clock on every move
//!   (pydraughts: 50–80 ms), the clock does not run out as long as the
//!   increment covers that loss with a little to spare (checked: 70 ms lost
//!   per move on a 100 ms increment).

use std::time::Duration;

/// The clock of the side to move.
///
/// `remaining` is the time on the clock before this move, the increment is
/// added after every move (as in UCI; the Hub protocol adds it before the
/// move, so its `time + inc` is this `remaining`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the clock now.
    pub remaining: Duration,
    /// Time added after every move.
    pub increment: Duration,
    /// Moves until the next time control; `None` for the rest of the game.
    pub moves_to_go: Option<u32>,
}

/// The time to spend on one move: alpha-beta starts no iteration after
/// `soft`, and every search stops at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The target time.
    pub soft: Duration,
    /// The limit that is never passed.
    pub hard: Duration,
}

/// The moves a clock without moves-to-go is shared between.
const DEFAULT_MOVES_TO_GO: u32 = 25;
/// The most moves-to-go counted (beyond, the share would only get smaller).
const MAX_MOVES_TO_GO: u32 = 50;
/// The latency the reserve covers at most (plus 1% of the clock).
const RESERVE_LATENCY: f64 = 0.060;

impl Clock {
    /// The budget for a move in a position with `legal_moves` legal moves
    /// (see the module documentation). `hard` never exceeds `remaining`
    /// less the reserve, so an engine that honours it never loses on time.
    pub fn budget(&self, legal_moves: usize) -> Budget {
        if legal_moves <= 1 {
            return Budget { soft: Duration::ZERO, hard: Duration::ZERO };
        }
        let remaining = self.remaining.as_secs_f64();
        let increment = self.increment.as_secs_f64();
        let reserve = (remaining / 2.0).min(RESERVE_LATENCY + remaining / 100.0);
        let usable = (remaining - reserve).max(0.0);
        let moves = self.moves_to_go.unwrap_or(DEFAULT_MOVES_TO_GO).clamp(1, MAX_MOVES_TO_GO);
        let share = usable / f64::from(moves) + increment * 0.75;
        let complexity = 0.7 + 0.5 * (legal_moves.min(12) as f64 / 12.0);
        let ceiling = usable * if moves == 1 { 0.9 } else { 0.5 };
        let hard = (share * complexity * 4.0).min(ceiling);
        let soft = (share * complexity).min(hard);
        Budget { soft: Duration::from_secs_f64(soft), hard: Duration::from_secs_f64(hard) }
    }

    /// The clock after a move that took `spent`: the time taken off, the
    /// increment added. `None` when the time ran out (a loss on time).
    pub fn after_move(&self, spent: Duration) -> Option<Clock> {
        let left = self.remaining.checked_sub(spent)?;
        if left.is_zero() {
            return None;
        }
        let moves_to_go = self.moves_to_go.map(|m| m.saturating_sub(1).max(1));
        Some(Clock { remaining: left.saturating_add(self.increment), moves_to_go, ..*self })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(remaining_ms: u64, increment_ms: u64, moves_to_go: Option<u32>) -> Clock {
        Clock {
            remaining: Duration::from_millis(remaining_ms),
            increment: Duration::from_millis(increment_ms),
            moves_to_go,
        }
    }

    #[test]
    fn a_move_takes_its_time_off_and_adds_the_increment_however_long_the_clock() {
        let after = clock(10_000, 500, Some(3)).after_move(Duration::from_millis(2_000)).unwrap();
        assert_eq!((after.remaining, after.moves_to_go), (Duration::from_millis(8_500), Some(2)));
        assert_eq!(clock(1_000, 500, None).after_move(Duration::from_millis(1_000)), None, "flagged");
        let endless = Clock { remaining: Duration::MAX, increment: Duration::MAX, moves_to_go: None };
        assert_eq!(endless.after_move(Duration::ZERO).unwrap().remaining, Duration::MAX, "saturates");
    }

    #[test]
    fn one_legal_move_is_played_at_once() {
        let budget = clock(60_000, 1000, None).budget(1);
        assert_eq!(budget.hard, Duration::ZERO);
    }

    #[test]
    fn the_hard_limit_leaves_the_reserve_untouched() {
        for remaining in [1, 10, 50, 100, 1000, 10_000, 600_000] {
            for increment in [0, 10, 1000, 100_000] {
                for moves in [None, Some(1), Some(2), Some(40)] {
                    let c = clock(remaining, increment, moves);
                    let budget = c.budget(30);
                    assert!(budget.soft <= budget.hard, "{c:?}: {budget:?}");
                    assert!(
                        budget.hard.as_secs_f64() <= c.remaining.as_secs_f64() * 0.9,
                        "{c:?}: {budget:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn more_choice_gets_more_time() {
        let c = clock(60_000, 0, None);
        assert!(c.budget(2).soft < c.budget(8).soft);
        assert!(c.budget(8).soft < c.budget(12).soft);
        assert_eq!(c.budget(12), c.budget(40));
    }

    #[test]
    fn the_increment_and_the_last_move_before_the_control_add_time() {
        assert!(clock(10_000, 1000, None).budget(8).soft > clock(10_000, 0, None).budget(8).soft);
        assert!(clock(10_000, 0, Some(1)).budget(8).soft > clock(10_000, 0, Some(20)).budget(8).soft);
        // Sudden death: a 25th of the clock, near enough.
        let soft = clock(25_000, 0, None).budget(9).soft.as_secs_f64();
        assert!((0.9..1.1).contains(&soft), "{soft}");
    }

    #[test]
    fn an_interface_that_loses_less_than_the_increment_never_flags() {
        // 70 ms lost per move outside the engine, 100 ms increment, and the
        // engine taking its whole hard limit every time.
        let lost = Duration::from_millis(70);
        let mut c = clock(2000, 100, None);
        for _ in 0..1000 {
            let spent = c.budget(20).hard + lost;
            c = c.after_move(spent).expect("never out of time");
        }
        assert!(c.remaining > Duration::from_millis(30), "{c:?}");
    }

    #[test]
    fn a_clock_runs_down_and_gains_the_increment() {
        let c = clock(1000, 100, Some(3));
        let next = c.after_move(Duration::from_millis(300)).expect("time left");
        assert_eq!(next.remaining, Duration::from_millis(800));
        assert_eq!(next.moves_to_go, Some(2));
        assert_eq!(c.after_move(Duration::from_millis(1000)), None, "flagged");
    }
}
