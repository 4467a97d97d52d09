//! The features of the trained evaluation, shared by the evaluator (integer
//! weights expanded into tables) and the fitter in `damero-lab` (the same
//! features as a sparse vector over the parameters, [`sparse`]).
//!
//! Everything is measured from White's side and is antisymmetric under the
//! colour flip (the board turned half round, colours swapped): a White
//! feature and its Black mirror share one parameter with opposite signs, so
//! the fitted evaluation treats both colours alike and every sample teaches
//! both.
//!
//! - **Patterns**: the board is covered by nine overlapping 4x4 regions
//!   (corners at files and ranks 0, 2, 4), each holding 8 playing squares;
//!   the men on them (empty, White man, Black man; kings count as empty)
//!   index a table of 3^8 = 6561 entries per region, as strong draughts
//!   engines do. Regions pair up under the flip (region `k` with `8 - k`, the
//!   centre with itself), so five tables are fitted.
//! - **Mover deviations**: nine more tables over the same regions, indexed
//!   by the board as the side to move sees it (turned half round when Black
//!   moves) and signed for the mover, so whose turn it is can change the
//!   value of a formation (tempo and opposition decide many draughts
//!   positions). The flip maps a White-to-move formation onto the same
//!   Black-to-move one, so these tables are symmetric by construction. The
//!   fitter gives them their own penalty
//!   (`damero_lab::TuneOptions::l2_deviation`); the
//!   evaluator adds them to the shared tables once, at load time, so an
//!   evaluation still reads nine entries.
//! - **Scalars**: men, kings, tempo (ranks advanced), blocked men, balance of
//!   the wings, kings on the long diagonal and on the double diagonals, a
//!   king against none, runaway men (an empty road to the crowning row) by
//!   distance, and the side to move.
//! - **King squares**: a value per square for a king (the flip maps square
//!   `b` to `35 - b`).
//!
//! Every parameter has a middlegame and an endgame value, blended by the men
//! on the board: `(mg * men + eg * (24 - men)) / 24`.

use damero_core::{Color, Game};

use damero_draughts::Draughts;
use damero_draughts::Variant;
use damero_draughts::layout::{DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, VALID, bit_of, rank_of, shift};

/// Changes whenever the features change, so old weight files are refused.
///
/// Set 2 replaced the mobility count (three move-generator passes per
/// evaluation, fitted weight about 0) with the blocked men (two shifts);
/// set 3 added the mover deviations.
pub const FEATURE_SET: u16 = 3;

/// Squares in a region.
pub(crate) const REGION_SQUARES: usize = 8;
/// Entries of a region's table: 3^8.
pub(crate) const REGION_ENTRIES: usize = 6561;
/// The nine regions.
pub(crate) const REGIONS: usize = 9;
/// Tables fitted: regions up to the centre (the others are their flips).
pub(crate) const REGION_SLOTS: usize = 5;

/// The lowest bit of each rank's two squares, per region (rank-major).
const REGION_RANK_BITS: [[u32; 4]; REGIONS] = {
    let mut table = [[0; 4]; REGIONS];
    let mut k = 0;
    while k < REGIONS {
        let f0 = (k % 3) as u8 * 2;
        let r0 = (k / 3) as u8 * 2;
        let mut j = 0;
        while j < 4 {
            let rank = r0 + j as u8;
            // The first playing square of this rank inside the region.
            let file = if (f0 + rank).is_multiple_of(2) { f0 } else { f0 + 1 };
            table[k][j] = bit_of(file, rank);
            j += 1;
        }
        k += 1;
    }
    table
};

/// The eight bits of `bits` on region `k`, in region order.
#[inline(always)]
pub(crate) fn region_bits(bits: u64, k: usize) -> usize {
    let r = &REGION_RANK_BITS[k];
    ((bits >> r[0]) & 3 | ((bits >> r[1]) & 3) << 2 | ((bits >> r[2]) & 3) << 4 | ((bits >> r[3]) & 3) << 6)
        as usize
}

/// Binary digits read as ternary ones: `TERNARY[b]` is `b`'s bits as powers of 3.
const TERNARY: [u16; 256] = {
    let mut table = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        let mut value = 0u16;
        let mut power = 1u16;
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 != 0 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[b] = value;
        b += 1;
    }
    table
};

