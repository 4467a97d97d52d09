//! Quiet moves: one walk (men by forward step, kings by direction and
//! distance) handed to a [`QuietSink`] that lists or counts them.

use damero_core::{Color, MoveList};

use super::{crowning, forward};
use crate::Move;
use crate::layout::{Step, VALID, shift};
use crate::position::Draughts;
use crate::rays::{Direction, direction_of, first_hit, open, pop_nearest, ray, step};
use crate::variant::{DraughtsRules, Variant};

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
    /// For perft 2, when the replies of many moves can be counted at once.
    bulk: Option<ReplyBoard>,
}

/// The side to reply, on the board before the side to move makes a quiet
/// move, when it has no capture there: then after a move from `f` to `t`
/// its men can capture only a piece on `t` or by landing on `f`, and
/// without a capture their replies are their quiet moves now, plus the
/// steps into `f`, less those into `t`. Its flying kings' moves stay as
/// they are unless `f` or `t` is a square they see (one a king's ray
/// crosses up to its first piece, that piece, and the square beyond it).
/// Whole target sets of moves are counted so by popcounts, and only the
/// moves that may change more are played.
#[derive(Clone, Copy)]
struct ReplyBoard {
    /// Its quiet moves on the board before the move.
    quiet: u32,
    /// By direction ([`ALL_STEPS`](crate::layout::ALL_STEPS)' order): the
    /// squares its pieces step to that way, empty or not.
    steps: [u64; 4],
    /// By direction: its pieces that capture that way.
    jumpers: [u64; 4],
    /// Where a piece of the side to move would be taken: a piece of the
    /// replier on one side, an empty square on the other; and the squares
    /// its flying kings see.
    exposed: u64,
    /// Where the replier would land by taking a piece of the side to move,
    /// were it empty (none is: it has no capture); and the squares its
    /// flying kings see.
    landings: u64,
    /// Whether it has (short) kings, which step backward too.
    kings: bool,
}

impl ReplyBoard {
    /// The board of the replier (`REPLY_WHITE` or Black) in `position`, or
    /// `None` when it has a capture.
    #[inline(always)]
    fn of<V: Variant, const REPLY_WHITE: bool>(position: &Draughts<V>) -> Option<ReplyBoard> {
        let (us, them) = if REPLY_WHITE { (0, 1) } else { (1, 0) };
        let men = position.pieces[us] & !position.kings;
        let flying = if V::FLYING_KINGS { position.pieces[us] & position.kings } else { 0 };
        let kings = position.pieces[us] & position.kings & !flying;
        let enemies = position.pieces[them];
        let empty = position.empty_squares();
        let backward = V::Rules::men_capture_backward(&position.rules);
        let mut board = ReplyBoard {
            quiet: 0,
            steps: [0; 4],
            jumpers: [0; 4],
            exposed: 0,
            landings: 0,
            kings: kings != 0,
        };
        for dir in 0..4 {
            let ahead = forward::<REPLY_WHITE>() >> dir & 1 != 0;
            let s = step(dir);
            let steppers = if ahead { men | kings } else { kings };
            let jumpers = if ahead || backward { men | kings } else { kings };
            board.steps[dir] = shift(steppers, s);
            board.quiet += (board.steps[dir] & empty).count_ones();
            board.jumpers[dir] = jumpers;
            board.exposed |= shift(jumpers, s) & shift(empty, -s);
            board.landings |= shift(shift(jumpers, s) & enemies, s);
        }
        // A flying king's moves and captures along a ray read only the
        // squares up to its first piece, that piece and the square beyond:
        // a move that touches none of them, on any ray, changes neither.
        let mut capture = board.landings & empty;
        let mut seen = 0;
        let mut rest = flying;
        while rest != 0 {
            let from = rest.trailing_zeros();
            rest &= rest - 1;
            for_each_direction!(|dir| {
                let ray = ray(dir, from);
                let open = open(dir, ray, !empty);
                let first = first_hit(dir, ray, !empty);
                capture |= shift(first & enemies, step(dir)) & empty;
                board.quiet += open.count_ones();
                seen |= open | first | shift(first, step(dir));
            });
        }
        board.exposed |= seen & VALID;
        board.landings |= seen & VALID;
        (capture == 0).then_some(board)
    }

    /// The replies summed over the moves to the squares `to` from `from`
    /// (a set as large, each move from its own square, when `from_each`;
    /// else the one square of them all), none leaving the replier a
    /// capture. Only the replier's forward directions are read when it
    /// has no king (`REPLY_WHITE` says which they are).
    #[inline(always)]
    fn replies<const REPLY_WHITE: bool>(&self, to: u64, from: u64, from_each: bool) -> u64 {
        let dirs = if self.kings { 0b1111 } else { forward::<REPLY_WHITE>() };
        let (mut gained, mut lost) = (0, 0);
        for dir in 0..4 {
            if dirs >> dir & 1 != 0 {
                gained += (from & self.steps[dir]).count_ones();
                lost += (to & self.steps[dir]).count_ones();
            }
        }
        let moves = to.count_ones();
        let gained = if from_each { gained } else { gained * moves };
        // Each move's replies are `quiet + gained - lost` >= 0 by itself.
        u64::from(moves * self.quiet + gained - lost)
    }
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
        if let Some(board) = self.bulk {
            // A move lets the replier capture when it puts the man on an
            // exposed square, or next to a replier that jumps back over it
            // onto the square it left, or leaves the square of a landing.
            let back = direction_of(-step);
            let quiet =
                targets & !board.exposed & !shift(board.jumpers[back], -step) & !shift(board.landings, step);
            self.total += board.replies::<REPLY_WHITE>(quiet, shift(quiet, -step), true);
            targets ^= quiet;
        }
        while targets != 0 {
            let to = targets & targets.wrapping_neg();
            targets ^= to;
            self.reply(to | shift(to, -step), to & crowning);
        }
    }

    #[inline(always)]
    fn king(&mut self, from: u32, dir: Direction, mut targets: u64) {
        if let Some(board) = self.bulk
            && board.landings >> from & 1 == 0
        {
            // As for a man; only the square next to the king's can see a
            // replier jump back onto the king's square (the others' are
            // empty already).
            let quiet = targets & !board.exposed & !shift(board.jumpers[dir ^ 2], -step(dir));
            self.total += board.replies::<REPLY_WHITE>(quiet, 1 << from, false);
            targets ^= quiet;
        }
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
        let bulk = if PLIES == 2 { ReplyBoard::of::<V, REPLY_WHITE>(self) } else { None };
        let mut sink = QuietReplies::<V, WHITE, REPLY_WHITE, PLIES> { position: self, total: 0, bulk };
        self.quiet_walk::<_, WHITE>(&mut sink);
        sink.total
    }

    /// The number of quiet moves of the side to move, counted as if no
    /// capture were pending (a mobility term for evaluations; when a capture
    /// is pending these moves are not legal).
    #[inline]
    pub fn quiet_count(&self) -> u32 {
        let mut count = QuietCount(0);
        match self.side {
            Color::White => self.quiet_walk::<QuietCount, true>(&mut count),
            Color::Black => self.quiet_walk::<QuietCount, false>(&mut count),
        }
        count.0
    }
}
