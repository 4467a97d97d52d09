//! The one move generator of all four rule sets.
//!
//! Captures are found by depth-first search from each piece that can capture,
//! with the captured pieces kept on the board as blockers until the move ends
//! (the "Turkish strike" rule, russian.md 8 / zisnella.md 9). Quiet moves are
//! bitboard shifts. Everything that differs between the rule sets is a
//! constant of [`Variant`], so each rule set gets its own specialised copy.

use core::marker::PhantomData;

use damero_core::{Color, MoveList};

use crate::Move;
use crate::layout::{
    ALL_STEPS, BOTTOM_ROW, DOWN_LEFT, DOWN_RIGHT, Step, TOP_ROW, UP_LEFT, UP_RIGHT, VALID, shift,
};
use crate::position::Draughts;
use crate::variant::{DraughtsRules, Variant};

/// Runs `$body` once for each step of [`ALL_STEPS`] selected by the bit mask
/// `$mask`, with `$step` bound to a constant: unrolled by hand so every shift
/// compiles to a fixed shift instruction.
macro_rules! for_each_step {
    ($mask:expr, |$step:ident| $body:block) => {{
        let mask: u8 = $mask;
        if mask & 1 != 0 {
            let $step: Step = UP_LEFT;
            $body
        }
        if mask & 2 != 0 {
            let $step: Step = UP_RIGHT;
            $body
        }
        if mask & 4 != 0 {
            let $step: Step = DOWN_RIGHT;
            $body
        }
        if mask & 8 != 0 {
            let $step: Step = DOWN_LEFT;
            $body
        }
    }};
}

/// Runs `$body` for each forward step of a man of colour `$side`, the
/// steps constant in each arm.
macro_rules! for_each_forward_step {
    ($side:expr, |$step:ident| $body:block) => {{
        match $side {
            Color::White => for_each_step!(WHITE_FORWARD, |$step| $body),
            Color::Black => for_each_step!(BLACK_FORWARD, |$step| $body),
        }
    }};
}

/// Forward directions of White men, as a mask over [`ALL_STEPS`].
const WHITE_FORWARD: u8 = 0b0011;
/// Forward directions of Black men.
const BLACK_FORWARD: u8 = 0b1100;

/// The most jumps one capture can make (12 pieces to take, with margin).
pub(crate) const MAX_JUMPS: usize = 16;

/// The landing squares and captured pieces of one capture path, as bits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CapturePath {
    pub(crate) landings: [u8; MAX_JUMPS],
    pub(crate) victims: [u8; MAX_JUMPS],
    pub(crate) len: usize,
}

impl CapturePath {
    const EMPTY: CapturePath = CapturePath { landings: [0; MAX_JUMPS], victims: [0; MAX_JUMPS], len: 0 };

    #[inline(always)]
    fn push<S: CaptureSink>(&mut self, landing: u64, victim: u64) {
        if !S::RECORDS_PATH {
            return;
        }
        // A path can never exceed 12 jumps (each takes a different enemy piece).
        if self.len < MAX_JUMPS {
            self.landings[self.len] = landing.trailing_zeros() as u8;
            self.victims[self.len] = victim.trailing_zeros() as u8;
        }
        self.len += 1;
    }

    #[inline(always)]
    fn pop<S: CaptureSink>(&mut self) {
        if !S::RECORDS_PATH {
            return;
        }
        self.len -= 1;
    }

    /// The landings, in order.
    pub(crate) fn landings(&self) -> &[u8] {
        &self.landings[..self.len.min(MAX_JUMPS)]
    }

    /// The captured pieces, in order.
    pub(crate) fn victims(&self) -> &[u8] {
        &self.victims[..self.len.min(MAX_JUMPS)]
    }
}

/// Receives every complete capture sequence the search finds.
pub(crate) trait CaptureSink {
    /// Whether the sink reads the path (notation does; move lists do not, so
    /// the hot path skips recording it).
    const RECORDS_PATH: bool;
    /// One complete sequence. `may_repeat` is false when no other path can
    /// make the same move (a man taking fewer than four pieces, since two
    /// different jump orders of a man only meet around a ring of four).
    fn capture(&mut self, mv: Move, path: &CapturePath, may_repeat: bool);
}

