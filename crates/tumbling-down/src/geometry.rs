//! Tables of the board's rays, built at compile time.

use damero_core::Direction;

/// `RAY_LEN[square][direction]`: how many on-board squares lie beyond `square`
/// in `direction` (the `L` of rule 6; 0 when the first step leaves the board).
pub const RAY_LEN: [[u8; 8]; 64] = {
    let mut table = [[0u8; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = Direction::ALL[d].delta();
            let mut file = (sq % 8) as i8 + df;
            let mut rank = (sq / 8) as i8 + dr;
            let mut len = 0;
            // A negative coordinate wraps to >= 128 as u8, so one comparison checks both ends.
            while (file as u8) < 8 && (rank as u8) < 8 {
                len += 1;
                file += df;
                rank += dr;
            }
            table[sq][d] = len;
            d += 1;
        }
        sq += 1;
    }
    table
};

/// `RAY_PREFIX[square][direction][k]`: the first `k` squares of the ray (as
/// bits), `k` up to its length; longer `k` give the whole ray.
pub(crate) static RAY_PREFIX: [[[u64; 8]; 8]; 64] = {
    let mut table = [[[0u64; 8]; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let step = Direction::ALL[d].index_step() as i32;
            let len = RAY_LEN[sq][d] as usize;
            let mut bits = 0u64;
            let mut k = 1;
            while k < 8 {
                if k <= len {
                    bits |= 1 << (sq as i32 + step * k as i32);
                }
                table[sq][d][k] = bits;
                k += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    table
};

/// `DIRECTIONS[square]`: bit `d` set when `Direction::ALL[d]` stays on the board.
pub(crate) const DIRECTIONS: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            if RAY_LEN[sq][d] > 0 {
                table[sq] |= 1 << d;
            }
            d += 1;
        }
        sq += 1;
    }
    table
};

/// `NEIGHBOURS[square]`: the number of adjacent squares (3, 5 or 8).
pub const NEIGHBOURS: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut sq = 0;
    while sq < 64 {
        table[sq] = DIRECTIONS[sq].count_ones() as u8;
        sq += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;
    use damero_core::Square;

    #[test]
    fn rays_match_square_offsets() {
        for sq in Square::all() {
            for (d, dir) in Direction::ALL.into_iter().enumerate() {
                let mut expected = Vec::new();
                let mut cur = sq;
                while let Some(next) = cur.offset(dir) {
                    expected.push(next);
                    cur = next;
                }
                assert_eq!(RAY_LEN[sq.index()][d] as usize, expected.len());
                for (k, &prefix) in RAY_PREFIX[sq.index()][d].iter().enumerate() {
                    let bits: u64 = expected.iter().take(k).map(|s| 1u64 << s.index()).sum();
                    assert_eq!(prefix, bits, "{sq} {dir:?} {k}");
                }
            }
        }
        assert_eq!(NEIGHBOURS[0], 3);
        assert_eq!(NEIGHBOURS[1], 5);
        assert_eq!(NEIGHBOURS[9], 8);
    }
}
