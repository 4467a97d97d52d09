//! Shared test helpers: a slow, obviously correct reference implementation of
//! the rules (straight from the rules file, no bitboards, no incremental
//! state), and random position generators.
#![allow(dead_code)]

use damero_core::{Color, Game, Square, Stack, StackBoard};
use damero_tumbling_down::{Setup, TumblingDown, TumblingDownRules, Variant};
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// An empty rank, for building position texts.
pub const EMPTY: &str = "........";

/// A position text from eight ranks (8 first) and the side to move.
pub fn fen(ranks: [&str; 8], side: &str) -> String {
    format!("{} {side}", ranks.join("/"))
}

/// Parses `text` under `rules`, panicking with the error.
pub fn pos(text: &str, rules: TumblingDownRules) -> TumblingDown {
    TumblingDown::from_fen(text, rules).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays `text`, panicking with the error.
pub fn play(p: &mut TumblingDown, text: &str) {
    p.try_play(text).unwrap_or_else(|e| panic!("{text} at {}: {e}", p.fen()));
}

/// The reference model: each square a vector of colours, bottom first.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    pub squares: Vec<Vec<Color>>,
    pub side: Color,
    pub winner: Option<Color>,
    pub variant: Variant,
    pub min_king_height: usize,
}

const DELTAS: [(i32, i32); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

fn name(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn on_board(file: i32, rank: i32) -> bool {
    (0..8).contains(&file) && (0..8).contains(&rank)
}

impl Reference {
    /// The model of `p` (read through the core `Stack` API only).
    pub fn of(p: &TumblingDown) -> Reference {
        let squares = Square::all().map(|sq| p.stack(sq).pieces().collect()).collect();
        let rules = p.rules();
        Reference {
            squares,
            side: p.side_to_move(),
            winner: p.winner(),
            variant: rules.variant,
            min_king_height: rules.min_king_height as usize,
        }
    }

    fn at(&self, file: i32, rank: i32) -> &Vec<Color> {
        &self.squares[(rank * 8 + file) as usize]
    }

    fn at_mut(&mut self, file: i32, rank: i32) -> &mut Vec<Color> {
        &mut self.squares[(rank * 8 + file) as usize]
    }

    /// Every legal move as text, sorted.
    pub fn moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.winner.is_some() {
            return out;
        }
        for rank in 0..8 {
            for file in 0..8 {
                let stack = self.at(file, rank);
                if stack.last() != Some(&self.side) {
                    continue;
                }
                for (df, dr) in DELTAS {
                    if !on_board(file + df, rank + dr) {
                        continue;
                    }
                    let (a, b) = (name(file, rank), name(file + df, rank + dr));
                    if stack.len() == 1 {
                        out.push(format!("{a}-{b}"));
                    } else {
                        if self.variant == Variant::Original {
                            out.push(format!("{a}-{b}"));
                        }
                        out.push(format!("{a}^{b}"));
                    }
                }
            }
        }
        out.sort();
        out
    }

    /// Per colour: the pure stacks as (square index, height).
    fn pure(&self, color: Color) -> Vec<(usize, usize)> {
        (0..64)
            .filter(|&i| !self.squares[i].is_empty() && self.squares[i].iter().all(|&c| c == color))
            .map(|i| (i, self.squares[i].len()))
            .collect()
    }

    /// Rule 8: the king height and king squares (empty below `min_king_height`).
    fn kings(&self, color: Color) -> (usize, Vec<usize>) {
        let pure = self.pure(color);
        let h = pure.iter().map(|&(_, h)| h).max().unwrap_or(0);
        if h == 0 || h < self.min_king_height {
            return (h, Vec::new());
        }
        (h, pure.iter().filter(|&&(_, x)| x == h).map(|&(i, _)| i).collect())
    }

    /// Plays a move text (assumed legal), rules 5, 6, 9 and 10 as written.
    pub fn play(&self, text: &str) -> Reference {
        let b = text.as_bytes();
        let (f0, r0) = ((b[0] - b'a') as i32, (b[1] - b'1') as i32);
        let (f1, r1) = ((b[3] - b'a') as i32, (b[4] - b'1') as i32);
        let (df, dr) = (f1 - f0, r1 - r0);
        let tumble = b[2] == b'^' || self.at(f0, r0).len() == 1;
        let mut next = self.clone();
        let before: Vec<(usize, Vec<usize>)> = [Color::White, Color::Black].map(|c| self.kings(c)).to_vec();
        if tumble {
            let stack = std::mem::take(next.at_mut(f0, r0));
            let mut ray = Vec::new();
            let (mut f, mut r) = (f0 + df, r0 + dr);
            while on_board(f, r) {
                ray.push((f, r));
                f += df;
                r += dr;
            }
            for (i, &piece) in stack.iter().enumerate() {
                let (f, r) = ray[i.min(ray.len() - 1)];
                next.at_mut(f, r).push(piece);
            }
        } else {
            let piece = next.at_mut(f0, r0).pop().expect("owned stack");
            next.at_mut(f1, r1).push(piece);
        }
        let mover = self.side;
        let lost = |x: Color| {
            let (h, squares) = &before[x as usize];
            let pure = next.pure(x);
            if pure.is_empty() {
                return true;
            }
            let taller = pure.iter().any(|&(_, ph)| ph > *h);
            let covered = squares.iter().any(|&i| {
                let s = &next.squares[i];
                !s.is_empty() && !s.iter().all(|&c| c == x)
            });
            !taller && covered
        };
        next.winner = if lost(!mover) {
            Some(mover)
        } else if lost(mover) {
            Some(!mover)
        } else {
            None
        };
        next.side = !mover;
        next
    }

    /// The position text, written independently of the crate's writer.
    pub fn fen(&self) -> String {
        let mut ranks = Vec::new();
        for rank in (0..8).rev() {
            let mut s = String::new();
            for file in 0..8 {
                let stack = self.at(file, rank);
                let letters: String =
                    stack.iter().map(|&c| if c == Color::Black { 'b' } else { 'w' }).collect();
                match stack.len() {
                    0 => s.push('.'),
                    1 => s.push_str(&letters),
                    _ => s.push_str(&format!("[{letters}]")),
                }
            }
            ranks.push(s);
        }
        let mut text = format!("{} {}", ranks.join("/"), if self.side == Color::Black { 'b' } else { 'w' });
        match self.winner {
            Some(Color::White) => text.push_str(" 1-0"),
            Some(Color::Black) => text.push_str(" 0-1"),
            None => {}
        }
        text
    }

    /// Perft by the reference rules.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

/// A random position: `squares` random squares share the pieces (`per_side` of
/// each colour, in random order), so stacks are tall and mixed; random side.
pub fn scattered(
    rng: &mut SmallRng,
    squares: usize,
    per_side: usize,
    rules: TumblingDownRules,
) -> TumblingDown {
    let mut all: Vec<Square> = Square::all().collect();
    all.shuffle(rng);
    let chosen = &all[..squares.clamp(1, 64)];
    let mut pieces: Vec<Color> =
        [Color::White, Color::Black].iter().flat_map(|&c| std::iter::repeat_n(c, per_side)).collect();
    pieces.shuffle(rng);
    let mut board = StackBoard::EMPTY;
    for piece in pieces {
        board.push(chosen[rng.random_range(0..chosen.len())], piece);
    }
    let side = if rng.random_bool(0.5) { Color::White } else { Color::Black };
    TumblingDown::from_setup(Setup { board, side_to_move: side, winner: None }, rules)
        .expect("at most 29 a side")
}

/// A position reached by `plies` random moves from the start (fewer if the game ends).
pub fn random_game_position(rng: &mut SmallRng, rules: TumblingDownRules, plies: usize) -> TumblingDown {
    let mut p = TumblingDown::start(rules);
    let mut moves = damero_core::MoveList::new();
    for _ in 0..plies {
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        p.play(moves[rng.random_range(0..moves.len())]);
    }
    p
}

/// A seeded generator.
pub fn rng(seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed)
}

/// The stack given as bottom-to-top letters.
pub fn stack(letters: &str) -> Stack {
    Stack::from_pieces(letters.chars().map(|c| if c == 'b' { Color::Black } else { Color::White }))
        .expect("small")
}

/// A position with the given stacks (`("d4", "bbw")`, bottom to top), the
/// other squares empty, `side` (`"b"` or `"w"`) to move.
pub fn setup(stacks: &[(&str, &str)], side: &str, rules: TumblingDownRules) -> TumblingDown {
    let mut board = StackBoard::EMPTY;
    for &(square, letters) in stacks {
        board.set(square.parse().expect("square"), stack(letters));
    }
    let side = Color::from_name(side).expect("side");
    TumblingDown::from_setup(Setup { board, side_to_move: side, winner: None }, rules)
        .expect("at most 29 a side")
}

/// The stack on `square` as text (`.`, `b`, `[bbw]`).
pub fn at(p: &TumblingDown, square: &str) -> String {
    p.stack(square.parse().expect("square")).to_string()
}
