//! The depth-first capture search: one per rule set and side, for men and
//! kings alike, handing complete sequences to a [`CaptureSink`].

use core::marker::PhantomData;

use damero_core::{Color, MoveList};

use super::sink::{CapturePath, CaptureSink, ListSink};
use super::{crowning, forward, side_steps};
use crate::Move;
use crate::layout::{ALL_STEPS, Step, shift};
use crate::position::Draughts;
use crate::rays::{Direction, nearest, open, pop_nearest, ray, slide, step};
use crate::variant::{DraughtsRules, Variant};

/// The depth-first capture search for one moving piece of the side
/// `WHITE` (or Black).
pub(super) struct CaptureSearch<'a, V: Variant, S: CaptureSink, const WHITE: bool> {
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
    /// For flying kings, by direction: the squares a jump that way can
    /// start from (an enemy piece next, an empty square behind it), on the
    /// board of the search (fixed while one piece captures, as the captured
    /// pieces stay). Set by [`Self::start`] for kings, and on a crowning.
    jumps: [u64; 4],
}

impl<'a, V: Variant, S: CaptureSink, const WHITE: bool> CaptureSearch<'a, V, S, WHITE> {
    /// A search for the side's pieces against `enemies`, the other squares
    /// of `empty` being empty; [`Self::start`] picks the piece.
    #[inline(always)]
    pub(super) fn new(enemies: u64, empty: u64, rules: V::Rules, sink: &'a mut S) -> Self {
        CaptureSearch {
            enemies,
            empty,
            from: 0,
            king_move: false,
            rules,
            path: CapturePath::EMPTY,
            sink,
            variant: PhantomData,
            jumps: [0; 4],
        }
    }

    /// Makes the piece on `from` (a king when `king`) the mover: its square
    /// is empty for the rest of the search (`empty` is the board's).
    #[inline(always)]
    pub(super) fn start(&mut self, from: u32, king: bool, empty: u64) {
        self.from = from;
        self.king_move = king;
        self.empty = empty | 1 << from;
        if king {
            self.set_king_jumps();
        }
    }

    #[inline(always)]
    fn set_king_jumps(&mut self) {
        if V::FLYING_KINGS {
            let (empty, enemies) = (self.empty, self.enemies);
            self.jumps = ALL_STEPS.map(|s| shift(shift(empty, -s) & enemies, -s));
        }
    }

    /// Whether the flying king, having taken pieces `captured` by a jump in
    /// `DIR`, can go on from one of the squares `landings` beyond its last
    /// piece: read for all of them at once. Straight on only the farthest
    /// can jump next; sideways, the landings slide over the empty squares
    /// together and one of the squares they reach must start a jump over a
    /// piece not yet taken.
    #[inline(always)]
    fn goes_on<const DIR: Direction>(&self, landings: u64, captured: u64) -> bool {
        let takeable = |dir: Direction| self.jumps[dir] & !shift(captured, -step(dir));
        let straight = landings & takeable(DIR);
        let left = slide(landings, DIR ^ 1, self.empty) & takeable(DIR ^ 1);
        let right = slide(landings, DIR ^ 3, self.empty) & takeable(DIR ^ 3);
        straight | left | right != 0
    }

    #[inline]
    fn emit(&mut self, landing: u64, captured: u64, promotes: bool) {
        let mv = Move::new(self.from, landing.trailing_zeros(), captured, promotes);
        self.sink.capture(mv, &self.path, self.may_repeat(captured, promotes));
    }

    /// Whether another path may make the same move as one taking
    /// `captured` (see [`CaptureSink::capture`]): a man's two jump orders
    /// only meet around a ring of four; once a king jumps (it started as one
    /// or was crowned on the way), three pieces may be enough. Two are never:
    /// the two orders would need the start square and the first landing on
    /// both diagonals of one square, and a king's different landings before
    /// the same straight-on jump are searched from the first one only.
    #[inline(always)]
    fn may_repeat(&self, captured: u64, promotes: bool) -> bool {
        captured.count_ones() >= if self.king_move || promotes { 3 } else { 4 }
    }

