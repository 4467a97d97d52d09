//! The learning interface of each game: a fixed action encoding and the
//! observation planes. Nothing here is a rule: every value is read from the
//! rules crates' own accessors (move squares, pieces, stacks).
//!
//! An action is `slot * base + index`, where `index < base` names the move
//! by its squares (its kind, start and end) and `slot < slots` tells apart
//! legal moves with the same squares (draughts captures with the same start
//! and end but other captured pieces): the `k`-th such move in the game's
//! own move order (a function of the position) takes slot `k`. Squares are
//! absolute board squares (a1 = 0 ... h8 = 63), not turned for Black.
//!
//! An observation is `planes x 8 x 8` floats from the side to move's view:
//! when Black is to move the board is turned by 180 degrees (square `s`
//! is written at `63 - s`), and "own" planes always hold the side to move.

use std::any::Any;

use damero_core::{Color, Game, Square};
use damero_cross::{Cross, MoveKind, Vertex};
use damero_draughts::{
    Draughts, EnglishVariant, RussianVariant, SpanishVariant, Variant, ZisnellaVariant, layout,
};
use damero_eliminar::{Eliminar, Move as EliminarMove};
use damero_tumbling_down::TumblingDown;

/// A game's encoding: sizes and the two per-position functions.
pub struct LearnFns<G: Game> {
    /// Actions per slot (the square-pair index range).
    pub base: u32,
    /// Slots: how many legal moves may share one index.
    pub slots: u32,
    /// Observation planes of 8 x 8.
    pub planes: usize,
    /// Fills a list with the action of each legal move ([`encode_with`]
    /// over the game's index of a move, compiled for that index so it
    /// inlines).
    pub encode_moves: fn(&G, &[G::Move], &mut Vec<u32>),
    /// Writes the observation into a zeroed slice of `planes * 64` floats.
    pub observe: fn(&G, &mut [f32]),
    /// What the planes hold, for documentation and `repr`.
    pub planes_doc: &'static str,
    /// What the index means.
    pub actions_doc: &'static str,
}

impl<G: Game> Clone for LearnFns<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: Game> Copy for LearnFns<G> {}

impl<G: Game> LearnFns<G> {
    /// The number of actions.
    pub fn num_actions(&self) -> usize {
        (self.base * self.slots) as usize
    }

    /// Fills `codes` with the action of each of `moves` (`u32::MAX` for a
    /// move beyond the last slot, which has no action).
    pub fn encode(&self, position: &G, moves: &[G::Move], codes: &mut Vec<u32>) {
        (self.encode_moves)(position, moves, codes);
    }
}

/// Fills `codes` with the action `slot * BASE + index_of(move)` of each
/// move, `slot` counting the earlier moves with the same index (`u32::MAX`
/// for a move beyond the last of `SLOTS`, which has no action).
#[inline(always)]
fn encode_with<G: Game, const BASE: u32, const SLOTS: u32>(
    position: &G,
    moves: &[G::Move],
    codes: &mut Vec<u32>,
    index_of: impl Fn(&G, G::Move) -> u32,
) {
    codes.clear();
    // A bit per index modulo 64 among the moves so far: a move whose bit
    // is clear shares its index with no earlier move, which is nearly
    // every move, so the scan below runs only for the rest.
    let mut seen = 0u64;
    for &mv in moves {
        let index = index_of(position, mv);
        let bit = 1u64 << (index % 64);
        let earlier = if seen & bit == 0 {
            0
        } else {
            // A code at or above `BASE` (a later slot, or no action) is
            // the only one that needs `%`.
            codes.iter().filter(|&&c| c == index || (c >= BASE && c != u32::MAX && c % BASE == index)).count()
                as u32
        };
        seen |= bit;
        codes.push(if earlier < SLOTS { earlier * BASE + index } else { u32::MAX });
    }
}

/// The view square of `square` for the side to move.
#[inline]
fn view(square: usize, side: Color) -> usize {
    if side == Color::White { square } else { 63 - square }
}

