//! The placement (two bitboards per colour) and capture resolution (rule 9).

use damero_core::Color;
use damero_core::smallvec::SmallVec;

use crate::geometry::{
    CORNERS, any_layer, at_least_three, at_least_two, corner_layers, cross_centres, guard_layers, guarded_by,
    neighbour_layers, orthogonal_neighbours, squares_of, vertices_of,
};
use crate::moves::{Move, MoveKind, fill_squares};

/// Pieces on squares and on vertices, per colour (index [`Color::index`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Board {
    pub(crate) squares: [u64; 2],
    pub(crate) vertices: [u64; 2],
}

/// The pieces one formation removes: squares and vertices.
pub(crate) type Removal = (u64, u64);

impl Board {
    #[inline]
    pub(crate) const fn occupied_squares(&self) -> u64 {
        self.squares[0] | self.squares[1]
    }

    #[inline]
    pub(crate) const fn occupied_vertices(&self) -> u64 {
        self.vertices[0] | self.vertices[1]
    }

    /// Pieces of `color` on the board (squares and vertices).
    #[inline]
    pub(crate) const fn on_board(&self, color: Color) -> u32 {
        self.squares[color.index()].count_ones() + self.vertices[color.index()].count_ones()
    }

    /// The board after the piece part of `mv`, by `side`, before captures.
    #[inline]
    pub(crate) const fn after_piece_move(&self, side: Color, mv: Move) -> Board {
        let mut b = *self;
        let me = side.index();
        let (from, to) = (1u64 << mv.from, 1u64 << (mv.to & 63));
        match mv.kind {
            MoveKind::Slide => b.squares[me] ^= from | to,
            MoveKind::ToCorner => {
                b.squares[me] &= !from;
                b.vertices[me] |= to;
            }
            MoveKind::ToSquare => {
                b.vertices[me] &= !from;
                b.squares[me] |= to;
            }
            MoveKind::Split => {
                b.vertices[me] &= !from;
                b.squares[me] |= fill_squares(mv.from, mv.to);
            }
        }
        b
    }

    /// The board without the pieces of `removal`.
    #[inline]
    pub(crate) const fn without(&self, (squares, vertices): Removal) -> Board {
        Board {
            squares: [self.squares[0] & !squares, self.squares[1] & !squares],
            vertices: [self.vertices[0] & !vertices, self.vertices[1] & !vertices],
        }
    }

    /// The centres of patterns A (square pieces of colour `c` with two enemy
    /// corners) and B (vertex pieces of colour `c` with two enemy squares),
    /// per colour, and of pattern C.
    #[inline]
    fn formation_centres(&self) -> ([u64; 2], [u64; 2], u64) {
        let mut a = [0; 2];
        let mut b = [0; 2];
        for c in 0..2 {
            a[c] = self.squares[c] & at_least_two(corner_layers(self.vertices[c ^ 1]));
            b[c] = self.vertices[c] & at_least_two(guard_layers(self.squares[c ^ 1]));
        }
        (a, b, cross_centres(self.occupied_squares()))
    }

    /// The fast test before any order search: is there any formation? Most
    /// moves make none.
    #[inline]
    pub(crate) fn any_formation(&self) -> bool {
        let (a, b, c) = self.formation_centres();
        a[0] | a[1] | b[0] | b[1] | c != 0
    }

    /// The centre of some formation, named (a square, or a vertex for B).
    pub(crate) fn formation_centre(&self) -> Option<String> {
        let (a, b, c) = self.formation_centres();
        squares_of(a[0] | a[1] | c)
            .next()
            .map(|s| s.to_string())
            .or_else(|| vertices_of(b[0] | b[1]).next().map(|v| v.to_string()))
    }

    /// Where a piece of `side` arriving makes a formation possible, for the
    /// fast test of the move generator: `(squares, vertices)`. A square piece
    /// arriving outside the first set, or a vertex piece outside the second,
    /// makes no formation (pieces that leave only ever break formations), so
    /// the move needs no capture search. A superset is enough: a hit only
    /// sends the move to the full test.
    #[inline]
    pub(crate) fn danger_zones(&self, side: Color) -> (u64, u64) {
        let me = side.index();
        let (my_squares, my_vertices) = (self.squares[me], self.vertices[me]);
        let (enemy_squares, enemy_vertices) = (self.squares[me ^ 1], self.vertices[me ^ 1]);
        let occupied = self.occupied_squares();
        let around = neighbour_layers(occupied);
        // A on the arriving piece: two enemy corners there already.
        let a = at_least_two(corner_layers(enemy_vertices));
        // B on an enemy vertex that already guards one of my square pieces.
        let b = guarded_by(enemy_vertices & any_layer(guard_layers(my_squares)));
        // C centred on the arrival, or on a neighbour with three of its four
        // neighbours filled already.
        let c = (around[0] & around[1] & around[2] & around[3])
            | orthogonal_neighbours(occupied & at_least_three(around));
        // A vertex piece: B on it (two enemy squares guarded), or A on an
        // enemy square that already has one of my pieces on a corner.
        let touched = enemy_squares & any_layer(corner_layers(my_vertices));
        let v = at_least_two(guard_layers(enemy_squares)) | any_layer(guard_layers(touched));
        (a | b | c, v)
    }

    /// Every formation on the board with the pieces it removes (rule 9).
    pub(crate) fn formations(&self, out: &mut SmallVec<[Removal; 8]>) {
        let (a, b, c) = self.formation_centres();
        for colour in 0..2 {
            // A: the square piece and every enemy piece on its corners.
            for s in squares_of(a[colour]) {
                out.push((1 << s.index(), CORNERS[s.index()] & self.vertices[colour ^ 1]));
            }
            // B: the vertex piece and the enemy pieces on its guarded squares.
            for v in vertices_of(b[colour]) {
                out.push((v.guarded_squares() & self.squares[colour ^ 1], v.bit()));
            }
        }
        // C: the centre and its four neighbours, whatever their colours.
        for s in squares_of(c) {
            let centre = 1u64 << s.index();
            out.push((centre | orthogonal_neighbours(centre), 0));
        }
    }

    /// Whether some square is guarded by both colours (never true in play:
    /// rule 6 forbids it, and a FEN with it is rejected).
    #[inline]
    pub(crate) const fn double_guard(&self) -> u64 {
        guarded_by(self.vertices[0]) & guarded_by(self.vertices[1])
    }
}

/// Every distinct set of pieces the captures after a move can remove (rule 9),
/// the mover choosing the order: formations are removed one at a time until
/// none is left, and every order is explored. Removing pieces never creates a
/// formation, so the search only ever shrinks the board; states already seen
/// (a state is fixed by the removed set) are skipped, and equal final boards
/// are reported once.
pub(crate) fn resolve_captures(after: &Board, results: &mut SmallVec<[Removal; 4]>) {
    results.clear();
    if !after.any_formation() {
        results.push((0, 0));
        return;
    }
    let mut seen: SmallVec<[Removal; 16]> = SmallVec::new();
    search(after, (0, 0), &mut seen, results);
}

fn search(
    board: &Board,
    removed: Removal,
    seen: &mut SmallVec<[Removal; 16]>,
    results: &mut SmallVec<[Removal; 4]>,
) {
    let mut formations = SmallVec::new();
    board.formations(&mut formations);
    if formations.is_empty() {
        if !results.contains(&removed) {
            results.push(removed);
        }
        return;
    }
    for formation in formations {
        let next = (removed.0 | formation.0, removed.1 | formation.1);
        if seen.contains(&next) {
            continue;
        }
        seen.push(next);
        search(&board.without(formation), next, seen, results);
    }
}