/// Collects moves, merging paths that make the same move (rule 11).
struct ListSink<'a> {
    list: &'a mut MoveList<Move>,
}

impl CaptureSink for ListSink<'_> {
    const RECORDS_PATH: bool = false;

    #[inline]
    fn capture(&mut self, mv: Move, _path: &CapturePath, may_repeat: bool) {
        if !may_repeat || !self.list.contains(&mv) {
            self.list.push(mv);
        }
    }
}

/// The depth-first capture search for one moving piece.
struct CaptureSearch<'a, V: Variant, S: CaptureSink> {
    /// Enemy pieces, captured ones included: they block until the move ends.
    enemies: u64,
    /// Empty squares, the mover's start square included (rules README).
    empty: u64,
    from: u32,
    /// The mover started as a king: its paths may repeat a move.
    king_move: bool,
    /// Bit mask over [`ALL_STEPS`] of the directions men capture in.
    man_directions: u8,
    crowning_row: u64,
    path: CapturePath,
    sink: &'a mut S,
    variant: PhantomData<V>,
}

impl<V: Variant, S: CaptureSink> CaptureSearch<'_, V, S> {
    #[inline]
    fn emit(&mut self, landing: u64, captured: u64, promotes: bool) {
        let mv = Move::new(self.from, landing.trailing_zeros(), captured, promotes);
        let may_repeat = self.king_move || promotes || captured.count_ones() >= 4;
        self.sink.capture(mv, &self.path, may_repeat);
    }

    /// Captures by a man standing on `at`; returns whether any jump exists.
    /// The four directions are unrolled so each shift is a constant.
    fn man(&mut self, at: u64, captured: u64) -> bool {
        let mut found = false;
        for_each_step!(self.man_directions, |step| {
            found |= self.man_jump(at, captured, step);
        });
        found
    }

    #[inline(always)]
    fn man_jump(&mut self, at: u64, captured: u64, step: Step) -> bool {
        let victim = shift(at, step) & self.enemies & !captured;
        if victim == 0 {
            return false;
        }
        let landing = shift(victim, step) & self.empty;
        if landing == 0 {
            return false;
        }
        let captured = captured | victim;
        self.path.push::<S>(landing, victim);
        if landing & self.crowning_row != 0 {
            // russian.md 9: crowned mid-capture, it goes on as a king;
            // zisnella.md 6 and English: the capture ends on the crowning row.
            if !(V::CONTINUE_AFTER_PROMOTION && self.king(landing, captured, true)) {
                self.emit(landing, captured, true);
            }
        } else if !self.man(landing, captured) {
            self.emit(landing, captured, false);
        }
        self.path.pop::<S>();
        true
    }

    /// Captures by a king standing on `at`; returns whether any jump exists.
    fn king(&mut self, at: u64, captured: u64, promotes: bool) -> bool {
        if !V::FLYING_KINGS {
            return self.short_king(at, captured);
        }
        let mut found = false;
        for step in ALL_STEPS {
            // russian.md 7 / zisnella.md 8: empty squares, then one enemy piece
            // not yet captured, then at least one empty square.
            let mut probe = shift(at, step);
            while probe & self.empty != 0 {
                probe = shift(probe, step);
            }
            let victim = probe & self.enemies & !captured;
            if victim == 0 {
                continue;
            }
            let first_landing = shift(victim, step) & self.empty;
            if first_landing == 0 {
                continue;
            }
            found = true;
            let captured = captured | victim;
            // The king must land where the capture continues, if it can
            // anywhere (russian.md 7); otherwise on any square beyond.
            let mut continued = false;
            let mut landing = first_landing;
            while landing != 0 {
                self.path.push::<S>(landing, victim);
                continued |= self.king(landing, captured, promotes);
                self.path.pop::<S>();
                landing = shift(landing, step) & self.empty;
            }
            if !continued {
                let mut landing = first_landing;
                while landing != 0 {
                    self.path.push::<S>(landing, victim);
                    self.emit(landing, captured, promotes);
                    self.path.pop::<S>();
                    landing = shift(landing, step) & self.empty;
                }
            }
        }
        found
    }

    /// Captures by a non-flying (English) king: one square at a time.
    fn short_king(&mut self, at: u64, captured: u64) -> bool {
        let mut found = false;
        for step in ALL_STEPS {
            let victim = shift(at, step) & self.enemies & !captured;
            if victim == 0 {
                continue;
            }
            let landing = shift(victim, step) & self.empty;
            if landing == 0 {
                continue;
            }
            found = true;
            let captured = captured | victim;
            self.path.push::<S>(landing, victim);
            if !self.short_king(landing, captured) {
                self.emit(landing, captured, false);
            }
            self.path.pop::<S>();
        }
        found
    }
}

