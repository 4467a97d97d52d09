//! Perft's bulk counts at the last plies, listing as few moves as the
//! target sets ([`crate::targets`]) allow.
//!
//! - One ply (`count`): quiet moves are popcounts, and so are the captures
//!   of men that end at their first or second jump. The capture search,
//!   into a counting sink, follows only the kings and the men whose capture
//!   goes past the second jump or crowns them where the crowned go on
//!   (Russian). The Spanish majority rule counts apart: popcounts when
//!   every capture is a single jump, else the list.
//! - Two plies (`count_two`): each quiet move, and each capture when every
//!   capture is a single jump (of a man or a short king; no majority rule),
//!   is played straight from its target set and the replies bulk-counted;
//!   other captures are listed and played. Quiet moves after which the
//!   replier has no capture and the same moves but at the two squares
//!   moved between are not played at all: a target set of them is counted
//!   by popcounts (`ReplyBoard` in [`super::quiet`]).
//! - Three plies (`count_three`): each quiet move is played straight from
//!   its target set and each capture from the list, with two plies counted
//!   below each.

use damero_core::{Color, MoveList};

use super::capture::CaptureSearch;
use super::sink::CountSink;
use super::{crowning, forward, side_steps};
use crate::layout::{ALL_STEPS, shift};
use crate::position::{Draughts, Parts, Update};
use crate::rays::{open, ray};
use crate::targets::JumpBoard;
use crate::variant::{DraughtsRules, Variant};

impl<V: Variant> Draughts<V> {
    /// The number of legal moves, counting without listing where it can.
    pub(crate) fn count(&self) -> u64 {
        match self.side {
            Color::White => self.count_for::<true>(),
            Color::Black => self.count_for::<false>(),
        }
    }

    /// Perft 2: the number of legal moves after each legal move, summed.
    pub(crate) fn count_two(&self) -> u64 {
        match self.side {
            Color::White => self.count_two_for::<true, false>(),
            Color::Black => self.count_two_for::<false, true>(),
        }
    }

    #[inline(always)]
    fn count_two_for<const WHITE: bool, const REPLY_WHITE: bool>(&self) -> u64 {
        let men = self.men_that_capture_for::<WHITE>();
        let kings_capture = self.kings_capture_for::<WHITE>();
        if men != 0 || kings_capture {
            // Flying kings' jumps are not target sets; the majority rule
            // compares captures.
            if !(V::MAJORITY_RULE || V::FLYING_KINGS && kings_capture)
                && let Some(total) = self.single_jump_replies::<WHITE, REPLY_WHITE>()
            {
                return total;
            }
            return self.capture_replies::<WHITE>(men, Self::count_for::<REPLY_WHITE>);
        }
        self.quiet_replies::<WHITE, REPLY_WHITE, 2>()
    }

    /// Perft 3: perft 2 after each legal move, summed.
    pub(crate) fn count_three(&self) -> u64 {
        match self.side {
            Color::White => self.count_three_for::<true, false>(),
            Color::Black => self.count_three_for::<false, true>(),
        }
    }

    #[inline(always)]
    fn count_three_for<const WHITE: bool, const REPLY_WHITE: bool>(&self) -> u64 {
        let men = self.men_that_capture_for::<WHITE>();
        if men != 0 || self.kings_capture_for::<WHITE>() {
            return self.capture_replies::<WHITE>(men, Self::count_two);
        }
        self.quiet_replies::<WHITE, REPLY_WHITE, 3>()
    }

    /// Perft 2 when every capture of the side is a single jump (of a man,
    /// or of a short king): each played straight from its target set, the
    /// replies counted; `None` when some capture may go on.
    #[inline(always)]
    fn single_jump_replies<const WHITE: bool, const REPLY_WHITE: bool>(&self) -> Option<u64> {
        let (us, them) = if WHITE { (0, 1) } else { (1, 0) };
        let board = self.jump_board::<WHITE>();
        let mut total = 0;
        let mut reply = |to: u64, offset: i32| {
            let from = shift(to, -offset);
            let victim = shift(to, -offset / 2);
            let mut child = *self;
            child.pieces[us] ^= from | to;
            child.pieces[them] ^= victim;
            let king = if self.kings & from != 0 { from | to } else { to & board.crowning };
            child.kings = (self.kings & !victim) ^ king;
            child.side = !child.side;
            total += child.count_for::<REPLY_WHITE>();
        };
        if V::Rules::men_capture_backward(&self.rules) {
            board.single_jumps::<4, 8>(board.victims, V::CONTINUE_AFTER_PROMOTION)?.for_each(&mut reply);
        } else {
            board.single_jumps::<2, 6>(board.victims, V::CONTINUE_AFTER_PROMOTION)?.for_each(&mut reply);
        }
        Some(total)
    }

