//! Building opening books: every position a few plies from the start gets
//! each legal move scored by a fixed-depth search, and the best ones are
//! kept and followed (`damero book build`; the shipped books of the engine
//! layer were made so).

use std::collections::HashSet;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

use damero_core::{Evaluator, Game, MoveList};
use damero_search::{AlphaBeta, AlphaBetaConfig, Book, BookMove, Limits, WIN};

/// What a book build searches: how deep along book moves, how deep each
/// move's search, and which moves are kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookOptions {
    /// Plies from the start the book covers.
    pub plies: u32,
    /// Search depth of each move's score (the move, then `depth - 1` plies
    /// below it).
    pub depth: u32,
    /// Keep the moves within this many centipawns of the best...
    pub margin: i32,
    /// ...and at most this many of them.
    pub width: usize,
    /// Searches run at once, each a position's move on a thread of its own
    /// with a table of its own. The book is the same for any count: every
    /// move's score comes from a search with a fresh table.
    pub threads: usize,
}

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
    on_progress: impl FnMut(usize, usize),
) -> Book {
    let options = BookOptions { plies, depth, margin, width, threads: 1 };
    let never = |_: u64, _: &[BookMove]| Ok::<(), core::convert::Infallible>(());
    match build_from(start, evaluator, options, &Book::new(G::NAME), never, on_progress) {
        Ok(book) => book,
        Err(never) => match never {},
    }
}

/// [`build`], taking the candidates of every position `known` already holds
/// instead of searching it (what a resumed build read back from its
/// journal), and calling `finished(key, candidates)` for each position as
/// soon as it is done, in the build's order (what a journal writes); the
/// build stops at the first error `finished` returns, and returns it. Each
/// position's scores come from searches with a fresh table, so they do not
/// depend on what was searched before: a build resumed from any prefix of
/// its positions ends with the same book as an uninterrupted one.
pub fn build_from<G: Game, E: Evaluator<G>, Error>(
    start: &G,
    evaluator: E,
    options: BookOptions,
    known: &Book,
    mut finished: impl FnMut(u64, &[BookMove]) -> Result<(), Error>,
    mut on_progress: impl FnMut(usize, usize),
) -> Result<Book, Error> {
    let BookOptions { plies, depth, margin, width, threads } = options;
    let config = AlphaBetaConfig { tt_mib: 16, ..AlphaBetaConfig::default() };
    let mut searches: Vec<_> =
        (0..threads.max(1)).map(|_| AlphaBeta::new(config.clone(), evaluator.clone())).collect();
    // The book plays what it keeps: its play margin is the one it kept moves by.
    let mut book = Book::new(G::NAME).with_margin(margin);
    let mut queue = std::collections::VecDeque::from([(*start, 0)]);
    let mut seen = HashSet::from([start.zobrist()]);
    let mut done = 0;
    let limits = Limits::depth(depth.saturating_sub(1).max(1));
    while let Some((position, ply)) = queue.pop_front() {
        let kept = if known.contains(position.zobrist()) {
            known.candidates(position.zobrist()).to_vec()
        } else {
            let kept = score_position(&position, &mut searches, &limits, margin, width);
            finished(position.zobrist(), &kept)?;
            kept
        };
        for candidate in &kept {
            let mut child = position;
            if child.try_play(&candidate.text).is_err() {
                continue;
            }
            if ply + 1 < plies && child.outcome().is_none() && seen.insert(child.zobrist()) {
                queue.push_back((child, ply + 1));
            }
        }
        if !kept.is_empty() {
            book.insert(position.zobrist(), kept);
        }
        done += 1;
        on_progress(done, queue.len());
    }
    Ok(book)
}

