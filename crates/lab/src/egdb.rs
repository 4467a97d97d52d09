//! Building endgame databases: every position with up to N pieces solved
//! by retrograde analysis, slice by slice (a slice is fixed material, see
//! [`Slice`]), smallest first, with the rules crate's own move generator.
//! [`build`] writes the files [`EndgameDatabase::open`] reads;
//! [`build_in_memory`] writes nothing (tests, tools).
//!
//! # Retrograde analysis of one slice
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
//! The predecessors are found by taking a quiet move back (`unmoves`) and
//! keeping the positions where that quiet move was legal: where the mover had
//! no capture. Whether a capture exists is the move generator's own test; a
//! test checks the predecessors against forward generation on whole slices.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use damero_core::{Color, Game, MoveList};
use damero_draughts::layout::{ALL_STEPS, DOWN_LEFT, DOWN_RIGHT, UP_LEFT, UP_RIGHT, VALID, shift};
use damero_draughts::{Draughts, Variant};
use damero_eval::egdb::{EgdbError, EndgameDatabase, MAX_DISTANCE, Placement, Slice, Tables, lookup};

/// Open-move count of positions that can no longer be losses.
const NOT_A_LOSS: u8 = u8::MAX;

/// Where a build is: reported before each slice, during its forward pass,
/// and once at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// The slice being solved.
    pub slice: Slice,
    /// Slices finished.
    pub slices_done: usize,
    /// Slices in all.
    pub slices_total: usize,
    /// Indices of finished slices plus the current slice's forward pass.
    pub positions_done: u64,
    /// Indices in all.
    pub positions_total: u64,
}

/// Solves every position of rule set `V` with up to `max_pieces` pieces (2
/// to [`MAX_PIECES`](damero_eval::egdb::MAX_PIECES)) and writes the files
/// into `dir` (created if need be), each slice as soon as it is solved, the
/// table of contents last. `progress` hears where the build is. The forward
/// pass of each slice runs on every core
/// [`std::thread::available_parallelism`] reports; the backward pass on one.
pub fn build<V: Variant>(
    dir: impl AsRef<Path>,
    max_pieces: u32,
    progress: impl FnMut(&BuildProgress),
) -> Result<EndgameDatabase<V>, EgdbError> {
    build_into::<V>(dir.as_ref(), max_pieces, progress, false)
}

/// [`build`], going on from what an interrupted build left in `dir`: every
/// slice whose file is there and reads back whole is taken as solved (files
/// are written whole or not at all), the others are solved and written.
/// Solving is deterministic, so the files end up byte for byte those of an
/// uninterrupted build. A file that is there but damaged is solved again.
pub fn resume<V: Variant>(
    dir: impl AsRef<Path>,
    max_pieces: u32,
    progress: impl FnMut(&BuildProgress),
) -> Result<EndgameDatabase<V>, EgdbError> {
    build_into::<V>(dir.as_ref(), max_pieces, progress, true)
}

/// [`build`] into `dir`; with `resume`, the slices whose files read back
/// whole are taken from them.
fn build_into<V: Variant>(
    dir: &Path,
    max_pieces: u32,
    progress: impl FnMut(&BuildProgress),
    resume: bool,
) -> Result<EndgameDatabase<V>, EgdbError> {
    EndgameDatabase::<V>::check(max_pieces)?;
    std::fs::create_dir_all(dir)
        .map_err(|e| EgdbError::Io { path: dir.to_owned(), message: e.to_string() })?;
    let solved = |slice| if resume { EndgameDatabase::<V>::read_slice(dir, slice).ok() } else { None };
    let database = solve_all::<V>(max_pieces, progress, solved, |slice, values| {
        EndgameDatabase::<V>::write_slice(dir, slice, values)
    })?;
    EndgameDatabase::<V>::write_contents(dir, max_pieces)?;
    Ok(database)
}

/// Solves every position with up to `max_pieces` pieces, writing nothing.
pub fn build_in_memory<V: Variant>(
    max_pieces: u32,
    progress: impl FnMut(&BuildProgress),
) -> Result<EndgameDatabase<V>, EgdbError> {
    solve_all::<V>(max_pieces, progress, |_| None, |_, _| Ok(()))
}

