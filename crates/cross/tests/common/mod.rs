//! Helpers shared by the integration tests.
#![allow(dead_code)]

use damero_core::{Color, Game, MoveList};
use damero_cross::{Cross, CrossRules, Move};

/// Writes a FEN from space-separated place lists (`"a1 b2 cd45"`), so a test
/// names its pieces instead of spelling digit runs.
pub fn fen_of(black: &str, white: &str, side: Color) -> String {
    let mut squares = [['.'; 8]; 8];
    let mut vertices = [['.'; 7]; 7];
    for (list, letter) in [(black, 'b'), (white, 'w')] {
        for place in list.split_whitespace() {
            let b = place.as_bytes();
            match b.len() {
                2 => squares[(b[1] - b'1') as usize][(b[0] - b'a') as usize] = letter,
                4 => vertices[(b[2] - b'1') as usize][(b[0] - b'a') as usize] = letter,
                _ => panic!("bad place {place}"),
            }
        }
    }
    let row = |cells: &[char]| {
        let mut out = String::new();
        let mut run = 0;
        for &c in cells {
            if c == '.' {
                run += 1;
            } else {
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push(c);
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
        out
    };
    let ranks: Vec<String> = squares.iter().rev().map(|r| row(r)).collect();
    let rows: Vec<String> = vertices.iter().rev().map(|r| row(r)).collect();
    format!("{} {} {}", ranks.join("/"), rows.join("/"), side.letter())
}

/// The position with these pieces (see [`fen_of`]), default rules.
pub fn position(black: &str, white: &str, side: Color) -> Cross {
    let fen = fen_of(black, white, side);
    Cross::from_fen(&fen, CrossRules::default()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal move texts (sorted).
pub fn texts(p: &Cross) -> Vec<String> {
    p.legal_move_texts()
}

/// The legal move texts that start with `prefix`.
pub fn texts_from(p: &Cross, prefix: &str) -> Vec<String> {
    texts(p).into_iter().filter(|t| t.starts_with(prefix)).collect()
}

/// The legal moves.
pub fn moves(p: &Cross) -> MoveList<Move> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    list
}

/// The position after playing `text`.
pub fn after(p: &Cross, text: &str) -> Cross {
    let mut next = *p;
    next.try_play(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    next
}

/// The places holding pieces of `color`, as sorted names.
pub fn places(p: &Cross, color: Color) -> Vec<String> {
    let mut names: Vec<String> = p.squares(color).squares().map(|s| s.to_string()).collect();
    names.extend(p.vertex_pieces(color).map(|v| v.to_string()));
    names.sort();
    names
}
