//! Tic-tac-toe: strict alternation, wins and draws, no captures.

use damero_core::{Color, Evaluator, Game, MoveList, OptionError, Outcome, RuleOption, RuleSet};

use super::TextError;

const LINES: [u16; 8] =
    [0b111, 0b111 << 3, 0b111 << 6, 0b1001001, 0b10010010, 0b100100100, 0b100010001, 0b1010100];
const KEYS: [u64; 19] = damero_core::zobrist_keys(0x7177);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoRules;

impl RuleSet for NoRules {
    const OPTIONS: &'static [RuleOption] = &[];
    fn set_option(&mut self, key: &str, _value: &str) -> Result<(), OptionError> {
        Err(OptionError::UnknownOption { key: key.to_owned(), known: String::new() })
    }
}

/// X is White and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    pub cells: [u16; 2],
    pub side: Color,
}

impl TicTacToe {
    fn line_of(&self, c: Color) -> bool {
        LINES.iter().any(|&l| self.cells[c.index()] & l == l)
    }
}

impl Game for TicTacToe {
    type Move = u8;

    type Rules = NoRules;

    type FenError = TextError;

    type MoveError = TextError;

    const NAME: &'static str = "tictactoe";

    fn start(_rules: NoRules) -> Self {
        TicTacToe { cells: [0, 0], side: Color::White }
    }

    fn rules(&self) -> NoRules {
        NoRules
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<u8>) {
        moves.clear();
        if self.line_of(Color::White) || self.line_of(Color::Black) {
            return;
        }
        let empty = !(self.cells[0] | self.cells[1]) & 0x1FF;
        moves.extend((0..9).filter(|i| empty >> i & 1 == 1));
    }

    fn play(&mut self, mv: u8) {
        self.cells[self.side.index()] |= 1 << mv;
        self.side = !self.side;
    }

    fn is_capture(&self, _mv: u8) -> bool {
        false
    }

    fn terminal_outcome(&self) -> Outcome {
        if self.line_of(Color::White) {
            Outcome::Win(Color::White)
        } else if self.line_of(Color::Black) {
            Outcome::Win(Color::Black)
        } else {
            Outcome::Draw
        }
    }

    fn zobrist(&self) -> u64 {
        self.zobrist_from_scratch()
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = if self.side == Color::Black { KEYS[18] } else { 0 };
        for i in 0..9 {
            for c in 0..2 {
                if self.cells[c] >> i & 1 == 1 {
                    h ^= KEYS[c * 9 + i];
                }
            }
        }
        h
    }

    fn fen(&self) -> String {
        let mut s: String = (0..9)
            .map(|i| {
                if self.cells[0] >> i & 1 == 1 {
                    'x'
                } else if self.cells[1] >> i & 1 == 1 {
                    'o'
                } else {
                    '.'
                }
            })
            .collect();
        s.push(' ');
        s.push(self.side.letter());
        s
    }

    fn from_fen(text: &str, _rules: NoRules) -> Result<Self, TextError> {
        let (board, side) = text.split_once(' ').ok_or_else(|| TextError(format!("bad fen {text}")))?;
        let side = Color::from_name(side).ok_or_else(|| TextError(format!("bad side {side}")))?;
        if board.chars().count() != 9 {
            return Err(TextError(format!("bad board {board}")));
        }
        let mut p = TicTacToe { cells: [0, 0], side };
        for (i, ch) in board.chars().enumerate() {
            match ch {
                'x' => p.cells[0] |= 1 << i,
                'o' => p.cells[1] |= 1 << i,
                '.' => {}
                _ => return Err(TextError(format!("bad cell {ch}"))),
            }
        }
        Ok(p)
    }

    fn format_move(&self, mv: u8) -> String {
        mv.to_string()
    }

    fn parse_move(&self, text: &str) -> Result<u8, TextError> {
        let mv: u8 = text.parse().map_err(|_| TextError(format!("bad move {text}")))?;
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) { Ok(mv) } else { Err(TextError(format!("illegal move {text}"))) }
    }
}

impl damero_core::Presentation for TicTacToe {
    fn diagram(&self) -> String {
        let f = self.fen();
        format!("{}\n{}\n{}\n", &f[0..3], &f[3..6], &f[6..9])
    }
}

/// Counts open lines: a cheap, sensible evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct TicTacToeEval;

impl Evaluator<TicTacToe> for TicTacToeEval {
    fn evaluate(&self, p: &TicTacToe) -> i32 {
        let me = p.cells[p.side.index()];
        let them = p.cells[(!p.side).index()];
        let open = |a: u16, b: u16| LINES.iter().filter(|&&l| l & b == 0 && l & a != 0).count() as i32;
        10 * (open(me, them) - open(them, me))
    }
}

// Played through the engine layer too (specs, matches): nothing ships with it.
impl damero_engine::EngineGame for TicTacToe {}