/// Solves the slices of up to `max_pieces` pieces smallest first, handing
/// each to `finished` as soon as it is solved; a slice `solved` already
/// knows is taken from it instead.
fn solve_all<V: Variant>(
    max_pieces: u32,
    mut progress: impl FnMut(&BuildProgress),
    mut solved: impl FnMut(Slice) -> Option<Vec<u8>>,
    mut finished: impl FnMut(Slice, &[u8]) -> Result<(), EgdbError>,
) -> Result<EndgameDatabase<V>, EgdbError> {
    EndgameDatabase::<V>::check(max_pieces)?;
    let slices = EndgameDatabase::<V>::slices(max_pieces);
    let positions_total = slices.iter().map(Slice::positions).sum();
    let mut tables = Tables::new();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut positions_done = 0;
    for (slices_done, &slice) in slices.iter().enumerate() {
        let mut report = |done: u64| {
            progress(&BuildProgress {
                slice,
                slices_done,
                slices_total: slices.len(),
                positions_done: positions_done + done,
                positions_total,
            })
        };
        let values = match solved(slice) {
            Some(values) => values,
            None => {
                let values = solve::<V>(slice, &tables, Default::default(), threads, &mut report)?;
                finished(slice, &values)?;
                values
            }
        };
        tables.insert(slice, values);
        positions_done += slice.positions();
    }
    if let Some(&slice) = slices.last() {
        progress(&BuildProgress {
            slice,
            slices_done: slices.len(),
            slices_total: slices.len(),
            positions_done,
            positions_total,
        });
    }
    Ok(EndgameDatabase::from_tables(max_pieces, tables))
}

/// Every position one quiet, non-crowning move before `position` in which
/// that move was legal.
fn unmoves<V: Variant>(position: &Draughts<V>, mut visit: impl FnMut(&Draughts<V>)) {
    let mover = !position.side_to_move();
    let own = position.bits(mover);
    let kings = position.king_bits();
    let empty = VALID & !(position.bits(Color::White) | position.bits(Color::Black));
    let back_steps = if mover == Color::White { [DOWN_LEFT, DOWN_RIGHT] } else { [UP_LEFT, UP_RIGHT] };
    let mut take_back = |from: u64, to: u64, king: bool| {
        let mut pieces = [position.bits(Color::White), position.bits(Color::Black)];
        pieces[mover.index()] ^= from | to;
        let kings = if king { kings ^ (from | to) } else { kings };
        let before = Draughts::from_bits(position.rules(), mover, pieces, kings);
        if !before.must_capture() {
            visit(&before);
        }
    };
    let mut rest = own;
    while rest != 0 {
        let to = rest & rest.wrapping_neg();
        rest &= rest - 1;
        if position.king_bits() & to == 0 {
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

fn forward<V: Variant>(
    position: &Draughts<V>,
    tables: &Tables,
    moves: &mut MoveList<damero_draughts::Move>,
) -> Start {
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
fn solve<V: Variant>(
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
    use damero_draughts::{EnglishVariant, RussianVariant, SpanishVariant};

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

    /// Every value is what one ply of minimax over its children's values
    /// gives: a win one ply longer than the shortest lost child, a loss one
    /// ply longer than the longest won child, else a draw.
    fn values_are_a_fixed_point<V: Variant>() {
        let database = build_in_memory::<V>(3, |_| {}).expect("builds");
        let mut moves = MoveList::new();
        let mut seen = [0u32; 3];
        for slice in EndgameDatabase::<V>::slices(3) {
            let table = &database.tables()[&slice];
            for index in 0..slice.positions() {
                let Some(placement) = slice.placement(index) else { continue };
                let position = placement.position::<V>(Default::default());
                position.legal_moves(&mut moves);
                let children: Vec<u8> = moves
                    .iter()
                    .map(|&mv| {
                        let mut child = position;
                        child.play(mv);
                        lookup(database.tables(), &child).expect("smaller slices are there")
                    })
                    .collect();
                let shortest_lost = children.iter().filter(|&&b| b % 2 == 1).min();
                let expected = if let Some(&lost) = shortest_lost {
                    lost + 1
                } else if children.iter().all(|&b| b != 0) {
                    children.iter().max().map_or(1, |&won| won + 1)
                } else {
                    0
                };
                assert_eq!(table[index as usize], expected, "{} {slice} {}", V::NAME, position.fen());
                seen[match expected {
                    0 => 0,
                    b if b % 2 == 0 => 1,
                    _ => 2,
                }] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "draws, wins, losses: {seen:?}");
    }

    #[test]
    fn russian_values_are_a_fixed_point() {
        values_are_a_fixed_point::<RussianVariant>();
    }

    #[test]
    fn english_values_are_a_fixed_point() {
        values_are_a_fixed_point::<EnglishVariant>();
    }

    #[test]
    fn spanish_values_are_a_fixed_point() {
        values_are_a_fixed_point::<SpanishVariant>();
    }
}