/// Calls `visit(piece, is_king)` for each bit of `men`, then of `kings`: the
/// loop of every capture search over the pieces that can capture.
#[inline(always)]
pub(crate) fn for_each_piece(men: u64, kings: u64, mut visit: impl FnMut(u64, bool)) {
    for (pieces, is_king) in [(men, false), (kings, true)] {
        let mut rest = pieces;
        while rest != 0 {
            let piece = rest & rest.wrapping_neg();
            rest ^= piece;
            visit(piece, is_king);
        }
    }
}

/// The forward directions of a man of `color` as a mask over [`ALL_STEPS`]
/// (White moves up the board).
#[inline(always)]
const fn forward_directions(color: Color) -> u8 {
    match color {
        Color::White => WHITE_FORWARD,
        Color::Black => BLACK_FORWARD,
    }
}

/// The row where men of `color` are crowned.
#[inline(always)]
pub(crate) const fn crowning_row(color: Color) -> u64 {
    match color {
        Color::White => TOP_ROW,
        Color::Black => BOTTOM_ROW,
    }
}

impl<V: Variant> Draughts<V> {
    /// The directions men capture in, as a mask over [`ALL_STEPS`].
    #[inline(always)]
    fn man_capture_directions(&self) -> u8 {
        if V::Rules::men_capture_backward(&self.rules) { 0b1111 } else { forward_directions(self.side) }
    }

    #[inline(always)]
    pub(crate) fn empty_squares(&self) -> u64 {
        VALID & !(self.pieces[0] | self.pieces[1])
    }

    /// Men of the side to move that have a first jump (bitboard test).
    #[inline(always)]
    pub(crate) fn men_that_capture(&self) -> u64 {
        let us = self.side.index();
        let men = self.pieces[us] & !self.kings;
        let enemies = self.pieces[1 - us];
        let empty = self.empty_squares();
        let mut capturers = 0;
        for_each_step!(self.man_capture_directions(), |step| {
            capturers |= shift(shift(empty, -step) & enemies, -step) & men;
        });
        capturers
    }

    /// Whether some king of the side to move has a first jump.
    #[inline(always)]
    pub(crate) fn kings_capture(&self) -> bool {
        let us = self.side.index();
        let kings = self.pieces[us] & self.kings;
        if kings == 0 {
            return false;
        }
        let enemies = self.pieces[1 - us];
        let empty = self.empty_squares();
        for step in ALL_STEPS {
            let mut ray = shift(kings, step);
            let mut hits = 0;
            if V::FLYING_KINGS {
                while ray & empty != 0 {
                    hits |= ray & !empty;
                    ray = shift(ray & empty, step);
                }
            }
            hits |= ray;
            if shift(hits & enemies, step) & empty != 0 {
                return true;
            }
        }
        false
    }

    /// Whether the side to move must capture.
    #[inline]
    pub(crate) fn has_capture(&self) -> bool {
        self.men_that_capture() != 0 || self.kings_capture()
    }

    /// Runs the capture search for every piece of the side to move (or only
    /// the piece on bit `only_from`), feeding complete sequences to `sink`.
    pub(crate) fn search_captures<S: CaptureSink>(&self, sink: &mut S, only_from: Option<u32>) {
        let filter = only_from.map_or(!0, |b| 1u64 << b);
        self.search_captures_from(sink, self.men_that_capture() & filter, filter);
    }