    /// Captures by a man standing on `at`; returns whether any jump exists.
    /// The directions are unrolled so each shift is a constant.
    pub(super) fn man(&mut self, at: u64, captured: u64) -> bool {
        let mut found = false;
        let backward = V::Rules::men_capture_backward(&self.rules);
        let directions = if backward { 0b1111 } else { forward::<WHITE>() };
        for_each_step!(directions, |step| {
            found |= self.man_jump(at, captured, step);
        });
        found
    }

    #[inline(always)]
    pub(super) fn man_jump(&mut self, at: u64, captured: u64, step: Step) -> bool {
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
            if !(V::CONTINUE_AFTER_PROMOTION && self.crowned(landing.trailing_zeros(), captured)) {
                self.emit(landing, captured, true);
            }
        } else if !self.man(landing, captured) {
            self.emit(landing, captured, false);
        }
        self.path.pop::<S>();
        true
    }

    /// Captures by a man crowned on bit `at` mid-capture, going on as a
    /// king; whether there is one. Out of line: rare, and the king's jump
    /// sets would crowd the men's search.
    #[cold]
    #[inline(never)]
    fn crowned(&mut self, at: u32, captured: u64) -> bool {
        self.set_king_jumps();
        self.king(at, captured, true)
    }

    /// Captures by a king standing on bit `at`; returns whether any jump
    /// exists.
    pub(super) fn king(&mut self, at: u32, captured: u64, promotes: bool) -> bool {
        if !V::FLYING_KINGS {
            return self.short_king(1 << at, captured);
        }
        let mut found = false;
        found |= self.flying_jump::<0>(at, captured, promotes);
        found |= self.flying_jump::<1>(at, captured, promotes);
        found |= self.flying_jump::<2>(at, captured, promotes);
        found |= self.flying_jump::<3>(at, captured, promotes);
        found
    }

    /// Captures going on from a flying king that has just landed on bit
    /// `at` by a jump in `CAME`; whether there is one. Not back: the piece
    /// just taken blocks that way. Straight on only when `straight`: every
    /// landing of one jump sees the same next piece straight ahead, so the
    /// captures that way are the same moves from each, and only the first
    /// landing needs to try them (unless the sink records paths, which
    /// differ by the landing). Directions in [`ALL_STEPS`]' order, as
    /// [`Self::king`], so the list keeps its order.
    fn king_landed<const CAME: Direction>(
        &mut self,
        at: u32,
        captured: u64,
        promotes: bool,
        straight: bool,
    ) -> bool {
        let mut found = false;
        let wanted = |dir: Direction| dir != CAME ^ 2 && (dir != CAME || straight);
        if wanted(0) {
            found |= self.flying_jump::<0>(at, captured, promotes);
        }
        if wanted(1) {
            found |= self.flying_jump::<1>(at, captured, promotes);
        }
        if wanted(2) {
            found |= self.flying_jump::<2>(at, captured, promotes);
        }
        if wanted(3) {
            found |= self.flying_jump::<3>(at, captured, promotes);
        }
        found
    }

    /// The captures of a flying king on bit `at` whose first jump goes in
    /// `DIR`; whether there is one. russian.md 7 / zisnella.md 8: empty
    /// squares, then one enemy piece not yet captured, then at least one
    /// empty square.
    #[inline(always)]
    fn flying_jump<const DIR: Direction>(&mut self, at: u32, captured: u64, promotes: bool) -> bool {
        let approach = ray(DIR, at);
        let blockers = approach & !self.empty;
        if blockers == 0 {
            return false;
        }
        let victim_bit = nearest(DIR, blockers);
        let victim = 1u64 << victim_bit;
        if victim & self.enemies & !captured == 0 {
            return false;
        }
        let landings = open(DIR, ray(DIR, victim_bit), !self.empty);
        if landings == 0 {
            return false;
        }
        let captured = captured | victim;
        // The king must land where the capture continues, if it can
        // anywhere (russian.md 7); otherwise on any square beyond.
        if self.goes_on::<DIR>(landings, captured) {
            let mut rest = landings;
            let mut straight = true;
            while rest != 0 {
                let landing = pop_nearest(DIR, &mut rest);
                self.path.push::<S>(1 << landing, victim);
                self.king_landed::<DIR>(landing, captured, promotes, straight);
                straight = S::RECORDS_PATH;
                self.path.pop::<S>();
            }
            return true;
        }
        if S::COUNTS && !S::RECORDS_PATH && !self.may_repeat(captured, promotes) {
            self.sink.count_unique(landings.count_ones());
            return true;
        }
        let mut rest = landings;
        while rest != 0 {
            let landing = 1u64 << pop_nearest(DIR, &mut rest);
            self.path.push::<S>(landing, victim);
            self.emit(landing, captured, promotes);
            self.path.pop::<S>();
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

impl<V: Variant> Draughts<V> {
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
        let base_empty = self.empty_squares();
        let mut search = CaptureSearch::<V, S, WHITE>::new(self.pieces[them], base_empty, self.rules, sink);
        for (pieces, is_king) in [(men, false), (kings, true)] {
            let mut rest = pieces;
            while rest != 0 {
                let from = rest.trailing_zeros();
                rest &= rest - 1;
                search.start(from, is_king, base_empty);
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
}

#[cfg(test)]
mod tests {
    use damero_core::{Color, Game, MoveList};

    use super::super::sink::{CapturePath, CaptureSink};
    use crate::Move;
    use crate::layout::{BOTTOM_ROW, TOP_ROW, VALID};
    use crate::position::Draughts;
    use crate::variant::{EnglishVariant, RussianVariant, SpanishVariant, Variant, ZisnellaVariant};

    /// Every path, the search's shortcuts off (a sink that records paths
    /// gets them all), its moves merged keeping the first of each.
    struct EveryPath(Vec<Move>);

    impl CaptureSink for EveryPath {
        const RECORDS_PATH: bool = true;

        fn capture(&mut self, mv: Move, _path: &CapturePath, _may_repeat: bool) {
            if !self.0.contains(&mv) {
                self.0.push(mv);
            }
        }
    }

    /// Random positions crowded with kings, where captures are long.
    fn king_positions<V: Variant>(count: usize) -> Vec<Draughts<V>> {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count)
            .map(|_| {
                let occupied = random() & random() & VALID;
                let white = occupied & random();
                let kings = occupied & random() & random().rotate_left(17);
                // Men never stand on their crowning row.
                let white = white & !(TOP_ROW & !kings);
                let black = occupied & !white & !(BOTTOM_ROW & !kings);
                let side = if random() & 1 == 0 { Color::White } else { Color::Black };
                Draughts::from_bits(Default::default(), side, [white, black], kings & (white | black))
            })
            .collect()
    }

    /// The capture list is the first-path-wins merge of every path, in the
    /// same order: skipping landings that repeat a straight-on jump and the
    /// duplicate check of short king captures changes no move and no order.
    fn check_against_every_path<V: Variant>() {
        let mut moves = MoveList::new();
        let mut long = 0;
        for position in king_positions::<V>(20_000) {
            if !position.has_capture() {
                continue;
            }
            position.generate(&mut moves);
            let mut every = EveryPath(Vec::new());
            position.search_captures(&mut every, None);
            let mut merged: MoveList<Move> = every.0.iter().copied().collect();
            if V::MAJORITY_RULE {
                position.keep_majority_captures(&mut merged);
            }
            assert_eq!(&moves[..], &merged[..], "{}", position.fen());
            assert_eq!(position.count(), moves.len() as u64, "{}", position.fen());
            long += moves.iter().filter(|m| m.capture_count() >= 3).count();
        }
        assert!(long > 100, "too few long captures to test: {long}");
    }

    #[test]
    fn captures_match_every_path_russian() {
        check_against_every_path::<RussianVariant>();
    }

    #[test]
    fn captures_match_every_path_zisnella() {
        check_against_every_path::<ZisnellaVariant>();
    }

    #[test]
    fn captures_match_every_path_spanish() {
        check_against_every_path::<SpanishVariant>();
    }

    #[test]
    fn captures_match_every_path_english() {
        check_against_every_path::<EnglishVariant>();
    }
}
