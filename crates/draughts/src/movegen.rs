//! The one move generator of all four rule sets.
//!
//! Captures are found by depth-first search from each piece that can capture,
//! with the captured pieces kept on the board as blockers until the move ends
//! (the "Turkish strike" rule, russian.md 8 / zisnella.md 9), and handed to a
//! [`CaptureSink`]: a move list, a counter (perft's bulk count), a path
//! collector (notation). Quiet moves are one walk handed to a
//! [`QuietSink`]: listing or counting. Everything that differs between the
//! rule sets is a constant of [`Variant`] and the side to move is a const
//! parameter, so each rule set and side gets its own specialised copy.
//! Flying kings read precomputed rays ([`crate::rays`]): no loop walks a
//! diagonal square by square.

use core::marker::PhantomData;

use damero_core::{Color, MoveList};

use crate::Move;
use crate::layout::{
    ALL_STEPS, BOTTOM_ROW, DOWN_LEFT, DOWN_RIGHT, Step, TOP_ROW, UP_LEFT, UP_RIGHT, VALID, shift,
};
use crate::position::Draughts;
use crate::rays::{Direction, first_hit, nearest, open, pop_nearest, ray, step};
use crate::targets::JumpBoard;
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

/// Runs `$body` for the four directions, `$dir` a constant in each copy.
macro_rules! for_each_direction {
    (|$dir:ident| $body:block) => {{
        {
            let $dir: Direction = 0;
            $body
        }
        {
            let $dir: Direction = 1;
            $body
        }
        {
            let $dir: Direction = 2;
            $body
        }
        {
            let $dir: Direction = 3;
            $body
        }
    }};
}

/// Forward directions of White men, as a mask over [`ALL_STEPS`].
const WHITE_FORWARD: u8 = 0b0011;
/// Forward directions of Black men.
const BLACK_FORWARD: u8 = 0b1100;

/// The forward directions of the side (`WHITE` or Black) as a mask over
/// [`ALL_STEPS`] (White moves up the board).
#[inline(always)]
const fn forward<const WHITE: bool>() -> u8 {
    if WHITE { WHITE_FORWARD } else { BLACK_FORWARD }
}

/// The steps of the side, forward first: `[i ^ 2]` is opposite `[i]`.
#[inline(always)]
pub(crate) const fn side_steps<const WHITE: bool>() -> [Step; 4] {
    if WHITE {
        [UP_LEFT, UP_RIGHT, DOWN_RIGHT, DOWN_LEFT]
    } else {
        [DOWN_RIGHT, DOWN_LEFT, UP_LEFT, UP_RIGHT]
    }
}

/// The row where men of the side are crowned.
#[inline(always)]
const fn crowning<const WHITE: bool>() -> u64 {
    if WHITE { TOP_ROW } else { BOTTOM_ROW }
}

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
    /// Whether short kings try the side's forward directions first (the
    /// order random playouts number captures in) rather than [`ALL_STEPS`]'
    /// order (the order of the move list).
    const FORWARD_FIRST: bool = false;
    /// One complete sequence. `may_repeat` is false when no other path can
    /// make the same move (a man taking fewer than four pieces, since two
    /// different jump orders of a man only meet around a ring of four).
    fn capture(&mut self, mv: Move, path: &CapturePath, may_repeat: bool);
}

/// Collects moves, merging paths that make the same move (rule 11);
/// `FORWARD_FIRST` as [`CaptureSink::FORWARD_FIRST`].
pub(crate) struct ListSink<'a, const FORWARD_FIRST: bool> {
    pub(crate) list: &'a mut MoveList<Move>,
}

impl<const FORWARD_FIRST: bool> CaptureSink for ListSink<'_, FORWARD_FIRST> {
    const RECORDS_PATH: bool = false;
    const FORWARD_FIRST: bool = FORWARD_FIRST;

    #[inline]
    fn capture(&mut self, mv: Move, _path: &CapturePath, may_repeat: bool) {
        if !may_repeat || !self.list.contains(&mv) {
            self.list.push(mv);
        }
    }
}

/// Counts moves without listing them: only those another path may repeat
/// are kept, to merge them (rule 11).
struct CountSink<'a> {
    unique: u64,
    /// Borrowed: a sink holding the list would be moved, copying its
    /// inline buffer (measured: a third of the time of a king middlegame).
    repeatable: &'a mut MoveList<Move>,
}

