//! The solved slices in memory and the value byte of a position.

use std::collections::HashMap;

use damero_core::Game;
use damero_draughts::{Draughts, Variant};

use super::index::{Placement, Slice};

/// Solved slices by material: one value byte per index of the slice, 0 for
/// a draw, else the distance to the end of the game plus one (odd: the side
/// to move loses, even: it wins).
pub type Tables = HashMap<Slice, Vec<u8>>;

/// The longest distance a value byte holds, in plies.
pub const MAX_DISTANCE: u32 = 254;

/// The value byte of `position` in `tables` (see [`Tables`]). A side to move
/// without pieces has lost on the spot (byte 1). `None` when its slice is not
/// in `tables`.
pub fn lookup<V: Variant>(tables: &Tables, position: &Draughts<V>) -> Option<u8> {
    if position.bits(position.side_to_move()) == 0 {
        return Some(1);
    }
    let placement = Placement::of(position).canonical();
    let slice = placement.slice();
    tables.get(&slice).map(|table| table[slice.index(&placement) as usize])
}