    /// When the side must capture: its captures listed (the search finds
    /// them, `men` being the men that capture) and played, and `count`
    /// summed over the positions after them.
    #[inline(always)]
    fn capture_replies<const WHITE: bool>(&self, men: u64, count: impl Fn(&Self) -> u64) -> u64 {
        let mut moves = MoveList::new();
        self.captures_for::<WHITE, false>(&mut moves, men);
        let mut total = 0;
        for &mv in &moves {
            let mut child = *self;
            child.apply::<{ Update::BOARD }>(Parts::of(mv));
            total += count(&child);
        }
        total
    }

    #[inline(always)]
    pub(super) fn count_for<const WHITE: bool>(&self) -> u64 {
        let board = self.jump_board::<WHITE>();
        let backward = V::Rules::men_capture_backward(&self.rules);
        let man_jumps =
            board.jumps[0] | board.jumps[1] | if backward { board.jumps[2] | board.jumps[3] } else { 0 };
        let capturing_men = board.men & man_jumps;
        let kings = self.pieces[if WHITE { 0 } else { 1 }] & self.kings;
        let (kings_capture, king_moves) = if kings == 0 {
            (false, 0)
        } else if V::FLYING_KINGS {
            // The jumps in `ALL_STEPS`' order (the board's are forward first).
            let j = board.jumps;
            let jumps = if WHITE { j } else { [j[2], j[3], j[0], j[1]] };
            flying_kings_count(kings, !board.empty, jumps)
        } else {
            let mut landings = 0;
            let mut moves = 0;
            for step in ALL_STEPS {
                landings |= shift(shift(kings, step) & board.victims, step) & board.empty;
                moves += (shift(kings, step) & board.empty).count_ones();
            }
            (landings != 0, moves)
        };
        if capturing_men == 0 && !kings_capture {
            let mut count = king_moves;
            for_each_step!(forward::<WHITE>(), |step| {
                count += (shift(board.men, step) & board.empty).count_ones();
            });
            return u64::from(count);
        }
        if V::MAJORITY_RULE {
            return self.count_majority_captures::<WHITE>(capturing_men, kings_capture);
        }
        let (ended, going_on) = if backward {
            board.first_jumps::<4>(V::CONTINUE_AFTER_PROMOTION)
        } else {
            board.first_jumps::<2>(V::CONTINUE_AFTER_PROMOTION)
        };
        if going_on == [0; 4] {
            let kings = if kings_capture { self.count_searched::<WHITE>([0; 4], true) } else { 0 };
            return u64::from(ended) + kings;
        }
        u64::from(ended) + self.count_going_on::<WHITE>(going_on, kings_capture)
    }

    /// The board as the single-jump test reads it.
    #[inline(always)]
    fn jump_board<const WHITE: bool>(&self) -> JumpBoard {
        let (us, them) = if WHITE { (0, 1) } else { (1, 0) };
        let own = self.pieces[us];
        let enemies = self.pieces[them];
        let empty = self.empty_squares();
        let steps = side_steps::<WHITE>();
        JumpBoard {
            men: own & !self.kings,
            kings: if V::FLYING_KINGS { 0 } else { own & self.kings },
            empty,
            jumps: steps.map(|s| shift(shift(empty, -s) & enemies, -s)),
            steps,
            crowning: crowning::<WHITE>(),
            victims: enemies,
        }
    }