impl CaptureSink for CountSink<'_> {
    const RECORDS_PATH: bool = false;

    #[inline]
    fn capture(&mut self, mv: Move, _path: &CapturePath, may_repeat: bool) {
        if !may_repeat {
            self.unique += 1;
        } else if !self.repeatable.contains(&mv) {
            self.repeatable.push(mv);
        }
    }
}

/// The depth-first capture search for one moving piece of the side
/// `WHITE` (or Black).
struct CaptureSearch<'a, V: Variant, S: CaptureSink, const WHITE: bool> {
    /// Enemy pieces, captured ones included: they block until the move ends.
    enemies: u64,
    /// Empty squares, the mover's start square included (rules README).
    empty: u64,
    from: u32,
    /// The mover started as a king: its paths may repeat a move.
    king_move: bool,
    /// The rule set's options (whether men capture backward).
    rules: V::Rules,
    path: CapturePath,
    sink: &'a mut S,
    variant: PhantomData<V>,
}

impl<V: Variant, S: CaptureSink, const WHITE: bool> CaptureSearch<'_, V, S, WHITE> {
    #[inline]
    fn emit(&mut self, landing: u64, captured: u64, promotes: bool) {
        let mv = Move::new(self.from, landing.trailing_zeros(), captured, promotes);
        let may_repeat = self.king_move || promotes || captured.count_ones() >= 4;
        self.sink.capture(mv, &self.path, may_repeat);
    }

    /// Captures by a man standing on `at`; returns whether any jump exists.
    /// The directions are unrolled so each shift is a constant.
    fn man(&mut self, at: u64, captured: u64) -> bool {
        let mut found = false;
        let backward = V::Rules::men_capture_backward(&self.rules);
        let directions = if backward { 0b1111 } else { forward::<WHITE>() };
        for_each_step!(directions, |step| {
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
        if landing & crowning::<WHITE>() != 0 {
            // russian.md 9: crowned mid-capture, it goes on as a king;
            // zisnella.md 6 and English: the capture ends on the crowning row.
            if !(V::CONTINUE_AFTER_PROMOTION && self.king(landing.trailing_zeros(), captured, true)) {
                self.emit(landing, captured, true);
            }
        } else if !self.man(landing, captured) {
            self.emit(landing, captured, false);
        }
        self.path.pop::<S>();
        true
    }

    /// Captures by a king standing on bit `at`; returns whether any jump
    /// exists.
    fn king(&mut self, at: u32, captured: u64, promotes: bool) -> bool {
        if !V::FLYING_KINGS {
            return self.short_king(1 << at, captured);
        }
        let mut found = false;
        for_each_direction!(|dir| {
            found |= self.flying_jump(dir, at, captured, promotes);
        });
        found
    }

    /// The captures of a flying king on bit `at` whose first jump goes in
    /// `dir`; whether there is one. russian.md 7 / zisnella.md 8: empty
    /// squares, then one enemy piece not yet captured, then at least one
    /// empty square.
    #[inline(always)]
    fn flying_jump(&mut self, dir: Direction, at: u32, captured: u64, promotes: bool) -> bool {
        let approach = ray(dir, at);
        let blockers = approach & !self.empty;
        if blockers == 0 {
            return false;
        }
        let victim_bit = nearest(dir, blockers);
        let victim = 1u64 << victim_bit;
        if victim & self.enemies & !captured == 0 {
            return false;
        }
        let landings = open(dir, ray(dir, victim_bit), !self.empty);
        if landings == 0 {
            return false;
        }
        let captured = captured | victim;
        // The king must land where the capture continues, if it can
        // anywhere (russian.md 7); otherwise on any square beyond.
        let mut continued = false;
        let mut rest = landings;
        while rest != 0 {
            let landing = pop_nearest(dir, &mut rest);
            self.path.push::<S>(1 << landing, victim);
            continued |= self.king(landing, captured, promotes);
            self.path.pop::<S>();
        }
        if !continued {
            let mut rest = landings;
            while rest != 0 {
                let landing = 1u64 << pop_nearest(dir, &mut rest);
                self.path.push::<S>(landing, victim);
                self.emit(landing, captured, promotes);
                self.path.pop::<S>();
            }
        }
        true
    }

    /// Captures by a non-flying (English) king: one square at a time.
    fn short_king(&mut self, at: u64, captured: u64) -> bool {
        let mut found = false;
        let steps = if S::FORWARD_FIRST { side_steps::<WHITE>() } else { ALL_STEPS };
        for step in steps {
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

impl<V: Variant> Draughts<V> {
    #[inline(always)]
    pub(crate) fn empty_squares(&self) -> u64 {
        VALID & !(self.pieces[0] | self.pieces[1])
    }

    /// Men of the side to move that have a first jump (bitboard test).
    #[inline(always)]
    fn men_that_capture_for<const WHITE: bool>(&self) -> u64 {
        let (us, them) = if WHITE { (0, 1) } else { (1, 0) };
        let men = self.pieces[us] & !self.kings;
        let enemies = self.pieces[them];
        let empty = self.empty_squares();
        let directions =
            if V::Rules::men_capture_backward(&self.rules) { 0b1111 } else { forward::<WHITE>() };
        let mut capturers = 0;
        for_each_step!(directions, |step| {
            capturers |= shift(shift(empty, -step) & enemies, -step) & men;
        });
        capturers
    }

    /// Whether some king of the side to move has a first jump.
    #[inline(always)]
    pub(crate) fn kings_capture_for<const WHITE: bool>(&self) -> bool {
        let (us, them) = if WHITE { (0, 1) } else { (1, 0) };
        let kings = self.pieces[us] & self.kings;
        if kings == 0 {
            return false;
        }
        let enemies = self.pieces[them];
        let empty = self.empty_squares();
        if !V::FLYING_KINGS {
            let mut found = 0;
            for step in ALL_STEPS {
                found |= shift(shift(kings, step) & enemies, step) & empty;
            }
            return found != 0;
        }
        self.flying_kings_scan::<WHITE>(kings, false).0
    }

    /// For the flying kings `kings` of the side (`WHITE` or Black): whether
    /// one has a first jump, and (when `QUIET`) how many quiet moves they
    /// have. One table look-up per king and direction serves both.
    #[inline(always)]
    fn flying_kings_scan<const WHITE: bool>(&self, mut kings: u64, quiet: bool) -> (bool, u32) {
        let enemies = self.pieces[if WHITE { 1 } else { 0 }];
        let empty = self.empty_squares();
        let occupied = !empty;
        let mut landings = 0;
        let mut quiet_moves = 0;
        while kings != 0 {
            let from = kings.trailing_zeros();
            kings &= kings - 1;
            for_each_direction!(|dir| {
                let line = ray(dir, from);
                let first = first_hit(dir, line, occupied);
                landings |= shift(first & enemies, step(dir)) & empty;
                if quiet {
                    quiet_moves += open(dir, line, occupied).count_ones();
                }
            });
        }
        (landings != 0, quiet_moves)
    }

    /// Whether the side to move must capture.
    #[inline]
    pub(crate) fn has_capture(&self) -> bool {
        match self.side {
            Color::White => self.men_that_capture_for::<true>() != 0 || self.kings_capture_for::<true>(),
            Color::Black => self.men_that_capture_for::<false>() != 0 || self.kings_capture_for::<false>(),
        }
    }

    /// Runs the capture search for every piece of the side to move (or only
    /// the piece on bit `only_from`), feeding complete sequences to `sink`.
    pub(crate) fn search_captures<S: CaptureSink>(&self, sink: &mut S, only_from: Option<u32>) {
        let filter = only_from.map_or(!0, |b| 1u64 << b);
        match self.side {
            Color::White => {
                self.search_from::<S, true>(sink, self.men_that_capture_for::<true>() & filter, filter)
            }
            Color::Black => {
                self.search_from::<S, false>(sink, self.men_that_capture_for::<false>() & filter, filter);
            }
        }
    }

    /// The capture search from the men `men` (each known to have a first
    /// jump) and the kings in `king_filter`, in that order, each by square.
    #[inline]
    fn search_from<S: CaptureSink, const WHITE: bool>(&self, sink: &mut S, men: u64, king_filter: u64) {
        let (us, them) = if WHITE { (0, 1) } else { (1, 0) };
        let kings = self.pieces[us] & self.kings & king_filter;
        if men == 0 && kings == 0 {
            return;
        }
        let mut search = CaptureSearch::<V, S, WHITE> {
            enemies: self.pieces[them],
            empty: self.empty_squares(),
            from: 0,
            king_move: false,
            rules: self.rules,
            path: CapturePath::EMPTY,
            sink,
            variant: PhantomData,
        };
        let base_empty = search.empty;
        for (pieces, is_king) in [(men, false), (kings, true)] {
            let mut rest = pieces;
            while rest != 0 {
                let from = rest.trailing_zeros();
                rest &= rest - 1;
                search.from = from;
                search.king_move = is_king;
                search.empty = base_empty | 1 << from;
                if is_king {
                    search.king(from, 0, false);
                } else {
                    search.man(1 << from, 0);
                }
            }
        }
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
        match self.side {
            Color::White => self.generate_for::<true>(moves),
            Color::Black => self.generate_for::<false>(moves),
        }
    }

    #[inline(always)]
    fn generate_for<const WHITE: bool>(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        let men = self.men_that_capture_for::<WHITE>();
        if men != 0 || self.kings_capture_for::<WHITE>() {
            self.captures_for::<WHITE, false>(moves, men);
            return;
        }
        self.quiet_walk::<QuietList<'_>, WHITE>(&mut QuietList { list: moves });
    }

    /// Every legal capture (the side to move must capture; its men with a
    /// first jump are `capturing_men`), short kings' directions forward
    /// first when `FORWARD_FIRST` (the order random playouts pick in).
    #[inline]
    pub(crate) fn captures_for<const WHITE: bool, const FORWARD_FIRST: bool>(
        &self,
        moves: &mut MoveList<Move>,
        capturing_men: u64,
    ) {
        self.search_from::<ListSink<'_, FORWARD_FIRST>, WHITE>(
            &mut ListSink { list: moves },
            capturing_men,
            !0,
        );
        if V::MAJORITY_RULE {
            self.keep_majority_captures(moves);
        }
    }

    /// The quiet moves of the side to move, into `sink`: men by forward
    /// step, then each king by direction ([`ALL_STEPS`]' order) and distance.
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

    /// The number of legal moves, counting without listing where it can.
    pub(crate) fn count(&self) -> u64 {
        match self.side {
            Color::White => self.count_for::<true>(),
            Color::Black => self.count_for::<false>(),
        }
    }

    #[inline(always)]
    fn count_for<const WHITE: bool>(&self) -> u64 {
        let board = self.jump_board::<WHITE>();
        let backward = V::Rules::men_capture_backward(&self.rules);
        let man_jumps =
            board.jumps[0] | board.jumps[1] | if backward { board.jumps[2] | board.jumps[3] } else { 0 };
        let capturing_men = board.men & man_jumps;
        let kings = self.pieces[if WHITE { 0 } else { 1 }] & self.kings;
        let (kings_capture, king_moves) = if kings == 0 {
            (false, 0)
        } else if V::FLYING_KINGS {
            self.flying_kings_scan::<WHITE>(kings, true)
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
        if going_on == [0; 4] && !kings_capture {
            return u64::from(ended);
        }
        u64::from(ended) + self.count_searched::<WHITE>(going_on, kings_capture)
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

    /// The captures that go on past their first jump, by the search: the
    /// men of `going_on[i]` jumping first in `side_steps()[i]`, and every
    /// king when `kings_capture`.
    #[cold]
    #[inline(never)]
    fn count_searched<const WHITE: bool>(&self, going_on: [u64; 4], kings_capture: bool) -> u64 {
        let (us, them) = if WHITE { (0, 1) } else { (1, 0) };
        let mut repeatable = MoveList::new();
        let mut sink = CountSink { unique: 0, repeatable: &mut repeatable };
        let mut search = CaptureSearch::<V, CountSink<'_>, WHITE> {
            enemies: self.pieces[them],
            empty: self.empty_squares(),
            from: 0,
            king_move: false,
            rules: self.rules,
            path: CapturePath::EMPTY,
            sink: &mut sink,
            variant: PhantomData,
        };
        let base_empty = search.empty;
        for (men, step) in going_on.into_iter().zip(side_steps::<WHITE>()) {
            let mut rest = men;
            while rest != 0 {
                let from = rest.trailing_zeros();
                rest &= rest - 1;
                search.from = from;
                search.empty = base_empty | 1 << from;
                search.man_jump(1 << from, 0, step);
            }
        }
        if kings_capture {
            let mut kings = self.pieces[us] & self.kings;
            search.king_move = true;
            while kings != 0 {
                let from = kings.trailing_zeros();
                kings &= kings - 1;
                search.from = from;
                search.empty = base_empty | 1 << from;
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