/// The table index of region `k` with these men.
#[inline(always)]
pub(crate) fn region_index(white_men: u64, black_men: u64, k: usize) -> usize {
    TERNARY[region_bits(white_men, k)] as usize + 2 * TERNARY[region_bits(black_men, k)] as usize
}

/// The index of the flipped region's contents: squares in reverse order,
/// colours swapped.
pub(crate) const FLIP: [u16; REGION_ENTRIES] = {
    let mut table = [0u16; REGION_ENTRIES];
    let mut index = 0;
    while index < REGION_ENTRIES {
        let mut digits = [0usize; REGION_SQUARES];
        let mut rest = index;
        let mut i = 0;
        while i < REGION_SQUARES {
            digits[i] = rest % 3;
            rest /= 3;
            i += 1;
        }
        let mut flipped = 0;
        let mut power = 1;
        let mut i = 0;
        while i < REGION_SQUARES {
            let d = digits[REGION_SQUARES - 1 - i];
            let swapped = if d == 0 { 0 } else { 3 - d };
            flipped += swapped * power;
            power *= 3;
            i += 1;
        }
        table[index] = flipped as u16;
        index += 1;
    }
    table
};

/// The scalar features, in parameter order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub(crate) enum Scalar {
    Men,
    Kings,
    Tempo,
    BlockedMen,
    Balance,
    KingLongDiagonal,
    KingDoubleDiagonal,
    KingAgainstNone,
    RunawayOne,
    RunawayTwo,
    RunawayFar,
    SideToMove,
}

/// How many scalar features there are.
pub(crate) const SCALARS: usize = Scalar::SideToMove as usize + 1;
/// Names of the scalars, for reports.
pub(crate) const SCALAR_NAMES: [&str; SCALARS] = [
    "men",
    "kings",
    "tempo",
    "blocked men",
    "balance",
    "king on the long diagonal",
    "king on a double diagonal",
    "king against none",
    "runaway man, 1 step",
    "runaway man, 2 steps",
    "runaway man, 3+ steps",
    "side to move",
];

/// Parameters: the shared pattern tables, the mover deviations, then
/// scalars, then king squares; each a middlegame and an endgame value
/// (`2 * i` and `2 * i + 1`).
pub(crate) const PATTERN_PARAMS: usize = (REGION_SLOTS + REGIONS) * REGION_ENTRIES;
/// The first mover-deviation table (pairs): region `k`'s table starts at
/// `DEVIATION_BASE + k * REGION_ENTRIES`.
pub const DEVIATION_BASE: usize = REGION_SLOTS * REGION_ENTRIES;
/// The first scalar parameter (pairs).
pub const SCALAR_BASE: usize = PATTERN_PARAMS;
/// The first king-square parameter (pairs).
pub(crate) const KING_SQUARE_BASE: usize = SCALAR_BASE + SCALARS;
/// King squares: 36 bits of the layout (the four ghosts stay zero).
pub(crate) const KING_SQUARES: usize = 36;
/// Parameter pairs in all.
pub(crate) const PAIRS: usize = KING_SQUARE_BASE + KING_SQUARES;
/// Parameters in all (two per pair).
pub const PARAMETERS: usize = 2 * PAIRS;

/// The men on the board that make the game phase: 24 and more is the
/// middlegame, none the endgame.
pub(crate) const PHASE_MEN: i32 = 24;

/// The long diagonal a1–h8 (Russian orientation): one step up-right, +5.
const LONG_DIAGONAL: u64 = {
    let mut mask = 0u64;
    let mut i = 0;
    while i < 8 {
        mask |= 1 << (5 * i);
        i += 1;
    }
    mask
};

/// The double diagonals g1–a7 and h2–b8.
const DOUBLE_DIAGONALS: u64 = {
    let mut mask = 0u64;
    let mut i = 0;
    while i < 7 {
        mask |= 1 << bit_of(6 - i, i);
        mask |= 1 << bit_of(7 - i, 1 + i);
        i += 1;
    }
    mask
};

/// Files a–d.
const LEFT_WING: u64 = {
    let mut mask = 0u64;
    let mut rank = 0u8;
    while rank < 8 {
        let mut file = rank % 2;
        while file < 4 {
            mask |= 1 << bit_of(file, rank);
            file += 2;
        }
        rank += 1;
    }
    mask
};

