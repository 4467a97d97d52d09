//! The board as the player sees it: the game's own diagram turned to the
//! player's side, the last move's squares marked `(x)`, and for numeric
//! notation the square numbers beside each rank.
//!
//! The diagram is read as a grid: rank lines start with their rank number,
//! the file line holds the letters `a`..`h`, and each file's cells start at
//! its letter's column. Lines between rank lines (Cross's vertices) are
//! mirrored character by character. A diagram that is not such a grid is
//! shown as the game draws it.

use damero_core::SquareNumbering;
use damero_engine::EngineGame;

use super::entry::{squares, uses_draughts_numbers};

/// The squares `(file, rank)` a move text names.
fn move_squares<G: EngineGame>(text: &str) -> Vec<(usize, usize)> {
    let Some(tokens) = squares::<G>(text) else {
        return Vec::new();
    };
    tokens
        .iter()
        .filter_map(|t| {
            let bytes = t.as_bytes();
            match bytes {
                [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(((f - b'a') as usize, (r - b'1') as usize)),
                _ => None,
            }
        })
        .collect()
}

struct Grid {
    lines: Vec<String>,
    /// Index of each rank line, by rank from 0.
    ranks: [Option<usize>; 8],
    file_line: usize,
    columns: [usize; 8],
    width: usize,
}

fn grid(diagram: &str) -> Option<Grid> {
    if !diagram.is_ascii() {
        return None;
    }
    let lines: Vec<String> = diagram.lines().map(str::to_owned).collect();
    let file_line =
        lines.iter().position(|l| l.split_whitespace().collect::<String>().starts_with("abcdefgh"))?;
    let mut columns = [0; 8];
    for (i, column) in columns.iter_mut().enumerate() {
        *column = lines[file_line].find((b'a' + i as u8) as char)?;
    }
    let width = columns[1] - columns[0];
    if width == 0 || columns.windows(2).any(|w| w[1] - w[0] != width) || columns[0] == 0 {
        return None;
    }
    let mut ranks = [None; 8];
    for (index, line) in lines[..file_line].iter().enumerate() {
        let label = line.split_whitespace().next().unwrap_or("");
        if let Ok(rank @ 1..=8) = label.parse::<usize>() {
            ranks[rank - 1] = Some(index);
        }
    }
    ranks.iter().all(Option::is_some).then_some(Grid { lines, ranks, file_line, columns, width })
}

fn padded(line: &str, length: usize) -> Vec<u8> {
    let mut bytes = line.as_bytes().to_vec();
    if bytes.len() < length {
        bytes.resize(length, b' ');
    }
    bytes
}

/// The diagram of `position` from White's side, or Black's when `flipped`,
/// with the squares of `last` (the last move's text) marked.
pub fn render<G: EngineGame>(position: &G, last: Option<&str>, flipped: bool) -> String {
    let diagram = position.diagram();
    let Some(mut g) = grid(&diagram) else {
        return diagram;
    };
    let (left, right) = (g.columns[0] - 1, g.columns[7] - 1 + g.width);
    let top = g.ranks.iter().flatten().min().copied().unwrap_or(0);
    let bottom = g.ranks.iter().flatten().max().copied().unwrap_or(0);
    if flipped {
        for index in top..=bottom {
            let line = padded(&g.lines[index], right);
            let mut turned = line.clone();
            if g.ranks.contains(&Some(index)) {
                for file in 0..8 {
                    let from = g.columns[7 - file] - 1;
                    let to = g.columns[file] - 1;
                    turned[to..to + g.width].copy_from_slice(&line[from..from + g.width]);
                }
            } else {
                for (p, cell) in turned.iter_mut().enumerate().take(right).skip(left) {
                    let q = g.columns[0] + g.columns[7] - p;
                    if let Some(&mirrored) = line.get(q) {
                        *cell = mirrored;
                    }
                }
            }
            g.lines[index] = String::from_utf8(turned).unwrap_or_default().trim_end().to_owned();
        }
        g.lines[top..=bottom].reverse();
        for rank in &mut g.ranks {
            *rank = rank.map(|i| top + bottom - i);
        }
        let mut letters = padded(&g.lines[g.file_line], right);
        for file in 0..8 {
            letters[g.columns[file]] = b'h' - file as u8;
        }
        g.lines[g.file_line] = String::from_utf8(letters).unwrap_or_default();
    }
    let column_of = |file: usize| g.columns[if flipped { 7 - file } else { file }];
    for (file, rank) in last.map(move_squares::<G>).unwrap_or_default() {
        let Some(index) = g.ranks[rank] else { continue };
        let column = column_of(file);
        let mut line = padded(&g.lines[index], right + 1);
        let content = line[column..].iter().take(g.width - 1).take_while(|&&b| b != b' ').count().max(1);
        if line[column - 1] == b' ' && line[column + content] == b' ' {
            line[column - 1] = b'(';
            line[column + content] = b')';
        }
        g.lines[index] = String::from_utf8(line).unwrap_or_default().trim_end().to_owned();
    }
    if uses_draughts_numbers::<G>() && G::NUMERIC_NOTATION {
        let mut numbers = [[0u32; 8]; 8];
        for n in 1..=32 {
            if let Some(square) = SquareNumbering::PDN.square(n) {
                numbers[usize::from(square.rank())][usize::from(square.file())] = n;
            }
        }
        for (rank, numbers) in numbers.iter().enumerate() {
            let Some(index) = g.ranks[rank] else { continue };
            let mut line = padded(&g.lines[index], right + 2);
            line.truncate(right + 2);
            let mut text = String::from_utf8(line).unwrap_or_default();
            text.push_str("   ");
            for shown in 0..8 {
                let file = if flipped { 7 - shown } else { shown };
                match numbers[file] {
                    0 => text.push_str("   "),
                    n => text.push_str(&format!("{n:>3}")),
                }
            }
            g.lines[index] = text.trim_end().to_owned();
        }
    }
    let mut out = g.lines.join("\n");
    out.push('\n');
    out
}

/// What the symbols mean.
pub fn legend<G: EngineGame>(marked: bool) -> String {
    let mut parts = Vec::new();
    if !G::DIAGRAM_LEGEND.is_empty() {
        parts.push(G::DIAGRAM_LEGEND);
    }
    if G::NUMERIC_NOTATION {
        parts.push("the numbers on the right are the squares' PDN numbers");
    }
    if marked {
        parts.push("( ) = the last move");
    }
    parts.join("; ")
}
