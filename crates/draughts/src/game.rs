//! The [`Game`] implementation.

use damero_core::{BoardView, Color, Game, MoveList, MoveView, Outcome, PieceView, Place, Playout, RuleSet};

use crate::fen::{FenError, diagram};
use crate::layout::{bit_of_square, number_of, square_of};
use crate::moves::Move;
use crate::notation::{MoveError, format_move, move_path, parse_move};
use crate::position::{Draughts, Parts, Update};
use crate::variant::{DraughtsRules, DrawRule, Variant};

impl<V: Variant> Game for Draughts<V> {
    type Move = Move;

    type Rules = V::Rules;

    type FenError = FenError;

    type MoveError = MoveError;

    const NAME: &'static str = V::NAME;

    /// An estimate, not a proof: twelve flying kings have at most 12 x 13
    /// quiet moves, and capture sequences that differ in their captured
    /// sets stay far fewer; the conformance kit checks every position it
    /// visits against it.
    const MAX_LEGAL_MOVES: usize = 256;

    fn start(rules: V::Rules) -> Self {
        Draughts::start_position(rules.expect_valid(Self::NAME))
    }

    fn rules(&self) -> V::Rules {
        self.rules
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        self.generate(moves);
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        self.count()
    }

    #[inline]
    fn count_two_plies(&self) -> u64 {
        self.count_two()
    }

    #[inline]
    fn count_three_plies(&self) -> u64 {
        self.count_three()
    }

    #[inline]
    fn random_move(&self, random: u64) -> Option<Move> {
        Draughts::random_move(self, random)
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        self.apply::<{ Update::FULL }>(Parts::of(mv));
    }

    #[inline]
    fn play_board_only(&mut self, mv: Move) {
        self.apply::<{ Update::BOARD }>(Parts::of(mv));
    }

    fn random_playout<R: FnMut() -> u64>(self, max_plies: u32, random: &mut R) -> Playout {
        self.playout(max_plies, random)
    }

    #[inline]
    fn is_capture(&self, mv: Move) -> bool {
        mv.is_capture()
    }

    fn terminal_outcome(&self) -> Outcome {
        if V::BOTH_BLOCKED {
            // zisnella.md 14: both sides blocked, more pieces wins.
            let other = self.with_side_to_move(!self.side);
            if other.count() == 0 {
                let ours = self.pieces[self.side.index()].count_ones();
                let theirs = self.pieces[1 - self.side.index()].count_ones();
                return match ours.cmp(&theirs) {
                    core::cmp::Ordering::Greater => Outcome::Win(self.side),
                    core::cmp::Ordering::Less => Outcome::Win(!self.side),
                    core::cmp::Ordering::Equal => Outcome::Draw,
                };
            }
        }
        // russian.md 12, zisnella.md 12-13: no legal move loses.
        Outcome::Win(!self.side)
    }

    fn rule_draw(&self) -> bool {
        match self.rules.draw_rule() {
            DrawRule::Fsr => self.fsr_draw(),
            DrawRule::Olsen => self.lone_king_draw(true),
            DrawRule::FortyPliesWithoutCapture => self.since_capture >= 40,
            DrawRule::FortyKingPlies => self.since_capture_or_man_move >= 40,
            DrawRule::EightyPliesWithoutProgress => self.since_capture_or_man_move >= 80,
        }
    }

    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }

    fn reversible_plies(&self) -> u32 {
        // A capture or a man move can never be undone.
        self.since_capture_or_man_move.into()
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn fen(&self) -> String {
        self.to_setup().to_fen::<V>()
    }

    fn from_fen(text: &str, rules: V::Rules) -> Result<Self, FenError> {
        damero_core::read_fen(text, rules)
    }

    fn format_move(&self, mv: Move) -> String {
        format_move(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_move(self, text)
    }
}

impl<V: Variant> damero_core::Presentation for Draughts<V> {
    const PDN_GAME_TYPE: Option<u32> = V::PDN_GAME_TYPE;

    const DIAGRAM_LEGEND: &'static str = "w b = men, W B = kings";

    // Zisnella and Spanish put the playing squares on the other colour, where
    // PDN's numbers would name other squares.
    const PDN_NUMBERED_BOARD: bool = !V::MIRRORED;

    const NUMERIC_NOTATION: bool = V::NUMERIC;

    fn end_reason(&self) -> Option<String> {
        if self.count() == 0 {
            if V::BOTH_BLOCKED && self.with_side_to_move(!self.side).count() == 0 {
                return Some("both sides are blocked: the side with more pieces wins".to_owned());
            }
            return Some(if self.pieces[self.side.index()] == 0 {
                format!("{} has no pieces left", self.side)
            } else {
                format!("{} has no legal move", self.side)
            });
        }
        if !self.rule_draw() {
            return None;
        }
        Some(
            match self.rules.draw_rule() {
                DrawRule::Fsr if self.since_capture_or_man_move >= 30 => {
                    "15 moves each of kings only, without a capture (rule 13c)"
                }
                DrawRule::Fsr if self.lone_king_draw(false) => {
                    "three kings or more against a lone king for 15 moves (rule 13b)"
                }
                DrawRule::Fsr => "kings on both sides, material unchanged for too long (rule 13d)",
                DrawRule::Olsen => "the 15-move three-kings rule (3 kings against 1)",
                DrawRule::FortyPliesWithoutCapture => "40 plies without a capture",
                DrawRule::FortyKingPlies => "40 plies of king moves without a capture",
                DrawRule::EightyPliesWithoutProgress => "40 moves each without a capture or a man move",
            }
            .to_owned(),
        )
    }

    fn diagram(&self) -> String {
        diagram(self)
    }

    fn board_view(&self) -> BoardView {
        let mut view = BoardView::squares(|square| {
            self.piece_at(square).map(|p| PieceView { color: p.color, king: p.king }).into_iter().collect()
        });
        for place in &mut view.places {
            if let Place::Square(square) = place.place {
                let bit = bit_of_square(square, V::MIRRORED);
                place.playable = bit.is_some();
                place.number = bit.filter(|_| V::NUMERIC).map(number_of);
            }
        }
        view.side_to_move = Some(self.side);
        for color in Color::ALL {
            let (men, kings) = self.material(color);
            view.notes.push((format!("{color}"), format!("{men} men, {kings} kings")));
        }
        view
    }

    fn move_view(&self, mv: Move) -> MoveView {
        let (path, victims) = move_path(self, mv);
        let place = |bit: u32| Place::Square(square_of(bit, V::MIRRORED));
        MoveView {
            path: path.into_iter().map(place).collect(),
            captured: victims.into_iter().map(place).collect(),
            lands: Vec::new(),
        }
    }
}
