//! Quiet moves: one walk (men by forward step, kings by direction and
//! distance) handed to a [`QuietSink`] that lists or counts them.

use damero_core::{Color, MoveList};

use super::{crowning, forward};
use crate::Move;
use crate::layout::{Step, shift};
use crate::position::Draughts;
use crate::rays::{Direction, open, pop_nearest, ray, step};
use crate::variant::Variant;

/// Receives the quiet moves of the walk: men's by target set, kings' by
/// king and direction.
trait QuietSink {
    /// The men of `step.abs()`-offset `targets` moving by `step`; those on
    /// `crowning` promote.
    fn men(&mut self, targets: u64, step: Step, crowning: u64);
    /// The king on `from` moving in `dir` to `targets`.
    fn king(&mut self, from: u32, dir: Direction, targets: u64);
}

/// Lists the quiet moves.
struct QuietList<'a> {
    list: &'a mut MoveList<Move>,
}

impl QuietSink for QuietList<'_> {
    #[inline(always)]
    fn men(&mut self, mut targets: u64, step: Step, crowning: u64) {
        while targets != 0 {
            let to = targets.trailing_zeros();
            targets &= targets - 1;
            let from = (to as i32 - step) as u32;
            self.list.push(Move::new(from, to, 0, crowning >> to & 1 != 0));
        }
    }

    #[inline(always)]
    fn king(&mut self, from: u32, dir: Direction, mut targets: u64) {
        while targets != 0 {
            self.list.push(Move::new(from, pop_nearest(dir, &mut targets), 0, false));
        }
    }
}

/// Counts the quiet moves.
struct QuietCount(u32);

impl QuietSink for QuietCount {
    #[inline(always)]
    fn men(&mut self, targets: u64, _step: Step, _crowning: u64) {
        self.0 += targets.count_ones();
    }

    #[inline(always)]
    fn king(&mut self, _from: u32, _dir: Direction, targets: u64) {
        self.0 += targets.count_ones();
    }
}

/// Perft 2 (`PLIES`) or 3 over the quiet moves: plays each on a copy of the
/// board, straight from its target set (no list, no packed move), and counts
/// the replies of the other side (`REPLY_WHITE`) in bulk, or perft 2 below
/// them.
struct QuietReplies<'a, V: Variant, const WHITE: bool, const REPLY_WHITE: bool, const PLIES: u8> {
    position: &'a Draughts<V>,
    total: u64,
}

impl<V: Variant, const WHITE: bool, const REPLY_WHITE: bool, const PLIES: u8>
    QuietReplies<'_, V, WHITE, REPLY_WHITE, PLIES>
{
    /// Counts the replies after the side's piece moves: `moved` are its
    /// start and end squares, `king_flips` the squares whose king bit flips
    /// (both squares for a king move, the end square for a promotion, none
    /// for a man that stays a man).
    #[inline(always)]
    fn reply(&mut self, moved: u64, king_flips: u64) {
        let mut child = *self.position;
        child.pieces[if WHITE { 0 } else { 1 }] ^= moved;
        child.kings ^= king_flips;
        child.side = !child.side;
        self.total += if PLIES == 2 { child.count_for::<REPLY_WHITE>() } else { child.count_two() };
    }
}

impl<V: Variant, const WHITE: bool, const REPLY_WHITE: bool, const PLIES: u8> QuietSink
    for QuietReplies<'_, V, WHITE, REPLY_WHITE, PLIES>
{
    #[inline(always)]
    fn men(&mut self, mut targets: u64, step: Step, crowning: u64) {
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            targets ^= to;
            self.reply(to | shift(to, -step), to & crowning);
        }
    }

    #[inline(always)]
    fn king(&mut self, from: u32, _dir: Direction, mut targets: u64) {
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            targets ^= to;
            let moved = to | 1 << from;
            self.reply(moved, moved);
        }
    }
}

impl<V: Variant> Draughts<V> {
    /// The quiet moves of the side to move, into `sink`: men by forward
    /// step, then each king by direction ([`ALL_STEPS`](crate::layout::ALL_STEPS)' order) and distance.
    #[inline(always)]
    fn quiet_walk<S: QuietSink, const WHITE: bool>(&self, sink: &mut S) {
        let own = self.pieces[if WHITE { 0 } else { 1 }];
        let men = own & !self.kings;
        let empty = self.empty_squares();
        for_each_step!(forward::<WHITE>(), |step| {
            sink.men(shift(men, step) & empty, step, crowning::<WHITE>());
        });
        let mut kings = own & self.kings;
        while kings != 0 {
            let from = kings.trailing_zeros();
            kings &= kings - 1;
            for_each_direction!(|dir| {
                let targets = if V::FLYING_KINGS {
                    open(dir, ray(dir, from), !empty)
                } else {
                    shift(1 << from, step(dir)) & empty
                };
                sink.king(from, dir, targets);
            });
        }
    }

    /// Lists the quiet moves of the side (`WHITE` or Black) into `moves`.
    #[inline(always)]
    pub(super) fn list_quiet<const WHITE: bool>(&self, moves: &mut MoveList<Move>) {
        self.quiet_walk::<QuietList<'_>, WHITE>(&mut QuietList { list: moves });
    }

    /// Perft `PLIES` (2 or 3) when the side (`WHITE` or Black) has no
    /// capture: below each quiet move, the replies (of `REPLY_WHITE`, the
    /// other side) counted, or perft 2.
    #[inline(always)]
    pub(super) fn quiet_replies<const WHITE: bool, const REPLY_WHITE: bool, const PLIES: u8>(&self) -> u64 {
        let mut sink = QuietReplies::<V, WHITE, REPLY_WHITE, PLIES> { position: self, total: 0 };
        self.quiet_walk::<_, WHITE>(&mut sink);
        sink.total
    }

    /// The number of quiet moves (when no capture is pending).
    #[inline]
    pub(crate) fn quiet_count(&self) -> u32 {
        let mut count = QuietCount(0);
        match self.side {
            Color::White => self.quiet_walk::<QuietCount, true>(&mut count),
            Color::Black => self.quiet_walk::<QuietCount, false>(&mut count),
        }
        count.0
    }
}
