//! Opening books: for positions near the start, candidate moves with their
//! scores from deep searches, and a seeded choice among the near-equal ones.
//!
//! # The file format
//! Plain text, one position per line; `#` starts a comment line, blank lines
//! are ignored:
//!
//! ```text
//! # damero opening book
//! game russian
//! margin 10
//! 3f2c9a1b4d5e6f70 c3-d4 12 e3-f4 5
//! end 1 00a9db3f6935766f
//! ```
//!
//! The `game` line names the [`Game::NAME`] the book is for and comes
//! before the positions. The `margin` line, also before the positions and
//! optional ([`BOOK_MARGIN`] when absent), says how far below a position's
//! best score a move may be and still be played ([`Book::playable`]):
//! `damero book build --margin` writes the margin it kept moves within, so
//! a book plays every move it stores. A position line is its Zobrist key
//! ([`Game::zobrist`], 16 hex digits) followed by pairs of a move (in the
//! game's notation, [`Game::format_move`]) and its score in centipawns for
//! the side to move, best first. The book is for the game's default rules
//! only (the key does not cover the rule options).
//!
//! The `end` line closes the book: the number of positions and a check of
//! them: the 64-bit FNV-1a hash, in hex, of the position lines as this
//! crate writes them, in key order, each ending in a newline (the `game`
//! and `margin` lines are not in it), so a book cut short or changed by
//! accident is refused rather than read as a smaller or different book.
//! Nothing but comments may follow it. A text written a line at a time,
//! as a build's journal is, has no `end` line yet: [`Book::read_unsealed`]
//! reads it.
//!
//! A book is a tree from the start position: [`Book::positions_from`] walks
//! it, and the tests check that every line is reached and every move is
//! legal there (a change of the Zobrist keys or of the notation shows up as
//! a failing test, not as a silently unused book).
//!
//! The search crate names no game: a book reaches [`AlphaBeta`](crate::AlphaBeta)
//! as a value ([`AlphaBeta::with_book`](crate::AlphaBeta::with_book)). The
//! books shipped for Russian and English are built by `damero book build`
//! and compiled into the engine layer (`damero-engine`).

use core::fmt;
use std::collections::{BTreeMap, HashSet};

use damero_core::{Game, GameRecord};

/// How far below the best score a move may be and still be chosen, in
/// centipawns, in a book that names no margin of its own: choices inside
/// this margin vary the games without giving much away.
pub const BOOK_MARGIN: i32 = 10;

/// One candidate move of a book position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move, in the game's notation.
    pub text: String,
    /// Its score for the side to move, in centipawns.
    pub score: i32,
}

/// An opening book: candidate moves by position (see the [module
/// documentation](self) for the file format).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Book {
    game: String,
    margin: i32,
    positions: BTreeMap<u64, Vec<BookMove>>,
}

/// Why a book text was rejected: the line (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "book line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for BookError {}

impl Default for Book {
    /// An empty book for no game, with the default margin.
    fn default() -> Book {
        Book::new("")
    }
}

impl Book {
    /// An empty book for the game called `game`.
    pub fn new(game: &str) -> Book {
        Book { game: game.to_owned(), margin: BOOK_MARGIN, positions: BTreeMap::new() }
    }

    /// The book with another play margin (see [`margin`](Book::margin)).
    #[must_use]
    pub fn with_margin(self, margin: i32) -> Book {
        Book { margin, ..self }
    }

    /// How far below a position's best legal score, in centipawns, a move
    /// may be and still be played: the file's `margin` line, or
    /// [`BOOK_MARGIN`].
    pub fn margin(&self) -> i32 {
        self.margin
    }

    /// The game the book is for.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether the book has no position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Whether the book has the position with this Zobrist key.
    pub fn contains(&self, key: u64) -> bool {
        self.positions.contains_key(&key)
    }

    /// The candidates of the position with this key, best first.
    pub fn candidates(&self, key: u64) -> &[BookMove] {
        self.positions.get(&key).map_or(&[], Vec::as_slice)
    }

