//! Reading a move the way players type it: any case, with or without
//! separators (`c3d4`), Russian squares as numbers (`22-17`), and any
//! unambiguous part of a capture path (`c3:e5` for `c3:e5:c7`).

use damero_core::{MoveList, SquareNumbering};
use damero_engine::EngineGame;

/// Whether `G` writes or reads squares as the 32 PDN numbers of 8x8 draughts
/// (English writes them; Russian players type them too).
pub fn uses_draughts_numbers<G: EngineGame>() -> bool {
    G::PDN_NUMBERED_BOARD
}

/// The algebraic square of PDN number `n` on damero's 8x8 draughts board:
/// 1 is b8, 4 is h8, 5 is a7, ..., 32 is g1 (White at the bottom).
pub fn number_square(n: u32) -> Option<String> {
    SquareNumbering::PDN.square(n).map(|square| square.to_string())
}

/// Every legal move of `position`.
fn legal<G: EngineGame>(position: &G) -> MoveList<G::Move> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
}

/// What a line typed at the prompt means as a move.
pub enum Entry<M> {
    /// This legal move.
    Move(M),
    /// Several legal moves fit: their texts.
    Ambiguous(Vec<String>),
    /// Squares that name no legal move.
    Illegal,
    /// Not squares at all (an unknown command).
    NotAMove,
}

/// The squares of a move text, lower case, numbers turned into algebraic
/// squares where the game is 8x8 draughts; `None` when the text holds
/// anything but squares and separators.
pub fn squares<G: EngineGame>(text: &str) -> Option<Vec<String>> {
    let mut tokens: Vec<String> = Vec::new();
    let mut current = String::new();
    let flush = |current: &mut String, tokens: &mut Vec<String>| {
        if !current.is_empty() {
            tokens.push(std::mem::take(current));
        }
    };
    for c in text.chars().map(|c| c.to_ascii_lowercase()) {
        match c {
            '-' | ':' | 'x' | ' ' | ',' => flush(&mut current, &mut tokens),
            c if c.is_ascii_alphabetic() => {
                if current.chars().last().is_some_and(|l| l.is_ascii_digit()) {
                    flush(&mut current, &mut tokens);
                }
                current.push(c);
            }
            c if c.is_ascii_digit() => current.push(c),
            _ => return None,
        }
    }
    flush(&mut current, &mut tokens);
    if uses_draughts_numbers::<G>() {
        for token in &mut tokens {
            if let Some(square) = token.parse::<u32>().ok().and_then(number_square) {
                *token = square;
            }
        }
    }
    Some(tokens)
}

/// `small` is `big` with some elements left out (same order).
fn is_subsequence(small: &[String], big: &[String]) -> bool {
    let mut big = big.iter();
    small.iter().all(|s| big.any(|b| b == s))
}

/// Reads `text` as a move of `position`.
pub fn parse<G: EngineGame>(position: &G, text: &str) -> Entry<G::Move> {
    let moves = legal(position);
    let texts: Vec<String> = moves.iter().map(|&m| position.format_move(m)).collect();
    if let Some(i) = texts.iter().position(|t| t.eq_ignore_ascii_case(text)) {
        return Entry::Move(moves[i]);
    }
    if let Ok(mv) = position.parse_move(text).or_else(|_| position.parse_move(&text.to_ascii_lowercase())) {
        return Entry::Move(mv);
    }
    if !text.chars().any(|c| c.is_ascii_digit()) {
        return Entry::NotAMove;
    }
    let Some(typed) = squares::<G>(text).filter(|s| s.len() >= 2) else {
        return Entry::Illegal;
    };
    let fitting: Vec<usize> = (0..moves.len())
        .filter(|&i| {
            squares::<G>(&texts[i])
                .is_some_and(|path| path.first() == typed.first() && is_subsequence(&typed[1..], &path[1..]))
        })
        .collect();
    match fitting.as_slice() {
        [] => Entry::Illegal,
        [i] => Entry::Move(moves[*i]),
        _ => {
            // A whole path typed out wins over the longer paths it begins.
            let exact: Vec<usize> = fitting
                .iter()
                .copied()
                .filter(|&i| squares::<G>(&texts[i]).is_some_and(|p| p.len() == typed.len()))
                .collect();
            if let [i] = exact.as_slice() {
                return Entry::Move(moves[*i]);
            }
            let mut candidates: Vec<String> = fitting.iter().map(|&i| texts[i].clone()).collect();
            candidates.sort_by(|a, b| damero_core::natural_cmp(a, b));
            Entry::Ambiguous(candidates)
        }
    }
}
