//! Retrograde analysis of one slice.
//!
//! A slice's positions only reach each other by quiet moves that crown no
//! man: every capture or promotion leaves the slice for one built before it
//! (fewer pieces, or fewer men). So a slice is solved in two steps:
//! 1. one forward pass with the crate's move generator: each position's
//!    moves that leave the slice are looked up in the finished slices, the
//!    ones that stay are counted;
//! 2. a backward pass, in order of distance (a bucket queue, so each
//!    position is settled once with its final distance): a settled loss makes
//!    every predecessor a win one ply further, a settled win takes one from
//!    each predecessor's count of open moves, and a predecessor left with
//!    none (and no way out of the slice that avoids losing) is a loss.
//!
//! The predecessors are found by taking a quiet move back ([`unmoves`]) and
//! keeping the positions where that quiet move was legal: where the mover had
//! no capture. Whether a capture exists is the move generator's own test; a
//! test checks the predecessors against forward generation on whole slices.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

use damero_core::{Color, Game, MoveList};

use super::EgdbError;
use super::index::{Placement, Slice};
use crate::Draughts;
use crate::layout::{ALL_STEPS, DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, VALID, shift};
use crate::variant::Variant;

/// Finished slices by material, values as in [`super::value_byte`].
pub(crate) type Tables = HashMap<Slice, Vec<u8>>;

/// Open-move count of positions that can no longer be losses.
const NOT_A_LOSS: u8 = u8::MAX;
/// The longest distance a value byte holds.
pub(crate) const MAX_DISTANCE: u32 = 254;

/// The value byte of `position` in the finished slices: 0 for a draw,
/// `distance + 1` otherwise (the parity tells a win from a loss). A side to
/// move without pieces has lost on the spot. `None` when its slice is not
/// in `tables`.
pub(crate) fn lookup<V: Variant>(tables: &Tables, position: &Draughts<V>) -> Option<u8> {
    if position.pieces[position.side.index()] == 0 {
        return Some(1);
    }
    let placement = Placement::of(position).canonical();
    let slice = placement.slice();
    tables.get(&slice).map(|table| table[slice.index(&placement) as usize])
}

/// Every position one quiet, non-crowning move before `position` in which
/// that move was legal.
pub(crate) fn unmoves<V: Variant>(position: &Draughts<V>, mut visit: impl FnMut(&Draughts<V>)) {
    let mover = !position.side;
    let own = position.pieces[mover.index()];
    let empty = VALID & !(position.pieces[0] | position.pieces[1]);
    let back_steps = if mover == Color::White { [DOWN_LEFT, DOWN_RIGHT] } else { [UP_LEFT, UP_RIGHT] };
    let mut take_back = |from: u64, to: u64, king: bool| {
        let mut before = *position;
        before.pieces[mover.index()] ^= from | to;
        if king {
            before.kings ^= from | to;
        }
        before.side = mover;
        if !before.has_capture() {
            before.hash = before.compute_hash();
            visit(&before);
        }
    };
    let mut rest = own;
    while rest != 0 {
        let to = rest & rest.wrapping_neg();
        rest &= rest - 1;
        if position.kings & to == 0 {
            for step in back_steps {
                let from = shift(to, step) & empty;
                if from != 0 {
                    take_back(from, to, false);
                }
            }
            continue;
        }
        for step in ALL_STEPS {
            let mut from = shift(to, step) & empty;
            while from != 0 {
                take_back(from, to, true);
                if !V::FLYING_KINGS {
                    break;
                }
                from = shift(from, step) & empty;
            }
        }
    }
}

/// What the forward pass learnt of one position.
struct Start {
    /// Moves staying in the slice.
    open: u32,
    /// The shortest win by a move leaving the slice.
    exit_win: Option<u32>,
    /// Some move leaves the slice to a draw.
    exit_draw: bool,
    /// The longest loss by a move leaving the slice.
    exit_loss: u32,
}

fn forward<V: Variant>(position: &Draughts<V>, tables: &Tables, moves: &mut MoveList<crate::Move>) -> Start {
    let mut start = Start { open: 0, exit_win: None, exit_draw: false, exit_loss: 0 };
    position.legal_moves(moves);
    for &mv in moves.iter() {
        if !mv.is_capture() && !mv.promotes() {
            start.open += 1;
            continue;
        }
        let mut child = *position;
        child.play(mv);
        match lookup(tables, &child).expect("slices are built smallest first") {
            0 => start.exit_draw = true,
            byte => {
                // The child's distance plus this move.
                let distance = u32::from(byte);
                if byte % 2 == 1 {
                    // The opponent, to move in the child, has lost.
                    start.exit_win = Some(start.exit_win.map_or(distance, |d| d.min(distance)));
                } else {
                    start.exit_loss = start.exit_loss.max(distance);
                }
            }
        }
    }
    start
}

/// The buckets of a bucket queue: indices by distance.
type Buckets = Vec<Vec<u32>>;

