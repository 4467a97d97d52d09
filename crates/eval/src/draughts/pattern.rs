//! The trained evaluation at search speed: the fitted parameters expanded
//! into one integer table per region, seen from the side to move (flips
//! resolved and the mover deviations added at load time), so an evaluation
//! is nine table reads, a few counts and one blend.

use damero_core::Color;

use super::features::{
    DEVIATION_BASE, KING_SQUARE_BASE, KING_SQUARES, PHASE_MEN, REGION_ENTRIES, REGIONS, SCALAR_BASE, SCALARS,
    mover_men, pattern_slot, phase_men, region_index, scalars,
};
use super::weights::Weights;
use damero_draughts::Draughts;
use damero_draughts::Variant;

/// A middlegame and an endgame value.
type Pair = [i32; 2];

/// The expanded tables.
#[derive(Debug)]
pub(crate) struct Tables {
    /// Per region and entry of the board as the side to move sees it, for
    /// the mover, in 16 bits: half the cache lines of `i32` pairs (the nine
    /// reads land anywhere in 236 KB instead of 472 KB).
    regions: Vec<[i16; 2]>,
    scalars: [Pair; SCALARS],
    /// Per bit: a White king there, a Black king there (already negated).
    king_squares: [[Pair; 2]; KING_SQUARES],
}

impl Tables {
    pub(crate) fn new(weights: &Weights) -> Tables {
        let p = weights.params();
        let pair = |i: usize| [i32::from(p[2 * i]), i32::from(p[2 * i + 1])];
        // The shared tables are antisymmetric under the flip (region k's
        // entry i is minus region 8 - k's entry FLIP[i]), so read from the
        // turned board for the mover and signed back they give White's
        // value unchanged: one expanded table, the shared value plus the
        // mover's deviation, serves both sides to move.
        let mut regions = vec![[0; 2]; REGIONS * REGION_ENTRIES];
        for k in 0..REGIONS {
            for index in 0..REGION_ENTRIES {
                let mut value = [0i32; 2];
                if let Some((slot, sign)) = pattern_slot(k, index) {
                    let s = if sign < 0.0 { -1 } else { 1 };
                    value = [s * i32::from(p[2 * slot]), s * i32::from(p[2 * slot + 1])];
                }
                let d = DEVIATION_BASE + k * REGION_ENTRIES + index;
                value[0] += i32::from(p[2 * d]);
                value[1] += i32::from(p[2 * d + 1]);
                // Saturating: `tune` writes parameters within ±32,000, and
                // the fitted sums stay far inside 16 bits.
                regions[k * REGION_ENTRIES + index] =
                    [value[0].clamp(-32767, 32767) as i16, value[1].clamp(-32767, 32767) as i16];
            }
        }
        let scalars = core::array::from_fn(|i| pair(SCALAR_BASE + i));
        let king_squares = core::array::from_fn(|bit| {
            let [mg, eg] = pair(KING_SQUARE_BASE + (35 - bit));
            [pair(KING_SQUARE_BASE + bit), [-mg, -eg]]
        });
        Tables { regions, scalars, king_squares }
    }

    /// White's score in centipawns.
    #[inline]
    pub(crate) fn white_score<V: Variant>(&self, position: &Draughts<V>) -> i32 {
        let (own, other, sign) = mover_men(position);
        let mut patterns: Pair = [0; 2];
        for k in 0..REGIONS {
            let [mg, eg] = self.regions[k * REGION_ENTRIES + region_index(own, other, k)];
            patterns[0] += i32::from(mg);
            patterns[1] += i32::from(eg);
        }
        let mut total: Pair = [sign * patterns[0], sign * patterns[1]];
        let mut add = |v: Pair| {
            total[0] += v[0];
            total[1] += v[1];
        };
        for (value, weight) in scalars(position).into_iter().zip(self.scalars) {
            add([value * weight[0], value * weight[1]]);
        }
        for color in Color::ALL {
            let mut kings = position.bits(color) & position.king_bits();
            while kings != 0 {
                let bit = kings.trailing_zeros() as usize;
                kings &= kings - 1;
                add(self.king_squares[bit][color.index()]);
            }
        }
        let men = phase_men(position);
        (total[0] * men + total[1] * (PHASE_MEN - men)) / PHASE_MEN
    }
}
