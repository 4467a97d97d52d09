//! The hand-set evaluation: six terms with values chosen by hand, kept as
//! the baseline the trained evaluation is measured against.

use core::marker::PhantomData;

use damero_core::{Color, Evaluator, Game};

use damero_draughts::Draughts;
use damero_draughts::Move;
use damero_draughts::Variant;
use damero_draughts::layout::{BOTTOM_ROW, TOP_ROW, VALID, rank_of};

/// The hand-set baseline (`eval=hand`): material (men and kings, a flying king worth three men, a short king one
/// and a half), advancement of men towards the crowning row, a guard on the
/// back row while the opponent still has men, mobility (quiet moves of each
/// side) and a small tempo bonus for the side to move. Positions with a capture
/// pending are not quiet: quiescence must play the captures
/// ([`may_stand_pat`](Evaluator::may_stand_pat) is false there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandEvaluator<V: Variant> {
    /// Value of a man.
    pub man: i32,
    /// Value of a king.
    pub king: i32,
    /// Bonus per rank a man has advanced.
    pub advancement: i32,
    /// Bonus per man still on its back row while the opponent has men.
    pub back_row_guard: i32,
    /// Bonus per quiet move, own minus opponent's.
    pub mobility: i32,
    /// Bonus for having the move.
    pub tempo: i32,
    variant: PhantomData<V>,
}

impl<V: Variant> Default for HandEvaluator<V> {
    fn default() -> Self {
        HandEvaluator {
            man: 100,
            king: if V::FLYING_KINGS { 300 } else { 150 },
            advancement: 3,
            back_row_guard: 8,
            mobility: 2,
            tempo: 4,
            variant: PhantomData,
        }
    }
}

/// Sum of ranks advanced (from the own back row) over the men in `men`.
fn advancement(men: u64, color: Color) -> i32 {
    let mut total = 0;
    let mut rest = men & VALID;
    while rest != 0 {
        let bit = rest.trailing_zeros();
        rest &= rest - 1;
        let rank = rank_of(bit) as i32;
        total += if color == Color::White { rank } else { 7 - rank };
    }
    total
}

impl<V: Variant> HandEvaluator<V> {
    fn side_score(&self, position: &Draughts<V>, color: Color) -> i32 {
        let own = position.bits(color);
        let opponent = position.bits(!color);
        let men = own & !position.king_bits();
        let kings = own & position.king_bits();
        let back_row = if color == Color::White { BOTTOM_ROW } else { TOP_ROW };
        let mut score = self.man * men.count_ones() as i32 + self.king * kings.count_ones() as i32;
        score += self.advancement * advancement(men, color);
        if opponent & !position.king_bits() != 0 {
            score += self.back_row_guard * (men & back_row).count_ones() as i32;
        }
        score
    }
}

impl<V: Variant> Evaluator<Draughts<V>> for HandEvaluator<V> {
    fn evaluate(&self, position: &Draughts<V>) -> i32 {
        let us = position.side_to_move();
        let mut score = self.side_score(position, us) - self.side_score(position, !us) + self.tempo;
        if self.mobility != 0 && !position.must_capture() {
            // No capture pending: our moves are the quiet ones.
            let ours = position.quiet_count() as i32;
            let theirs = position.with_side_to_move(!us).count_legal_moves() as i32;
            score += self.mobility * (ours - theirs);
        }
        score.clamp(-Self::MAX_EVAL, Self::MAX_EVAL)
    }

    fn is_noisy(&self, _position: &Draughts<V>, mv: Move) -> bool {
        mv.is_capture()
    }

    fn may_stand_pat(&self, position: &Draughts<V>) -> bool {
        !position.must_capture()
    }
}
