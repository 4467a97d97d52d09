//! Static evaluation, the bridge between a game and the search crate.

use crate::Game;

/// A static evaluation of positions of `G`. Each game crate ships one; the
/// search crate is generic over it.
///
/// Scores are in hundredths of a pawn-like unit ("centipawns": a draughts man
/// is 100) and must stay within ±[`Evaluator::MAX_EVAL`] so the search can tell
/// them from proven wins.
pub trait Evaluator<G: Game>: Clone + Send + Sync + 'static {
    /// The largest magnitude [`evaluate`](Evaluator::evaluate) returns.
    const MAX_EVAL: i32 = 20_000;

    /// The value of `position` for the side to move (positive: good for it).
    fn evaluate(&self, position: &G) -> i32;

    /// Whether quiescence search must still look at `mv`: by default,
    /// captures.
    fn is_noisy(&self, position: &G, mv: G::Move) -> bool {
        position.is_capture(mv)
    }

    /// Whether the side to move may "stand pat" (take the static value) in
    /// quiescence. Games with compulsory capture return `false` when a capture
    /// is pending, since the position cannot be left as it is.
    fn may_stand_pat(&self, position: &G) -> bool {
        let _ = position;
        true
    }

    /// The exact value of `position` when something outside the search
    /// knows it (an endgame database), for the side to move. The search
    /// trusts it as it trusts a decided game: a verdict must already account
    /// for the draw rules the position's counters can still trigger. By
    /// default nothing is known.
    fn probe(&self, position: &G) -> Option<Verdict> {
        let _ = position;
        None
    }

    /// Whether [`probe`](Evaluator::probe)'s distances are to the end of the
    /// game (a database of distances to mate), not just to a conversion.
    /// The search then scores a verdict as the forced win or loss it is, on
    /// the scale of the wins and losses it proves itself, so a short win
    /// through the oracle beats a longer one found by search. With `false`
    /// (the default) a verdict ranks above every evaluation and below every
    /// proven result, since its length to the end is unknown.
    const PROBE_DISTANCE_TO_END: bool = false;

    /// The evaluator of the same game called `name`: what an engine spec's
    /// `eval=NAME` selects, so two engines of one match can evaluate
    /// differently. Games with one evaluator know only `default`.
    ///
    /// # Errors
    /// [`UnknownEvaluator`] when the game has no evaluator of that name (or,
    /// for an evaluation file, when it cannot be read, is damaged or was
    /// fitted for another rule set).
    fn named(&self, name: &str) -> Result<Self, UnknownEvaluator> {
        if name == "default" {
            Ok(self.clone())
        } else {
            Err(UnknownEvaluator {
                name: name.to_owned(),
                reason: "this game has one evaluator, 'default'".into(),
            })
        }
    }
}

/// An evaluator name (or weights file) that [`Evaluator::named`] rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEvaluator {
    /// The name given.
    pub name: String,
    /// Why it was rejected.
    pub reason: String,
}

impl core::fmt::Display for UnknownEvaluator {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "unknown evaluator '{}': {}", self.name, self.reason)
    }
}

impl std::error::Error for UnknownEvaluator {}

/// What an oracle (an endgame database) knows of a position, for the side
/// to move: see [`Evaluator::probe`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side to move wins; with best play it converts (reaches the end
    /// of the game, or a capture or promotion that keeps the win) within
    /// `plies` plies, the oracle's distance.
    Win {
        /// Plies to conversion with best play on both sides.
        plies: u32,
    },
    /// The side to move loses; the opponent converts within `plies` plies.
    Loss {
        /// Plies to conversion with best play on both sides.
        plies: u32,
    },
    /// Neither side can force a win.
    Draw,
}