/// The squares ahead of a man within its reach to the crowning row (the
/// widening triangle), per colour index and bit.
const CONES: [[u64; 36]; 2] = {
    let mut table = [[0u64; 36]; 2];
    let mut rank = 0u8;
    while rank < 8 {
        let mut file = rank % 2;
        while file < 8 {
            let bit = bit_of(file, rank) as usize;
            let mut other = 0u8;
            while other < 8 {
                let mut f = other % 2;
                while f < 8 {
                    let df = f.abs_diff(file);
                    if other > rank && df <= other - rank {
                        table[0][bit] |= 1 << bit_of(f, other);
                    }
                    if other < rank && df <= rank - other {
                        table[1][bit] |= 1 << bit_of(f, other);
                    }
                    f += 2;
                }
                other += 1;
            }
            file += 2;
        }
        rank += 1;
    }
    table
};

/// The playing squares of rank `r`.
const fn rank_mask(r: u8) -> u64 {
    let mut mask = 0u64;
    let mut file = r % 2;
    while file < 8 {
        mask |= 1 << bit_of(file, r);
        file += 2;
    }
    mask
}

/// `RANK_BIT[i]`: the squares whose rank (0-7) has binary digit `i` set.
const RANK_BIT: [u64; 3] = {
    let mut table = [0u64; 3];
    let mut r = 0u8;
    while r < 8 {
        let mut i = 0;
        while i < 3 {
            if r >> i & 1 != 0 {
                table[i] |= rank_mask(r);
            }
            i += 1;
        }
        r += 1;
    }
    table
};

/// Per colour index, the squares three or more ranks ahead of its own
/// first rank: where a man may be a runaway.
const ADVANCED: [u64; 2] = {
    let mut table = [0u64; 2];
    let mut r = 0u8;
    while r < 8 {
        if r >= 3 {
            table[0] |= rank_mask(r);
        }
        if r <= 4 {
            table[1] |= rank_mask(r);
        }
        r += 1;
    }
    table
};

/// One side's material and structure, from its own point of view.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SideCounts {
    pub(crate) men: i32,
    pub(crate) kings: i32,
    pub(crate) tempo: i32,
    pub(crate) balance: i32,
    pub(crate) long_diagonal: i32,
    pub(crate) double_diagonal: i32,
    /// Men that cannot step forward: both squares ahead taken or off the board.
    pub(crate) blocked: i32,
    /// Runaway men 1, 2 and 3+ steps from crowning.
    pub(crate) runaway: [i32; 3],
}

/// Counts for `color` in `position`.
#[inline]
pub(crate) fn side_counts<V: Variant>(position: &Draughts<V>, color: Color) -> SideCounts {
    let own = position.bits(color);
    let enemy = position.bits(!color);
    let men = own & !position.king_bits();
    let kings = own & position.king_bits();
    let mut counts = SideCounts {
        men: men.count_ones() as i32,
        kings: kings.count_ones() as i32,
        long_diagonal: (kings & LONG_DIAGONAL).count_ones() as i32,
        double_diagonal: (kings & DOUBLE_DIAGONALS).count_ones() as i32,
        ..SideCounts::default()
    };
    let empty = VALID & !(own | enemy);
    let steppable = if color == Color::White {
        shift(empty, DOWN_RIGHT) | shift(empty, DOWN_LEFT)
    } else {
        shift(empty, UP_LEFT) | shift(empty, UP_RIGHT)
    };
    counts.blocked = (men & !steppable).count_ones() as i32;
    let left = (men & LEFT_WING).count_ones() as i32;
    counts.balance = (2 * left - counts.men).abs();
    // Tempo by the binary digits of the rank: three popcounts, no loop.
    let ranks_sum = 4 * (men & RANK_BIT[2]).count_ones()
        + 2 * (men & RANK_BIT[1]).count_ones()
        + (men & RANK_BIT[0]).count_ones();
    counts.tempo = if color == Color::White { ranks_sum as i32 } else { 7 * counts.men - ranks_sum as i32 };
    // Only men three or more ranks advanced can be runaways.
    let mut rest = men & ADVANCED[color.index()];
    while rest != 0 {
        let bit = rest.trailing_zeros();
        rest &= rest - 1;
        // A man no enemy piece stands in front of, within its reach: nothing
        // but a king from afar can stop it.
        if CONES[color.index()][bit as usize] & enemy == 0 {
            let rank = rank_of(bit) as i32;
            let steps = if color == Color::White { 7 - rank } else { rank };
            counts.runaway[(steps as usize - 1).min(2)] += 1;
        }
    }
    counts
}

