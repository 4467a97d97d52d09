//! Skirmish: a small test game with everything the search must handle.
//!
//! A 4x5 board (files a-d, ranks 1-5). White starts on a1, b1, c1, Black on
//! b5, c5, d5. A piece steps one square orthogonally to an empty square or
//! onto an enemy piece, capturing it; **a capture gives the same side another
//! turn** (so the side to move does not strictly alternate). A piece on the far
//! rank (White: rank 5, Black: rank 1) wins; a side with no move loses.
//! Draws: 24 plies without capture, or the third occurrence of a position.
//! Option `compulsory`: when a capture exists only captures are legal (as in
//! draughts; the evaluator then refuses to stand pat).

use damero_core::{Color, Evaluator, Game, MoveList, OptionError, Outcome, RuleOption, RuleSet};

use super::TextError;

const W: u32 = 4;
const H: u32 = 5;
const N: u32 = W * H;
const ALL: u32 = (1 << N) - 1;
const KEYS: [u64; 41] = damero_core::zobrist_keys(0x5C1A);
const FAR: [u32; 2] = [0b1111 << 16, 0b1111];
pub const QUIET_LIMIT: u8 = 24;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SkirmishRules {
    pub compulsory: bool,
}

impl RuleSet for SkirmishRules {
    const OPTIONS: &'static [RuleOption] =
        &[RuleOption { key: "compulsory", values: "true|false", default: "false", doc: "captures first" }];
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "compulsory" => {
                self.compulsory =
                    damero_core::parse_bool(value).ok_or_else(|| OptionError::InvalidValue {
                        key: key.to_owned(),
                        value: value.to_owned(),
                        expected: "true|false",
                    })?;
                Ok(())
            }
            _ => Err(OptionError::UnknownOption { key: key.to_owned(), known: "compulsory".to_owned() }),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: u8,
    pub to: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skirmish {
    pub pieces: [u32; 2],
    pub side: Color,
    pub quiet: u8,
    pub rules: SkirmishRules,
    hash: u64,
}

fn name(sq: u8) -> String {
    format!("{}{}", (b'a' + sq % 4) as char, sq / 4 + 1)
}

fn parse_square(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'a'..=b'd').contains(&b[0]) || !(b'1'..=b'5').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 4 + (b[0] - b'a'))
}

impl Skirmish {
    pub fn from_squares(white: &[&str], black: &[&str], side: Color, rules: SkirmishRules) -> Skirmish {
        let mut pieces = [0u32; 2];
        for s in white {
            pieces[0] |= 1 << parse_square(s).expect("square");
        }
        for s in black {
            pieces[1] |= 1 << parse_square(s).expect("square");
        }
        let mut p = Skirmish { pieces, side, quiet: 0, rules, hash: 0 };
        p.hash = p.zobrist_from_scratch();
        p
    }

    fn decided(&self) -> bool {
        self.pieces[0] & FAR[0] != 0 || self.pieces[1] & FAR[1] != 0
    }

    fn targets(sq: u32) -> impl Iterator<Item = u32> {
        let (f, r) = (sq % W, sq / W);
        [
            (r + 1 < H).then(|| sq + W),
            (r > 0).then(|| sq - W),
            (f + 1 < W).then(|| sq + 1),
            (f > 0).then(|| sq - 1),
        ]
        .into_iter()
        .flatten()
    }

    pub fn has_capture(&self) -> bool {
        let (me, them) = (self.pieces[self.side.index()], self.pieces[(!self.side).index()]);
        (0..N).filter(|s| me >> s & 1 == 1).any(|s| Self::targets(s).any(|t| them >> t & 1 == 1))
    }
}

impl Game for Skirmish {
    type Move = Step;

    type Rules = SkirmishRules;

    type FenError = TextError;

    type MoveError = TextError;

    const NAME: &'static str = "skirmish";

    fn start(rules: SkirmishRules) -> Self {
        Skirmish::from_squares(&["a1", "b1", "c1"], &["b5", "c5", "d5"], Color::White, rules)
    }

    fn rules(&self) -> SkirmishRules {
        self.rules
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<Step>) {
        moves.clear();
        if self.decided() {
            return;
        }
        let (me, them) = (self.pieces[self.side.index()], self.pieces[(!self.side).index()]);
        let captures_only = self.rules.compulsory && self.has_capture();
        for s in (0..N).filter(|s| me >> s & 1 == 1) {
            for t in Self::targets(s) {
                let capture = them >> t & 1 == 1;
                if me >> t & 1 == 0 && (capture || !captures_only) {
                    moves.push(Step { from: s as u8, to: t as u8 });
                }
            }
        }
    }

