//! Test suites: positions whose best moves are known, and how an engine
//! does on them (`damero suite`).
//!
//! # The file format
//! Plain text, one position a line, EPD-like; `#` starts a comment line and
//! blank lines are ignored. A `game` line names the game first:
//!
//! ```text
//! # the man on d4 would be taken by the one on e5
//! game russian
//! W:Wc3:Be5; bm c3-b4; id "safe step"; c "c3-d4 loses the man"
//! W:Wc3,e3:Bd4,h8; bm c3xe5 e3xc5; id "either capture"
//! ```
//!
//! A position line is the FEN, then `;`-separated fields:
//! - `bm MOVE...` (required): the moves that solve it, in the game's
//!   notation, separated by spaces or commas: the only winning move, or
//!   every move that keeps the exact value (every drawing move of a drawn
//!   position that has losing ones);
//! - `id "NAME"` (optional, default `line N`): what the report calls it;
//! - `c "TEXT"` (optional): a comment, such as the database's distance.
//!
//! Every FEN and every `bm` move is checked before any search: a suite
//! with an illegal move is refused naming its line.
//!
//! # Solved, and nodes to solution
//! A position is solved when the engine's move is one of `bm`. Its nodes
//! (and time) to solution are those of the first progress report from
//! which the principal variation's first move is in `bm` until the end of
//! the search: the effort the engine needed to find the move and keep it.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use damero_core::{Evaluator, GameRecord};

use crate::{Engine, EngineGame, EngineSpec, SpecError};

/// The suites shipped with the engine layer, by name (the files are in
/// `crates/engine/suites/`; how they were made: docs/strength.md).
pub const SHIPPED: &[(&str, &str)] = &[
    ("russian-egdb", include_str!("../suites/russian-egdb.suite")),
    ("english-egdb", include_str!("../suites/english-egdb.suite")),
    ("russian-shots", include_str!("../suites/russian-shots.suite")),
    ("english-shots", include_str!("../suites/english-shots.suite")),
];

/// One position of a suite, as read (its FEN and moves checked by
/// [`Suite::check`] against a game).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuitePosition {
    /// The line of the file, from 1.
    pub line: usize,
    /// The position.
    pub fen: String,
    /// The moves that solve it, in the game's notation.
    pub best: Vec<String>,
    /// Its name in reports.
    pub id: String,
    /// A comment, if the line has one.
    pub comment: Option<String>,
}

/// A test suite: the game and its positions (see the [module
/// documentation](self) for the file format).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suite {
    /// The game id of the `game` line.
    pub game: String,
    /// The positions, in the file's order.
    pub positions: Vec<SuitePosition>,
}

/// Why a suite was refused: the line (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuiteError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for SuiteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "suite line {}: {}", self.line, self.reason)
    }
}

impl std::error::Error for SuiteError {}

/// The `;`-separated fields of a line, a `;` inside double quotes kept.
fn fields(line: &str) -> Vec<&str> {
    let mut fields = Vec::new();
    let (mut start, mut quoted) = (0, false);
    for (at, c) in line.char_indices() {
        match c {
            '"' => quoted = !quoted,
            ';' if !quoted => {
                fields.push(&line[start..at]);
                start = at + 1;
            }
            _ => {}
        }
    }
    fields.push(&line[start..]);
    fields
}

/// A field's value without the quotes around it, if it has them.
fn unquote(text: &str) -> &str {
    let text = text.trim();
    text.strip_prefix('"').and_then(|t| t.strip_suffix('"')).unwrap_or(text)
}

impl FromStr for Suite {
    type Err = SuiteError;

