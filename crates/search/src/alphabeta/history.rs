//! The history tables of one search thread: a score per quiet move, by side
//! and move slot, that rises when the move cuts off and falls when it was
//! tried before another quiet move that did (the ordering of quiet moves and
//! the history-read reductions), and the countermove of each move.

use core::hash::{Hash, Hasher};

use damero_core::Color;

/// Move slots per side (a move's slot is a hash of it).
const SLOTS: usize = 4096;
/// The bound history scores approach (the updates saturate towards it).
pub(super) const HISTORY_MAX: i32 = 16_384;

/// History scores and countermoves of one thread.
pub(super) struct History<M> {
    scores: Vec<i32>,
    /// The quiet move that last refuted a move, by side and move slot.
    countermoves: Vec<Option<M>>,
}

impl<M: Copy + Hash> History<M> {
    /// Empty tables: every score 0, no countermove.
    pub(super) fn new() -> History<M> {
        History { scores: vec![0; SLOTS * 2], countermoves: vec![None; SLOTS * 2] }
    }

    #[inline]
    fn slot(side: Color, mv: M) -> usize {
        let mut hasher = MoveHasher(0);
        mv.hash(&mut hasher);
        side.index() * SLOTS + (hasher.finish() >> 52) as usize
    }

    /// The score of `side`'s quiet move `mv`.
    #[inline]
    pub(super) fn score(&self, side: Color, mv: M) -> i32 {
        self.scores[Self::slot(side, mv)]
    }

    /// The quiet move of `side` that last refuted `previous`.
    #[inline]
    pub(super) fn countermove(&self, side: Color, previous: M) -> Option<M> {
        self.countermoves[Self::slot(side, previous)]
    }

    /// Makes `mv` the countermove of `side` to `previous`.
    #[inline]
    pub(super) fn set_countermove(&mut self, side: Color, previous: M, mv: M) {
        self.countermoves[Self::slot(side, previous)] = Some(mv);
    }

    /// `side`'s quiet move `mv` cut off at `depth` after the quiet moves
    /// `tried` did not: raises its score and lowers theirs, by a bonus that
    /// grows with the depth and shrinks as a score nears [`HISTORY_MAX`].
    pub(super) fn reward(&mut self, side: Color, mv: M, depth: i32, tried: impl Iterator<Item = M>) {
        let bonus = (depth * depth).min(400) * 16;
        let update = |h: &mut i32, b: i32| *h += b - *h * b.abs() / HISTORY_MAX;
        update(&mut self.scores[Self::slot(side, mv)], bonus);
        for other in tried {
            update(&mut self.scores[Self::slot(side, other)], -bonus);
        }
    }
}

/// A small, fast hasher for moves (FxHash-style), for the move slots.
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    #[inline]
    fn finish(&self) -> u64 {
        damero_core::splitmix64(self.0).1
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}
