//! Precomputed diagonals: for every square and direction, the squares a
//! flying king sees on an empty board, as one mask.
//!
//! On a board the first piece in the way is one bit scan of `ray & occupied`
//! (the lowest bit on an upward ray, whose bits grow with the distance; the
//! highest on a downward one), and the squares before it are one mask, so
//! no loop walks a ray square by square.

use crate::layout::{ALL_STEPS, DOWN_LEFT, DOWN_RIGHT, Step, UP_LEFT, VALID, shift};

/// A direction as an index into [`ALL_STEPS`]: 0 up-left, 1 up-right,
/// 2 down-right, 3 down-left. Opposite directions differ by 2.
pub(crate) type Direction = usize;

const fn ray_table() -> [[u64; 64]; 4] {
    let mut table = [[0; 64]; 4];
    let mut dir = 0;
    while dir < 4 {
        let mut bit = 0;
        while bit < 64 {
            if VALID >> bit & 1 != 0 {
                let mut probe = shift(1 << bit, ALL_STEPS[dir]) & VALID;
                while probe != 0 {
                    table[dir][bit] |= probe;
                    probe = shift(probe, ALL_STEPS[dir]) & VALID;
                }
            }
            bit += 1;
        }
        dir += 1;
    }
    table
}

/// `RAYS[direction][bit]`: the squares beyond `bit` in `direction` (64 wide
/// so that indexing by `bit & 63` needs no bounds check).
static RAYS: [[u64; 64]; 4] = ray_table();

const fn from_table() -> [[u64; 64]; 4] {
    let rays = ray_table();
    let mut table = [[0; 64]; 4];
    let mut dir = 0;
    while dir < 4 {
        let mut bit = 0;
        while bit < 63 {
            table[dir][bit + 1] = rays[dir][bit] | 1 << bit;
            bit += 1;
        }
        dir += 1;
    }
    table
}

/// `FROM[direction][bit + 1]`: `bit` and the squares beyond it in
/// `direction`; `FROM[direction][0]` is empty. One past the bit, so that a
/// ray's highest piece is found with a set bit below the board (`hit << 1 |
/// 1`): never zero, so the bit scan needs no test for an empty ray.
static FROM: [[u64; 64]; 4] = from_table();

/// The layout step of `dir`.
#[inline(always)]
pub(crate) const fn step(dir: Direction) -> Step {
    ALL_STEPS[dir]
}

/// The direction of a layout step: the inverse of [`step`] (only the four
/// steps reach it; up-right is the one left).
#[inline(always)]
pub(crate) const fn direction_of(step: Step) -> Direction {
    match step {
        UP_LEFT => 0,
        DOWN_RIGHT => 2,
        DOWN_LEFT => 3,
        _ => 1,
    }
}

/// The squares beyond `bit` in `dir`, on an empty board.
#[inline(always)]
pub(crate) fn ray(dir: Direction, bit: u32) -> u64 {
    RAYS[dir & 3][bit as usize & 63]
}

/// The square of `set` (non-empty, on one ray in `dir`) nearest the ray's
/// origin.
#[inline(always)]
pub(crate) fn nearest(dir: Direction, set: u64) -> u32 {
    // `| 1` leaves the highest bit of a non-empty set as it is, and spares
    // the scan its test for zero.
    if dir < 2 { set.trailing_zeros() } else { 63 - (set | 1).leading_zeros() }
}

/// The first square of `ray` (a ray in `dir`) in `blockers`, as a mask:
/// 0 when there is none. No branch: a downward ray with no blocker yields
/// bit 63, which is on no ray and in no board mask.
#[inline(always)]
pub(crate) fn first_hit(dir: Direction, ray: u64, blockers: u64) -> u64 {
    let hit = ray & blockers;
    if dir < 2 { hit & hit.wrapping_neg() } else { (1u64 << 63).wrapping_shr(hit.leading_zeros()) }
}

/// The squares of `ray` (a ray in `dir`) before the first one in
/// `blockers`: all of it when none is.
#[inline(always)]
pub(crate) fn open(dir: Direction, ray: u64, blockers: u64) -> u64 {
    let hit = ray & blockers;
    if dir < 2 {
        // Below the lowest hit: `hit - 1` isolated, all ones when no hit.
        ray & (hit & hit.wrapping_neg()).wrapping_sub(1)
    } else {
        // Above the highest hit: one past it is the highest bit of
        // `hit << 1 | 1` (0 when there is none, and `FROM[dir][0]` is empty).
        ray & !FROM[dir & 3][(63 - (hit << 1 | 1).leading_zeros()) as usize & 63]
    }
}

/// Takes the square of `set` nearest the origin of a ray in `dir` out of
/// `set` and returns its bit: a ray's squares in order of distance.
#[inline(always)]
pub(crate) fn pop_nearest(dir: Direction, set: &mut u64) -> u32 {
    let bit = nearest(dir, *set);
    *set ^= 1 << bit;
    bit
}

/// `set` and every square it reaches moving in `dir` over `empty` squares
/// (an occluded fill: three doubling steps cover a diagonal's seven).
#[inline(always)]
pub(crate) fn slide(set: u64, dir: Direction, empty: u64) -> u64 {
    let s = step(dir);
    let mut reached = set;
    let mut open = empty;
    reached |= open & shift(reached, s);
    open &= shift(open, s);
    reached |= open & shift(reached, 2 * s);
    open &= shift(open, 2 * s);
    reached | (open & shift(reached, 4 * s))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The squares a walk one step at a time finds before `blockers`.
    fn walked(dir: Direction, bit: u32, blockers: u64) -> Vec<u32> {
        let mut squares = Vec::new();
        let mut probe = shift(1 << bit, step(dir)) & VALID;
        while probe != 0 && probe & blockers == 0 {
            squares.push(probe.trailing_zeros());
            probe = shift(probe, step(dir)) & VALID;
        }
        squares
    }

    #[test]
    fn open_rays_match_a_square_by_square_walk() {
        // A few blocker patterns, each square as a start.
        let patterns =
            [0, VALID, 0x0000_0f0f_0f0f_0f0f & VALID, 0x0000_000a_5a5a_5a5a & VALID, 1 << 18 | 1 << 9];
        for blockers in patterns {
            for bit in (0..36).filter(|b| VALID >> b & 1 != 0) {
                for dir in 0..4 {
                    let mut open = open(dir, ray(dir, bit), blockers);
                    let mut in_order = Vec::new();
                    while open != 0 {
                        in_order.push(pop_nearest(dir, &mut open));
                    }
                    assert_eq!(in_order, walked(dir, bit, blockers), "bit {bit} dir {dir}");
                }
            }
        }
    }

    #[test]
    fn direction_of_inverts_step() {
        for dir in 0..4 {
            assert_eq!(direction_of(step(dir)), dir);
        }
    }

    #[test]
    fn rays_stay_on_the_board() {
        for bit in 0..64 {
            for dir in 0..4 {
                assert_eq!(ray(dir, bit) & !VALID, 0);
            }
        }
        // a1 (bit 0) up-right is the long diagonal to h8 (bit 35).
        assert_eq!(ray(1, 0).count_ones(), 7);
        assert_eq!(ray(1, 0) >> 35 & 1, 1);
    }
}
