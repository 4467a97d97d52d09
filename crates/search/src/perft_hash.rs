//! Hashed perft: [`perft`](crate::perft()) with a table of subtree counts
//! shared by every thread, for depths where transpositions dominate.
//!
//! See [`PerftTable`] and [`perft_hashed`].

use std::sync::atomic::{AtomicU64, Ordering};

use damero_core::{Game, MoveList};
use rayon::prelude::*;

use crate::perft::{frontier, perft};

/// Entries per bucket: four entries of two words fill one 64-byte line.
const BUCKET_ENTRIES: usize = 4;
const WORDS_PER_BUCKET: usize = 2 * BUCKET_ENTRIES;
const DEPTH_SHIFT: u32 = 56;
const COUNT_MASK: u64 = (1 << DEPTH_SHIFT) - 1;
/// Subtrees this shallow are counted again rather than looked up: a probe
/// costs about what a depth-2 count does.
const MIN_HASHED_DEPTH: u32 = 3;

/// A fixed-size table of perft subtree counts, safe to share between
/// threads without locks.
///
/// An entry is two `AtomicU64` words, `key ^ data` and `data`, where `data`
/// packs the depth (8 bits) and the leaf count (56 bits). A reader checks
/// that the words XOR back to its key and that the depth is its own, so a
/// half-written entry (another thread stored between the two loads) or an
/// entry of another depth is a miss, never a wrong count. The remaining
/// risk is two positions with the same 64-bit [`Game::zobrist`] key, about
/// one chance in 2^64 per probe of a full bucket. A bucket holds four
/// entries in one cache line; a store replaces the shallowest.
#[derive(Debug)]
pub struct PerftTable {
    words: Vec<AtomicU64>,
    /// The index of the first word of bucket 0: buckets start on a 64-byte
    /// boundary so a probe reads one cache line.
    first: usize,
    buckets: usize,
}

impl PerftTable {
    /// A table using about `mib` MiB (at least one bucket).
    pub fn new(mib: usize) -> PerftTable {
        let buckets = (mib.saturating_mul(1 << 20) / (8 * WORDS_PER_BUCKET)).max(1);
        // The allocator hands out zeroed pages untouched, so the kernel maps
        // each on its first write. Written here, one word per 4 KiB page,
        // they are mapped now by one thread: left to the count, two threads
        // faulting on the same table spent 8 s of system time in a 12 s
        // hashed perft 15, against 1 s for one thread.
        let words: Vec<AtomicU64> =
            std::iter::repeat_with(|| AtomicU64::new(0)).take(buckets * WORDS_PER_BUCKET + 7).collect();
        for word in words.iter().step_by(4096 / 8) {
            word.store(0, Ordering::Relaxed);
        }
        let misalignment = (words.as_ptr() as usize / 8) % WORDS_PER_BUCKET;
        let first = (WORDS_PER_BUCKET - misalignment) % WORDS_PER_BUCKET;
        PerftTable { words, first, buckets }
    }

    /// The size of the entries in bytes.
    pub fn size_bytes(&self) -> usize {
        self.buckets * WORDS_PER_BUCKET * 8
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto any bucket count, so the size in
        // MiB is honoured exactly.
        self.first + ((u128::from(key) * self.buckets as u128) >> 64) as usize * WORDS_PER_BUCKET
    }

