//! The position: pieces, side to move, draw counters, hash.

use core::marker::PhantomData;

use damero_core::{Color, Square, zobrist_keys};

use crate::Move;
use crate::layout::{VALID, bit_of_square, rank_of, square_of};
use crate::variant::{Counter, DraughtsRules, Variant};

/// Zobrist keys: `[colour * 2 + king][bit]` (64 wide so indexing needs no
/// bounds check), then the side-to-move key.
const KEYS: [u64; 4 * 64 + 1] = zobrist_keys(0x6472_6175_6768_7473);
const PIECE_KEYS: [[u64; 64]; 4] = {
    let mut table = [[0; 64]; 4];
    let mut i = 0;
    while i < 4 * 64 {
        table[i / 64][i % 64] = KEYS[i];
        i += 1;
    }
    table
};
const SIDE_KEY: u64 = KEYS[4 * 64];

#[inline(always)]
fn piece_key(color: usize, king: bool, bit: u32) -> u64 {
    PIECE_KEYS[(color & 1) * 2 + king as usize][bit as usize & 63]
}

/// A draughts position of rule set `V`: use the aliases [`Russian`](crate::Russian),
/// [`Zisnella`](crate::Zisnella), [`Spanish`](crate::Spanish), [`English`](crate::English).
///
/// Besides the board it carries the counters its draw rules need (plies since
/// the last capture, since the last capture or man move, since the last
/// capture or promotion) and its [rules](Variant::Rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draughts<V: Variant> {
    /// Pieces by colour index, in the 32-square layout.
    pub(crate) pieces: [u64; 2],
    /// Kings of both colours.
    pub(crate) kings: u64,
    pub(crate) side: Color,
    pub(crate) since_capture: u16,
    pub(crate) since_capture_or_man_move: u16,
    pub(crate) since_capture_or_promotion: u16,
    pub(crate) hash: u64,
    pub(crate) rules: V::Rules,
    variant: PhantomData<V>,
}

/// A piece on a square: for building positions and reading them back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Its colour.
    pub color: Color,
    /// Whether it is a king.
    pub king: bool,
}

/// A move as the parts [`Move`] packs: what playing it needs, and what
/// random playouts produce directly.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Parts {
    pub(crate) from: u32,
    pub(crate) to: u32,
    pub(crate) captured: u64,
    pub(crate) promotes: bool,
}

/// How much of the position a move application keeps up to date: the
/// levels of [`Draughts::apply`].
pub(crate) struct Update;

impl Update {
    /// The board only: what move generation reads (perft).
    pub(crate) const BOARD: u8 = 0;
    /// The board and the draw counters the rule set reads (random playouts).
    pub(crate) const PLAYOUT: u8 = 1;
    /// Everything: the Zobrist key and every counter (`play`).
    pub(crate) const FULL: u8 = 2;
}

impl Parts {
    #[inline(always)]
    pub(crate) fn of(mv: Move) -> Parts {
        Parts {
            from: mv.start_bit(),
            to: mv.end_bit(),
            captured: mv.captured_bits(),
            promotes: mv.promotes(),
        }
    }
}

