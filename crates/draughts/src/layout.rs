//! The 32 playing squares packed into a `u64` so that every diagonal step is a
//! constant shift.
//!
//! A dark square on file `f` and rank `r` (0-based, `f + r` even in the
//! Russian orientation) gets bit `4r + (r + f) / 2`. Then one step up-left is
//! `+4`, up-right `+5`, down-right `-4` and down-left `-5` for every square.
//! Bits 4, 13, 22 and 31 are "ghost" squares that are never occupied and
//! never empty, so a step off the left or right edge lands on a ghost (or off
//! the 36-bit range) and drops out of every mask. The four draughts rule sets
//! share this layout; the Spanish orientation (light `a1`) is stored mirrored
//! left to right, which maps its playing squares onto the same bits.
//!
//! The layout is public for code that reads positions as bitboards
//! (evaluations, endgame databases): [`Draughts::bits`](crate::Draughts::bits),
//! [`Draughts::king_bits`](crate::Draughts::king_bits) and
//! [`Draughts::from_bits`](crate::Draughts::from_bits) speak it.

use damero_core::{Square, SquareNumbering};

/// Bit layout shift for a diagonal step.
pub type Step = i32;

/// Up-left (towards rank 8 and file a).
pub const UP_LEFT: Step = 4;
/// Up-right.
pub const UP_RIGHT: Step = 5;
/// Down-right.
pub const DOWN_RIGHT: Step = -4;
/// Down-left.
pub const DOWN_LEFT: Step = -5;
/// All four diagonal steps.
pub const ALL_STEPS: [Step; 4] = [UP_LEFT, UP_RIGHT, DOWN_RIGHT, DOWN_LEFT];

/// The bit of the Russian-orientation dark square on (`file`, `rank`).
pub const fn bit_of(file: u8, rank: u8) -> u32 {
    4 * rank as u32 + (rank as u32 + file as u32) / 2
}

const fn valid_mask() -> u64 {
    let mut mask = 0u64;
    let mut rank = 0;
    while rank < 8 {
        let mut file = rank % 2;
        while file < 8 {
            mask |= 1 << bit_of(file, rank);
            file += 2;
        }
        rank += 1;
    }
    mask
}

/// The 32 playing squares.
pub const VALID: u64 = valid_mask();
/// Rank 8 (where White men promote).
pub const TOP_ROW: u64 = 0xf << 32;
/// Rank 1 (where Black men promote).
pub const BOTTOM_ROW: u64 = 0xf;

/// Moves every bit one diagonal step. A rotation rather than a shift, so a
/// step chosen at run time needs no branch: bits that wrap round land on bits
/// 59..63, outside [`VALID`], and every caller masks the result with a subset
/// of [`VALID`] (pieces, empty squares) before using it.
#[inline(always)]
pub const fn shift(bits: u64, step: Step) -> u64 {
    bits.rotate_left(step.rem_euclid(64) as u32)
}

/// Bit index to the square it stands for, in the Russian orientation.
const fn bit_to_square_table() -> [u8; 36] {
    let mut table = [u8::MAX; 36];
    let mut rank = 0u8;
    while rank < 8 {
        let mut file = rank % 2;
        while file < 8 {
            table[bit_of(file, rank) as usize] = rank * 8 + file;
            file += 2;
        }
        rank += 1;
    }
    table
}
const BIT_TO_SQUARE: [u8; 36] = bit_to_square_table();

/// The square standing for `bit`; `mirrored` for the Spanish orientation.
#[inline]
pub fn square_of(bit: u32, mirrored: bool) -> Square {
    let sq = Square::from_index_wrapping(BIT_TO_SQUARE[bit as usize] as usize);
    if mirrored { sq.mirror_file() } else { sq }
}

/// The bit of a playing square, or `None` for a square not played on.
#[inline]
pub fn bit_of_square(square: Square, mirrored: bool) -> Option<u32> {
    let sq = if mirrored { square.mirror_file() } else { square };
    if sq.is_dark() { Some(bit_of(sq.file(), sq.rank())) } else { None }
}

/// The PDN number (1..=32) of a bit in the English numbering: rows from the
/// top (rank 8), left to right, so 1 = b8, 4 = h8, 29 = a1, 32 = g1.
#[inline]
pub fn number_of(bit: u32) -> u32 {
    // Every bit of the layout is a dark square of the Russian orientation,
    // which PDN's numbering names.
    SquareNumbering::PDN.number(square_of(bit, false)).unwrap_or_default()
}

/// The bit of PDN square number `n` (English numbering).
#[inline]
pub fn bit_of_number(n: u32) -> Option<u32> {
    SquareNumbering::PDN.square(n).and_then(|square| bit_of_square(square, false))
}

/// The row of a bit, 0 = rank 1 (Russian orientation; mirroring keeps rows).
#[inline]
pub fn rank_of(bit: u32) -> u32 {
    square_of(bit, false).rank() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_has_32_squares_and_constant_steps() {
        assert_eq!(VALID.count_ones(), 32);
        assert_eq!(VALID & (1 << 4 | 1 << 13 | 1 << 22 | 1 << 31), 0);
        assert_eq!(VALID >> 36, 0);
        for bit in 0..36 {
            if VALID >> bit & 1 == 0 {
                continue;
            }
            let sq = square_of(bit, false);
            assert!(sq.is_dark());
            assert_eq!(bit_of_square(sq, false), Some(bit));
            for (step, df, dr) in
                [(UP_LEFT, -1, 1), (UP_RIGHT, 1, 1), (DOWN_RIGHT, 1, -1), (DOWN_LEFT, -1, -1)]
            {
                let target = shift(1u64 << bit, step) & VALID;
                let expected =
                    Square::from_coords((sq.file() as i8 + df) as u8, (sq.rank() as i8 + dr) as u8)
                        .filter(|_| sq.file() as i8 + df >= 0 && sq.rank() as i8 + dr >= 0);
                match expected {
                    Some(e) => assert_eq!(target, 1 << bit_of_square(e, false).unwrap(), "{sq} step {step}"),
                    None => assert_eq!(target, 0, "{sq} step {step} should leave the board"),
                }
            }
        }
    }

    #[test]
    fn english_numbers() {
        let name = |n| square_of(bit_of_number(n).unwrap(), false).to_string();
        assert_eq!(name(1), "b8");
        assert_eq!(name(4), "h8");
        assert_eq!(name(5), "a7");
        assert_eq!(name(29), "a1");
        assert_eq!(name(32), "g1");
        for n in 1..=32 {
            assert_eq!(number_of(bit_of_number(n).unwrap()), n);
        }
        assert_eq!(bit_of_number(0), None);
        assert_eq!(bit_of_number(33), None);
    }

    #[test]
    fn spanish_orientation_mirrors() {
        let b1: Square = "b1".parse().unwrap();
        let a1: Square = "a1".parse().unwrap();
        let h1: Square = "h1".parse().unwrap();
        assert_eq!(bit_of_square(h1, true), Some(0));
        assert_eq!(bit_of_square(b1, true), Some(3));
        assert_eq!(bit_of_square(a1, true), None);
        assert_eq!(square_of(0, true), h1);
    }
}
