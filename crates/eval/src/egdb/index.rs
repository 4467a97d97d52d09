//! Material slices and the perfect index of the positions inside one.
//!
//! A slice is fixed material: counts of white men and kings, black men and
//! kings. Inside it a position is numbered by mixed radix over four
//! combinations (colex rank): white men on the 28 squares off rank 8, black
//! men on the 28 squares off rank 1, white kings on the squares the men left
//! free, black kings on the squares still free; the side to move selects one
//! of two halves. The two men groups are ranked independently, so a few
//! indices put a white and a black man on one square: they stand for no
//! position and stay unused (a few percent at these sizes, for an index that
//! needs no tables).
//!
//! Colour symmetry halves the work: turning the board half a turn and
//! swapping the colours maps a position onto one with the same value, so only
//! [canonical](Slice::is_canonical) slices are built and stored.

use core::fmt;

use damero_core::{Color, Game};

use damero_draughts::Draughts;
use damero_draughts::Variant;

/// `BINOMIAL[n][k]`: n choose k, for n, k up to 32.
const BINOMIAL: [[u64; 33]; 33] = {
    let mut table = [[0u64; 33]; 33];
    let mut n = 0;
    while n < 33 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
};

#[inline]
fn choose(n: u32, k: u32) -> u64 {
    if k > n { 0 } else { BINOMIAL[n as usize][k as usize] }
}

/// The 36-bit layout (with its four ghost bits) packed into the 32 playing
/// squares, numbered rank by rank from a1: square `s` of rank `s / 4`.
#[inline]
pub(crate) const fn compact(bits: u64) -> u32 {
    ((bits & 0xf)
        | (bits >> 1 & 0xff0)
        | (bits >> 2 & 0xf_f000)
        | (bits >> 3 & 0xff0_0000)
        | (bits >> 4 & 0xf000_0000)) as u32
}

/// The inverse of [`compact`].
#[inline]
pub(crate) const fn expand(squares: u32) -> u64 {
    let s = squares as u64;
    (s & 0xf) | (s & 0xff0) << 1 | (s & 0xf_f000) << 2 | (s & 0xff0_0000) << 3 | (s & 0xf000_0000) << 4
}

/// The colex rank of the set `squares` (bits of a 32-bit set).
#[inline]
fn rank_set(mut squares: u32) -> u64 {
    let mut rank = 0;
    let mut i = 1;
    while squares != 0 {
        rank += choose(squares.trailing_zeros(), i);
        squares &= squares - 1;
        i += 1;
    }
    rank
}

/// The `k`-set of colex rank `rank`.
#[inline]
fn unrank_set(mut rank: u64, k: u32) -> u32 {
    let mut set = 0;
    let mut top = 32;
    for i in (1..=k).rev() {
        // The largest element c with C(c, i) <= rank.
        let mut c = i - 1;
        while c + 1 < top && choose(c + 1, i) <= rank {
            c += 1;
        }
        rank -= choose(c, i);
        set |= 1 << c;
        top = c;
    }
    set
}

/// `squares` renumbered among the squares of `free` (a software `pext`).
#[inline]
fn squeeze(squares: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut rest = squares;
    while rest != 0 {
        let s = rest.trailing_zeros();
        rest &= rest - 1;
        out |= 1 << (free & ((1u32 << s) - 1)).count_ones();
    }
    out
}

/// The inverse of [`squeeze`]: the `i`-th square of `free` for every bit `i`.
#[inline]
fn spread(packed: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut rest = free;
    let mut i = 0;
    while rest != 0 {
        let s = rest.trailing_zeros();
        rest &= rest - 1;
        if packed >> i & 1 != 0 {
            out |= 1 << s;
        }
        i += 1;
    }
    out
}

/// White men never stand on rank 8, black men never on rank 1.
const WHITE_MAN_SQUARES: u32 = 28;
const BLACK_MAN_SQUARES: u32 = 28;