fn draughts_index<V: Variant>(position: &Draughts<V>, mv: damero_draughts::Move) -> u32 {
    let (from, to) = position.move_squares(mv);
    // Each rank holds four playing squares: index / 2 is unique among them.
    (from.index() as u32 / 2) * 32 + to.index() as u32 / 2
}

fn draughts_observe<V: Variant>(position: &Draughts<V>, out: &mut [f32]) {
    let side = position.side_to_move();
    let kings = position.king_bits();
    for (plane, color) in [(0, side), (2, !side)] {
        let mut bits = position.bits(color);
        while bits != 0 {
            let bit = bits.trailing_zeros();
            bits &= bits - 1;
            let square = view(layout::square_of(bit, V::MIRRORED).index(), side);
            let king = kings >> bit & 1;
            out[(plane + king as usize) * 64 + square] = 1.0;
        }
    }
}

fn draughts_encode<V: Variant>(
    position: &Draughts<V>,
    moves: &[damero_draughts::Move],
    codes: &mut Vec<u32>,
) {
    encode_with::<_, 1024, 4>(position, moves, codes, draughts_index::<V>);
}

const fn draughts_fns<V: Variant>() -> LearnFns<Draughts<V>> {
    LearnFns {
        base: 1024,
        slots: 4,
        planes: 4,
        encode_moves: draughts_encode::<V>,
        observe: draughts_observe::<V>,
        planes_doc: "own men, own kings, opponent men, opponent kings",
        actions_doc: "from // 2 * 32 + to // 2 (the 32 playing squares, a1 = 0 .. h8 = 63)",
    }
}

fn eliminar_index(_: &Eliminar, mv: EliminarMove) -> u32 {
    match mv {
        EliminarMove::Pass => 0,
        EliminarMove::Jump { from, to, .. } => 1 + from.index() as u32 * 64 + to.index() as u32,
    }
}

fn eliminar_observe(position: &Eliminar, out: &mut [f32]) {
    let side = position.side_to_move();
    for (plane, color) in [(0, side), (1, !side)] {
        for square in position.pieces(color) {
            out[plane * 64 + view(square.index(), side)] = 1.0;
        }
    }
}

fn eliminar_encode(position: &Eliminar, moves: &[EliminarMove], codes: &mut Vec<u32>) {
    encode_with::<_, 4097, 4>(position, moves, codes, eliminar_index);
}

const ELIMINAR: LearnFns<Eliminar> = LearnFns {
    base: 4097,
    slots: 4,
    planes: 2,
    encode_moves: eliminar_encode,
    observe: eliminar_observe,
    planes_doc: "own pieces, opponent pieces",
    actions_doc: "0 = pass, 1 + from * 64 + to for a jump chain",
};

fn tumbling_index(_: &TumblingDown, mv: damero_tumbling_down::Move) -> u32 {
    let direction = damero_core::Direction::ALL.iter().position(|&d| d == mv.direction()).unwrap_or(0);
    (mv.from().index() as u32 * 8 + direction as u32) * 2 + u32::from(mv.is_tumble())
}

fn tumbling_observe(position: &TumblingDown, out: &mut [f32]) {
    let side = position.side_to_move();
    for square in position.board().occupied() {
        let stack = position.stack(square);
        let at = view(square.index(), side);
        out[at] = stack.count(side) as f32;
        out[64 + at] = stack.count(!side) as f32;
        match stack.top() {
            Some(c) if c == side => out[128 + at] = 1.0,
            Some(_) => out[192 + at] = 1.0,
            None => {}
        }
    }
}

fn tumbling_encode(position: &TumblingDown, moves: &[damero_tumbling_down::Move], codes: &mut Vec<u32>) {
    encode_with::<_, 1024, 1>(position, moves, codes, tumbling_index);
}

const TUMBLING: LearnFns<TumblingDown> = LearnFns {
    base: 1024,
    slots: 1,
    planes: 4,
    encode_moves: tumbling_encode,
    observe: tumbling_observe,
    planes_doc: "own pieces in the stack (a count), opponent pieces (a count), own piece on top, opponent piece on top",
    actions_doc: "(from * 8 + direction) * 2 + tumble, direction in damero's order N, NE, E, SE, S, SW, W, NW",
};

