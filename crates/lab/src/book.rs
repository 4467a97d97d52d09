//! Building opening books: every position a few plies from the start gets
//! each legal move scored by a fixed-depth search, and the best ones are
//! kept and followed (`damero book build`; the shipped books of the engine
//! layer were made so).

use std::collections::HashSet;

use damero_core::{Evaluator, Game, MoveList};
use damero_search::{AlphaBeta, AlphaBetaConfig, Book, BookMove, Limits, WIN};

/// Builds a book from `start`: every position up to `plies` plies deep
/// along book moves gets each legal move scored by a `depth`-ply search
/// (the move, then `depth - 1` plies below it); the moves within `margin`
/// centipawns of the best, at most `width` of them, are kept and followed. `on_progress(done,
/// queued)` is called after each position. Deterministic: one thread, a
/// fixed order, and each move's score from a search with a fresh table.
pub fn build<G: Game, E: Evaluator<G>>(
    start: &G,
    evaluator: E,
    plies: u32,
    depth: u32,
    margin: i32,
    width: usize,
    mut on_progress: impl FnMut(usize, usize),
) -> Book {
    let config = AlphaBetaConfig { tt_mib: 16, ..AlphaBetaConfig::default() };
    let mut search = AlphaBeta::new(config, evaluator);
    let mut book = Book::new(G::NAME);
    let mut queue = std::collections::VecDeque::from([(*start, 0)]);
    let mut seen = HashSet::from([start.zobrist()]);
    let mut done = 0;
    let limits = Limits::depth(depth.saturating_sub(1).max(1));
    while let Some((position, ply)) = queue.pop_front() {
        let mut moves = MoveList::new();
        position.legal_moves(&mut moves);
        let mut scored = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let mut child = position;
            child.play(mv);
            let score = if child.outcome().is_some() {
                // A move that ends the game: its result, not a search.
                let winner = child.outcome().and_then(|o| o.winner());
                match winner {
                    None => 0,
                    Some(w) if w == position.side_to_move() => WIN,
                    Some(_) => -WIN,
                }
            } else {
                // A fresh table for each move: its score is then that of a
                // search of its own, whatever was searched before.
                search.clear();
                let value = search.search(&child, &[], &limits, |_| {}).score.0;
                if child.side_to_move() == position.side_to_move() { value } else { -value }
            };
            scored.push((mv, score));
        }
        // Best first; a stable sort keeps the generation order among equals.
        scored.sort_by_key(|s| core::cmp::Reverse(s.1));
        let Some(&(_, best)) = scored.first() else { continue };
        let mut kept = Vec::new();
        for &(mv, score) in scored.iter().filter(|s| s.1 >= best - margin).take(width.max(1)) {
            kept.push(BookMove { text: position.format_move(mv), score });
            let mut child = position;
            child.play(mv);
            if ply + 1 < plies && child.outcome().is_none() && seen.insert(child.zobrist()) {
                queue.push_back((child, ply + 1));
            }
        }
        book.insert(position.zobrist(), kept);
        done += 1;
        on_progress(done, queue.len());
    }
    book
}