/// White's scalar feature values.
#[inline]
pub(crate) fn scalars<V: Variant>(position: &Draughts<V>) -> [i32; SCALARS] {
    let white = side_counts(position, Color::White);
    let black = side_counts(position, Color::Black);
    let against_none = |a: &SideCounts, b: &SideCounts| i32::from(a.kings > 0 && b.kings == 0);
    let mut values = [0; SCALARS];
    values[Scalar::Men as usize] = white.men - black.men;
    values[Scalar::Kings as usize] = white.kings - black.kings;
    values[Scalar::Tempo as usize] = white.tempo - black.tempo;
    values[Scalar::BlockedMen as usize] = white.blocked - black.blocked;
    values[Scalar::Balance as usize] = white.balance - black.balance;
    values[Scalar::KingLongDiagonal as usize] = white.long_diagonal - black.long_diagonal;
    values[Scalar::KingDoubleDiagonal as usize] = white.double_diagonal - black.double_diagonal;
    values[Scalar::KingAgainstNone as usize] = against_none(&white, &black) - against_none(&black, &white);
    values[Scalar::RunawayOne as usize] = white.runaway[0] - black.runaway[0];
    values[Scalar::RunawayTwo as usize] = white.runaway[1] - black.runaway[1];
    values[Scalar::RunawayFar as usize] = white.runaway[2] - black.runaway[2];
    values[Scalar::SideToMove as usize] = if position.side_to_move() == Color::White { 1 } else { -1 };
    values
}

/// The men on the board, capped at [`PHASE_MEN`].
#[inline]
pub(crate) fn phase_men<V: Variant>(position: &Draughts<V>) -> i32 {
    (((position.bits(Color::White) | position.bits(Color::Black)) & !position.king_bits()).count_ones()
        as i32)
        .min(PHASE_MEN)
}

/// Where region `k`'s entry `index` lives among the fitted tables, and with
/// which sign: `None` for an entry that is its own flip (its value is 0).
#[inline]
pub(crate) fn pattern_slot(k: usize, index: usize) -> Option<(usize, f32)> {
    if k < REGION_SLOTS - 1 {
        Some((k * REGION_ENTRIES + index, 1.0))
    } else if k > REGION_SLOTS - 1 {
        Some(((REGIONS - 1 - k) * REGION_ENTRIES + FLIP[index] as usize, -1.0))
    } else {
        let flipped = FLIP[index] as usize;
        let centre = (REGION_SLOTS - 1) * REGION_ENTRIES;
        match index.cmp(&flipped) {
            core::cmp::Ordering::Less => Some((centre + index, 1.0)),
            core::cmp::Ordering::Greater => Some((centre + flipped, -1.0)),
            core::cmp::Ordering::Equal => None,
        }
    }
}

/// The board turned half round: bit `b` to `35 - b`.
#[inline(always)]
pub(crate) fn turned(bits: u64) -> u64 {
    bits.reverse_bits() >> 28
}

/// The men of the side to move and of the other side as the side to move
/// sees them (the board turned when Black moves, so the mover's men play
/// up the board), and the sign that turns the mover's score into White's.
#[inline(always)]
pub(crate) fn mover_men<V: Variant>(position: &Draughts<V>) -> (u64, u64, i32) {
    let white_men = position.bits(Color::White) & !position.king_bits();
    let black_men = position.bits(Color::Black) & !position.king_bits();
    if position.side_to_move() == Color::White {
        (white_men, black_men, 1)
    } else {
        (turned(black_men), turned(white_men), -1)
    }
}

