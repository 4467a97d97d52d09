//! The shared [`Game`] trait for Tumbling Down.

use damero_core::{BoardView, Color, Game, MoveList, MoveView, Outcome, PieceView, Place, RuleSet};

use crate::fen::{FenError, diagram};
use crate::notation::{MoveError, format_move, parse_move};
use crate::start::start_setup;
use crate::{Move, TumblingDown, TumblingDownRules};

impl Game for TumblingDown {
    type Move = Move;

    type Rules = TumblingDownRules;

    type FenError = FenError;

    type MoveError = MoveError;

    const NAME: &'static str = "tumbling-down";

    /// 29 pieces give at most 29 owned stacks; each has at most 8
    /// directions and two move kinds: 464 is a proven bound. The start has
    /// 148 and random games never showed 256 (the conformance kit checks the
    /// constant); a list above 256 would spill to the heap, correct but slower.
    const MAX_LEGAL_MOVES: usize = 464;

    fn start(rules: TumblingDownRules) -> TumblingDown {
        let rules = rules.expect_valid(Self::NAME);
        TumblingDown::from_setup(start_setup(rules.variant), rules).expect("start setups are legal")
    }

    fn rules(&self) -> TumblingDownRules {
        self.rules
    }

    fn side_to_move(&self) -> Color {
        self.state.side
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        self.generate_moves(moves);
    }

    fn count_legal_moves(&self) -> u64 {
        self.move_count()
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.apply(mv, None);
    }

    fn is_capture(&self, mv: Move) -> bool {
        self.covers_enemy(mv)
    }

    /// The stored result of the deciding move (rule 10). Without one (a
    /// position text where the side to move owns no stack, so has no pure
    /// stack either), the side to move loses.
    fn terminal_outcome(&self) -> Outcome {
        Outcome::Win(self.state.winner.unwrap_or(!self.state.side))
    }

    /// Rule 11: `max_plies` plies played since the start or the position text.
    fn rule_draw(&self) -> bool {
        self.rules.max_plies.is_some_and(|limit| self.state.plies >= limit)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.state.winner.is_some() || self.state.owned[self.state.side.index()].is_empty() {
            Some(self.terminal_outcome())
        } else if self.rule_draw() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    /// Rule 11: the third occurrence is a draw when `repetition_draw` is on.
    fn repetition_limit(&self) -> Option<u32> {
        self.rules.repetition_draw.then_some(3)
    }

    fn zobrist(&self) -> u64 {
        self.state.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.hash_from_scratch()
    }

    fn fen(&self) -> String {
        self.to_setup().to_fen()
    }

    fn from_fen(text: &str, rules: TumblingDownRules) -> Result<TumblingDown, FenError> {
        damero_core::read_fen(text, rules)
    }

    fn format_move(&self, mv: Move) -> String {
        format_move(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_move(self, text)
    }
}

impl damero_core::Presentation for TumblingDown {
    fn end_reason(&self) -> Option<String> {
        match self.state.winner {
            Some(winner) => Some(format!("{} lost its king (rule 10)", !winner)),
            None if self.state.owned[self.state.side.index()].is_empty() => {
                Some(format!("{} has nothing left to move", self.state.side))
            }
            None if self.rule_draw() => Some("the ply limit of the rules (rule 11)".to_owned()),
            None => None,
        }
    }

    fn diagram(&self) -> String {
        diagram(self)
    }

    fn board_view(&self) -> BoardView {
        let kings = self.kings(Color::White) | self.kings(Color::Black);
        let mut view = BoardView::squares(|square| {
            let stack = self.stack(square);
            let height = stack.height();
            stack
                .pieces()
                .enumerate()
                .map(|(i, color)| PieceView { color, king: i + 1 == height && kings.contains(square) })
                .collect()
        });
        view.side_to_move = Some(self.side_to_move());
        for color in Color::ALL {
            let king = self.king_height(color).map_or_else(|| "none".to_owned(), |h| format!("{h} high"));
            view.notes.push((format!("{color} king"), king));
        }
        view
    }

    fn move_view(&self, mv: Move) -> MoveView {
        let path = core::iter::once(mv.from()).chain(mv.to()).map(Place::Square).collect();
        let lands = self.landing_squares(mv).squares().map(Place::Square).collect();
        MoveView { path, captured: Vec::new(), lands }
    }
}
