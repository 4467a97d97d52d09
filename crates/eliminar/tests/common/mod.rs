//! Test helpers: a slow, obviously-correct reference move generator over
//! `Vec<Vec<char>>` boards, written straight from the rules text and sharing
//! no code with the crate, and a seeded generator of random positions.
#![allow(dead_code)]

use std::collections::BTreeMap;

use damero_core::{Bitboard, Color, Square, splitmix64};
use damero_eliminar::{Eliminar, EliminarRules, Setup};

/// A board as characters: `cells[rank][file]`, rank 0 = rank 1, holding
/// `'w'`, `'b'` or `'.'`; plus the side to move (`'w'` or `'b'`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefBoard {
    pub cells: Vec<Vec<char>>,
    pub side: char,
}

type Sq = (usize, usize);
/// Chains found so far: (from, to, sorted jumped squares) -> smallest path text.
type Chains = BTreeMap<(Sq, Sq, Vec<Sq>), String>;

/// A reference move: the printed (smallest) path and what it does.
#[derive(Clone, Debug)]
pub struct RefMove {
    pub text: String,
    pub from: (usize, usize),
    pub to: (usize, usize),
    pub jumped: Vec<(usize, usize)>,
}

fn name(sq: (usize, usize)) -> String {
    format!("{}{}", (b'a' + sq.1 as u8) as char, sq.0 + 1)
}

fn other(side: char) -> char {
    if side == 'w' { 'b' } else { 'w' }
}

impl RefBoard {
    /// Reads a FEN (assumed well formed).
    pub fn from_fen(fen: &str) -> RefBoard {
        let (board, side) = fen.split_once(' ').unwrap();
        let mut cells = vec![vec!['.'; 8]; 8];
        for (i, rank) in board.split('/').enumerate() {
            let mut file = 0;
            for ch in rank.chars() {
                if let Some(d) = ch.to_digit(10) {
                    file += d as usize;
                } else {
                    cells[7 - i][file] = ch;
                    file += 1;
                }
            }
        }
        RefBoard { cells, side: side.chars().next().unwrap() }
    }

    /// Writes a FEN with maximal runs.
    pub fn fen(&self) -> String {
        let mut out = String::new();
        for r in (0..8).rev() {
            let mut run = 0;
            for f in 0..8 {
                if self.cells[r][f] == '.' {
                    run += 1;
                } else {
                    if run > 0 {
                        out += &run.to_string();
                        run = 0;
                    }
                    out.push(self.cells[r][f]);
                }
            }
            if run > 0 {
                out += &run.to_string();
            }
            if r > 0 {
                out.push('/');
            }
        }
        format!("{out} {}", self.side)
    }

    fn at(&self, r: i32, f: i32) -> Option<char> {
        if (0..8).contains(&r) && (0..8).contains(&f) {
            Some(self.cells[r as usize][f as usize])
        } else {
            None
        }
    }

    /// Every maximal chain of `color`, grouped by (from, to, jumped set), each
    /// with its smallest path string.
    pub fn chains(&self, color: char) -> Vec<RefMove> {
        let mut found = Chains::new();
        for r in 0..8 {
            for f in 0..8 {
                if self.cells[r][f] != color {
                    continue;
                }
                // The mover's start square is empty during its chain.
                let mut board = self.clone();
                board.cells[r][f] = '.';
                let mut path = vec![(r, f)];
                let mut jumped = Vec::new();
                board.walk(&mut path, &mut jumped, &mut found);
            }
        }
        found.into_iter().map(|((from, to, jumped), text)| RefMove { text, from, to, jumped }).collect()
    }

