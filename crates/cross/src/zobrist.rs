//! Zobrist keys, made at compile time: placement and side to move only.

use damero_core::{Color, zobrist_keys};

use crate::board::Board;

/// Keys: square pieces (colour * 64 + square), then vertex pieces (128 +
/// colour * 64 + vertex index), then the side-to-move key.
const KEYS: [u64; 257] = zobrist_keys(0xc405_5c05_2024_0006);
const SIDE: u64 = KEYS[256];

#[inline]
fn set_hash(set: u64, base: usize) -> u64 {
    let mut h = 0;
    let mut bits = set;
    while bits != 0 {
        h ^= KEYS[base + bits.trailing_zeros() as usize];
        bits &= bits - 1;
    }
    h
}

/// The key of `board` with `side` to move, from scratch.
pub(crate) fn hash(board: &Board, side: Color) -> u64 {
    let mut h = if side == Color::Black { SIDE } else { 0 };
    for c in 0..2 {
        h ^= set_hash(board.squares[c], c * 64) ^ set_hash(board.vertices[c], 128 + c * 64);
    }
    h
}

/// The change of key from `old` to `new` with the side to move switched:
/// only the pieces that changed are visited.
#[inline]
pub(crate) fn update(old: &Board, new: &Board) -> u64 {
    let mut h = SIDE;
    for c in 0..2 {
        h ^= set_hash(old.squares[c] ^ new.squares[c], c * 64)
            ^ set_hash(old.vertices[c] ^ new.vertices[c], 128 + c * 64);
    }
    h
}
