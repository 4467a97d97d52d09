//! A cheap static evaluation: king heights and safety, pure stacks, mobility.

use damero_core::{Color, Direction, Evaluator};

use damero_tumbling_down::{Move, NEIGHBOURS, RAY_LEN, TumblingDown};

/// Scores a position for the side to move from what decides Tumbling Down:
///
/// - **king height** (rule 8): a taller king is harder to out-grow and is
///   what a covered king can be rescued by (rule 9), per level of difference;
/// - **king safety**: for each king square, the enemy stacks that could cover it
///   in one move (a stack `t` squares away on a line reaches it by tumbling when
///   it is at least `t` high, rule 6); threats against the side to move's kings
///   cost, threats it has against the enemy's count for more, since it moves first;
/// - **several kings**: every king square is a target (rule 9), so each king
///   beyond the first costs a little;
/// - **pure stacks** (rule 9: a player left without one loses) and **mobility**
///   (the number of moves each side would have).
///
/// All terms are differences between the two sides, so the evaluation is
/// symmetric; it stays well inside ±[`Evaluator::MAX_EVAL`], reached only for a
/// decided game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TumblingDownEvaluator {
    /// Per level of king height difference.
    pub king_height: i32,
    /// Per pure stack of difference.
    pub pure_stack: i32,
    /// Per move of mobility difference.
    pub mobility: i32,
    /// Per enemy stack able to cover one of the side to move's kings.
    pub king_threat: i32,
    /// Per stack of the side to move able to cover an enemy king.
    pub attack: i32,
    /// Per king beyond the first.
    pub extra_king: i32,
}

impl Default for TumblingDownEvaluator {
    fn default() -> TumblingDownEvaluator {
        TumblingDownEvaluator {
            king_height: 60,
            pure_stack: 12,
            mobility: 2,
            king_threat: 40,
            attack: 150,
            extra_king: 25,
        }
    }
}

/// How many (enemy stack, king) pairs let `color`'s opponent cover one of
/// `color`'s kings in one move.
pub fn king_threats(position: &TumblingDown, color: Color) -> i32 {
    let enemy = position.owned_by(!color);
    let mut threats = 0;
    for king in position.kings(color).squares() {
        for (d, direction) in Direction::ALL.into_iter().enumerate() {
            let mut sq = king;
            for t in 1..=RAY_LEN[king.index()][d] as usize {
                sq = match sq.offset(direction) {
                    Some(next) => next,
                    None => break,
                };
                if enemy.contains(sq) && position.stack(sq).height() >= t {
                    threats += 1;
                }
            }
        }
    }
    threats
}

/// The number of moves `color` would have if it were to move.
pub fn mobility(position: &TumblingDown, color: Color) -> i32 {
    let singles = position.variant().has_single_piece_moves();
    position
        .owned_by(color)
        .squares()
        .map(|sq| {
            let n = i32::from(NEIGHBOURS[sq.index()]);
            if singles && position.stack(sq).height() >= 2 { 2 * n } else { n }
        })
        .sum()
}

impl TumblingDownEvaluator {
    /// The score of `color`'s features alone (the evaluation is the difference).
    fn side_score(&self, position: &TumblingDown, color: Color) -> i32 {
        let height = position.king_height(color).unwrap_or(0) as i32;
        let kings = position.kings(color).count() as i32;
        self.king_height * height
            + self.pure_stack * position.pure_stacks(color).count() as i32
            + self.mobility * mobility(position, color)
            - self.extra_king * (kings - 1).max(0)
    }
}

impl Evaluator<TumblingDown> for TumblingDownEvaluator {
    fn evaluate(&self, position: &TumblingDown) -> i32 {
        let max = <Self as Evaluator<TumblingDown>>::MAX_EVAL;
        let us = position.side_to_move();
        if let Some(winner) = position.winner() {
            return if winner == us { max } else { -max };
        }
        let score = self.side_score(position, us)
            - self.side_score(position, !us)
            - self.king_threat * king_threats(position, us)
            + self.attack * king_threats(position, !us);
        score.clamp(-(max - 1), max - 1)
    }

    /// Only moves that put a piece on an enemy king square: they decide the
    /// game (rule 10) unless the same move makes the enemy a taller pure
    /// stack, so quiescence over them ends at once. Covering any enemy stack
    /// would not do: no piece ever leaves the board, so such sequences never
    /// run out, and stacking onto one's own king would loop the same way.
    fn is_noisy(&self, position: &TumblingDown, mv: Move) -> bool {
        !(position.landing_squares(mv) & position.kings(!position.side_to_move())).is_empty()
    }
}