    fn walk(&self, path: &mut Vec<(usize, usize)>, jumped: &mut Vec<(usize, usize)>, found: &mut Chains) {
        let (r, f) = *path.last().unwrap();
        let mut went_on = false;
        for (dr, df) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (mr, mf) = (r as i32 + dr, f as i32 + df);
            let (lr, lf) = (r as i32 + 2 * dr, f as i32 + 2 * df);
            let over = self.at(mr, mf);
            let land = self.at(lr, lf);
            let mid = (mr as usize, mf as usize);
            // A piece of either colour, not yet jumped; the square beyond empty.
            if matches!(over, Some('w' | 'b')) && !jumped.contains(&mid) && land == Some('.') {
                went_on = true;
                jumped.push(mid);
                path.push((lr as usize, lf as usize));
                self.walk(path, jumped, found);
                path.pop();
                jumped.pop();
            }
        }
        if !went_on && !jumped.is_empty() {
            let mut set = jumped.clone();
            set.sort();
            let text = path.iter().map(|&s| name(s)).collect::<Vec<_>>().join("-");
            let key = (path[0], *path.last().unwrap(), set);
            let entry = found.entry(key).or_insert_with(|| text.clone());
            if text < *entry {
                *entry = text;
            }
        }
    }

    /// The legal moves: jumps, else `pass` when the opponent can jump (and
    /// `end_when_stuck` is off), else none.
    pub fn moves(&self, end_when_stuck: bool) -> Vec<RefMove> {
        let jumps = self.chains(self.side);
        if !jumps.is_empty() || end_when_stuck || self.chains(other(self.side)).is_empty() {
            return jumps;
        }
        vec![RefMove { text: "pass".into(), from: (0, 0), to: (0, 0), jumped: vec![] }]
    }

    /// The board after `mv`.
    pub fn after(&self, mv: &RefMove) -> RefBoard {
        let mut next = self.clone();
        if mv.text != "pass" {
            for &(r, f) in &mv.jumped {
                next.cells[r][f] = '.';
            }
            next.cells[mv.from.0][mv.from.1] = '.';
            next.cells[mv.to.0][mv.to.1] = self.side;
        }
        next.side = other(self.side);
        next
    }

    /// Leaf count at `depth`.
    pub fn perft(&self, depth: u32, end_when_stuck: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves(end_when_stuck).iter().map(|m| self.after(m).perft(depth - 1, end_when_stuck)).sum()
    }

    /// Sorted move texts.
    pub fn move_texts(&self, end_when_stuck: bool) -> Vec<String> {
        let mut texts: Vec<String> = self.moves(end_when_stuck).into_iter().map(|m| m.text).collect();
        texts.sort();
        texts
    }
}

/// A tiny seeded generator (SplitMix64) so the tests need no RNG crate.
pub struct TestRng(u64);

impl TestRng {
    pub fn new(seed: u64) -> TestRng {
        TestRng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        let (state, value) = splitmix64(self.0);
        self.0 = state;
        value
    }

    /// Roughly uniform in `0..n` (slight bias is harmless here).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// A random position: each square empty with probability `empty_percent`%,
/// else White or Black evenly; random side to move.
pub fn random_position(rng: &mut TestRng, empty_percent: u64, rules: EliminarRules) -> Eliminar {
    let mut white = Bitboard::EMPTY;
    let mut black = Bitboard::EMPTY;
    for sq in Bitboard::FULL {
        if rng.below(100) >= empty_percent {
            if rng.below(2) == 0 {
                white.insert(sq);
            } else {
                black.insert(sq);
            }
        }
    }
    let side = if rng.below(2) == 0 { Color::White } else { Color::Black };
    Eliminar::from_setup(Setup { white, black, side_to_move: side }, rules).unwrap()
}

/// Our perft, plain (no bulk counting), for cross-checks.
pub fn perft(position: &Eliminar, depth: u32) -> u64 {
    damero_search::perft(position, depth)
}

/// The position with White on `white`, Black on `black` (square names).
pub fn position(white: &[&str], black: &[&str], side: Color, rules: EliminarRules) -> Eliminar {
    let set = |names: &[&str]| names.iter().map(|n| n.parse::<Square>().unwrap()).collect::<Bitboard>();
    Eliminar::from_setup(Setup { white: set(white), black: set(black), side_to_move: side }, rules).unwrap()
}