fn vertex_cell(vertex: Vertex) -> usize {
    vertex.rank() as usize * 8 + vertex.file() as usize
}

fn corner_of(square: Square, vertex: Vertex) -> u32 {
    // Vertex (f, r) is the point between squares f, f + 1 and ranks r, r + 1:
    // the upper-right corner of square (f, r).
    let right = vertex.file() == square.file();
    let up = vertex.rank() == square.rank();
    u32::from(right) | u32::from(up) << 1
}

fn cross_index(_: &Cross, mv: damero_cross::Move) -> u32 {
    let sq = |s: Option<Square>| s.map_or(0, |s| s.index() as u32);
    match mv.kind() {
        MoveKind::Slide => sq(mv.from_square()) * 64 + sq(mv.to_square()),
        MoveKind::ToCorner => {
            let (Some(from), Some(to)) = (mv.from_square(), mv.to_vertex()) else { return 0 };
            4096 + from.index() as u32 * 4 + corner_of(from, to)
        }
        MoveKind::ToSquare => {
            let (Some(from), Some(to)) = (mv.from_vertex(), mv.to_square()) else { return 0 };
            4096 + 256 + vertex_cell(from) as u32 * 4 + corner_of(to, from)
        }
        MoveKind::Split => {
            let Some(from) = mv.from_vertex() else { return 0 };
            let mut mask = 0;
            for square in mv.filled_squares() {
                mask |= 1 << corner_of(square, from);
            }
            4096 + 512 + vertex_cell(from) as u32 * 16 + mask
        }
    }
}

fn cross_observe(position: &Cross, out: &mut [f32]) {
    let side = position.side_to_move();
    for (plane, color) in [(0, side), (1, !side)] {
        for square in position.squares(color) {
            out[plane * 64 + view(square.index(), side)] = 1.0;
        }
        for vertex in position.vertex_pieces(color) {
            // Vertices (file, rank) in 0..7, turned as (6 - file, 6 - rank).
            let cell = if side == Color::White {
                vertex_cell(vertex)
            } else {
                (6 - vertex.rank() as usize) * 8 + (6 - vertex.file() as usize)
            };
            out[(plane + 2) * 64 + cell] = 1.0;
        }
        let spares = position.spares(color) as f32;
        out[(plane + 4) * 64..(plane + 5) * 64].fill(spares);
    }
}

fn cross_encode(position: &Cross, moves: &[damero_cross::Move], codes: &mut Vec<u32>) {
    encode_with::<_, { 4096 + 512 + 1024 }, 8>(position, moves, codes, cross_index);
}

const CROSS: LearnFns<Cross> = LearnFns {
    base: 4096 + 512 + 1024,
    slots: 8,
    planes: 6,
    encode_moves: cross_encode,
    observe: cross_observe,
    planes_doc: "own square pieces, opponent square pieces, own vertex pieces, opponent vertex pieces \
                 (vertex file f, rank r at row r, column f; turned as (6 - f, 6 - r)), own spares \
                 (a constant plane), opponent spares",
    actions_doc: "slide from * 64 + to; 4096 + square * 4 + corner to a corner; 4352 + vertex * 4 + \
                  corner to a square; 4608 + vertex * 16 + filled-corner mask for a split (vertex = \
                  rank * 8 + file, corner bit 0 right, bit 1 up)",
};

/// Gives `value` as a `B` when `A` and `B` are the same type.
fn cast<A: Any + Copy, B: Any + Copy>(value: A) -> Option<B> {
    (&value as &dyn Any).downcast_ref::<B>().copied()
}

/// The encoding of game `G`, found by its type: `None` for a game this
/// package does not know.
pub fn learn_fns<G: Game>() -> Option<LearnFns<G>> {
    cast(draughts_fns::<RussianVariant>())
        .or_else(|| cast(draughts_fns::<ZisnellaVariant>()))
        .or_else(|| cast(draughts_fns::<SpanishVariant>()))
        .or_else(|| cast(draughts_fns::<EnglishVariant>()))
        .or_else(|| cast(ELIMINAR))
        .or_else(|| cast(TUMBLING))
        .or_else(|| cast(CROSS))
}
