//! Game records as PDN (Portable Draughts Notation) text, read and written
//! for every game.
//!
//! The draughts rule sets are written as PDN proper, with their `GameType`
//! ([`Presentation::PDN_GAME_TYPE`]); the other games use the same layout, tag pairs
//! then numbered moves, in their own move notation, with a `Game` tag naming
//! them. What is read:
//!
//! - tag pairs `[Name "value"]` (`\"` and `\\` escaped inside the value);
//! - move numbers (`1.`, `1...`, also glued to the move: `1.c3-d4`), moves,
//!   move strength marks (`!`, `?`) and NAGs (`$3`), which are dropped;
//! - comments `{...}` and `;` to the end of the line, variations `(...)`
//!   (nested), and `%` escape lines, all skipped;
//! - results `1-0`, `0-1`, `1/2-1/2`, the draughts forms `2-0`, `0-2`,
//!   `1-1`, and `*` / `0-0` (unknown);
//! - many games in one text: a game ends at its result, or where the next
//!   game's tags begin.
//!
//! A game starts from its `FEN` tag when there is one, else from the
//! game's start; every move is checked as it is replayed. What is written:
//! the seven standard tags (`Event`, `Site`, `Date`, `Round`, `White`,
//! `Black`, `Result`), `GameType` or `Game`, `SetUp "1"` and `FEN` only
//! when the game does not begin at the standard start, then the other tags,
//! then the moves numbered in pairs from the side that moved first. Draughts
//! captures are written with PDN's `x` (`c3xe5xc7`, where the game's own
//! notation says `c3:e5:c7`); the reader takes either.
//!
//! Reading what was written gives the same games back: the same start, the
//! same moves, the same result and tags.

use core::fmt;

use crate::{Game, GameRecord, Outcome, Presentation};

/// One game of a PDN text: its tags in order, the moves replayed into a
/// record, and the result it gives (`None` for `*` or none).
#[derive(Clone, Debug)]
pub struct PdnGame<G: Game> {
    /// The tag pairs in the order read (or set).
    pub tags: Vec<(String, String)>,
    /// The game: its start and every move.
    pub record: GameRecord<G>,
    /// The result, from the result after the moves (or else the `Result` tag).
    pub result: Option<Outcome>,
}

impl<G: Game> PdnGame<G> {
    /// A game with no tags and no result yet.
    pub fn new(record: GameRecord<G>) -> PdnGame<G> {
        PdnGame { tags: Vec::new(), record, result: None }
    }

    /// The value of tag `name` (case-sensitive, as PDN has it).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, replacing an earlier value in its place.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(slot) => slot.1 = value,
            None => self.tags.push((name.to_owned(), value)),
        }
    }
}

/// Where and why a PDN text was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// Which game of the text, from 1.
    pub game: usize,
    /// What is wrong.
    pub kind: PdnErrorKind,
}

/// What is wrong in a PDN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdnErrorKind {
    /// A `[` tag without its closing `]` (or its quoted value) on the line.
    MalformedTag,
    /// A `{` comment that never ends.
    UnterminatedComment,
    /// A `(` variation that never ends.
    UnterminatedVariation,
    /// A `)` with no variation open.
    UnexpectedParenthesis,
    /// The `GameType` tag names another rule set.
    WrongGameType {
        /// The tag's value.
        found: String,
        /// This game's number, if PDN has one.
        expected: Option<u32>,
    },
    /// The `Game` tag names another game.
    WrongGame {
        /// The tag's value.
        found: String,
    },
    /// The `FEN` tag is not a position of this game.
    BadFen {
        /// The game's own message.
        message: String,
    },
    /// A move that is malformed or not legal where it stands.
    IllegalMove {
        /// The move as written.
        text: String,
        /// Its ply in the game, from 1.
        ply: usize,
        /// The game's own message.
        message: String,
    },
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PDN line {}, column {} (game {}): ", self.line, self.column, self.game)?;
        match &self.kind {
            PdnErrorKind::MalformedTag => f.write_str("a tag must read [Name \"value\"] on one line"),
            PdnErrorKind::UnterminatedComment => f.write_str("a comment '{' is never closed"),
            PdnErrorKind::UnterminatedVariation => f.write_str("a variation '(' is never closed"),
            PdnErrorKind::UnexpectedParenthesis => f.write_str("')' closes no variation"),
            PdnErrorKind::WrongGameType { found, expected: Some(n) } => {
                write!(f, "GameType \"{found}\" is another rule set (this one is {n})")
            }
            PdnErrorKind::WrongGameType { found, expected: None } => {
                write!(f, "GameType \"{found}\" is another game (this one has no PDN number)")
            }
            PdnErrorKind::WrongGame { found } => write!(f, "the game is \"{found}\", not the one asked for"),
            PdnErrorKind::BadFen { message } => write!(f, "bad FEN tag: {message}"),
            PdnErrorKind::IllegalMove { text, ply, message } => {
                write!(f, "move {} ('{text}', ply {ply}): {message}", ply.div_ceil(2))
            }
        }
    }
}

