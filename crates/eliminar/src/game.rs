//! The [`Game`] implementation.

use damero_core::{BoardView, Color, Game, MoveList, MoveView, Outcome, PieceView, Place, RuleSet, Square};

use crate::fen::{FenError, diagram};
use crate::movegen::{generate_jumps, smallest_path};
use crate::moves::Move;
use crate::notation::{MoveError, format_move, parse_move};
use crate::position::Eliminar;
use crate::rules::EliminarRules;
use crate::{start, zobrist};

impl Game for Eliminar {
    type Move = Move;

    type Rules = EliminarRules;

    type FenError = FenError;

    type MoveError = MoveError;

    const NAME: &'static str = "eliminar";

    /// No bound is known: chains multiply, and composed positions go far
    /// past any list size (a White piece on a1 against Black on every odd
    /// square has 1052 moves, two such pieces 2104). Positions from the
    /// start setups stay far below 256, so lists keep the common size and
    /// spill to the heap in the rare wide position.
    const MAX_LEGAL_MOVES: usize = usize::MAX;

    /// The start setup of rule 2 (the seeded random placement and removal).
    fn start(rules: EliminarRules) -> Eliminar {
        let rules = rules.expect_valid(Self::NAME);
        Eliminar::from_setup(start::start_setup(&rules), rules).expect("start setups are legal")
    }

    /// The options play reads; the setup-only options (`setup`,
    /// `removed_per_side`, `seed`) come back at their defaults, as a
    /// position does not keep them.
    fn rules(&self) -> EliminarRules {
        Eliminar::rules(self)
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        generate_jumps(self.pieces(self.side), self.occupied(), moves);
        // Rule 4: with no jump, pass if the opponent has one; rule 5: else the
        // game is over; rule 8: with end_when_stuck it is over at once.
        if moves.is_empty() && !self.end_when_stuck && self.can_jump(!self.side) {
            moves.push(Move::Pass);
        }
    }

    fn play(&mut self, mv: Move) {
        if let Move::Jump { from, to, jumped } = mv {
            let us = self.side.index();
            // Rule 3: the mover goes from `from` to `to`; every jumped piece,
            // own and enemy, is removed.
            for c in Color::ALL {
                for sq in self.pieces(c) & jumped {
                    self.hash ^= zobrist::piece_key(c, sq);
                }
                self.pieces_mut()[c.index()] &= !jumped;
            }
            self.pieces_mut()[us].remove(from);
            self.pieces_mut()[us].insert(to);
            self.hash ^= zobrist::piece_key(self.side, from) ^ zobrist::piece_key(self.side, to);
        }
        self.side = !self.side;
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }

    fn is_capture(&self, mv: Move) -> bool {
        !(mv.jumped() & self.pieces(!self.side)).is_empty()
    }

    fn terminal_outcome(&self) -> Outcome {
        self.counted_outcome()
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.hash_from_scratch()
    }

    fn fen(&self) -> String {
        self.to_setup().to_fen()
    }

    fn from_fen(text: &str, rules: EliminarRules) -> Result<Eliminar, FenError> {
        damero_core::read_fen(text, rules)
    }

    fn format_move(&self, mv: Move) -> String {
        format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_move(self, text)
    }
}

impl damero_core::Presentation for Eliminar {
    /// Rule 6: by counting pieces under the objective; equal counts draw.
    fn end_reason(&self) -> Option<String> {
        if self.count_legal_moves() > 0 {
            return None;
        }
        let (white, black) = (self.count(Color::White), self.count(Color::Black));
        let objective = self.rules().objective;
        Some(format!("no jump is left; pieces counted (white {white}, black {black}; {objective} wins)"))
    }

    fn diagram(&self) -> String {
        diagram(self)
    }

    fn board_view(&self) -> BoardView {
        let mut view =
            BoardView::squares(|square| self.piece_at(square).map(PieceView::man).into_iter().collect());
        view.side_to_move = Some(self.side_to_move());
        let objective = self.rules().objective;
        view.notes.push((
            "pieces".to_owned(),
            format!("white {}, black {}", self.count(Color::White), self.count(Color::Black)),
        ));
        view.notes.push(("objective".to_owned(), format!("{objective} wins")));
        view
    }

    fn move_view(&self, mv: Move) -> MoveView {
        let Move::Jump { from, to, jumped } = mv else { return MoveView::default() };
        let path = smallest_path(from, to, jumped, self.occupied()).unwrap_or_else(|| vec![from, to]);
        // Each step of a chain jumps the square between its two ends.
        let captured = path
            .windows(2)
            .filter_map(|step| {
                Square::from_coords(
                    (step[0].file() + step[1].file()) / 2,
                    (step[0].rank() + step[1].rank()) / 2,
                )
            })
            .map(Place::Square)
            .collect();
        MoveView { path: path.into_iter().map(Place::Square).collect(), captured, lands: Vec::new() }
    }
}