/// Fixed material: the counts of men and kings of each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Slice {
    /// White men.
    pub white_men: u8,
    /// White kings.
    pub white_kings: u8,
    /// Black men.
    pub black_men: u8,
    /// Black kings.
    pub black_kings: u8,
}

impl fmt::Display for Slice {
    /// `1101`: white men, white kings, black men, black kings.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}{}", self.white_men, self.white_kings, self.black_men, self.black_kings)
    }
}

/// The piece sets of one position as 32-square sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// White men, in the compact 32-bit square set.
    pub white_men: u32,
    /// White kings.
    pub white_kings: u32,
    /// Black men.
    pub black_men: u32,
    /// Black kings.
    pub black_kings: u32,
    /// The side to move.
    pub side: Color,
}

impl Placement {
    /// The placement of `position`'s pieces and side to move.
    pub fn of<V: Variant>(position: &Draughts<V>) -> Placement {
        let white = compact(position.bits(Color::White));
        let black = compact(position.bits(Color::Black));
        let kings = compact(position.king_bits());
        Placement {
            white_men: white & !kings,
            white_kings: white & kings,
            black_men: black & !kings,
            black_kings: black & kings,
            side: position.side_to_move(),
        }
    }

    /// The slice (material) the placement lies in.
    pub fn slice(&self) -> Slice {
        Slice {
            white_men: self.white_men.count_ones() as u8,
            white_kings: self.white_kings.count_ones() as u8,
            black_men: self.black_men.count_ones() as u8,
            black_kings: self.black_kings.count_ones() as u8,
        }
    }

    /// The board turned half a turn with the colours swapped: the square
    /// `s` becomes `31 - s`, which reverses the bits.
    pub fn flipped(&self) -> Placement {
        Placement {
            white_men: self.black_men.reverse_bits(),
            white_kings: self.black_kings.reverse_bits(),
            black_men: self.white_men.reverse_bits(),
            black_kings: self.white_kings.reverse_bits(),
            side: !self.side,
        }
    }

    /// This placement or its flip, whichever lies in a canonical slice.
    pub fn canonical(&self) -> Placement {
        if self.slice().is_canonical() { *self } else { self.flipped() }
    }

    /// The position of this placement under `rules`, draw counters at zero.
    pub fn position<V: Variant>(&self, rules: V::Rules) -> Draughts<V> {
        let pieces = [expand(self.white_men | self.white_kings), expand(self.black_men | self.black_kings)];
        Draughts::from_bits(rules, self.side, pieces, expand(self.white_kings | self.black_kings))
    }
}

impl Slice {
    /// Every slice with `pieces` pieces in all and at least one per side.
    pub fn with_pieces(pieces: u8) -> impl Iterator<Item = Slice> {
        (1..pieces).flat_map(move |white| {
            let black = pieces - white;
            (0..=white).flat_map(move |white_kings| {
                (0..=black).map(move |black_kings| Slice {
                    white_men: white - white_kings,
                    white_kings,
                    black_men: black - black_kings,
                    black_kings,
                })
            })
        })
    }

    /// Pieces in all.
    pub fn pieces(&self) -> u32 {
        u32::from(self.white_men + self.white_kings + self.black_men + self.black_kings)
    }

    /// Men in all.
    pub fn men(&self) -> u32 {
        u32::from(self.white_men + self.black_men)
    }

    /// Whether this slice is stored as it is (else as its colour flip): the
    /// side with more pieces, or as many and at least as many kings, is White.
    pub fn is_canonical(&self) -> bool {
        (self.white_men + self.white_kings, self.white_kings)
            >= (self.black_men + self.black_kings, self.black_kings)
    }

    /// The colour flip: White's material becomes Black's.
    pub fn flipped(&self) -> Slice {
        Slice {
            white_men: self.black_men,
            white_kings: self.black_kings,
            black_men: self.white_men,
            black_kings: self.white_kings,
        }
    }

