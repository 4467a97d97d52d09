//! The move value.

use core::fmt;

/// A draughts move in one `u64`: the start and end bits and the set of
/// captured pieces (in the 32-square layout), plus a promotion flag.
///
/// Two capture paths with the same start, end and captured set are the same
/// `Move` (russian.md 11, zisnella.md 11). A `Move` does not know its rule set;
/// ask the position for its squares ([`Draughts::move_squares`](crate::Draughts::move_squares))
/// or its text ([`Game::format_move`](damero_core::Game::format_move)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move(u64);

const CAPTURED_MASK: u64 = (1 << 36) - 1;
const FROM_SHIFT: u32 = 40;
const TO_SHIFT: u32 = 48;
const PROMOTES: u64 = 1 << 56;

impl Move {
    #[inline(always)]
    pub(crate) const fn new(from: u32, to: u32, captured: u64, promotes: bool) -> Move {
        Move(captured | (from as u64) << FROM_SHIFT | (to as u64) << TO_SHIFT | (promotes as u64) << 56)
    }

    /// The start bit.
    #[inline(always)]
    pub(crate) const fn start_bit(self) -> u32 {
        (self.0 >> FROM_SHIFT & 0x3f) as u32
    }

    /// The end bit.
    #[inline(always)]
    pub(crate) const fn end_bit(self) -> u32 {
        (self.0 >> TO_SHIFT & 0x3f) as u32
    }

    /// The captured pieces as layout bits.
    #[inline(always)]
    pub(crate) const fn captured_bits(self) -> u64 {
        self.0 & CAPTURED_MASK
    }

    /// Whether the move captures.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.captured_bits() != 0
    }

    /// How many pieces the move captures.
    #[inline]
    pub const fn capture_count(self) -> u32 {
        self.captured_bits().count_ones()
    }

    /// Whether the moving man becomes a king.
    #[inline]
    pub const fn promotes(self) -> bool {
        self.0 & PROMOTES != 0
    }

    /// The raw packed value (stable within a version; for hashing and tables).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Move(bit {} -> {}, captured {:#x}{})",
            self.start_bit(),
            self.end_bit(),
            self.captured_bits(),
            if self.promotes() { ", promotes" } else { "" }
        )
    }
}
