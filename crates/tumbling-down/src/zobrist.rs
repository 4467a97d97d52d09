//! Zobrist keys of stacks, side to move and a decided result.
//!
//! A stack can hold any of 2^58 colour sequences, too many for a key per
//! content, so the key of a stack on a square is a bijective mix
//! ([`splitmix64`]) of the square's key and the packed stack: distinct stacks
//! on one square always get distinct keys, and a move updates the hash by
//! re-keying only the squares it touched.

use damero_core::{Color, Square, Stack, splitmix64, zobrist_keys};

const SQUARE_KEYS: [u64; 64] = zobrist_keys(0x7475_6d62_6c65_0001);
const EXTRA_KEYS: [u64; 3] = zobrist_keys(0x7475_6d62_6c65_0002);

/// XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = EXTRA_KEYS[0];

/// The key of `stack` standing on `square` (0 for an empty square).
#[inline]
pub(crate) fn stack_key(square: Square, stack: Stack) -> u64 {
    if stack.is_empty() { 0 } else { splitmix64(SQUARE_KEYS[square.index()] ^ stack.bits()).1 }
}

/// XORed in when the game was won by `winner` (see the crate docs on why the
/// stored result is hashed).
#[inline]
pub(crate) fn winner_key(winner: Color) -> u64 {
    EXTRA_KEYS[1 + winner.index()]
}
