//! The one move generator of all four rule sets, a module per idea:
//!
//! - [`capture`]: the depth-first capture search, from each piece that can
//!   capture, with the captured pieces kept on the board as blockers until
//!   the move ends (the "Turkish strike" rule, russian.md 8 / zisnella.md 9);
//! - [`sink`]: what receives the captures it finds (a move list, perft's
//!   counter, notation's path collector), so one search serves them all;
//! - [`quiet`]: the walk over quiet moves, listing or counting;
//! - [`count`]: perft's bulk count at the last ply, by target sets where it
//!   can and by the search where it must.
//!
//! Everything that differs between the rule sets is a constant of
//! [`Variant`] and the side to move is a const parameter, so each rule set
//! and side gets its own specialised copy. Flying kings read precomputed
//! rays ([`crate::rays`]): no loop walks a diagonal square by square. This
//! file keeps what the parts share: the board tests that say whether the
//! side must capture, and [`Draughts::generate`].

use damero_core::{Color, MoveList};

use crate::Move;
use crate::layout::{
    ALL_STEPS, BOTTOM_ROW, DOWN_LEFT, DOWN_RIGHT, Step, TOP_ROW, UP_LEFT, UP_RIGHT, VALID, shift,
};
use crate::position::Draughts;
use crate::rays::{first_hit, ray, step};
use crate::variant::{DraughtsRules, Variant};

/// Runs `$body` once for each step of [`ALL_STEPS`] selected by the bit mask
/// `$mask`, with `$step` bound to a constant: unrolled by hand so every shift
/// compiles to a fixed shift instruction.
macro_rules! for_each_step {
    ($mask:expr, |$step:ident| $body:block) => {{
        let mask: u8 = $mask;
        if mask & 1 != 0 {
            let $step: $crate::layout::Step = $crate::layout::UP_LEFT;
            $body
        }
        if mask & 2 != 0 {
            let $step: $crate::layout::Step = $crate::layout::UP_RIGHT;
            $body
        }
        if mask & 4 != 0 {
            let $step: $crate::layout::Step = $crate::layout::DOWN_RIGHT;
            $body
        }
        if mask & 8 != 0 {
            let $step: $crate::layout::Step = $crate::layout::DOWN_LEFT;
            $body
        }
    }};
}

/// Runs `$body` for the four directions, `$dir` a constant in each copy.
macro_rules! for_each_direction {
    (|$dir:ident| $body:block) => {{
        {
            let $dir: $crate::rays::Direction = 0;
            $body
        }
        {
            let $dir: $crate::rays::Direction = 1;
            $body
        }
        {
            let $dir: $crate::rays::Direction = 2;
            $body
        }
        {
            let $dir: $crate::rays::Direction = 3;
            $body
        }
    }};
}

/// Forward directions of White men, as a mask over [`ALL_STEPS`].
const WHITE_FORWARD: u8 = 0b0011;
/// Forward directions of Black men.
const BLACK_FORWARD: u8 = 0b1100;

/// The forward directions of the side (`WHITE` or Black) as a mask over
/// [`ALL_STEPS`] (White moves up the board).
#[inline(always)]
const fn forward<const WHITE: bool>() -> u8 {
    if WHITE { WHITE_FORWARD } else { BLACK_FORWARD }
}

/// The steps of the side, forward first: `[i ^ 2]` is opposite `[i]`.
#[inline(always)]
pub(crate) const fn side_steps<const WHITE: bool>() -> [Step; 4] {
    if WHITE {
        [UP_LEFT, UP_RIGHT, DOWN_RIGHT, DOWN_LEFT]
    } else {
        [DOWN_RIGHT, DOWN_LEFT, UP_LEFT, UP_RIGHT]
    }
}

/// The row where men of the side are crowned.
#[inline(always)]
const fn crowning<const WHITE: bool>() -> u64 {
    if WHITE { TOP_ROW } else { BOTTOM_ROW }
}

// After the macros: textual scope makes them visible to the modules below.
mod capture;
mod count;
mod quiet;
mod sink;

pub(crate) use sink::{CapturePath, CaptureSink};

impl<V: Variant> Draughts<V> {
    #[inline(always)]
    pub(crate) fn empty_squares(&self) -> u64 {
        VALID & !(self.pieces[0] | self.pieces[1])
    }

    /// Men of the side to move that have a first jump (bitboard test).
    #[inline(always)]
    fn men_that_capture_for<const WHITE: bool>(&self) -> u64 {
        let (us, them) = if WHITE { (0, 1) } else { (1, 0) };
        let men = self.pieces[us] & !self.kings;
        let enemies = self.pieces[them];
        let empty = self.empty_squares();
        let directions =
            if V::Rules::men_capture_backward(&self.rules) { 0b1111 } else { forward::<WHITE>() };
        let mut capturers = 0;
        for_each_step!(directions, |step| {
            capturers |= shift(shift(empty, -step) & enemies, -step) & men;
        });
        capturers
    }

    /// Whether some king of the side to move has a first jump.
    #[inline(always)]
    pub(crate) fn kings_capture_for<const WHITE: bool>(&self) -> bool {
        let (us, them) = if WHITE { (0, 1) } else { (1, 0) };
        let kings = self.pieces[us] & self.kings;
        if kings == 0 {
            return false;
        }
        let enemies = self.pieces[them];
        let empty = self.empty_squares();
        if !V::FLYING_KINGS {
            let mut found = 0;
            for step in ALL_STEPS {
                found |= shift(shift(kings, step) & enemies, step) & empty;
            }
            return found != 0;
        }
        self.flying_kings_scan::<WHITE>(kings)
    }

    /// For the flying kings `kings` of the side (`WHITE` or Black): whether
    /// one has a first jump. One table look-up per king and direction.
    #[inline(always)]
    fn flying_kings_scan<const WHITE: bool>(&self, mut kings: u64) -> bool {
        let enemies = self.pieces[if WHITE { 1 } else { 0 }];
        let empty = self.empty_squares();
        let occupied = !empty;
        let mut landings = 0;
        while kings != 0 {
            let from = kings.trailing_zeros();
            kings &= kings - 1;
            for_each_direction!(|dir| {
                let first = first_hit(dir, ray(dir, from), occupied);
                landings |= shift(first & enemies, step(dir)) & empty;
            });
        }
        landings != 0
    }

    /// Whether the side to move must capture.
    #[inline]
    pub(crate) fn has_capture(&self) -> bool {
        match self.side {
            Color::White => self.men_that_capture_for::<true>() != 0 || self.kings_capture_for::<true>(),
            Color::Black => self.men_that_capture_for::<false>() != 0 || self.kings_capture_for::<false>(),
        }
    }

    /// Fills `moves` with every legal move.
    pub(crate) fn generate(&self, moves: &mut MoveList<Move>) {
        match self.side {
            Color::White => self.generate_for::<true>(moves),
            Color::Black => self.generate_for::<false>(moves),
        }
    }

    #[inline(always)]
    fn generate_for<const WHITE: bool>(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        let men = self.men_that_capture_for::<WHITE>();
        if men != 0 || self.kings_capture_for::<WHITE>() {
            self.captures_for::<WHITE, false>(moves, men);
            return;
        }
        self.list_quiet::<WHITE>(moves);
    }
}
