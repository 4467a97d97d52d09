//! The [`Game`] implementation.

use damero_core::{
    BoardView, Color, Game, MoveList, MoveView, Outcome, PieceView, Place, PlaceView, RuleSet,
};

use crate::board::Board;
use crate::fen::{FenError, diagram};
use crate::geometry::{Vertex, vertices_of};
use crate::moves::Move;
use crate::notation::{MoveError, format_move, parse_move};
use crate::position::Cross;
use crate::rules::{CrossRules, StartSetup};
use crate::zobrist;

impl Game for Cross {
    type Move = Move;

    type Rules = CrossRules;

    type FenError = FenError;

    type MoveError = MoveError;

    const NAME: &'static str = "cross";

    /// An estimate, not a proof: 16 pieces with 4 slides of at most 7
    /// squares, 4 corners, 4 guarded squares and at most 15 split choices
    /// each, and capture orders multiplying a few of them; the conformance
    /// kit checks every position it visits against it.
    const MAX_LEGAL_MOVES: usize = 256;

    fn start(rules: CrossRules) -> Cross {
        let rules = rules.expect_valid(Self::NAME);
        // Rule 4 (reconstructed): Black on ranks 1-2, White on 7-8, Black first.
        let board = match rules.setup {
            StartSetup::Reconstructed => Board { squares: [0xffff << 48, 0xffff], vertices: [0, 0] },
        };
        Cross::from_board(board, Color::Black, rules)
    }

    fn rules(&self) -> CrossRules {
        self.rules
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        self.generate(|mv| moves.push(mv));
    }

    fn count_legal_moves(&self) -> u64 {
        let mut n = 0;
        self.generate(|_| n += 1);
        n
    }

    fn play(&mut self, mv: Move) {
        let after =
            self.board.after_piece_move(self.side, mv).without((mv.removed_squares, mv.removed_vertices));
        self.hash ^= zobrist::update(&self.board, &after);
        self.board = after;
        self.side = !self.side;
        self.plies = self.plies.saturating_add(1);
    }

    fn is_capture(&self, mv: Move) -> bool {
        let them = (!self.side).index();
        mv.removed_squares & self.board.squares[them] | mv.removed_vertices & self.board.vertices[them] != 0
    }

    /// Rule 10 before rule 11: a side to move with a piece on its far rank
    /// has won; otherwise having no move loses.
    fn terminal_outcome(&self) -> Outcome {
        if self.far_rank_win() { Outcome::Win(self.side) } else { Outcome::Win(!self.side) }
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
        self.to_setup().to_fen()
    }

    fn from_fen(text: &str, rules: CrossRules) -> Result<Cross, FenError> {
        damero_core::read_fen(text, rules)
    }

    fn format_move(&self, mv: Move) -> String {
        format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_move(self, text)
    }
}

impl damero_core::Presentation for Cross {
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

    fn diagram(&self) -> String {
        diagram(self)
    }

    fn board_view(&self) -> BoardView {
        let mut view = BoardView::squares(|square| {
            self.piece_on_square(square).map(PieceView::man).into_iter().collect()
        });
        for vertex in Vertex::all() {
            view.places.push(PlaceView {
                place: vertex_place(vertex),
                pieces: self.piece_on_vertex(vertex).map(PieceView::man).into_iter().collect(),
                playable: true,
                number: None,
            });
        }
        view.side_to_move = Some(self.side);
        view.notes.push((
            "spares".to_owned(),
            format!("white {}, black {}", self.spares(Color::White), self.spares(Color::Black)),
        ));
        view
    }

    fn move_view(&self, mv: Move) -> MoveView {
        let from = mv.from_square().map(Place::Square).or_else(|| mv.from_vertex().map(vertex_place));
        let to = mv.to_square().map(Place::Square).or_else(|| mv.to_vertex().map(vertex_place));
        let captured = mv
            .removed_squares()
            .squares()
            .map(Place::Square)
            .chain(vertices_of(mv.removed_vertices()).map(vertex_place))
            .collect();
        let lands = mv.filled_squares().squares().map(Place::Square).collect();
        MoveView { path: from.into_iter().chain(to).collect(), captured, lands }
    }
}

/// A vertex as a board place.
fn vertex_place(vertex: Vertex) -> Place {
    Place::Vertex { file: vertex.file(), rank: vertex.rank() }
}
