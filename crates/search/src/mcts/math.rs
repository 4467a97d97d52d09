//! The arithmetic of UCT, made cheap (tables and a fixed-cost logarithm the
//! same on every machine), and the one conversion between win probabilities
//! and centipawn scores.

use crate::score::Score;

/// The centipawns of a factor 10 in the odds of winning: the logistic scale
/// both directions of the conversion use.
const CENTIPAWNS_PER_DECADE: f64 = 400.0;

/// The win probability of a position the evaluator gives `centipawns` (for
/// the side to move): logistic, 400 centipawns a factor 10 in the odds.
pub(super) fn win_probability(centipawns: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf(-f64::from(centipawns) / CENTIPAWNS_PER_DECADE))
}

/// The score of a mean playout result `p` (a win probability): the inverse
/// of [`win_probability`], kept within ±1200 centipawns (p in 0.001..0.999)
/// so a statistic never looks like a proof.
pub(super) fn score_of(p: f64) -> Score {
    let p = p.clamp(0.001, 0.999);
    Score((CENTIPAWNS_PER_DECADE * (p / (1.0 - p)).log10()).round() as i32)
}

/// `1 / sqrt(n)` for `n > 0`: from a table for the small counts of most
/// nodes.
#[inline]
pub(super) fn inverse_sqrt(n: u32) -> f32 {
    match INVERSE_SQRT.get(n as usize) {
        Some(&value) => value,
        None => (n as f32).sqrt().recip(),
    }
}

/// `1 / sqrt(n)` for `n` below 1024 (entry 0 unused).
static INVERSE_SQRT: [f32; 1024] = {
    let mut table = [0.0; 1024];
    let mut n = 1;
    while n < 1024 {
        table[n] = 1.0 / const_sqrt(n as f32);
        n += 1;
    }
    table
};

/// `sqrt(ln(max(n, 1)))`, UCT's exploration scale: from a table for the
/// small counts of most nodes, else from [`ln`].
#[inline]
pub(super) fn sqrt_ln(n: u32) -> f32 {
    match SQRT_LN.get(n as usize) {
        Some(&value) => value,
        None => ln(n).sqrt(),
    }
}

/// `sqrt(ln(max(n, 1)))` for `n` below 4096 (16 KiB: stays in the L1 cache).
static SQRT_LN: [f32; 4096] = {
    let mut table = [0.0; 4096];
    let mut n = 2;
    while n < 4096 {
        table[n] = const_sqrt(ln(n as u32));
        n += 1;
    }
    table
};

/// A square root usable in a `const` (Newton's method from above, to the
/// last bit of an `f32`).
const fn const_sqrt(x: f32) -> f32 {
    if x <= 0.0 {
        return 0.0;
    }
    let mut guess = if x > 1.0 { x } else { 1.0 };
    let mut i = 0;
    while i < 64 {
        let next = 0.5 * (guess + x / guess);
        if next >= guess {
            break;
        }
        guess = next;
        i += 1;
    }
    guess
}

/// The natural logarithm of `n`, to about 1e-4: UCT's exploration term
/// needs no more, and the library call took a tenth of the tree's time. From
/// the float's exponent and a polynomial in its mantissa (least squares, and
/// exactly 0 at 1 so the scale of a once-visited node is 0 as it should be),
/// so the result is the same on every machine.
const fn ln(n: u32) -> f32 {
    let bits = (n as f32).to_bits();
    let exponent = ((bits >> 23) as i32 - 127) as f32;
    // The mantissa as t in [0, 1): n = 2^exponent * (1 + t).
    let t = f32::from_bits(bits & 0x007f_ffff | 0x3f80_0000) - 1.0;
    let log2_mantissa = t * (1.438_546_8 + t * (-0.678_081_5 + t * (0.323_630_37 - 0.084_285_09 * t)));
    (exponent + log2_mantissa) * core::f32::consts::LN_2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn score_and_win_probability_are_inverse() {
        for centipawns in [-1000, -400, -35, 0, 1, 35, 400, 1000] {
            assert_eq!(score_of(win_probability(centipawns)), Score(centipawns));
        }
        assert_eq!(score_of(0.5), Score(0));
        assert_eq!(score_of(1.0), score_of(0.999));
        assert_eq!(score_of(1.0), Score(1200), "a certainty stays within ±1200");
    }

    #[test]
    fn ln_is_within_2e4_of_the_natural_logarithm_and_0_at_1() {
        assert_eq!(ln(1), 0.0);
        for n in (1..100_000).chain([1 << 20, 3_000_000_007, u32::MAX]) {
            let error = (f64::from(ln(n)) - f64::from(n).ln()).abs();
            assert!(error < 2e-4, "ln({n}) is off by {error}");
        }
    }

    #[test]
    fn the_exploration_scale_table_matches_sqrt_ln() {
        assert_eq!(sqrt_ln(0), 0.0);
        assert_eq!(sqrt_ln(1), 0.0);
        for n in (2..5000).chain([1 << 20, u32::MAX]) {
            let exact = f64::from(n).ln().sqrt();
            let error = (f64::from(sqrt_ln(n)) - exact).abs();
            assert!(error < 1e-4, "sqrt_ln({n}) is off by {error}");
        }
    }

    #[test]
    fn the_inverse_square_root_table_is_exact_to_an_f32() {
        for n in (1..5000).chain([1 << 20, u32::MAX]) {
            let exact = 1.0 / f64::from(n).sqrt();
            let error = (f64::from(inverse_sqrt(n)) - exact).abs() / exact;
            assert!(error < 2e-7, "inverse_sqrt({n}) is off by {error} (relative)");
        }
    }
}