impl<V: Variant> Draughts<V> {
    /// A position from bitboards in the 32-square [`layout`](crate::layout):
    /// `pieces` by colour index (White, Black) and `kings` of both colours,
    /// draw counters at zero.
    ///
    /// Unlike [`Draughts::from_setup`] this checks nothing: the caller
    /// guarantees that the pieces are on playing squares
    /// ([`layout::VALID`](crate::layout::VALID)), that the colours do not
    /// overlap, that `kings` is a subset of the pieces and that no man stands
    /// on its crowning row. A position that breaks these is safe to hold but
    /// its moves are meaningless. It is for code that enumerates positions by
    /// the bit (endgame-database builders and indexers).
    pub fn from_bits(rules: V::Rules, side: Color, pieces: [u64; 2], kings: u64) -> Draughts<V> {
        let mut position = Draughts {
            pieces,
            kings,
            side,
            since_capture: 0,
            since_capture_or_man_move: 0,
            since_capture_or_promotion: 0,
            hash: 0,
            rules,
            variant: PhantomData,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The pieces of `color` as a bitboard in the 32-square
    /// [`layout`](crate::layout).
    #[inline(always)]
    pub fn bits(&self, color: Color) -> u64 {
        self.pieces[color.index()]
    }

    /// The kings of both colours as a bitboard in the 32-square
    /// [`layout`](crate::layout).
    #[inline(always)]
    pub fn king_bits(&self) -> u64 {
        self.kings
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        let bit = bit_of_square(square, V::MIRRORED)?;
        let king = self.kings >> bit & 1 != 0;
        Color::ALL
            .into_iter()
            .find(|c| self.pieces[c.index()] >> bit & 1 != 0)
            .map(|color| Piece { color, king })
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let mut all: Vec<(Square, Piece)> = (0..36u32)
            .filter(|b| (self.pieces[0] | self.pieces[1]) >> b & 1 != 0)
            .map(|b| {
                let color = if self.pieces[0] >> b & 1 != 0 { Color::White } else { Color::Black };
                (square_of(b, V::MIRRORED), Piece { color, king: self.kings >> b & 1 != 0 })
            })
            .collect();
        all.sort_by_key(|(s, _)| *s);
        all.into_iter()
    }

    /// How many men and kings `color` has: `(men, kings)`.
    pub fn material(&self, color: Color) -> (u32, u32) {
        let own = self.pieces[color.index()];
        ((own & !self.kings).count_ones(), (own & self.kings).count_ones())
    }

    /// The start and end squares of `mv`.
    pub fn move_squares(&self, mv: Move) -> (Square, Square) {
        (square_of(mv.start_bit(), V::MIRRORED), square_of(mv.end_bit(), V::MIRRORED))
    }

    /// The squares of the pieces `mv` captures.
    pub fn captured_squares(&self, mv: Move) -> Vec<Square> {
        (0..36).filter(|b| mv.captured_bits() >> b & 1 != 0).map(|b| square_of(b, V::MIRRORED)).collect()
    }

    /// Whether the side to move must capture.
    #[inline]
    pub fn must_capture(&self) -> bool {
        self.has_capture()
    }

    /// Plies since the last capture.
    pub fn plies_since_capture(&self) -> u32 {
        self.since_capture.into()
    }

    /// Plies since the last capture or man move.
    pub fn plies_since_capture_or_man_move(&self) -> u32 {
        self.since_capture_or_man_move.into()
    }

    /// Plies since the last capture or promotion (the material balance).
    pub fn plies_since_material_change(&self) -> u32 {
        self.since_capture_or_promotion.into()
    }

    /// Sets the draw counters (they are not part of a FEN): plies since the
    /// last capture, since the last capture or man move, and since the last
    /// capture or promotion.
    pub fn set_draw_counters(
        &mut self,
        since_capture: u16,
        since_capture_or_man_move: u16,
        since_material: u16,
    ) {
        self.since_capture = since_capture;
        self.since_capture_or_man_move = since_capture_or_man_move;
        self.since_capture_or_promotion = since_material;
    }

    /// The same placement with the other side to move (for analysis, and
    /// Zisnella's both-blocked rule).
    pub fn with_side_to_move(&self, side: Color) -> Draughts<V> {
        let mut p = *self;
        if p.side != side {
            p.side = side;
            p.hash ^= SIDE_KEY;
        }
        p
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut hash = if self.side == Color::Black { SIDE_KEY } else { 0 };
        for color in 0..2 {
            let mut bits = self.pieces[color];
            while bits != 0 {
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                hash ^= piece_key(color, self.kings >> bit & 1 != 0, bit);
            }
        }
        hash
    }

    pub(crate) fn start_position(rules: V::Rules) -> Draughts<V> {
        let mut position = Draughts::from_bits(rules, V::FIRST, [0; 2], 0);
        // Rows 1-3 for White, 6-8 for Black, in every rule set (russian.md 2,
        // zisnella.md 2): in the layout, bits of ranks 0-2 and 5-7.
        for bit in 0..36 {
            if VALID >> bit & 1 == 0 {
                continue;
            }
            match rank_of(bit) {
                0..=2 => position.pieces[0] |= 1 << bit,
                5..=7 => position.pieces[1] |= 1 << bit,
                _ => {}
            }
        }
        position.hash = position.compute_hash();
        position
    }

    /// Plays the move `parts`, keeping up to date what `UPDATE` (an
    /// [`Update`] level) asks for: `play` keeps the Zobrist key and every
    /// draw counter; a random playout reads neither the key nor the
    /// counters its draw rule does not use; perft reads only the board.
    #[inline(always)]
    pub(crate) fn apply<const UPDATE: u8>(&mut self, parts: Parts) {
        let Parts { from: from_bit, to: to_bit, captured, promotes } = parts;
        let us = self.side.index();
        let them = 1 - us;
        let from = 1u64 << from_bit;
        let to = 1u64 << to_bit;
        let was_king = self.kings & from != 0;
        let is_king = was_king | promotes;

        if UPDATE == Update::FULL {
            let mut hash =
                self.hash ^ SIDE_KEY ^ piece_key(us, was_king, from_bit) ^ piece_key(us, is_king, to_bit);
            let mut rest = captured;
            while rest != 0 {
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                hash ^= piece_key(them, self.kings >> bit & 1 != 0, bit);
            }
            self.hash = hash;
        }

        // from ^ to is 0 when a capture ends where it began (a ring).
        self.pieces[us] ^= from ^ to;
        self.pieces[them] &= !captured;
        self.kings &= !(captured | from);
        self.kings |= if is_king { to } else { 0 };

        let capture = captured != 0;
        let rule = self.rules.draw_rule();
        let counts = |counter: Counter| match UPDATE {
            Update::FULL => true,
            Update::PLAYOUT => rule.reads(counter),
            _ => false,
        };
        if counts(Counter::Capture) {
            self.since_capture = if capture { 0 } else { self.since_capture.saturating_add(1) };
        }
        if counts(Counter::CaptureOrManMove) {
            self.since_capture_or_man_move =
                if capture || !was_king { 0 } else { self.since_capture_or_man_move.saturating_add(1) };
        }
        if counts(Counter::CaptureOrPromotion) {
            self.since_capture_or_promotion =
                if capture || promotes { 0 } else { self.since_capture_or_promotion.saturating_add(1) };
        }
        self.side = !self.side;
    }

    /// Whether the lone-king rule (russian.md 13b, or the Olsen rule) has
    /// run out: `strong_min_kings` kings (and, for Olsen, nothing else)
    /// against a lone king, whose owner is to move after the stronger side's
    /// 15th move since the material arose.
    pub(crate) fn lone_king_draw(&self, olsen: bool) -> bool {
        for strong in Color::ALL {
            let lone = !strong;
            let (lone_men, lone_kings) = self.material(lone);
            let (strong_men, strong_kings) = self.material(strong);
            let material_fits = lone_men == 0
                && lone_kings == 1
                && if olsen { strong_kings == 3 && strong_men == 0 } else { strong_kings >= 3 };
            // The material arose by a capture or a promotion, which reset the
            // counter; whoever made that move, the stronger side has made its
            // 15th move once 29 plies have passed with the lone side to move.
            if material_fits && self.side == lone && self.since_capture_or_promotion >= 29 {
                return true;
            }
        }
        false
    }

    pub(crate) fn fsr_draw(&self) -> bool {
        // 13c: 15 moves each with only kings moving and no capture.
        if self.since_capture_or_man_move >= 30 {
            return true;
        }
        // 13b.
        if self.lone_king_draw(false) {
            return true;
        }
        // 13d: both sides have kings, material unchanged for N moves each.
        let (wm, wk) = self.material(Color::White);
        let (bm, bk) = self.material(Color::Black);
        if wk > 0 && bk > 0 {
            let limit = match wm + wk + bm + bk {
                2 | 3 => 10,
                4 | 5 => 60,
                6 | 7 => 120,
                _ => return false,
            };
            return self.since_capture_or_promotion >= limit;
        }
        false
    }
}
