//! The transposition table: lock-free, shared by every search thread.
//!
//! See [`TranspositionTable`].

use std::sync::atomic::{AtomicU64, Ordering};

use crate::score::KNOWN;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// Only the move is useful (the score depended on the path).
    None = 0,
    /// The value is at most the score (every move failed low).
    Upper = 1,
    /// The value is at least the score (a move failed high).
    Lower = 2,
    /// The exact value.
    Exact = 3,
}

/// A decoded entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TtEntry {
    pub score: i32,
    pub move_index: Option<usize>,
    pub depth: u32,
    pub bound: Bound,
}

const NO_MOVE: u64 = 0xFFFF;
const VALID: u64 = 1 << 63;
const ENTRY_BYTES: usize = 16;
const BUCKET_ENTRIES: usize = 2;

/// The largest table (`hash`, `memory`) this machine allows, in MiB: half
/// its physical memory (Linux `/proc/meminfo`), or 64 GiB where that cannot
/// be read.
pub fn max_table_mib() -> usize {
    let total_kib = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
        line.split_whitespace().nth(1)?.parse::<usize>().ok()
    });
    total_kib.map_or(64 << 10, |kib| (kib / 1024 / 2).max(1))
}

/// A transposition table of a fixed size, safe to share between threads.
///
/// Each entry is two `AtomicU64` words, `key ^ data` and `data`: a reader
/// that sees a half-written entry (another thread stored between its two
/// loads) finds that the words do not XOR back to its key and treats it as a
/// miss, so no lock and no `unsafe` are needed. Buckets hold two entries:
/// the first is depth-preferred (kept unless the new result is at least as
/// deep, or the old one is from an earlier search: aging), the second is
/// always replaced.
///
/// Moves are stored as their index in [`Game::legal_moves`](damero_core::Game::legal_moves)
/// order, which keeps the table independent of the game's move type (move
/// generation is deterministic); an index past the end of the list, from a
/// key collision, is ignored.
#[derive(Debug)]
pub struct TranspositionTable {
    words: Vec<AtomicU64>,
    buckets: usize,
    generation: u64,
}

impl TranspositionTable {
    /// A table of about `mib` MiB (at least one bucket). Nothing is
    /// allocated yet: the memory is taken and touched by the first
    /// [`new_search`](Self::new_search) (so a search on the clock counts
    /// it) or [`clear`](Self::clear) (so an interface can pay for it before
    /// the clock starts, as a new game begins).
    pub fn new(mib: usize) -> TranspositionTable {
        let bytes = mib.saturating_mul(1 << 20);
        let buckets = (bytes / (ENTRY_BYTES * BUCKET_ENTRIES)).max(1);
        TranspositionTable { words: Vec::new(), buckets, generation: 0 }
    }

    /// Takes the memory if not done yet. When the system refuses that much,
    /// the table halves until it gets it (a smaller table, never an abort).
    fn allocate(&mut self) {
        if !self.words.is_empty() {
            return;
        }
        loop {
            let len = self.buckets * BUCKET_ENTRIES * 2;
            let mut words: Vec<AtomicU64> = Vec::new();
            if words.try_reserve_exact(len).is_ok() {
                words.extend((0..len).map(|_| AtomicU64::new(0)));
                // Touch every page now: a zeroed allocation is mapped lazily,
                // and the first write to each page would otherwise fault in
                // the middle of the search (measured: a fresh 64 MiB table
                // made a search several times slower, and two threads
                // faulting together slower still).
                for word in words.iter().step_by(512) {
                    word.store(0, Ordering::Relaxed);
                }
                self.words = words;
                return;
            }
            self.buckets = (self.buckets / 2).max(1);
        }
    }

    /// The size in bytes of the entries (once allocated; the planned size
    /// before).
    pub fn size_bytes(&self) -> usize {
        self.buckets * BUCKET_ENTRIES * ENTRY_BYTES
    }