impl std::error::Error for PdnError {}

/// One piece of PDN text, with where it starts.
#[derive(Debug)]
enum Token<'a> {
    Tag(String, String),
    Word(&'a str),
}

/// Characters with their line and column.
struct Cursor<'a> {
    text: &'a str,
    chars: core::iter::Peekable<core::str::CharIndices<'a>>,
    line: usize,
    column: usize,
    at_line_start: bool,
}

impl<'a> Cursor<'a> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    fn offset(&mut self) -> usize {
        self.chars.peek().map_or(self.text.len(), |&(i, _)| i)
    }

    fn next(&mut self) -> Option<char> {
        let (_, c) = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
            self.at_line_start = true;
        } else {
            self.column += 1;
            self.at_line_start = false;
        }
        Some(c)
    }

    /// Skips to the end of the line (the newline stays).
    fn skip_line(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.next();
        }
    }

    /// Skips a `{` comment after its `{`; `false` if it never ends.
    fn skip_comment(&mut self) -> bool {
        loop {
            match self.next() {
                None => return false,
                Some('}') => return true,
                Some(_) => {}
            }
        }
    }
}

type TokenError = (usize, usize, PdnErrorKind);

/// Splits PDN text into tags and words, skipping comments, variations and
/// escapes; positions are `(line, column)` from 1.
fn tokenize(text: &str) -> Result<Vec<(Token<'_>, usize, usize)>, TokenError> {
    let mut tokens = Vec::new();
    let mut cursor =
        Cursor { text, chars: text.char_indices().peekable(), line: 1, column: 1, at_line_start: true };
    while let Some(c) = cursor.peek() {
        let (line, column) = (cursor.line, cursor.column);
        match c {
            '%' if cursor.at_line_start => cursor.skip_line(),
            ';' => cursor.skip_line(),
            '{' => {
                cursor.next();
                if !cursor.skip_comment() {
                    return Err((line, column, PdnErrorKind::UnterminatedComment));
                }
            }
            '(' => {
                cursor.next();
                let mut depth = 1usize;
                while depth > 0 {
                    match cursor.next() {
                        None => return Err((line, column, PdnErrorKind::UnterminatedVariation)),
                        Some('(') => depth += 1,
                        Some(')') => depth -= 1,
                        Some('{') if !cursor.skip_comment() => {
                            return Err((line, column, PdnErrorKind::UnterminatedComment));
                        }
                        Some(_) => {}
                    }
                }
            }
            ')' => return Err((line, column, PdnErrorKind::UnexpectedParenthesis)),
            '[' => {
                cursor.next();
                let (name, value) =
                    read_tag(&mut cursor).ok_or((line, column, PdnErrorKind::MalformedTag))?;
                tokens.push((Token::Tag(name, value), line, column));
            }
            c if c.is_whitespace() => {
                cursor.next();
            }
            _ => {
                let begin = cursor.offset();
                while cursor
                    .peek()
                    .is_some_and(|c| !c.is_whitespace() && !matches!(c, '{' | '(' | ')' | '[' | ';'))
                {
                    cursor.next();
                }
                let end = cursor.offset();
                tokens.push((Token::Word(&text[begin..end]), line, column));
            }
        }
    }
    Ok(tokens)
}

/// Reads `Name "value"]` after a `[`, on one line.
fn read_tag(cursor: &mut Cursor<'_>) -> Option<(String, String)> {
    let mut next = || cursor.next().filter(|&c| c != '\n');
    let mut name = String::new();
    let mut c = next()?;
    while c == ' ' || c == '\t' {
        c = next()?;
    }
    while c.is_alphanumeric() || c == '_' {
        name.push(c);
        c = next()?;
    }
    while c == ' ' || c == '\t' {
        c = next()?;
    }
    if name.is_empty() || c != '"' {
        return None;
    }
    let mut value = String::new();
    loop {
        match next()? {
            '\\' => value.push(next()?),
            '"' => break,
            c => value.push(c),
        }
    }
    loop {
        match next()? {
            ']' => return Some((name, value)),
            ' ' | '\t' => {}
            _ => return None,
        }
    }
}