/// The position as a sparse vector over the parameters (White's side):
/// `(parameter, value)` pairs whose dot product with the weights is White's
/// score.
pub fn sparse<V: Variant>(position: &Draughts<V>, out: &mut Vec<(u32, f32)>) {
    out.clear();
    let men = phase_men(position) as f32 / PHASE_MEN as f32;
    let mut push = |pair: usize, value: f32| {
        if value != 0.0 {
            out.push((2 * pair as u32, value * men));
            out.push((2 * pair as u32 + 1, value * (1.0 - men)));
        }
    };
    let white_men = position.bits(Color::White) & !position.king_bits();
    let black_men = position.bits(Color::Black) & !position.king_bits();
    for k in 0..REGIONS {
        if let Some((slot, sign)) = pattern_slot(k, region_index(white_men, black_men, k)) {
            push(slot, sign);
        }
    }
    let (own, other, sign) = mover_men(position);
    for k in 0..REGIONS {
        push(DEVIATION_BASE + k * REGION_ENTRIES + region_index(own, other, k), sign as f32);
    }
    for (i, value) in scalars(position).into_iter().enumerate() {
        push(SCALAR_BASE + i, value as f32);
    }
    let mut kings = position.bits(Color::White) & position.king_bits();
    while kings != 0 {
        let bit = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        push(KING_SQUARE_BASE + bit, 1.0);
    }
    let mut kings = position.bits(Color::Black) & position.king_bits();
    while kings != 0 {
        let bit = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        push(KING_SQUARE_BASE + 35 - bit, -1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_cover_the_board_with_eight_squares_each() {
        let mut covered = 0u64;
        for (k, ranks) in REGION_RANK_BITS.iter().enumerate() {
            let mut squares = 0u64;
            for &r in ranks {
                squares |= 3 << r;
            }
            assert_eq!(squares & VALID, squares, "region {k} leaves the board");
            assert_eq!(squares.count_ones(), 8);
            assert_eq!(region_bits(squares, k), 255);
            covered |= squares;
        }
        assert_eq!(covered, VALID);
    }

    #[test]
    fn the_flip_pairs_regions_and_reverses_their_squares() {
        for (k, ranks) in REGION_RANK_BITS.iter().enumerate() {
            for i in 0..8 {
                // The i-th square of region k, turned half round (bit → 35 − bit),
                // is the (7 − i)-th square of region 8 − k.
                let bit = ranks[i / 2] + (i % 2) as u32;
                let turned = 35 - bit;
                assert_eq!(region_bits(1 << turned, REGIONS - 1 - k), 1 << (7 - i), "region {k} square {i}");
            }
        }
        for index in 0..REGION_ENTRIES {
            assert_eq!(FLIP[FLIP[index] as usize] as usize, index);
        }
    }

    #[test]
    fn the_mover_view_of_a_region_is_the_flipped_region() {
        // Region k of the turned board with colours swapped holds what
        // region 8 - k holds, flipped: the identity the evaluator's merged
        // tables rely on.
        let mut state = 7;
        for _ in 0..200 {
            let (next, a) = damero_core::splitmix64(state);
            let (next, b) = damero_core::splitmix64(next);
            state = next;
            let white = a & b & VALID;
            let black = !a & b.rotate_left(17) & VALID;
            for k in 0..REGIONS {
                let turned_index = region_index(turned(black), turned(white), k);
                assert_eq!(
                    turned_index,
                    FLIP[region_index(white, black, REGIONS - 1 - k)] as usize,
                    "region {k}"
                );
            }
        }
        assert_eq!(turned(1), 1 << 35);
        assert_eq!(turned(VALID), VALID);
    }

    #[test]
    fn cones_and_diagonals() {
        assert_eq!(LONG_DIAGONAL.count_ones(), 8);
        assert_eq!(DOUBLE_DIAGONALS.count_ones(), 14);
        assert_eq!(LONG_DIAGONAL & !VALID, 0);
        assert_eq!(DOUBLE_DIAGONALS & !VALID, 0);
        assert_eq!(LEFT_WING.count_ones(), 16);
        // A White man on g7 (rank 6) sees f8 and h8 only.
        assert_eq!(CONES[0][bit_of(6, 6) as usize], 1 << bit_of(5, 7) | 1 << bit_of(7, 7));
        assert_eq!(CONES[1][bit_of(1, 1) as usize], 1 << bit_of(0, 0) | 1 << bit_of(2, 0));
    }
}