    fn from_str(text: &str) -> Result<Suite, SuiteError> {
        let mut game: Option<String> = None;
        let mut positions = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let number = index + 1;
            let error = |reason: String| SuiteError { line: number, reason };
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(name) = line.strip_prefix("game ") {
                if game.is_some() {
                    return Err(error("a second 'game' line".to_owned()));
                }
                game = Some(name.trim().to_owned());
                continue;
            }
            if game.is_none() {
                return Err(error("a position before the 'game' line".to_owned()));
            }
            let mut fields = fields(line).into_iter();
            let fen = fields.next().unwrap_or_default().trim().to_owned();
            if fen.is_empty() {
                return Err(error("no FEN before the first ';'".to_owned()));
            }
            let (mut best, mut id, mut comment) = (None, None, None);
            for field in fields.map(str::trim).filter(|f| !f.is_empty()) {
                let (key, value) = field.split_once(char::is_whitespace).unwrap_or((field, ""));
                let slot = match key {
                    "bm" => {
                        let moves: Vec<String> =
                            value.split([' ', ',']).filter(|m| !m.is_empty()).map(str::to_owned).collect();
                        if moves.is_empty() {
                            return Err(error("'bm' needs at least one move".to_owned()));
                        }
                        best.replace(moves).is_some()
                    }
                    "id" => id.replace(unquote(value).to_owned()).is_some(),
                    "c" => comment.replace(unquote(value).to_owned()).is_some(),
                    other => return Err(error(format!("unknown field '{other}' (bm, id or c)"))),
                };
                if slot {
                    return Err(error(format!("a second '{key}' field")));
                }
            }
            let best = best.ok_or_else(|| error("no 'bm' field (the moves that solve it)".to_owned()))?;
            positions.push(SuitePosition {
                line: number,
                fen,
                best,
                id: id.unwrap_or_else(|| format!("line {number}")),
                comment,
            });
        }
        let game = game.ok_or(SuiteError { line: 1, reason: "no 'game' line".to_owned() })?;
        Ok(Suite { game, positions })
    }
}

impl fmt::Display for Suite {
    /// The file format (see the module documentation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "game {}", self.game)?;
        for position in &self.positions {
            // A double quote inside a quoted value would end it early.
            let id = position.id.replace('"', "'");
            write!(f, "{}; bm {}; id \"{id}\"", position.fen, position.best.join(" "))?;
            match &position.comment {
                Some(comment) => writeln!(f, "; c \"{}\"", comment.replace('"', "'"))?,
                None => writeln!(f)?,
            }
        }
        Ok(())
    }
}

/// A suite position read for game `G`: the position and its solving moves.
#[derive(Clone, Debug)]
pub struct CheckedPosition<G: EngineGame> {
    /// The position.
    pub position: G,
    /// The moves that solve it.
    pub best: Vec<G::Move>,
}

impl Suite {
    /// Reads every FEN and every `bm` move for game `G` (its default rules).
    ///
    /// # Errors
    /// [`SuiteError`] naming the line of the first FEN that does not read,
    /// or `bm` move that is not legal there.
    pub fn check<G: EngineGame>(&self) -> Result<Vec<CheckedPosition<G>>, SuiteError> {
        if self.game != G::NAME {
            return Err(SuiteError {
                line: 1,
                reason: format!("a suite for {}, not {}", self.game, G::NAME),
            });
        }
        self.positions
            .iter()
            .map(|entry| {
                let error = |reason: String| SuiteError { line: entry.line, reason };
                let position = G::from_fen(&entry.fen, Default::default())
                    .map_err(|e| error(format!("bad FEN: {e}")))?;
                if position.outcome().is_some() {
                    return Err(error("the game is over in this position".to_owned()));
                }
                let best = entry
                    .best
                    .iter()
                    .map(|text| position.parse_move(text).map_err(|e| error(format!("bm {text}: {e}"))))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(CheckedPosition { position, best })
            })
            .collect()
    }
}

/// How the engine did on one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionResult {
    /// The position's id.
    pub id: String,
    /// Whether the engine's move is one of the solving moves.
    pub solved: bool,
    /// The engine's move, in the game's notation (`None`: it found none).
    pub played: Option<String>,
    /// Nodes and time to solution (see the [module documentation](self)),
    /// when solved.
    pub to_solution: Option<(u64, Duration)>,
    /// Nodes of the whole search.
    pub nodes: u64,
    /// Time of the whole search.
    pub time: Duration,
    /// The last completed depth.
    pub depth: u32,
}

/// A whole suite's results.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SuiteReport {
    /// One result a position, in the suite's order.
    pub results: Vec<PositionResult>,
}

