//! The move type (rules 5–7), printed `a1-b2` and `a1^b2`.

use core::fmt;

use damero_core::{Direction, Square};

/// A move: a start square, one of the 8 directions and whether the whole stack
/// tumbles (rule 6) or only its top piece moves (rule 5).
///
/// Packed in a `u16`: bits 0–5 the start square, 6–8 the direction
/// (index into [`Direction::ALL`]), bit 9 set for a tumble. A height-1 stack's
/// tumble is the same change as its single-piece move (rule 7), so it is
/// always the step form; the move generator and the parser both ensure this.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move(u16);

impl Move {
    const TUMBLE: u16 = 1 << 9;

    /// The single-piece move (rule 5) of the top piece on `from` towards `direction`.
    #[inline]
    pub const fn step(from: Square, direction: Direction) -> Move {
        Move(from.index() as u16 | (direction as u16) << 6)
    }

    /// The tumble (rule 6) of the whole stack on `from` towards `direction`.
    #[inline]
    pub const fn tumble(from: Square, direction: Direction) -> Move {
        Move(Move::step(from, direction).0 | Move::TUMBLE)
    }

    /// The square the move starts from.
    #[inline]
    pub const fn from(self) -> Square {
        Square::from_index_wrapping((self.0 & 63) as usize)
    }

    /// The direction of the move.
    #[inline]
    pub const fn direction(self) -> Direction {
        Direction::ALL[(self.0 >> 6 & 7) as usize]
    }

    /// The adjacent square in the move's direction (the second square of the
    /// notation), `None` for a move built pointing off the board.
    #[inline]
    pub const fn to(self) -> Option<Square> {
        self.from().offset(self.direction())
    }

    /// Whether the whole stack tumbles (`^`) rather than its top piece moving (`-`).
    #[inline]
    pub const fn is_tumble(self) -> bool {
        self.0 & Move::TUMBLE != 0
    }

    /// The raw packed value.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Move {
    /// `a1-b2` for a single-piece move, `a1^b2` for a tumble.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_tumble() { '^' } else { '-' };
        match self.to() {
            Some(to) => write!(f, "{}{sep}{to}", self.from()),
            None => write!(f, "{}{sep}{:?}", self.from(), self.direction()),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_round_trips() {
        for sq in Square::all() {
            for dir in Direction::ALL {
                for mv in [Move::step(sq, dir), Move::tumble(sq, dir)] {
                    assert_eq!(mv.from(), sq);
                    assert_eq!(mv.direction(), dir);
                    assert_eq!(mv.to(), sq.offset(dir));
                }
                assert!(Move::tumble(sq, dir).is_tumble());
                assert!(!Move::step(sq, dir).is_tumble());
            }
        }
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(Move::step(a1, Direction::NorthEast).to_string(), "a1-b2");
        assert_eq!(Move::tumble(a1, Direction::North).to_string(), "a1^a2");
    }
}