/// Every legal move of `position` scored by a search of its child with a
/// fresh table (a move that ends the game: its result), best first; the ones
/// within `margin` of the best, at most `width` of them. With more than one
/// search, the moves are shared out among them, one thread each; every score
/// is that of a search of its own, so the result is the same.
pub(crate) fn score_position<G: Game, E: Evaluator<G>>(
    position: &G,
    searches: &mut [AlphaBeta<G, E>],
    limits: &Limits,
    margin: i32,
    width: usize,
) -> Vec<BookMove> {
    assert!(!searches.is_empty(), "scoring a position takes at least one search");
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let next = AtomicUsize::new(0);
    let scores: Vec<_> = moves.iter().map(|_| AtomicI32::new(0)).collect();
    // Each worker takes the next unscored move until none is left: the
    // searches differ in length, so a fixed split would leave a core idle.
    let work = |search: &mut AlphaBeta<G, E>| {
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = moves.get(i) else { break };
            scores[i].store(move_score(position, mv, search, limits), Ordering::Relaxed);
        }
    };
    match searches {
        [search] => work(search),
        _ => std::thread::scope(|scope| {
            for search in searches.iter_mut() {
                scope.spawn(|| work(search));
            }
        }),
    }
    let mut scored: Vec<_> = moves.iter().zip(scores).map(|(&mv, score)| (mv, score.into_inner())).collect();
    // Best first; a stable sort keeps the generation order among equals.
    scored.sort_by_key(|s| core::cmp::Reverse(s.1));
    let Some(&(_, best)) = scored.first() else { return Vec::new() };
    scored
        .iter()
        .filter(|s| s.1 >= best - margin)
        .take(width.max(1))
        .map(|&(mv, score)| BookMove { text: position.format_move(mv), score })
        .collect()
}

/// The score of `mv` for the side to move in `position`: the result of a
/// move that ends the game, else a search of the child with a fresh table.
fn move_score<G: Game, E: Evaluator<G>>(
    position: &G,
    mv: G::Move,
    search: &mut AlphaBeta<G, E>,
    limits: &Limits,
) -> i32 {
    let mut child = *position;
    child.play(mv);
    if child.outcome().is_some() {
        // A move that ends the game: its result, not a search.
        return match child.outcome().and_then(|o| o.winner()) {
            None => 0,
            Some(w) if w == position.side_to_move() => WIN,
            Some(_) => -WIN,
        };
    }
    // A fresh table for each move: its score is then that of a search of
    // its own, whatever was searched before and on whichever thread.
    search.clear();
    let value = search.search(&child, &[], limits, |_| {}).score.0;
    if child.side_to_move() == position.side_to_move() { value } else { -value }
}

/// The first lines of a build's journal: `# built by: COMMAND` (what a
/// resumed build checks it is the same build) and the book file's `game`
/// line. A journal is a book file without its `end` line, written a
/// position at a time, each line whole ([`journal_line`]), so an
/// interrupted build can be resumed from it ([`read_journal`],
/// [`build_from`]).
pub fn journal_header(game: &str, command: &str) -> String {
    format!("# built by: {command}\ngame {game}\n")
}

/// The journal line of a finished position: its key and candidates, as in
/// the book file format, ending in a newline.
pub fn journal_line(key: u64, moves: &[BookMove]) -> String {
    let mut line = format!("{key:016x}");
    for m in moves {
        line.push_str(&format!(" {} {}", m.text, m.score));
    }
    line.push('\n');
    line
}

/// The positions a journal holds. A last line without its newline is what
/// an interrupt cut off in the middle of a write: it is left out (its
/// position is searched again).
///
/// # Errors
/// A [`BookError`](damero_search::BookError) for any other line that is not a book line.
pub fn read_journal(text: &str) -> Result<Book, damero_search::BookError> {
    let whole = match text.rfind('\n') {
        Some(end) => &text[..=end],
        None => "",
    };
    Book::read_unsealed(whole)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_journal_cut_in_a_line_reads_back_without_it() {
        let moves = [
            BookMove { text: "c3-d4".to_owned(), score: 12 },
            BookMove { text: "a3-b4".to_owned(), score: 5 },
        ];
        let text = journal_header("russian", "damero book build russian")
            + &journal_line(0xab, &moves)
            + &journal_line(0xcd, &moves[..1]);
        let book = read_journal(&text).unwrap();
        assert_eq!(book.len(), 2);
        assert_eq!(book.candidates(0xab), &moves);
        let cut = &text[..text.len() - 5];
        let book = read_journal(cut).unwrap();
        assert_eq!(book.len(), 1);
        assert!(book.contains(0xab) && !book.contains(0xcd));
        // Anything else that is not a book line is still an error.
        assert!(read_journal("game russian\nnot a line\n").is_err());
    }
}
