//! Where the capture search puts what it finds: the search is written once
//! and each use (listing, perft's count, notation's paths) is a sink, so
//! the use that needs less (no path, no list) compiles to less.

use damero_core::MoveList;

use crate::Move;

/// The most jumps one capture can make (12 pieces to take, with margin).
pub(crate) const MAX_JUMPS: usize = 16;

/// The landing squares and captured pieces of one capture path, as bits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CapturePath {
    pub(crate) landings: [u8; MAX_JUMPS],
    pub(crate) victims: [u8; MAX_JUMPS],
    pub(crate) len: usize,
}

impl CapturePath {
    pub(super) const EMPTY: CapturePath =
        CapturePath { landings: [0; MAX_JUMPS], victims: [0; MAX_JUMPS], len: 0 };

    #[inline(always)]
    pub(super) fn push<S: CaptureSink>(&mut self, landing: u64, victim: u64) {
        if !S::RECORDS_PATH {
            return;
        }
        // A path can never exceed 12 jumps (each takes a different enemy piece).
        if self.len < MAX_JUMPS {
            self.landings[self.len] = landing.trailing_zeros() as u8;
            self.victims[self.len] = victim.trailing_zeros() as u8;
        }
        self.len += 1;
    }

    #[inline(always)]
    pub(super) fn pop<S: CaptureSink>(&mut self) {
        if !S::RECORDS_PATH {
            return;
        }
        self.len -= 1;
    }

    /// The landings, in order.
    pub(crate) fn landings(&self) -> &[u8] {
        &self.landings[..self.len.min(MAX_JUMPS)]
    }

    /// The captured pieces, in order.
    pub(crate) fn victims(&self) -> &[u8] {
        &self.victims[..self.len.min(MAX_JUMPS)]
    }
}

/// Receives every complete capture sequence the search finds.
pub(crate) trait CaptureSink {
    /// Whether the sink reads the path (notation does; move lists do not, so
    /// the hot path skips recording it).
    const RECORDS_PATH: bool;
    /// Whether short kings try the side's forward directions first (the
    /// order random playouts number captures in) rather than [`ALL_STEPS`](crate::layout::ALL_STEPS)'
    /// order (the order of the move list).
    const FORWARD_FIRST: bool = false;
    /// Whether the sink only counts: then the search hands it sequences that
    /// no other path repeats by number ([`Self::count_unique`]), without
    /// building their moves.
    const COUNTS: bool = false;
    /// One complete sequence. `may_repeat` is false when no other path can
    /// make the same move (a man taking fewer than four pieces, a king
    /// fewer than three: the search's `may_repeat` says why).
    fn capture(&mut self, mv: Move, path: &CapturePath, may_repeat: bool);
    /// `n` complete sequences that no other path repeats (only called when
    /// [`Self::COUNTS`]).
    #[inline(always)]
    fn count_unique(&mut self, _n: u32) {}
}

/// Collects moves, merging paths that make the same move (rule 11);
/// `FORWARD_FIRST` as [`CaptureSink::FORWARD_FIRST`].
pub(crate) struct ListSink<'a, const FORWARD_FIRST: bool> {
    pub(crate) list: &'a mut MoveList<Move>,
}

impl<const FORWARD_FIRST: bool> CaptureSink for ListSink<'_, FORWARD_FIRST> {
    const RECORDS_PATH: bool = false;
    const FORWARD_FIRST: bool = FORWARD_FIRST;

    #[inline]
    fn capture(&mut self, mv: Move, _path: &CapturePath, may_repeat: bool) {
        if !may_repeat || !self.list.contains(&mv) {
            self.list.push(mv);
        }
    }
}

/// Counts moves without listing them: only those another path may repeat
/// are kept, to merge them (rule 11).
pub(super) struct CountSink<'a> {
    pub(super) unique: u64,
    /// Borrowed: a sink holding the list would be moved, copying its
    /// inline buffer (measured: a third of the time of a king middlegame).
    pub(super) repeatable: &'a mut MoveList<Move>,
}

impl CaptureSink for CountSink<'_> {
    const RECORDS_PATH: bool = false;
    const COUNTS: bool = true;

    #[inline(always)]
    fn count_unique(&mut self, n: u32) {
        self.unique += u64::from(n);
    }

    #[inline]
    fn capture(&mut self, mv: Move, _path: &CapturePath, may_repeat: bool) {
        if !may_repeat {
            self.unique += 1;
        } else if !self.repeatable.contains(&mv) {
            self.repeatable.push(mv);
        }
    }
}