/// A result word's outcome: `Some(None)` for an unknown result.
fn result_of(word: &str) -> Option<Option<Outcome>> {
    use crate::Color::{Black, White};
    Some(match word {
        "1-0" | "2-0" => Some(Outcome::Win(White)),
        "0-1" | "0-2" => Some(Outcome::Win(Black)),
        "1/2-1/2" | "1-1" => Some(Outcome::Draw),
        "*" | "0-0" => None,
        _ => return None,
    })
}

/// The move in a word, without a move number in front or marks behind;
/// empty for a bare move number or a NAG.
fn move_text(word: &str) -> &str {
    if word.starts_with('$') {
        return "";
    }
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    let rest = if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word.trim_start_matches('.')
    };
    rest.trim_end_matches(['!', '?'])
}

/// Reads every game of a PDN text, replaying each move under `rules`.
///
/// # Errors
/// [`PdnError`] with the line and column of the first problem: malformed
/// tags, unclosed comments or variations, a `GameType` or `Game` tag of
/// another game, a bad `FEN`, or a move that is not legal where it stands.
pub fn read_pdn<G: Presentation>(text: &str, rules: G::Rules) -> Result<Vec<PdnGame<G>>, PdnError> {
    let tokens = tokenize(text).map_err(|(line, column, kind)| PdnError { line, column, game: 1, kind })?;
    let mut games = Vec::new();
    let mut tags: Vec<(String, String, usize, usize)> = Vec::new();
    let mut current: Option<PdnGame<G>> = None;
    for (token, line, column) in tokens {
        let number = games.len() + 1;
        let error = |kind| PdnError { line, column, game: number, kind };
        match token {
            Token::Tag(name, value) => {
                if let Some(game) = current.take() {
                    games.push(game);
                }
                tags.push((name, value, line, column));
            }
            Token::Word(word) => {
                if current.is_none() {
                    current = Some(begin_game(&tags, rules, games.len() + 1)?);
                    tags.clear();
                }
                let game = current.as_mut().expect("a game was begun");
                if let Some(result) = result_of(word) {
                    game.result = result;
                    games.push(current.take().expect("a game was begun"));
                    continue;
                }
                let text = move_text(word);
                if text.is_empty() {
                    continue;
                }
                let ply = game.record.moves().len() + 1;
                if let Err(e) = game.record.try_play(text) {
                    return Err(error(PdnErrorKind::IllegalMove {
                        text: text.to_owned(),
                        ply,
                        message: e.to_string(),
                    }));
                }
            }
        }
    }
    if let Some(game) = current.take() {
        games.push(game);
    } else if !tags.is_empty() {
        // Tags with no moves after them: a game that ends at its start.
        games.push(begin_game(&tags, rules, games.len() + 1)?);
    }
    Ok(games)
}

/// A game from its tags: checks the game named and sets up the start.
fn begin_game<G: Presentation>(
    tags: &[(String, String, usize, usize)],
    rules: G::Rules,
    number: usize,
) -> Result<PdnGame<G>, PdnError> {
    let mut start = G::start(rules);
    for (name, value, line, column) in tags {
        let error = |kind| PdnError { line: *line, column: *column, game: number, kind };
        match name.as_str() {
            "GameType" => {
                let found = value.split(',').next().unwrap_or("").trim().parse::<u32>().ok();
                if found != G::PDN_GAME_TYPE {
                    return Err(error(PdnErrorKind::WrongGameType {
                        found: value.clone(),
                        expected: G::PDN_GAME_TYPE,
                    }));
                }
            }
            "Game" if !value.eq_ignore_ascii_case(G::NAME) => {
                return Err(error(PdnErrorKind::WrongGame { found: value.clone() }));
            }
            "FEN" => {
                start = G::from_fen(value, rules)
                    .map_err(|e| error(PdnErrorKind::BadFen { message: e.to_string() }))?;
            }
            _ => {}
        }
    }
    let mut game = PdnGame::new(GameRecord::new(start));
    game.tags = tags.iter().map(|(n, v, _, _)| (n.clone(), v.clone())).collect();
    game.result = game.tag("Result").and_then(result_of).flatten();
    Ok(game)
}

/// The tags PDN wants in every game, in order, and the value of an unknown one.
const SEVEN_TAGS: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Tags the writer computes from the game itself.
const COMPUTED_TAGS: [&str; 4] = ["GameType", "Game", "SetUp", "FEN"];

