//! Zobrist keys for Eliminar: one per (colour, square), and one for Black to move.

use damero_core::{Color, Square, zobrist_keys};

/// 64 White keys, 64 Black keys, then the side key; made at compile time.
const KEYS: [u64; 129] = zobrist_keys(0x0e11_3143_a000_0001);

/// The key of a `color` piece on `square`.
#[inline]
pub(crate) const fn piece_key(color: Color, square: Square) -> u64 {
    KEYS[color.index() * 64 + square.index()]
}

/// Xored in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = KEYS[128];