    fn play(&mut self, mv: Step) {
        let (me, them) = (self.side.index(), (!self.side).index());
        self.pieces[me] ^= (1 << mv.from) | (1 << mv.to);
        self.hash ^= KEYS[me * 20 + mv.from as usize] ^ KEYS[me * 20 + mv.to as usize];
        if self.pieces[them] >> mv.to & 1 == 1 {
            self.pieces[them] &= !(1 << mv.to);
            self.hash ^= KEYS[them * 20 + mv.to as usize];
            self.quiet = 0;
        } else {
            self.quiet = self.quiet.saturating_add(1);
            self.side = !self.side;
            self.hash ^= KEYS[40];
        }
    }

    fn is_capture(&self, mv: Step) -> bool {
        self.pieces[(!self.side).index()] >> mv.to & 1 == 1
    }

    fn terminal_outcome(&self) -> Outcome {
        if self.pieces[0] & FAR[0] != 0 {
            Outcome::Win(Color::White)
        } else if self.pieces[1] & FAR[1] != 0 {
            Outcome::Win(Color::Black)
        } else {
            Outcome::Win(!self.side)
        }
    }

    fn rule_draw(&self) -> bool {
        self.quiet >= QUIET_LIMIT
    }

    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }

    fn reversible_plies(&self) -> u32 {
        u32::from(self.quiet)
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        let mut h = if self.side == Color::Black { KEYS[40] } else { 0 };
        for c in 0..2 {
            for s in 0..N {
                if self.pieces[c] >> s & 1 == 1 {
                    h ^= KEYS[c * 20 + s as usize];
                }
            }
        }
        h
    }

    fn fen(&self) -> String {
        let list =
            |bits: u32| (0..N as u8).filter(|s| bits >> s & 1 == 1).map(name).collect::<Vec<_>>().join(",");
        format!("{} {}/{} {}", self.side.letter(), list(self.pieces[0]), list(self.pieces[1]), self.quiet)
    }

    fn from_fen(text: &str, rules: SkirmishRules) -> Result<Self, TextError> {
        let bad = || TextError(format!("bad position {text}"));
        let parts: Vec<&str> = text.split(' ').collect();
        if parts.len() != 3 {
            return Err(bad());
        }
        let side = Color::from_name(parts[0]).ok_or_else(bad)?;
        let (w, b) = parts[1].split_once('/').ok_or_else(bad)?;
        let mut pieces = [0u32; 2];
        for (c, list) in [w, b].into_iter().enumerate() {
            for s in list.split(',').filter(|s| !s.is_empty()) {
                let sq = parse_square(s).ok_or_else(bad)?;
                if (pieces[0] | pieces[1]) >> sq & 1 == 1 {
                    return Err(bad());
                }
                pieces[c] |= 1 << sq;
            }
        }
        let quiet = parts[2].parse().map_err(|_| bad())?;
        let mut p = Skirmish { pieces, side, quiet, rules, hash: 0 };
        p.hash = p.zobrist_from_scratch();
        Ok(p)
    }

    fn format_move(&self, mv: Step) -> String {
        let sep = if self.is_capture(mv) { 'x' } else { '-' };
        format!("{}{sep}{}", name(mv.from), name(mv.to))
    }

    fn parse_move(&self, text: &str) -> Result<Step, TextError> {
        let bad = || TextError(format!("bad move {text}"));
        if text.len() != 5 {
            return Err(bad());
        }
        let from = parse_square(&text[0..2]).ok_or_else(bad)?;
        let to = parse_square(&text[3..5]).ok_or_else(bad)?;
        let mv = Step { from, to };
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) && self.format_move(mv) == text { Ok(mv) } else { Err(bad()) }
    }
}

impl damero_core::Presentation for Skirmish {
    fn diagram(&self) -> String {
        let mut s = String::new();
        for r in (0..H).rev() {
            for f in 0..W {
                let sq = r * W + f;
                s.push(if self.pieces[0] >> sq & 1 == 1 {
                    'W'
                } else if self.pieces[1] >> sq & 1 == 1 {
                    'B'
                } else {
                    '.'
                });
            }
            s.push('\n');
        }
        s
    }
}

/// Material and advancement.
#[derive(Clone, Copy, Debug, Default)]
pub struct SkirmishEval;

impl Evaluator<Skirmish> for SkirmishEval {
    fn evaluate(&self, p: &Skirmish) -> i32 {
        let score = |c: usize| {
            (0..N)
                .filter(|s| p.pieces[c] >> s & 1 == 1)
                .map(|s| 100 + 8 * if c == 0 { (s / W) as i32 } else { (H - 1 - s / W) as i32 })
                .sum::<i32>()
        };
        let white = score(0) - score(1);
        white * p.side.sign()
    }
    fn may_stand_pat(&self, p: &Skirmish) -> bool {
        !(p.rules.compulsory && p.has_capture())
    }
}

// Played through the engine layer too (specs, matches): nothing ships with it.
impl damero_engine::EngineGame for Skirmish {}