/// The forward pass over the indices `first..first + value.len()`, writing
/// their entries of the three arrays; returns the exit wins to try (by
/// distance) and the losses already settled (by distance).
#[allow(clippy::too_many_arguments)]
fn forward_chunk<V: Variant>(
    slice: Slice,
    tables: &Tables,
    rules: V::Rules,
    first: usize,
    value: &mut [u8],
    open: &mut [u8],
    exit_loss: &mut [u8],
    done: &AtomicU64,
) -> Result<(Buckets, Buckets), EgdbError> {
    let overflow = || EgdbError::DistanceOverflow { slice };
    let buckets = MAX_DISTANCE as usize + 1;
    let mut seeds: Buckets = vec![Vec::new(); buckets];
    let mut settled: Buckets = vec![Vec::new(); buckets];
    let mut moves = MoveList::new();
    for offset in 0..value.len() {
        if offset % 4096 == 4095 {
            done.fetch_add(4096, Ordering::Relaxed);
        }
        let index = first + offset;
        let Some(placement) = slice.placement(index as u64) else { continue };
        let start = forward(&placement.position::<V>(rules), tables, &mut moves);
        if let Some(win) = start.exit_win {
            seeds.get_mut(win as usize).ok_or_else(overflow)?.push(index as u32);
        } else if !start.exit_draw {
            if start.open == 0 {
                // No move at all (distance 0) or only exits that lose.
                let loss = start.exit_loss;
                settled.get_mut(loss as usize).ok_or_else(overflow)?.push(index as u32);
                value[offset] = loss as u8 + 1;
            } else {
                open[offset] = start.open as u8;
                exit_loss[offset] = u8::try_from(start.exit_loss).map_err(|_| overflow())?;
            }
        }
    }
    Ok((seeds, settled))
}

/// Solves `slice`, whose exits all lie in `tables`, the forward pass on
/// `threads` threads. `progress` hears the number of indices the forward
/// pass has done.
pub(crate) fn solve<V: Variant>(
    slice: Slice,
    tables: &Tables,
    rules: V::Rules,
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<Vec<u8>, EgdbError> {
    let size = slice.positions() as usize;
    let overflow = || EgdbError::DistanceOverflow { slice };
    let mut value = vec![0u8; size];
    let mut open = vec![NOT_A_LOSS; size];
    let mut exit_loss = vec![0u8; size];
    let buckets = MAX_DISTANCE as usize + 1;

    // Small slices are not worth a thread.
    let threads = if size < 1 << 16 { 1 } else { threads.max(1) };
    let chunk = size.div_ceil(threads).max(1);
    let done = AtomicU64::new(0);
    let parts: Vec<Result<(Buckets, Buckets), EgdbError>> = std::thread::scope(|scope| {
        let workers: Vec<_> = value
            .chunks_mut(chunk)
            .zip(open.chunks_mut(chunk))
            .zip(exit_loss.chunks_mut(chunk))
            .enumerate()
            .map(|(i, ((value, open), exit_loss))| {
                let done = &done;
                scope.spawn(move || {
                    forward_chunk::<V>(slice, tables, rules, i * chunk, value, open, exit_loss, done)
                })
            })
            .collect();
        while !workers.iter().all(|w| w.is_finished()) {
            progress(done.load(Ordering::Relaxed));
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        workers.into_iter().map(|w| w.join().expect("forward pass panicked")).collect()
    });
    progress(size as u64);
    let mut seeds: Buckets = vec![Vec::new(); buckets];
    let mut settled: Buckets = vec![Vec::new(); buckets];
    for part in parts {
        let (part_seeds, part_settled) = part?;
        for (all, mut some) in seeds.iter_mut().zip(part_seeds).chain(settled.iter_mut().zip(part_settled)) {
            all.append(&mut some);
        }
    }

    let mut before = Vec::new();
    for distance in 0..buckets {
        for index in std::mem::take(&mut seeds[distance]) {
            if value[index as usize] == 0 {
                value[index as usize] = distance as u8 + 1;
                settled[distance].push(index);
            }
        }
        let lost = distance % 2 == 0;
        for index in std::mem::take(&mut settled[distance]) {
            let placement = slice.placement(index.into()).expect("settled indices are positions");
            before.clear();
            unmoves(&placement.position::<V>(rules), |p| {
                before.push(slice.index(&Placement::of(p)) as usize)
            });
            for &earlier in &before {
                if value[earlier] != 0 {
                    continue;
                }
                if lost {
                    let win = distance + 1;
                    settled.get_mut(win).ok_or_else(overflow)?.push(earlier as u32);
                    value[earlier] = win as u8 + 1;
                } else if open[earlier] != NOT_A_LOSS {
                    open[earlier] -= 1;
                    if open[earlier] == 0 {
                        let loss = (distance + 1).max(exit_loss[earlier].into());
                        settled.get_mut(loss).ok_or_else(overflow)?.push(earlier as u32);
                        value[earlier] = loss as u8 + 1;
                    }
                }
            }
        }
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{EnglishVariant, RussianVariant};

    /// The predecessors by taking moves back are exactly the positions whose
    /// quiet legal moves lead here, on every position of a few slices.
    fn unmoves_match_forward_generation<V: Variant>() {
        for slice in [
            Slice { white_men: 1, white_kings: 1, black_men: 0, black_kings: 1 },
            Slice { white_men: 1, white_kings: 0, black_men: 1, black_kings: 1 },
        ] {
            let mut forward_edges = Vec::new();
            let mut backward_edges = Vec::new();
            let mut moves = MoveList::new();
            for index in 0..slice.positions() {
                let Some(placement) = slice.placement(index) else { continue };
                let position = placement.position::<V>(Default::default());
                position.legal_moves(&mut moves);
                for &mv in moves.iter().filter(|mv| !mv.is_capture() && !mv.promotes()) {
                    let mut child = position;
                    child.play(mv);
                    forward_edges.push((index, slice.index(&Placement::of(&child))));
                }
                unmoves(&position, |before| {
                    backward_edges.push((slice.index(&Placement::of(before)), index))
                });
            }
            forward_edges.sort_unstable();
            backward_edges.sort_unstable();
            assert!(!forward_edges.is_empty());
            assert_eq!(forward_edges, backward_edges, "{} {slice}", V::NAME);
        }
    }

    #[test]
    fn unmoves_match_forward_generation_russian() {
        unmoves_match_forward_generation::<RussianVariant>();
    }

    #[test]
    fn unmoves_match_forward_generation_english() {
        unmoves_match_forward_generation::<EnglishVariant>();
    }
}