    fn radices(&self) -> [u64; 4] {
        let men = self.men();
        let wk = u32::from(self.white_kings);
        [
            choose(WHITE_MAN_SQUARES, self.white_men.into()),
            choose(BLACK_MAN_SQUARES, self.black_men.into()),
            choose(32 - men, wk),
            choose(32 - men - wk, self.black_kings.into()),
        ]
    }

    /// Indices per side to move.
    pub fn positions_per_side(&self) -> u64 {
        self.radices().iter().product()
    }

    /// Indices in all, both sides to move (some unused, see the module).
    pub fn positions(&self) -> u64 {
        2 * self.positions_per_side()
    }

    /// The index of `placement`, which must lie in this slice.
    pub fn index(&self, placement: &Placement) -> u64 {
        let [_, black_radix, white_king_radix, black_king_radix] = self.radices();
        let men = placement.white_men | placement.black_men;
        let white_men = rank_set(placement.white_men);
        let black_men = rank_set(placement.black_men >> 4);
        let white_kings = rank_set(squeeze(placement.white_kings, !men));
        let black_kings = rank_set(squeeze(placement.black_kings, !(men | placement.white_kings)));
        let index = ((white_men * black_radix + black_men) * white_king_radix + white_kings)
            * black_king_radix
            + black_kings;
        index + placement.side.index() as u64 * self.positions_per_side()
    }

    /// The placement of `index`; `None` for the unused indices where a white
    /// and a black man share a square.
    pub fn placement(&self, index: u64) -> Option<Placement> {
        let [_, black_radix, white_king_radix, black_king_radix] = self.radices();
        let per_side = self.positions_per_side();
        let side = if index >= per_side { Color::Black } else { Color::White };
        let mut rest = index % per_side;
        let black_kings = rest % black_king_radix;
        rest /= black_king_radix;
        let white_kings = rest % white_king_radix;
        rest /= white_king_radix;
        let black_men = rest % black_radix;
        let white_men = rest / black_radix;
        let white_men = unrank_set(white_men, self.white_men.into());
        let black_men = unrank_set(black_men, self.black_men.into()) << 4;
        if white_men & black_men != 0 {
            return None;
        }
        let men = white_men | black_men;
        let white_kings = spread(unrank_set(white_kings, self.white_kings.into()), !men);
        let black_kings = spread(unrank_set(black_kings, self.black_kings.into()), !(men | white_kings));
        Some(Placement { white_men, white_kings, black_men, black_kings, side })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damero_draughts::RussianVariant;

    #[test]
    fn compact_and_expand_are_inverse_on_the_playing_squares() {
        assert_eq!(expand(u32::MAX), damero_draughts::layout::VALID);
        assert_eq!(compact(damero_draughts::layout::VALID), u32::MAX);
        assert_eq!(compact(damero_draughts::layout::TOP_ROW), 0xf000_0000);
    }

    #[test]
    fn every_index_of_a_slice_round_trips() {
        for slice in Slice::with_pieces(3) {
            let mut used = 0;
            for index in 0..slice.positions() {
                if let Some(placement) = slice.placement(index) {
                    used += 1;
                    assert_eq!(placement.slice(), slice);
                    assert_eq!(slice.index(&placement), index, "{slice} {placement:?}");
                    let position = placement.position::<RussianVariant>(Default::default());
                    assert_eq!(Placement::of(&position), placement);
                    assert_eq!(placement.flipped().flipped(), placement);
                }
            }
            assert!(used > 0);
        }
    }

    #[test]
    fn the_flip_keeps_men_off_their_crowning_row() {
        let slice = Slice { white_men: 2, white_kings: 0, black_men: 1, black_kings: 1 };
        for index in 0..slice.positions() {
            if let Some(placement) = slice.placement(index) {
                let flipped = placement.flipped();
                assert_eq!(flipped.slice(), slice.flipped());
                assert_eq!(flipped.white_men & 0xf000_0000, 0);
                assert_eq!(flipped.black_men & 0xf, 0);
                slice.flipped().index(&flipped);
            }
        }
    }
}