    /// The captures that go on past their first jump: the men of
    /// `going_on[i]` jumping first in `side_steps()[i]`, and every king when
    /// `kings_capture`. Those ending after the second jump of a man are
    /// popcounts; the search counts the rest. Out of line: it keeps the
    /// registers of the common case free.
    #[inline(never)]
    fn count_going_on<const WHITE: bool>(&self, going_on: [u64; 4], kings_capture: bool) -> u64 {
        let board = self.jump_board::<WHITE>();
        let (ended, searched) = if V::Rules::men_capture_backward(&self.rules) {
            board.second_jumps::<4>(going_on, V::CONTINUE_AFTER_PROMOTION)
        } else {
            board.second_jumps::<2>(going_on, V::CONTINUE_AFTER_PROMOTION)
        };
        if searched == [0; 4] && !kings_capture {
            return u64::from(ended);
        }
        u64::from(ended) + self.count_searched::<WHITE>(searched, kings_capture)
    }

    /// The captures the popcounts leave to the search, counted by it: those
    /// of the men of `searched[i]` jumping first in `side_steps()[i]` (a
    /// capture of theirs that way goes past its second jump, or crowns them
    /// where the crowned go on), and every king's when `kings_capture`.
    #[cold]
    #[inline(never)]
    fn count_searched<const WHITE: bool>(&self, searched: [u64; 4], kings_capture: bool) -> u64 {
        let (us, them) = if WHITE { (0, 1) } else { (1, 0) };
        let mut repeatable = MoveList::new();
        let mut sink = CountSink { unique: 0, repeatable: &mut repeatable };
        let base_empty = self.empty_squares();
        let mut search = CaptureSearch::<V, CountSink<'_>, WHITE>::new(
            self.pieces[them],
            base_empty,
            self.rules,
            &mut sink,
        );
        for (men, step) in searched.into_iter().zip(side_steps::<WHITE>()) {
            let mut rest = men;
            while rest != 0 {
                let from = rest.trailing_zeros();
                rest &= rest - 1;
                search.start(from, false, base_empty);
                search.man_jump(1 << from, 0, step);
            }
        }
        if kings_capture {
            let mut kings = self.pieces[us] & self.kings;
            while kings != 0 {
                let from = kings.trailing_zeros();
                kings &= kings - 1;
                search.start(from, true, base_empty);
                search.king(from, 0, false);
            }
        }
        sink.unique + sink.repeatable.len() as u64
    }

    /// The number of captures under the Spanish majority rule: by target
    /// sets when each capture is a single jump, else from the list.
    #[cold]
    #[inline(never)]
    fn count_majority_captures<const WHITE: bool>(&self, capturing_men: u64, kings_capture: bool) -> u64 {
        if !(V::FLYING_KINGS && kings_capture) {
            let board = self.jump_board::<WHITE>();
            if let Some(all) = board.single_jumps::<2, 6>(board.victims, false) {
                // zisnella.md 10: every capture takes one piece, so those
                // taking a king are the only legal ones, if there are any.
                let of_kings =
                    board.single_jumps::<2, 6>(board.victims & self.kings, false).map_or(0, |s| s.total());
                return u64::from(if of_kings != 0 { of_kings } else { all.total() });
            }
        }
        let mut moves = MoveList::new();
        self.captures_for::<WHITE, false>(&mut moves, capturing_men);
        moves.len() as u64
    }
}

/// For the flying kings `kings` with the squares `occupied`: whether one
/// has a first jump, and how many quiet moves they have; `jumps[dir]` are
/// the squares a jump in `dir` can start from (an enemy piece next that
/// way, an empty square behind it). A king slides to the last open square
/// of a ray (or stays on its own), so it can jump that way exactly when
/// that square is one of `jumps`: the open squares serve both counts, and
/// a king's four rays are disjoint, so one popcount counts its moves.
#[inline(always)]
fn flying_kings_count(mut kings: u64, occupied: u64, jumps: [u64; 4]) -> (bool, u32) {
    let mut capture = 0;
    let mut quiet = 0;
    while kings != 0 {
        let from = kings.trailing_zeros();
        let king = kings & kings.wrapping_neg();
        kings ^= king;
        let mut reach = 0;
        for_each_direction!(|dir| {
            let open = open(dir, ray(dir, from), occupied);
            capture |= (open | king) & jumps[dir];
            reach |= open;
        });
        quiet += reach.count_ones();
    }
    (capture != 0, quiet)
}
