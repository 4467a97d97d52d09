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
}
