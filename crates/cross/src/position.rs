//! The position and its move generator (rules 5–11).

use damero_core::smallvec::SmallVec;
use damero_core::{Bitboard, Color, Game, MoveList, Outcome, Square};

use crate::board::{Board, Removal, resolve_captures};
use crate::fen::{self, FenError};
use crate::geometry::{CORNERS, VERTEX_RING, Vertex, guarded_by, squares_of, step, vertices_of};
use crate::moves::{CrossMove, MoveKind, fill_mask};
use crate::notation::{self, MoveError};
use crate::rules::{Rules, Setup};
use crate::zobrist;

/// Pieces each player owns (rule 3).
pub const PIECES_PER_PLAYER: u32 = 16;

/// A Cross position: the pieces on squares and vertices, the side to move,
/// the plies played (for `max_plies`) and the rules. Spares are derived
/// (16 minus the pieces on the board, rule 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrossPosition {
    pub(crate) board: Board,
    pub(crate) side: Color,
    pub(crate) plies: u32,
    pub(crate) hash: u64,
    pub(crate) rules: Rules,
}

/// The rank a colour must reach (rule 10): rank 8 for Black, rank 1 for White.
#[inline]
pub const fn far_rank(color: Color) -> Bitboard {
    match color {
        Color::Black => Bitboard::RANK_8,
        Color::White => Bitboard::RANK_1,
    }
}

impl CrossPosition {
    /// A position from a validated board.
    pub(crate) fn from_board(board: Board, side: Color, rules: Rules) -> CrossPosition {
        CrossPosition { board, side, plies: 0, hash: zobrist::hash(&board, side), rules }
    }

    /// The pieces of `color` on squares.
    #[inline]
    pub const fn squares(&self, color: Color) -> Bitboard {
        Bitboard(self.board.squares[color.index()])
    }

    /// The pieces of `color` on vertices, as a vertex set (bit `rank * 8 +
    /// file`, see [`Vertex::index`]).
    #[inline]
    pub const fn vertices(&self, color: Color) -> u64 {
        self.board.vertices[color.index()]
    }

    /// The vertex pieces of `color`.
    pub fn vertex_pieces(&self, color: Color) -> impl Iterator<Item = Vertex> {
        vertices_of(self.vertices(color))
    }

    /// The owner of the piece on `square`, if any.
    pub fn piece_on_square(&self, square: Square) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.squares(c).contains(square))
    }

    /// The owner of the piece on `vertex`, if any.
    pub fn piece_on_vertex(&self, vertex: Vertex) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.vertices(c) & vertex.bit() != 0)
    }

    /// The squares `color` guards: the squares with a `color` piece on one of
    /// their corners (rule 2).
    #[inline]
    pub const fn guarded(&self, color: Color) -> Bitboard {
        Bitboard(guarded_by(self.vertices(color)))
    }

    /// How many pieces of `color` stand on the board.
    #[inline]
    pub const fn on_board(&self, color: Color) -> u32 {
        self.board.on_board(color)
    }

    /// The spares of `color`: its pieces off the board (rule 3).
    #[inline]
    pub const fn spares(&self, color: Color) -> u32 {
        PIECES_PER_PLAYER - self.on_board(color)
    }

    /// Plies played since the start or the FEN (for `max_plies`).
    #[inline]
    pub const fn plies(&self) -> u32 {
        self.plies
    }

    /// Whether the side to move has won by rule 10: it has a piece on a
    /// square of its far rank at the start of its turn (it stood there after
    /// its own last turn and the opponent did not remove it).
    #[inline]
    pub const fn far_rank_win(&self) -> bool {
        self.board.squares[self.side.index()] & far_rank(self.side).0 != 0
    }

    /// Every piece move of the side to move, before captures, in a fixed
    /// order: slides, corner moves, vertex-to-square moves, splits.
    fn piece_moves(&self, mut emit: impl FnMut(CrossMove)) {
        let me = self.side.index();
        let own = self.board.squares[me];
        let enemy = self.board.squares[me ^ 1];
        let guard = guarded_by(self.board.vertices[me]);
        let occupied = own | enemy;
        let occupied_vertices = self.board.occupied_vertices();
        let enemy_vertices = self.board.vertices[me ^ 1];

        for from in squares_of(own) {
            // Rule 5: walk each way; own pieces are passed over, an enemy
            // piece or the edge stops the walk, every empty square is a
            // destination, and the walk goes on past it only when guarded.
            for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                let mut at = from;
                while let Some(next) = step(at, df, dr) {
                    let bit = 1u64 << next.index();
                    if enemy & bit != 0 {
                        break;
                    }
                    at = next;
                    if own & bit != 0 {
                        continue;
                    }
                    emit(CrossMove::piece_move(MoveKind::Slide, from.index() as u8, next.index() as u8));
                    if guard & bit == 0 {
                        break;
                    }
                }
            }
            // Rule 6: to a free corner, unless an enemy vertex piece is at
            // king distance 1 (the two would guard a common square).
            for to in vertices_of(CORNERS[from.index()] & !occupied_vertices) {
                if VERTEX_RING[to.index()] & enemy_vertices == 0 {
                    emit(CrossMove::piece_move(MoveKind::ToCorner, from.index() as u8, to.index() as u8));
                }
            }
        }

        let spares = self.spares(self.side);
        for from in vertices_of(self.board.vertices[me]) {
            let empty = from.guarded_squares() & !occupied;
            // Rule 7: to an empty guarded square.
            for to in squares_of(empty) {
                emit(CrossMove::piece_move(MoveKind::ToSquare, from.index() as u8, to.index() as u8));
            }
            // Rule 8: fill min(|E|, spares) of the empty guarded squares E,
            // all of them when spares suffice, else every choice of that size.
            if empty == 0 || spares == 0 {
                continue;
            }
            let all = fill_mask(from.index() as u8, empty);
            let k = spares.min(empty.count_ones());
            let mut subset = all;
            // Every non-empty subset of `all` with k bits (at most 16 masks).
            loop {
                if subset.count_ones() == k {
                    emit(CrossMove::piece_move(MoveKind::Split, from.index() as u8, subset));
                }
                if subset == 0 {
                    break;
                }
                subset = (subset - 1) & all;
            }
        }
    }

    /// Calls `emit` with every legal move: each piece move once per distinct
    /// final board its capture orders can reach (rule 9).
    pub(crate) fn generate(&self, mut emit: impl FnMut(CrossMove)) {
        if self.far_rank_win() {
            return;
        }
        let mut results: SmallVec<[Removal; 4]> = SmallVec::new();
        let (danger_squares, danger_vertices) = self.board.danger_zones(self.side);
        self.piece_moves(|mv| {
            // The fast test: most moves land where no formation can arise.
            let quiet = match mv.kind {
                MoveKind::Slide | MoveKind::ToSquare => danger_squares >> mv.to & 1 == 0,
                MoveKind::ToCorner => danger_vertices >> mv.to & 1 == 0,
                MoveKind::Split => false,
            };
            if quiet {
                debug_assert!(
                    !self.board.after_piece_move(self.side, mv).any_formation(),
                    "danger zones missed a formation"
                );
                emit(mv);
                return;
            }
            let after = self.board.after_piece_move(self.side, mv);
            if !after.any_formation() {
                emit(mv);
                return;
            }
            resolve_captures(&after, &mut results);
            for &(squares, vertices) in &results {
                emit(mv.with_removed(squares, vertices));
            }
        });
    }

    /// The distinct removed sets the capture orders of a piece move reach.
    pub(crate) fn capture_results(&self, mv: CrossMove) -> SmallVec<[Removal; 4]> {
        let mut results = SmallVec::new();
        resolve_captures(&self.board.after_piece_move(self.side, mv), &mut results);
        results
    }

    /// The empty squares a vertex guards (the set E of rule 8).
    #[inline]
    pub(crate) fn empty_guarded(&self, vertex: Vertex) -> u64 {
        vertex.guarded_squares() & !self.board.occupied_squares()
    }
}