impl SuiteReport {
    /// Positions solved.
    pub fn solved(&self) -> usize {
        self.results.iter().filter(|r| r.solved).count()
    }

    /// The share solved, in percent (0 for an empty suite).
    pub fn solved_percent(&self) -> f64 {
        if self.results.is_empty() { 0.0 } else { 100.0 * self.solved() as f64 / self.results.len() as f64 }
    }

    /// Nodes of all the searches.
    pub fn nodes(&self) -> u64 {
        self.results.iter().map(|r| r.nodes).sum()
    }

    /// Time of all the searches.
    pub fn time(&self) -> Duration {
        self.results.iter().map(|r| r.time).sum()
    }

    /// The median nodes to solution of the solved positions.
    pub fn median_nodes_to_solution(&self) -> Option<u64> {
        let mut nodes: Vec<u64> = self.results.iter().filter_map(|r| r.to_solution.map(|s| s.0)).collect();
        nodes.sort_unstable();
        nodes.get(nodes.len() / 2).copied()
    }
}

/// Runs the engine of `spec` on every position of `suite` (one engine,
/// [reset](Engine::reset) before each position so that each result depends
/// on its position alone), calling `on_result` after each.
///
/// # Errors
/// A [`SuiteError`] for a position or move that does not read (before any
/// search), or a [`SpecError`] for a spec the game refuses, as a
/// [`SuiteRunError`].
pub fn run_suite<G: EngineGame, E: Evaluator<G>>(
    suite: &Suite,
    spec: &EngineSpec,
    evaluator: E,
    mut on_result: impl FnMut(&SuitePosition, &PositionResult),
) -> Result<SuiteReport, SuiteRunError> {
    let checked = suite.check::<G>().map_err(SuiteRunError::Suite)?;
    let mut engine = Engine::try_new(spec, evaluator).map_err(SuiteRunError::Spec)?;
    let mut report = SuiteReport::default();
    for (entry, checked) in suite.positions.iter().zip(&checked) {
        engine.reset();
        let record = GameRecord::new(checked.position);
        // The report from which the PV's first move has been a solving one.
        let mut since: Option<(u64, Duration)> = None;
        let result = engine.think(&record, |info| {
            let good = info.pv.first().is_some_and(|mv| checked.best.contains(mv));
            since = match (good, since) {
                (true, None) => Some((info.nodes, info.time)),
                (true, kept) => kept,
                (false, _) => None,
            };
        });
        let solved = result.best_move.is_some_and(|mv| checked.best.contains(&mv));
        let to_solution = solved.then(|| since.unwrap_or((result.nodes, result.time)));
        let outcome = PositionResult {
            id: entry.id.clone(),
            solved,
            played: result.best_move.map(|mv| checked.position.format_move(mv)),
            to_solution,
            nodes: result.nodes,
            time: result.time,
            depth: result.depth,
        };
        on_result(entry, &outcome);
        report.results.push(outcome);
    }
    Ok(report)
}

/// Why [`run_suite`] could not run.
#[derive(Debug)]
pub enum SuiteRunError {
    /// A position or move of the suite does not read.
    Suite(SuiteError),
    /// The engine spec is refused.
    Spec(SpecError),
}

