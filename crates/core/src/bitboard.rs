//! A set of squares as one `u64`.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::{Direction, Square};

/// A set of squares, bit `i` standing for [`Square`] index `i`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// File a.
    pub const FILE_A: Bitboard = Bitboard(0x0101_0101_0101_0101);
    /// File h.
    pub const FILE_H: Bitboard = Bitboard(0x8080_8080_8080_8080);
    /// Rank 1.
    pub const RANK_1: Bitboard = Bitboard(0xff);
    /// Rank 8.
    pub const RANK_8: Bitboard = Bitboard(0xff << 56);
    /// The 28 squares on the edge of the board.
    pub const EDGE: Bitboard = Bitboard(0xff81_8181_8181_81ff);
    /// The dark squares of the Russian/English board (`a1` dark).
    pub const DARK: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);

    /// The set holding only `square`.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(1 << square.index())
    }

    /// All squares of `file` (0 = a).
    #[inline]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(Bitboard::FILE_A.0 << (file & 7))
    }

    /// All squares of `rank` (0 = rank 1).
    #[inline]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(Bitboard::RANK_1.0 << (8 * (rank & 7)))
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 >> square.index() & 1 != 0
    }

    /// Adds `square`.
    #[inline]
    pub fn insert(&mut self, square: Square) {
        self.0 |= 1 << square.index();
    }

    /// Removes `square`.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        self.0 &= !(1 << square.index());
    }

    /// Adds or removes `square`.
    #[inline]
    pub fn toggle(&mut self, square: Square) {
        self.0 ^= 1 << square.index();
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 { None } else { Some(Square::from_index_wrapping(self.0.trailing_zeros() as usize)) }
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    /// Whether the set has more than one square.
    #[inline]
    pub const fn has_several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Every square moved one step in `direction`; squares that would leave the
    /// board drop out (no wrapping round the files).
    #[inline]
    pub const fn shift(self, direction: Direction) -> Bitboard {
        const NOT_A: u64 = !Bitboard::FILE_A.0;
        const NOT_H: u64 = !Bitboard::FILE_H.0;
        let b = self.0;
        Bitboard(match direction {
            Direction::North => b << 8,
            Direction::South => b >> 8,
            Direction::East => (b & NOT_H) << 1,
            Direction::West => (b & NOT_A) >> 1,
            Direction::NorthEast => (b & NOT_H) << 9,
            Direction::NorthWest => (b & NOT_A) << 7,
            Direction::SouthEast => (b & NOT_H) >> 7,
            Direction::SouthWest => (b & NOT_A) >> 9,
        })
    }

    /// The squares in the set, lowest first.
    #[inline]
    pub const fn squares(self) -> Squares {
        Squares(self.0)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_index_wrapping(self.0.trailing_zeros() as usize);
        self.0 &= self.0 - 1;
        Some(sq)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        self.squares()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.insert(sq);
        }
        bb
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign_trait:ident, $assign_fn:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Eight ranks, rank 8 first, `x` for a member.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("in range");
                f.write_str(if self.contains(sq) { "x" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn set_operations() {
        let e4: Square = "e4".parse().unwrap();
        let mut bb = Bitboard::EMPTY;
        assert!(bb.is_empty());
        bb.insert(e4);
        assert!(bb.contains(e4));
        assert_eq!(bb.count(), 1);
        assert!(!bb.has_several());
        bb.insert(Square::A1);
        assert!(bb.has_several());
        assert_eq!(bb.squares().collect::<Vec<_>>(), vec![Square::A1, e4]);
        assert_eq!(bb.pop_first(), Some(Square::A1));
        bb.toggle(e4);
        assert!(bb.is_empty());
        assert_eq!(Bitboard::EDGE.count(), 28);
        assert_eq!(Bitboard::DARK.count(), 32);
        assert!(Bitboard::DARK.contains(Square::A1));
        assert_eq!(Bitboard::file(7), Bitboard::FILE_H);
        assert_eq!(Bitboard::rank(7), Bitboard::RANK_8);
    }

    proptest! {
        #[test]
        fn shift_agrees_with_square_offset(bits: u64, d in 0usize..8) {
            let direction = Direction::ALL[d];
            let bb = Bitboard(bits);
            let expected: Bitboard = bb.squares().filter_map(|s| s.offset(direction)).collect();
            prop_assert_eq!(bb.shift(direction), expected);
        }

        #[test]
        fn iteration_counts_match(bits: u64) {
            let bb = Bitboard(bits);
            prop_assert_eq!(bb.squares().len(), bb.count() as usize);
            prop_assert_eq!(bb.squares().collect::<Bitboard>(), bb);
        }
    }
}