    /// Sets the candidates of a position (sorted best first here).
    pub fn insert(&mut self, key: u64, mut moves: Vec<BookMove>) {
        moves.sort_by_key(|m| core::cmp::Reverse(m.score));
        self.positions.insert(key, moves);
    }

    /// A book move for `position` and its score: one of the legal moves
    /// within the book's [`margin`](Book::margin) of the best, chosen by
    /// `seed` (the same seed and position give the same move). `None` when
    /// the position is not in the book or the rules are not the game's
    /// default ones. Which game a book is for is its holder's to know (the
    /// `game` line names it).
    pub fn choose<G: Game>(&self, position: &G, seed: u64) -> Option<(G::Move, i32)> {
        let playable = self.playable(position);
        if playable.is_empty() {
            return None;
        }
        let pick = damero_core::splitmix64(seed ^ position.zobrist()).1 % playable.len() as u64;
        Some(playable[pick as usize])
    }

    /// The moves [`choose`](Book::choose) picks among in `position`, best
    /// first, with their scores: the legal candidates within the book's
    /// [`margin`](Book::margin) of the best legal one. Empty when the
    /// position is not in the book or the rules are not the game's default
    /// ones.
    pub fn playable<G: Game>(&self, position: &G) -> Vec<(G::Move, i32)> {
        if position.rules() != G::Rules::default() {
            return Vec::new();
        }
        // The margin is measured from the best move that can be played: a
        // candidate that is illegal here (a hand-edited book, a key that
        // collides) must not push the legal moves below it out of reach.
        let mut legal = self
            .candidates(position.zobrist())
            .iter()
            .filter_map(|c| position.parse_move(&c.text).ok().map(|mv| (mv, c.score)));
        let Some(first) = legal.next() else { return Vec::new() };
        let best = first.1;
        core::iter::once(first)
            .chain(legal.take_while(|&(_, score)| score >= best.saturating_sub(self.margin)))
            .collect()
    }

    /// Every line of `plies` moves from `start` that the book plays for
    /// both sides: at each position along it, a move
    /// [`choose`](Book::choose) may pick for some seed. A line that leaves
    /// the book sooner, or ends the game, is left out, so each has exactly
    /// `plies` moves. In the order of the book's moves, best first at each
    /// ply; two lines that transpose are both listed.
    pub fn lines<G: Game>(&self, start: &G, plies: usize) -> Vec<GameRecord<G>> {
        let mut lines = vec![GameRecord::new(*start)];
        for _ in 0..plies {
            lines = lines
                .into_iter()
                .flat_map(|line| {
                    self.playable(line.position()).into_iter().map(move |(mv, _)| {
                        let mut longer = line.clone();
                        longer.play(mv);
                        longer
                    })
                })
                .filter(|line| line.outcome().is_none())
                .collect();
        }
        lines
    }

    /// Every book position reached from `start` by book moves (breadth
    /// first, `start` included if it is in the book), with an error for a
    /// move that is not legal where the book has it.
    ///
    /// # Errors
    /// The Zobrist key (in hex) and the move text of the first book move
    /// that does not parse as a legal move.
    pub fn positions_from<G: Game>(&self, start: &G) -> Result<Vec<G>, String> {
        let mut seen = HashSet::new();
        let mut queue = std::collections::VecDeque::from([*start]);
        let mut found = Vec::new();
        while let Some(position) = queue.pop_front() {
            let key = position.zobrist();
            if !self.contains(key) || !seen.insert(key) {
                continue;
            }
            found.push(position);
            for candidate in self.candidates(key) {
                let mut child = position;
                child.try_play(&candidate.text).map_err(|e| format!("{key:016x} {}: {e}", candidate.text))?;
                queue.push_back(child);
            }
        }
        Ok(found)
    }
}

impl Book {
    /// Reads a book text that has no `end` line yet (a journal written a
    /// position at a time); an `end` line, if there is one, is checked as
    /// [`FromStr`](core::str::FromStr) checks it.
    ///
    /// # Errors
    /// A [`BookError`] for the first line that is not a book line.
    pub fn read_unsealed(text: &str) -> Result<Book, BookError> {
        read(text, false)
    }