    /// Empties the table (allocating it if not done yet).
    pub fn clear(&mut self) {
        self.allocate();
        for w in &mut self.words {
            *w.get_mut() = 0;
        }
        self.generation = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    /// The first call allocates the table.
    pub fn new_search(&mut self) {
        self.allocate();
        self.generation = (self.generation + 1) & 0x1F;
    }

    /// How full the table is, in permille, from a sample of the first entries
    /// written by the current search.
    pub fn hashfull(&self) -> u32 {
        if self.words.is_empty() {
            return 0;
        }
        let sample = (self.buckets * BUCKET_ENTRIES).min(1000);
        let used = (0..sample)
            .filter(|&i| {
                let data = self.words[2 * i + 1].load(Ordering::Relaxed);
                data & VALID != 0 && (data >> 58) & 0x1F == self.generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        // Multiply-shift maps the key onto any bucket count, not only powers
        // of two, so the size in MiB is honoured.
        ((u128::from(key) * self.buckets as u128) >> 64) as usize * BUCKET_ENTRIES * 2
    }

    /// The entry for `key`, if one is stored. Only after
    /// [`new_search`](Self::new_search) (the table is allocated then).
    /// Starts loading `key`'s bucket into the cache, so a probe shortly
    /// after does not wait for memory. Measured on a depth-22 Russian
    /// search (2.1 M nodes, 5 alternating runs): a median 0.48 CPU-s
    /// without, 0.42 with.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        crate::prefetch::prefetch(self.words.as_ptr().wrapping_add(self.bucket(key)));
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<TtEntry> {
        let base = self.bucket(key);
        for slot in 0..BUCKET_ENTRIES {
            let i = base + 2 * slot;
            let check = self.words[i].load(Ordering::Relaxed);
            let data = self.words[i + 1].load(Ordering::Relaxed);
            if data & VALID != 0 && check ^ data == key {
                return Some(decode(data));
            }
        }
        None
    }

    /// Stores a result; `score` must already be relative to this node (see
    /// [`score_to_tt`]).
    #[inline]
    pub(crate) fn store(&self, key: u64, score: i32, move_index: Option<usize>, depth: u32, bound: Bound) {
        let base = self.bucket(key);
        let generation = self.generation;
        // Keep an earlier best move when this store has none.
        let mut move_bits = move_index.map_or(NO_MOVE, |i| (i as u64).min(NO_MOVE - 1));
        let first_check = self.words[base].load(Ordering::Relaxed);
        let first_data = self.words[base + 1].load(Ordering::Relaxed);
        let first_valid = first_data & VALID != 0;
        let first_same = first_valid && first_check ^ first_data == key;
        let first = decode(first_data);
        let first_old = (first_data >> 58) & 0x1F != generation;
        let replace_first =
            !first_valid || first_old || depth >= first.depth || (first_same && bound == Bound::Exact);
        let slot = if replace_first { base } else { base + 2 };
        if move_bits == NO_MOVE {
            let check = self.words[slot].load(Ordering::Relaxed);
            let data = self.words[slot + 1].load(Ordering::Relaxed);
            if data & VALID != 0 && check ^ data == key {
                move_bits = (data >> 32) & 0xFFFF;
            }
        }
        let data = VALID
            | (generation << 58)
            | ((bound as u64) << 56)
            | (u64::from(depth.min(255)) << 48)
            | (move_bits << 32)
            | u64::from(score as u32);
        self.words[slot + 1].store(data, Ordering::Relaxed);
        self.words[slot].store(key ^ data, Ordering::Relaxed);
    }
}

#[inline]
fn decode(data: u64) -> TtEntry {
    let move_bits = (data >> 32) & 0xFFFF;
    TtEntry {
        score: data as u32 as i32,
        move_index: if move_bits == NO_MOVE { None } else { Some(move_bits as usize) },
        depth: ((data >> 48) & 0xFF) as u32,
        bound: match (data >> 56) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        },
    }
}

/// A score as stored: proven results count plies from this node, not from the
/// root, so they stay right wherever the position is met again.
#[inline]
pub(crate) fn score_to_tt(score: i32, ply: usize) -> i32 {
    if score >= KNOWN {
        score + ply as i32
    } else if score <= -KNOWN {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`score_to_tt`] at `ply`.
#[inline]
pub(crate) fn score_from_tt(score: i32, ply: usize) -> i32 {
    if score >= KNOWN {
        score - ply as i32
    } else if score <= -KNOWN {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::WIN;

    #[test]
    fn store_then_probe_round_trips() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        tt.store(0xDEAD_BEEF, -1234, Some(7), 9, Bound::Lower);
        let e = tt.probe(0xDEAD_BEEF).expect("stored");
        assert_eq!(e, TtEntry { score: -1234, move_index: Some(7), depth: 9, bound: Bound::Lower });
        assert_eq!(tt.probe(0xDEAD_BEE0), None);
        // A store without a move keeps the earlier move.
        tt.store(0xDEAD_BEEF, 5, None, 10, Bound::Exact);
        assert_eq!(tt.probe(0xDEAD_BEEF).unwrap().move_index, Some(7));
    }

    #[test]
    fn depth_preferred_slot_keeps_the_deeper_entry() {
        // One bucket: every key collides.
        let mut tt = TranspositionTable::new(0);
        tt.new_search();
        tt.store(1, 10, None, 8, Bound::Exact);
        tt.store(2, 20, None, 3, Bound::Exact);
        tt.store(3, 30, None, 2, Bound::Exact);
        assert_eq!(tt.probe(1).unwrap().depth, 8, "deep entry survives");
        assert_eq!(tt.probe(2), None, "always-replace slot overwritten");
        assert_eq!(tt.probe(3).unwrap().score, 30);
        // Aging: in a new search the old deep entry gives way.
        tt.new_search();
        tt.store(4, 40, None, 1, Bound::Exact);
        assert_eq!(tt.probe(1), None);
        assert_eq!(tt.probe(4).unwrap().score, 40);
    }

    #[test]
    fn the_table_is_allocated_by_the_first_search_or_clear() {
        let mut tt = TranspositionTable::new(4);
        assert!(tt.words.is_empty(), "nothing taken at construction");
        assert_eq!(tt.size_bytes(), 4 << 20);
        assert_eq!(tt.hashfull(), 0);
        tt.clear();
        assert_eq!(tt.words.len() * 8, 4 << 20);
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        assert_eq!(tt.words.len() * 8, 1 << 20);
    }

    #[test]
    fn win_distance_is_relative_to_the_node() {
        let at_ply_3 = WIN - 7; // a win 7 plies from the root, found at ply 3
        let stored = score_to_tt(at_ply_3, 3);
        assert_eq!(stored, WIN - 4, "4 plies from the node");
        assert_eq!(score_from_tt(stored, 5), WIN - 9, "met again at ply 5");
        assert_eq!(score_from_tt(score_to_tt(-(WIN - 6), 2), 2), -(WIN - 6));
        assert_eq!(score_to_tt(150, 9), 150);
    }
}
