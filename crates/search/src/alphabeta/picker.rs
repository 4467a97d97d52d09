//! The staged move picker: the table move, then captures, killers, and
//! quiet moves by history.
//!
//! Moves come from one generated list ([`Game::legal_moves`] is all a game
//! offers, and the search needs the count anyway), but each stage scores
//! and sorts only its own moves, and only when it is reached: a cutoff by
//! the table move or a killer costs no history look-up of the quiet moves.

use damero_core::smallvec::SmallVec;
use damero_core::{Game, MOVE_LIST_INLINE, MoveList};

/// Which stage a picked move comes from: the search reduces only late quiet
/// ones and rewards only quiet cutoffs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// The transposition table's move.
    Table,
    /// A capture (by [`Game::is_capture`]).
    Capture,
    /// A quiet move that cut off at this ply before.
    Killer,
    /// Any other quiet move.
    Quiet,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Table,
    ScoreCaptures,
    Captures,
    Killers,
    ScoreQuiets,
    Quiets,
    Done,
}

/// Picks the moves of one node in order, one at a time.
pub(super) struct MovePicker<M> {
    stage: Stage,
    table: Option<usize>,
    killers: [Option<M>; 3],
    /// The killers' indices once found (excluded from the quiet stage).
    killer_indices: [Option<usize>; 3],
    next_killer: usize,
    /// `(key, index)` of the current stage's moves not yet picked.
    pending: SmallVec<[(i32, u16); MOVE_LIST_INLINE]>,
    /// `pending[..next_pending]` were picked.
    next_pending: usize,
}

impl<M: Copy + PartialEq> MovePicker<M> {
    /// A picker trying `table` (an index into the move list) first, then
    /// captures, then `killers` (the two killers of the ply and the
    /// countermove), then the other quiet moves.
    pub(super) fn new(table: Option<usize>, killers: [Option<M>; 3]) -> MovePicker<M> {
        MovePicker {
            stage: Stage::Table,
            table,
            killers,
            killer_indices: [None; 3],
            next_killer: 0,
            pending: SmallVec::new(),
            next_pending: 0,
        }
    }

    /// The next move's index in `moves` and its stage; `history` scores a
    /// move within its stage (higher first).
    pub(super) fn next<G: Game<Move = M>>(
        &mut self,
        position: &G,
        moves: &MoveList<M>,
        history: impl Fn(M) -> i32,
    ) -> Option<(usize, Kind)> {
        loop {
            match self.stage {
                Stage::Table => {
                    self.stage = Stage::ScoreCaptures;
                    if let Some(i) = self.table {
                        return Some((i, Kind::Table));
                    }
                }
                Stage::ScoreCaptures => {
                    self.stage = Stage::Captures;
                    for (i, &mv) in moves.iter().enumerate() {
                        if Some(i) != self.table && position.is_capture(mv) {
                            self.pending.push((history(mv), i as u16));
                        }
                    }
                }
                Stage::Captures => match self.pop_best() {
                    Some(i) => return Some((i, Kind::Capture)),
                    None => self.stage = Stage::Killers,
                },
                Stage::Killers => {
                    if self.next_killer == self.killers.len() {
                        self.stage = Stage::ScoreQuiets;
                        continue;
                    }
                    let slot = self.next_killer;
                    self.next_killer += 1;
                    let Some(killer) = self.killers[slot] else { continue };
                    let found = moves.iter().position(|&mv| mv == killer);
                    if let Some(i) = found
                        && Some(i) != self.table
                        && !self.killer_indices.contains(&Some(i))
                        && !position.is_capture(killer)
                    {
                        self.killer_indices[slot] = Some(i);
                        return Some((i, Kind::Killer));
                    }
                }
                Stage::ScoreQuiets => {
                    self.stage = Stage::Quiets;
                    self.pending.clear();
                    self.next_pending = 0;
                    for (i, &mv) in moves.iter().enumerate() {
                        let other_stage = Some(i) == self.table || self.killer_indices.contains(&Some(i));
                        if !other_stage && !position.is_capture(mv) {
                            self.pending.push((history(mv), i as u16));
                        }
                    }
                }
                Stage::Quiets => match self.pop_best() {
                    Some(i) => return Some((i, Kind::Quiet)),
                    None => self.stage = Stage::Done,
                },
                Stage::Done => return None,
            }
        }
    }

    /// The pending move with the highest key (the first among equals),
    /// swapped to the front of what is left (a selection sort done one step
    /// at a time).
    fn pop_best(&mut self) -> Option<usize> {
        let rest = self.pending.get(self.next_pending..)?;
        let first = rest.first()?;
        let mut best = 0;
        let mut best_key = first.0;
        for (j, entry) in rest.iter().enumerate().skip(1) {
            if entry.0 > best_key {
                best = j;
                best_key = entry.0;
            }
        }
        self.pending.swap(self.next_pending, self.next_pending + best);
        self.next_pending += 1;
        Some(self.pending[self.next_pending - 1].1 as usize)
    }
}