    /// The stored count of the subtree of `depth` below the position with
    /// `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64, depth: u32) -> Option<u64> {
        let base = self.bucket(key);
        for slot in 0..BUCKET_ENTRIES {
            let check = self.words[base + 2 * slot].load(Ordering::Relaxed);
            let data = self.words[base + 2 * slot + 1].load(Ordering::Relaxed);
            if check ^ data == key && data >> DEPTH_SHIFT == u64::from(depth) && data != 0 {
                return Some(data & COUNT_MASK);
            }
        }
        None
    }

    /// Stores `count`, the leaves of the subtree of `depth` (1..=255) below
    /// the position with `key`. Counts of 2^56 or more are not stored.
    #[inline]
    pub fn store(&self, key: u64, depth: u32, count: u64) {
        if count > COUNT_MASK || depth == 0 || depth > 255 {
            return;
        }
        let data = u64::from(depth) << DEPTH_SHIFT | count;
        let base = self.bucket(key);
        // Replace the shallowest entry (an empty one has depth 0).
        let mut victim = 0;
        let mut shallowest = u64::MAX;
        for slot in 0..BUCKET_ENTRIES {
            let stored = self.words[base + 2 * slot + 1].load(Ordering::Relaxed) >> DEPTH_SHIFT;
            if stored < shallowest {
                shallowest = stored;
                victim = slot;
            }
        }
        self.words[base + 2 * victim].store(key ^ data, Ordering::Relaxed);
        self.words[base + 2 * victim + 1].store(data, Ordering::Relaxed);
    }
}

/// [`perft`] with the subtree counts of depth 3 and more looked up in, and
/// stored to, `table`; split over `threads` worker threads (rayon) sharing
/// the table, as [`perft_parallel`](crate::perft_parallel) splits. The count
/// is exact (see [`PerftTable`] for the one caveat) whatever the table size.
///
/// # Panics
/// If the thread pool cannot be built (the OS refuses threads).
pub fn perft_hashed<G: Game>(position: &G, depth: u32, table: &PerftTable, threads: usize) -> u64 {
    if threads <= 1 || depth < 3 {
        return hashed(position, depth, table);
    }
    let (positions, remaining) = frontier(position, depth);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool");
    pool.install(|| positions.par_iter().map(|p| hashed(p, remaining, table)).sum())
}

fn hashed<G: Game>(position: &G, depth: u32, table: &PerftTable) -> u64 {
    if depth < MIN_HASHED_DEPTH {
        return perft(position, depth);
    }
    let key = position.zobrist();
    if let Some(count) = table.probe(key, depth) {
        return count;
    }
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let mut total = 0;
    for &mv in &moves {
        let mut child = *position;
        child.play(mv);
        total += hashed(&child, depth - 1, table);
    }
    table.store(key, depth, total);
    total
}

#[cfg(test)]
mod tests {
    use damero_core::Game;
    use damero_draughts::{English, Russian};

    use super::*;

    /// A table far too small for the tree: most stores replace others and
    /// many probes miss, and the count must not change.
    #[test]
    fn hashed_perft_equals_plain_perft_with_a_tiny_table() {
        let russian = Russian::start(Default::default());
        let english = English::start(Default::default());
        let kings =
            Russian::from_fen("B:Wa1,c1,e1,h2,a3,f4,Kd8:BKg1,a5,b6,a7,c7,g7,b8,f8,h8", Default::default())
                .expect("FEN");
        for threads in [1, 2] {
            let table = PerftTable { buckets: 3, ..PerftTable::new(1) };
            assert_eq!(perft_hashed(&russian, 8, &table, threads), perft(&russian, 8));
            assert_eq!(perft_hashed(&english, 8, &table, threads), perft(&english, 8));
            assert_eq!(perft_hashed(&kings, 6, &table, threads), perft(&kings, 6));
        }
    }

    #[test]
    fn hashed_perft_equals_plain_perft_with_room() {
        let table = PerftTable::new(4);
        let russian = Russian::start(Default::default());
        assert_eq!(perft_hashed(&russian, 9, &table, 2), 4_570_586);
        // A second run reads the first's counts back.
        assert_eq!(perft_hashed(&russian, 9, &table, 1), 4_570_586);
    }

    #[test]
    fn entries_check_key_and_depth() {
        let table = PerftTable::new(1);
        table.store(42, 5, 1234);
        assert_eq!(table.probe(42, 5), Some(1234));
        assert_eq!(table.probe(42, 4), None);
        assert_eq!(table.probe(43, 5), None);
        table.store(7, 3, 1 << 56);
        assert_eq!(table.probe(7, 3), None, "too big to store");
        assert!(table.size_bytes() >= 1 << 20);
    }
}
