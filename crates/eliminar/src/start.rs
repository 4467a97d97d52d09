//! The four start setups of rule 2 and their seeded random choices.
//!
//! # Stability
//! The same `(setup, removed_per_side, seed)` gives the same start position on
//! every machine, every run and every version of this crate: the random stream
//! is ChaCha8 (a fixed cipher) keyed by four SplitMix64 outputs of the seed, and
//! the choices are made by code written here (an explicit unbiased bounded draw
//! and a partial Fisher–Yates shuffle), not by a library's distribution code
//! that might change. A test pins the S1 start for seed 1, so any change to
//! this module is caught.

use damero_core::{Bitboard, Color, Square, splitmix64};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

use crate::rules::{EliminarRules, StartSetup};
use crate::setup::Setup;

/// The seeded random source of the setups.
struct SetupRng(ChaCha8Rng);

impl SetupRng {
    fn new(seed: u64) -> SetupRng {
        // The key is made here rather than by `seed_from_u64`, so it does not
        // depend on how a rand_core version expands a u64.
        let mut key = [0u8; 32];
        let mut state = seed;
        for chunk in key.chunks_exact_mut(8) {
            let (next, value) = splitmix64(state);
            state = next;
            chunk.copy_from_slice(&value.to_le_bytes());
        }
        SetupRng(ChaCha8Rng::from_seed(key))
    }

    /// A uniform integer in `0..bound` (`bound > 0`), by rejection: values at or
    /// above the largest multiple of `bound` that fits in a u64 are drawn again,
    /// so every residue is equally likely.
    fn below(&mut self, bound: u64) -> u64 {
        debug_assert!(bound > 0);
        let zone = (u64::MAX / bound) * bound;
        loop {
            let x = self.0.next_u64();
            if x < zone {
                return x % bound;
            }
        }
    }

    /// Moves a uniform random `k`-subset of `items` (in uniform random order)
    /// to its front: a partial Fisher–Yates shuffle.
    fn choose_front(&mut self, items: &mut [Square], k: usize) {
        let k = k.min(items.len());
        for i in 0..k {
            let j = i + self.below((items.len() - i) as u64) as usize;
            items.swap(i, j);
        }
    }

    /// `set` less `n` of its squares chosen uniformly without replacement.
    fn remove_random(&mut self, set: Bitboard, n: usize) -> Bitboard {
        let mut squares: Vec<Square> = set.squares().collect();
        self.choose_front(&mut squares, n);
        let mut left = set;
        for &sq in &squares[..n.min(squares.len())] {
            left.remove(sq);
        }
        left
    }
}

/// The start position under `rules` (which pass validation), White to move
/// (rule 1).
///
/// Order of draws, fixed forever: S3 and S4 first shuffle the 64 squares
/// (a1..h8 order) partially; the first 24 (S3) or 32 (S4) drawn become White,
/// the next 24 (S3) or the rest (S4) Black. Then, except for S3, White's
/// removal is drawn from White's squares in a1..h8 order, then Black's.
pub(crate) fn start_setup(rules: &EliminarRules) -> Setup {
    let (white, black) = start_placement(rules);
    Setup { white, black, side_to_move: Color::White }
}

/// The White and Black pieces of the start position under `rules`.
fn start_placement(rules: &EliminarRules) -> (Bitboard, Bitboard) {
    let mut rng = SetupRng::new(rules.seed);
    let ranks = |from: u8, to: u8| (from..=to).fold(Bitboard::EMPTY, |bb, r| bb | Bitboard::rank(r));
    let (white, black) = match rules.setup {
        StartSetup::Standard => (ranks(0, 2), ranks(5, 7)),
        StartSetup::ThirtyTwo => (ranks(0, 3), ranks(4, 7)),
        StartSetup::Random24 | StartSetup::RandomFull => {
            let per_side = rules.setup.pieces_per_side() as usize;
            let mut squares: Vec<Square> = Square::all().collect();
            rng.choose_front(&mut squares, 2 * per_side);
            let white: Bitboard = squares[..per_side].iter().copied().collect();
            let black: Bitboard = squares[per_side..2 * per_side].iter().copied().collect();
            (white, black)
        }
    };
    let n = rules.effective_removal() as usize;
    if n == 0 {
        return (white, black);
    }
    let white = rng.remove_random(white, n);
    let black = rng.remove_random(black, n);
    (white, black)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = SetupRng::new(7);
        let mut seen = [0u32; 5];
        for _ in 0..5000 {
            seen[rng.below(5) as usize] += 1;
        }
        // Each residue near 1000; a biased or broken draw would miss badly.
        assert!(seen.iter().all(|&n| (850..1150).contains(&n)), "{seen:?}");
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn choose_front_is_a_permutation() {
        let mut rng = SetupRng::new(3);
        let mut squares: Vec<Square> = Square::all().collect();
        rng.choose_front(&mut squares, 10);
        let set: Bitboard = squares.iter().copied().collect();
        assert_eq!(set, Bitboard::FULL);
        assert_eq!(squares.len(), 64);
    }

    #[test]
    fn different_seeds_give_different_streams() {
        let a = SetupRng::new(0).0.next_u64();
        let b = SetupRng::new(1).0.next_u64();
        assert_ne!(a, b);
    }
}