    /// The position lines as the file format writes them, in key order.
    fn position_lines(&self) -> String {
        let mut text = String::new();
        for (key, moves) in &self.positions {
            text.push_str(&format!("{key:016x}"));
            for m in moves {
                text.push_str(&format!(" {} {}", m.text, m.score));
            }
            text.push('\n');
        }
        text
    }

    /// The `end` line's check: the FNV-1a hash of the position lines.
    fn checksum(&self) -> u64 {
        damero_core::files::fnv1a(self.position_lines().as_bytes())
    }
}

impl core::str::FromStr for Book {
    type Err = BookError;

    /// Reads a book file: the `end` line must be there and agree.
    fn from_str(text: &str) -> Result<Book, BookError> {
        read(text, true)
    }
}

/// Reads a book text; `sealed`: its `end` line must be there.
fn read(text: &str, sealed: bool) -> Result<Book, BookError> {
    let mut book: Option<Book> = None;
    let mut ended = false;
    let mut lines = 0;
    for (index, line) in text.lines().enumerate() {
        lines = index + 1;
        let error = |reason: String| BookError { line: index + 1, reason };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if ended {
            return Err(error("a line after the 'end' line".to_owned()));
        }
        let mut words = line.split_whitespace();
        let first = words.next().unwrap_or_default();
        if first == "end" {
            let book = book.as_ref().ok_or_else(|| error("'end' before the 'game' line".to_owned()))?;
            let (Some(count), Some(check), None) = (words.next(), words.next(), words.next()) else {
                return Err(error("'end' takes the number of positions and a hex check".to_owned()));
            };
            if count.parse() != Ok(book.len()) {
                return Err(error(format!(
                    "'end' says {count} positions, the book has {} (a line lost or added?)",
                    book.len()
                )));
            }
            if u64::from_str_radix(check, 16) != Ok(book.checksum()) {
                return Err(error(format!(
                    "'end' check {check} does not match the positions ({:016x}): the book was changed",
                    book.checksum()
                )));
            }
            ended = true;
            continue;
        }
        if first == "margin" {
            let book = book.as_mut().ok_or_else(|| error("'margin' before the 'game' line".to_owned()))?;
            if !book.is_empty() {
                return Err(error("'margin' after a position: it belongs with the 'game' line".to_owned()));
            }
            let (Some(margin), None) = (words.next(), words.next()) else {
                return Err(error("'margin' takes one number of centipawns".to_owned()));
            };
            match margin.parse::<i32>() {
                Ok(margin) if margin >= 0 => book.margin = margin,
                _ => return Err(error(format!("'{margin}' is not a margin (0 or more centipawns)"))),
            }
            continue;
        }
        if first == "game" {
            let name = words.next().ok_or_else(|| error("'game' needs a game id".to_owned()))?;
            if book.is_some() {
                return Err(error("a second 'game' line".to_owned()));
            }
            book = Some(Book::new(name));
            continue;
        }
        let book = book.as_mut().ok_or_else(|| error("a position before the 'game' line".to_owned()))?;
        let key = u64::from_str_radix(first, 16)
            .map_err(|_| error(format!("'{first}' is not a hex Zobrist key")))?;
        let words: Vec<&str> = words.collect();
        if words.is_empty() || !words.len().is_multiple_of(2) {
            return Err(error("a key must be followed by pairs of a move and a score".to_owned()));
        }
        let mut moves = Vec::with_capacity(words.len() / 2);
        for pair in words.chunks(2) {
            let score = pair[1].parse().map_err(|_| error(format!("'{}' is not a score", pair[1])))?;
            moves.push(BookMove { text: pair[0].to_owned(), score });
        }
        if book.contains(key) {
            return Err(error(format!("key {first} appears twice")));
        }
        book.insert(key, moves);
    }
    let book = book.ok_or(BookError { line: 1, reason: "no 'game' line".to_owned() })?;
    if sealed && !ended {
        return Err(BookError {
            line: lines + 1,
            reason: "no 'end' line: the book is cut short (or was not written whole)".to_owned(),
        });
    }
    Ok(book)
}