impl fmt::Display for SuiteRunError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SuiteRunError::Suite(e) => e.fmt(f),
            SuiteRunError::Spec(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for SuiteRunError {}

#[cfg(test)]
mod tests {
    use super::*;
    use damero_draughts::Russian;
    use damero_eval::DraughtsEvaluator;

    const SUITE: &str = "# two shots\ngame russian\n\
        W:Wc3,e3:Bd4,h8; bm c3xe5, e3xc5; id \"either capture\"\n\
        W:Wa1,c3:Bf6,h8; bm c3-d4; c \"a comment; not a field\"\n";

    #[test]
    fn a_suite_reads_its_fields_and_writes_back_the_same_suite() {
        let suite: Suite = SUITE.parse().unwrap();
        assert_eq!(suite.game, "russian");
        assert_eq!(suite.positions.len(), 2);
        assert_eq!(suite.positions[0].best, ["c3xe5", "e3xc5"]);
        assert_eq!(suite.positions[0].id, "either capture");
        assert_eq!(suite.positions[1].id, "line 4");
        let again: Suite = suite.to_string().parse().unwrap();
        assert_eq!(
            again.positions.iter().map(|p| &p.best).collect::<Vec<_>>(),
            suite.positions.iter().map(|p| &p.best).collect::<Vec<_>>()
        );
    }

    #[test]
    fn the_shipped_suites_read_for_their_games_with_300_positions_each() {
        for (name, text) in SHIPPED {
            let suite: Suite = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(suite.positions.len() >= 300, "{name}: {}", suite.positions.len());
            let checked = match suite.game.as_str() {
                "russian" => suite.check::<Russian>().map(|c| c.len()),
                "english" => suite.check::<damero_draughts::English>().map(|c| c.len()),
                other => panic!("{name}: a suite for {other}"),
            };
            assert_eq!(checked, Ok(suite.positions.len()), "{name}");
        }
    }

    #[test]
    fn bad_suites_are_refused_naming_the_line() {
        for (text, line, needle) in [
            ("W:Wc3:Bh8; bm c3-d4\n", 1, "before the 'game' line"),
            ("game russian\nW:Wc3:Bh8; id x\n", 2, "no 'bm'"),
            ("game russian\nW:Wc3:Bh8; bm c3-d4; zz 1\n", 2, "unknown field 'zz'"),
            ("game russian\nW:Wc3:Bh8; bm c3-d4; bm c3-b4\n", 2, "a second 'bm'"),
            ("game russian\n; bm c3-d4\n", 2, "no FEN"),
            ("# nothing\n", 1, "no 'game' line"),
        ] {
            let error = text.parse::<Suite>().unwrap_err();
            assert_eq!(error.line, line, "{text}");
            assert!(error.reason.contains(needle), "{text}: {error}");
        }
        // Read, but not legal for the game: refused before any search.
        let illegal: Suite = "game russian\n\nW:Wc3:Bh8; bm c3-c4\n".parse().unwrap();
        let error = illegal.check::<Russian>().unwrap_err();
        assert_eq!(error.line, 3);
        assert!(error.reason.contains("bm c3-c4"), "{error}");
        let bad_fen: Suite = "game russian\nW:Wz9:Bh8; bm c3-d4\n".parse().unwrap();
        assert!(bad_fen.check::<Russian>().unwrap_err().reason.contains("bad FEN"));
        let english: Suite = SUITE.replace("russian", "english").parse().unwrap();
        assert!(english.check::<Russian>().unwrap_err().reason.contains("a suite for english"));
    }

    #[test]
    fn the_engine_solves_the_safe_move_and_not_the_blunder() {
        // White's man on c3 either steps to b4 (safe) or to d4, where the
        // black man on e5 takes it.
        let suite: Suite =
            "game russian\nW:Wc3:Be5; bm c3-b4; id safe\nW:Wc3:Be5; bm c3-d4; id blunder\n".parse().unwrap();
        let spec: EngineSpec = "alphabeta:depth=4".parse().unwrap();
        let mut seen = Vec::new();
        let report = run_suite::<Russian, _>(&suite, &spec, DraughtsEvaluator::default(), |entry, result| {
            seen.push((entry.id.clone(), result.solved, result.played.clone()));
        })
        .unwrap();
        assert_eq!(
            seen,
            [
                ("safe".to_owned(), true, Some("c3-b4".to_owned())),
                ("blunder".to_owned(), false, Some("c3-b4".to_owned())),
            ]
        );
        assert_eq!(report.solved(), 1);
        assert_eq!(report.solved_percent(), 50.0);
        let (nodes, _) = report.results[0].to_solution.unwrap();
        assert!(nodes >= 1 && nodes <= report.results[0].nodes);
        assert_eq!(report.results[1].to_solution, None);
        assert_eq!(report.median_nodes_to_solution(), Some(nodes));
        assert_eq!(report.nodes(), report.results[0].nodes + report.results[1].nodes);
    }
}
