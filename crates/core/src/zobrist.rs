//! Zobrist keys made at compile time.
//!
//! Every game builds its own tables in a `const` item with [`zobrist_keys`], so
//! there is no run-time initialisation and the keys are the same on every
//! machine and every build (hash values can be written into tests).

/// One step of SplitMix64: a tiny, well-mixed generator that is `const`.
#[inline]
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// `N` pseudo-random keys from `seed`. Distinct seeds give unrelated tables;
/// use one seed per game and per table.
pub const fn zobrist_keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut keys = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        let (next, value) = splitmix64(state);
        state = next;
        keys[i] = value;
        i += 1;
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_stable() {
        const KEYS: [u64; 256] = zobrist_keys(7);
        let mut sorted = KEYS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), 256);
        assert!(KEYS.iter().all(|&k| k != 0));
        // A fixed seed gives fixed keys: hashes may be written into tests.
        assert_eq!(zobrist_keys::<2>(7), [KEYS[0], KEYS[1]]);
        assert_ne!(zobrist_keys::<1>(8)[0], KEYS[0]);
    }
}