impl fmt::Display for Book {
    /// The file format (see the module documentation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "# damero opening book: Zobrist key, then move and score pairs, best first")?;
        writeln!(f, "game {}", self.game)?;
        writeln!(f, "margin {}", self.margin)?;
        f.write_str(&self.position_lines())?;
        writeln!(f, "end {} {:016x}", self.len(), self.checksum())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Book {
        let mut book = Book::new("russian");
        book.insert(
            0x3f2c_9a1b_4d5e_6f70,
            vec![
                BookMove { text: "c3-d4".to_owned(), score: 12 },
                BookMove { text: "e3-f4".to_owned(), score: 5 },
            ],
        );
        book.insert(0x0000_0000_0000_00ab, vec![BookMove { text: "a3-b4".to_owned(), score: -3 }]);
        book
    }

    #[test]
    fn a_written_book_ends_with_its_count_and_check_and_reads_back() {
        let text = sample().to_string();
        assert!(text.lines().last().unwrap().starts_with("end 2 "), "{text}");
        assert_eq!(text.parse::<Book>().unwrap(), sample());
    }

    #[test]
    fn a_book_cut_short_is_refused_naming_the_missing_end_line() {
        let text = sample().to_string();
        let lines: Vec<&str> = text.lines().collect();
        // Cut between lines (a position lost) and inside the last position line.
        let between = lines[..lines.len() - 2].join("\n") + "\n";
        let error = between.parse::<Book>().unwrap_err();
        assert!(error.reason.contains("no 'end' line"), "{error}");
        let inside = &text[..text.len() - lines.last().unwrap().len() - 4];
        assert!(inside.parse::<Book>().is_err());
        // A journal has no end line yet: read as unsealed, it is the book so far.
        assert_eq!(Book::read_unsealed(&between).unwrap().len(), 1);
    }

    #[test]
    fn a_books_margin_reads_back_and_defaults_when_the_line_is_absent() {
        let wide = sample().with_margin(30);
        let text = wide.to_string();
        assert!(text.contains("\nmargin 30\n"), "{text}");
        assert_eq!(text.parse::<Book>().unwrap().margin(), 30);
        // A book written before the line existed (the shipped ones) plays within BOOK_MARGIN.
        let without: String =
            text.lines().filter(|l| !l.starts_with("margin")).map(|l| format!("{l}\n")).collect();
        assert_eq!(without.parse::<Book>().unwrap().margin(), BOOK_MARGIN);
        assert_eq!(without.parse::<Book>().unwrap(), sample());
        assert_eq!(Book::default().margin(), BOOK_MARGIN);
    }

    #[test]
    fn a_misplaced_or_malformed_margin_line_is_refused() {
        let text = sample().to_string();
        let cases = [
            (text.replace("margin 10\n", "margin -5\n"), "'-5' is not a margin"),
            (text.replace("margin 10\n", "margin ten\n"), "'ten' is not a margin"),
            (text.replace("margin 10\n", "margin 10 20\n"), "takes one number"),
            (text.replace("margin 10\n", "margin\n"), "takes one number"),
            (
                text.replace("game russian\nmargin 10\n", "margin 10\ngame russian\n"),
                "before the 'game' line",
            ),
            (text.replace("margin 10\n", "").replace("\nend ", "\nmargin 10\nend "), "after a position"),
        ];
        for (bad, expected) in cases {
            let error = bad.parse::<Book>().unwrap_err();
            assert!(error.reason.contains(expected), "{bad}: {error}");
        }
    }

    #[test]
    fn a_changed_or_dropped_position_line_is_refused_by_the_end_line() {
        let text = sample().to_string();
        let changed = text.replace("c3-d4 12", "c3-d4 13");
        let error = changed.parse::<Book>().unwrap_err();
        assert!(error.reason.contains("does not match"), "{error}");
        let dropped: String =
            text.lines().filter(|l| !l.starts_with("00000000000000ab")).map(|l| format!("{l}\n")).collect();
        let error = dropped.parse::<Book>().unwrap_err();
        assert!(error.reason.contains("says 2 positions, the book has 1"), "{error}");
        let after = format!("{text}00000000000000cd a3-b4 1\n");
        assert!(after.parse::<Book>().unwrap_err().reason.contains("after the 'end' line"));
    }
}
