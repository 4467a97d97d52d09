//! The trained evaluation at search speed: the fitted parameters expanded
//! into one integer table per region (flips resolved at load time), so an
//! evaluation is nine table reads, a few counts and one blend.

use damero_core::Color;

use super::features::{
    KING_SQUARE_BASE, KING_SQUARES, PHASE_MEN, REGION_ENTRIES, REGIONS, SCALAR_BASE, SCALARS, pattern_slot,
    phase_men, region_index, scalars,
};
use super::weights::Weights;
use crate::position::Draughts;
use crate::variant::Variant;

/// A middlegame and an endgame value.
type Pair = [i32; 2];

/// The expanded tables.
#[derive(Debug)]
pub(crate) struct Tables {
    /// Per region and entry, in 16 bits: half the cache lines of `i32`
    /// pairs (the nine reads land anywhere in 236 KB instead of 472 KB).
    regions: Vec<[i16; 2]>,
    scalars: [Pair; SCALARS],
    /// Per bit: a White king there, a Black king there (already negated).
    king_squares: [[Pair; 2]; KING_SQUARES],
}

impl Tables {
    pub(crate) fn new(weights: &Weights) -> Tables {
        let p = weights.params();
        let pair = |i: usize| [i32::from(p[2 * i]), i32::from(p[2 * i + 1])];
        let mut regions = vec![[0; 2]; REGIONS * REGION_ENTRIES];
        for k in 0..REGIONS {
            for index in 0..REGION_ENTRIES {
                if let Some((slot, sign)) = pattern_slot(k, index) {
                    let [mg, eg] = [p[2 * slot], p[2 * slot + 1]];
                    // Saturating: only -32768 (which `tune` never writes)
                    // has no 16-bit negative.
                    regions[k * REGION_ENTRIES + index] =
                        if sign < 0.0 { [mg.saturating_neg(), eg.saturating_neg()] } else { [mg, eg] };
                }
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
        let white_men = position.pieces[0] & !position.kings;
        let black_men = position.pieces[1] & !position.kings;
        let mut total: Pair = [0; 2];
        let mut add = |v: Pair| {
            total[0] += v[0];
            total[1] += v[1];
        };
        for k in 0..REGIONS {
            let [mg, eg] = self.regions[k * REGION_ENTRIES + region_index(white_men, black_men, k)];
            add([i32::from(mg), i32::from(eg)]);
        }
        for (value, weight) in scalars(position).into_iter().zip(self.scalars) {
            add([value * weight[0], value * weight[1]]);
        }
        for color in Color::ALL {
            let mut kings = position.pieces[color.index()] & position.kings;
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