    /// The capture search from the men `men` (each known to have a first
    /// jump) and the kings in `king_filter`.
    #[inline]
    fn search_captures_from<S: CaptureSink>(&self, sink: &mut S, men: u64, king_filter: u64) {
        let us = self.side.index();
        let own = self.pieces[us];
        let filter = king_filter;
        let kings = own & self.kings & filter;
        if men == 0 && kings == 0 {
            return;
        }
        let mut search = CaptureSearch::<V, S> {
            enemies: self.pieces[1 - us],
            empty: self.empty_squares(),
            from: 0,
            king_move: false,
            man_directions: self.man_capture_directions(),
            crowning_row: crowning_row(self.side),
            path: CapturePath::EMPTY,
            sink,
            variant: PhantomData,
        };
        let base_empty = search.empty;
        for_each_piece(men, kings, |from, is_king| {
            search.from = from.trailing_zeros();
            search.king_move = is_king;
            search.empty = base_empty | from;
            if is_king {
                search.king(from, 0, false);
            } else {
                search.man(from, 0);
            }
        });
    }

    /// Spanish quantity-then-quality rule (zisnella.md 10).
    fn keep_majority_captures(&self, moves: &mut MoveList<Move>) {
        let kings = self.kings;
        let weight = |m: &Move| (m.capture_count(), (m.captured_bits() & kings).count_ones());
        if let Some(best) = moves.iter().map(weight).max() {
            moves.retain(|m| weight(m) == best);
        }
    }

    /// Fills `moves` with every legal move.
    pub(crate) fn generate(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        let men = self.men_that_capture();
        if men != 0 || self.kings_capture() {
            self.search_captures_from(&mut ListSink { list: moves }, men, !0);
            if V::MAJORITY_RULE {
                self.keep_majority_captures(moves);
            }
            return;
        }
        self.generate_quiet(moves);
    }

    fn generate_quiet(&self, moves: &mut MoveList<Move>) {
        let us = self.side.index();
        let own = self.pieces[us];
        let men = own & !self.kings;
        let empty = self.empty_squares();
        let crowning = crowning_row(self.side);
        for_each_forward_step!(self.side, |step| {
            let mut targets = shift(men, step) & empty;
            while targets != 0 {
                let to = targets.trailing_zeros();
                targets &= targets - 1;
                let from = (to as i32 - step) as u32;
                moves.push(Move::new(from, to, 0, crowning >> to & 1 != 0));
            }
        });
        let mut kings = own & self.kings;
        while kings != 0 {
            let from = kings.trailing_zeros();
            kings &= kings - 1;
            for step in ALL_STEPS {
                let mut to = shift(1u64 << from, step) & empty;
                while to != 0 {
                    moves.push(Move::new(from, to.trailing_zeros(), 0, false));
                    if !V::FLYING_KINGS {
                        break;
                    }
                    to = shift(to, step) & empty;
                }
            }
        }
    }

    /// The number of legal moves, counting quiet moves without listing them.
    pub(crate) fn count(&self) -> u64 {
        let capturing_men = self.men_that_capture();
        if capturing_men != 0 || self.kings_capture() {
            let mut moves = MoveList::new();
            self.captures_into(&mut moves, capturing_men);
            return moves.len() as u64;
        }
        u64::from(self.quiet_count())
    }

    /// Every legal capture (the side to move must capture).
    pub(crate) fn captures_into(&self, moves: &mut MoveList<Move>, capturing_men: u64) {
        self.search_captures_from(&mut ListSink { list: moves }, capturing_men, !0);
        if V::MAJORITY_RULE {
            self.keep_majority_captures(moves);
        }
    }

    /// The number of quiet moves (when no capture is pending).
    #[inline]
    pub(crate) fn quiet_count(&self) -> u32 {
        let us = self.side.index();
        let own = self.pieces[us];
        let men = own & !self.kings;
        let kings = own & self.kings;
        let empty = self.empty_squares();
        let mut count = 0;
        for_each_forward_step!(self.side, |step| {
            count += (shift(men, step) & empty).count_ones();
        });
        if kings != 0 {
            for step in ALL_STEPS {
                let mut ray = shift(kings, step) & empty;
                // Rays of different kings never meet: a king on another's
                // diagonal blocks it, so per-step popcounts add up exactly.
                while ray != 0 {
                    count += ray.count_ones();
                    if !V::FLYING_KINGS {
                        break;
                    }
                    ray = shift(ray, step) & empty;
                }
            }
        }
        count
    }
}