/// Writes one game as PDN text, ending in a blank line (so games written
/// one after another make a file of many games).
///
/// The `Result` tag and the result after the moves come from
/// [`PdnGame::result`]; `GameType` (or `Game`), `SetUp` and `FEN` from the
/// game; other tags are written as given.
pub fn write_pdn<G: Presentation>(game: &PdnGame<G>) -> String {
    let mut out = String::new();
    let result = game.result.map_or("*", Outcome::result_text);
    let mut tag = |name: &str, value: &str| {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        for c in value.chars() {
            if matches!(c, '"' | '\\') {
                out.push('\\');
            }
            if c != '\n' {
                out.push(c);
            }
        }
        out.push_str("\"]\n");
    };
    for (name, unknown) in SEVEN_TAGS {
        let value = if name == "Result" { result } else { game.tag(name).unwrap_or(unknown) };
        tag(name, value);
    }
    match G::PDN_GAME_TYPE {
        Some(number) => tag("GameType", &number.to_string()),
        None => tag("Game", G::NAME),
    }
    let start = game.record.start();
    let standard = G::start(start.rules());
    if *start != standard {
        tag("SetUp", "1");
        tag("FEN", &start.fen());
    }
    for (name, value) in &game.tags {
        if !SEVEN_TAGS.iter().any(|(n, _)| n == name) && !COMPUTED_TAGS.contains(&name.as_str()) {
            tag(name, value);
        }
    }
    out.push('\n');
    // Moves are numbered in pairs from the side that moves first in this game.
    let first = standard.side_to_move();
    let mut pair = 1;
    let mut words: Vec<String> = Vec::new();
    let positions = game.record.positions();
    for (ply, mut text) in game.record.move_texts().into_iter().enumerate() {
        if G::PDN_GAME_TYPE.is_some() {
            // PDN separates captured-path squares with `x` in every rule set;
            // readers such as pydraughts take no other capture mark.
            text = text.replace(':', "x");
        }
        let side = positions[ply].side_to_move();
        if ply == 0 && side != first {
            words.push(format!("{pair}..."));
        } else if side == first {
            if ply > 0 {
                pair += 1;
            }
            words.push(format!("{pair}."));
        }
        words.push(text);
    }
    words.push(result.to_owned());
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// A `Date` tag value, `YYYY.MM.DD` (UTC), for a time given as seconds since
/// the Unix epoch.
pub fn pdn_date(unix_seconds: u64) -> String {
    // Days to the civil date (Howard Hinnant's algorithm, proleptic Gregorian).
    let days = (unix_seconds / 86_400) as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}.{month:02}.{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil_dates() {
        assert_eq!(pdn_date(0), "1970.01.01");
        assert_eq!(pdn_date(951_782_400), "2000.02.29");
        assert_eq!(pdn_date(1_767_225_599), "2025.12.31");
    }

    #[test]
    fn words_lose_numbers_and_marks() {
        assert_eq!(move_text("1."), "");
        assert_eq!(move_text("12..."), "");
        assert_eq!(move_text("1.c3-d4!"), "c3-d4");
        assert_eq!(move_text("9-13?!"), "9-13");
        assert_eq!(move_text("$4"), "");
        assert_eq!(result_of("2-0"), Some(Some(Outcome::Win(crate::Color::White))));
        assert_eq!(result_of("*"), Some(None));
        assert_eq!(result_of("9-13"), None);
    }

    #[test]
    fn tokens_skip_comments_and_variations_and_know_their_place() {
        let text = "[Event \"a \\\"b\\\"\"]\n1. c3-d4 {a (comment} (1. a3-b4 (1. e3-f4) {x}) f6-g5 ; rest\n% escape\n*";
        let tokens = tokenize(text).unwrap();
        let words: Vec<String> = tokens
            .iter()
            .map(|(t, l, c)| match t {
                Token::Tag(n, v) => format!("{n}={v}@{l}:{c}"),
                Token::Word(w) => format!("{w}@{l}:{c}"),
            })
            .collect();
        assert_eq!(words, ["Event=a \"b\"@1:1", "1.@2:1", "c3-d4@2:4", "f6-g5@2:49", "*@4:1"]);
        assert_eq!(tokenize("1. a3 { open").unwrap_err(), (1, 7, PdnErrorKind::UnterminatedComment));
        assert_eq!(tokenize("\n (1. a3").unwrap_err(), (2, 2, PdnErrorKind::UnterminatedVariation));
        assert_eq!(tokenize("a3 )").unwrap_err(), (1, 4, PdnErrorKind::UnexpectedParenthesis));
        assert_eq!(tokenize("[Event \"x\n\"]").unwrap_err(), (1, 1, PdnErrorKind::MalformedTag));
        assert_eq!(tokenize("[Event x]").unwrap_err(), (1, 1, PdnErrorKind::MalformedTag));
    }
}