impl Game for CrossPosition {
    type Move = CrossMove;
    type Rules = Rules;
    type FenError = FenError;
    type MoveError = MoveError;

    const NAME: &'static str = "cross";

    fn start(mut rules: Rules) -> CrossPosition {
        // An invalid ply limit of 0 is clamped to the nearest valid one.
        rules.max_plies = rules.max_plies.map(|n| n.max(1));
        // Rule 4 (reconstructed): Black on ranks 1-2, White on 7-8, Black first.
        let board = match rules.setup {
            Setup::Reconstructed => Board { squares: [0xffff << 48, 0xffff], vertices: [0, 0] },
        };
        CrossPosition::from_board(board, Color::Black, rules)
    }

    fn rules(&self) -> Rules {
        self.rules
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<CrossMove>) {
        moves.clear();
        self.generate(|mv| moves.push(mv));
    }

    fn count_legal_moves(&self) -> u64 {
        let mut n = 0;
        self.generate(|_| n += 1);
        n
    }

    fn play(&mut self, mv: CrossMove) {
        let after =
            self.board.after_piece_move(self.side, mv).without((mv.removed_squares, mv.removed_vertices));
        self.hash ^= zobrist::update(&self.board, &after);
        self.board = after;
        self.side = !self.side;
        self.plies = self.plies.saturating_add(1);
    }

    fn is_capture(&self, mv: CrossMove) -> bool {
        let them = (!self.side).index();
        mv.removed_squares & self.board.squares[them] | mv.removed_vertices & self.board.vertices[them] != 0
    }

    /// Rule 10 before rule 11: a side to move with a piece on its far rank
    /// has won; otherwise having no move loses.
    fn terminal_outcome(&self) -> Outcome {
        if self.far_rank_win() { Outcome::Win(self.side) } else { Outcome::Win(!self.side) }
    }

    fn end_reason(&self) -> Option<String> {
        if self.far_rank_win() {
            Some(format!("{} reached the far rank and kept its piece there", self.side))
        } else if self.count_legal_moves() == 0 {
            Some(format!("{} has no legal move", self.side))
        } else if self.rule_draw() {
            Some("the ply limit of the rules".to_owned())
        } else {
            None
        }
    }

    fn rule_draw(&self) -> bool {
        self.rules.max_plies.is_some_and(|limit| self.plies >= limit)
    }

    fn repetition_limit(&self) -> Option<u32> {
        self.rules.repetition_draw.then_some(3)
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        zobrist::hash(&self.board, self.side)
    }

    fn fen(&self) -> String {
        fen::write_fen(self)
    }

    fn from_fen(text: &str, rules: Rules) -> Result<CrossPosition, FenError> {
        fen::read_fen(text, rules)
    }

    fn format_move(&self, mv: CrossMove) -> String {
        notation::write_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<CrossMove, MoveError> {
        notation::read_move(self, text)
    }

    fn diagram(&self) -> String {
        fen::diagram(self)
    }
}
