//! Perft suites as data, in one format for every game.
//!
//! One position per line: the FEN, then `;`-separated fields, each either
//! `depth count` (the number of leaf move sequences of that length) or, at
//! most once, `rules key=value,key=value` (rule options on top of the
//! suite's base rules). Blank lines and lines starting with `#` are ignored.
//!
//! ```text
//! # Russian start: published counts.
//! W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8; 1 7; 2 49; 3 302
//! 8/8/8/8/8/1b6/b1b5/wb6 w; rules end_when_stuck=true; 1 1; 2 0
//! ```

use crate::{Game, RuleSet};

/// One line of a perft suite.
#[derive(Clone, Debug)]
pub struct PerftCase<G: Game> {
    /// The line number in the file, from 1.
    pub line: usize,
    /// The position text as written.
    pub fen: String,
    /// The base rules with the line's `rules` field applied.
    pub rules: G::Rules,
    /// The position, read under those rules.
    pub position: G,
    /// `(depth, count)` pairs in file order.
    pub counts: Vec<(u32, u64)>,
}

/// Reads a perft suite (see the [module docs](self)), each position under
/// `base` plus its line's `rules` field.
///
/// # Panics
/// On a malformed line, naming its number: a suite is test data.
pub fn read_perft_suite<G: Game>(data: &str, base: G::Rules) -> Vec<PerftCase<G>> {
    let mut cases = Vec::new();
    for (index, raw) in data.lines().enumerate() {
        let line = index + 1;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let mut fields = text.split(';').map(str::trim);
        let fen = fields.next().unwrap_or_default().to_owned();
        let mut rules = base;
        let mut counts = Vec::new();
        for field in fields {
            if let Some(options) = field.strip_prefix("rules ") {
                rules = rules
                    .with_options(options.split(',').map(str::trim))
                    .unwrap_or_else(|e| panic!("perft line {line}: {e}"));
                continue;
            }
            let parsed = field
                .split_once(' ')
                .and_then(|(depth, count)| Some((depth.trim().parse().ok()?, count.trim().parse().ok()?)));
            let Some(pair) = parsed else {
                panic!("perft line {line}: '{field}' is neither `depth count` nor `rules key=value,...`");
            };
            counts.push(pair);
        }
        let position = G::from_fen(&fen, rules).unwrap_or_else(|e| panic!("perft line {line}: {e}"));
        cases.push(PerftCase { line, fen, rules, position, counts });
    }
    cases
}

/// Checks every `(depth, count)` of `cases` that `include` selects with
/// `perft` (the caller's counter: plain, bulk or parallel); returns how many
/// were checked, so a caller can assert that the suite really ran.
///
/// # Panics
/// On the first count that differs, naming the line, the FEN and the depth.
pub fn run_perft_suite<G: Game>(
    cases: &[PerftCase<G>],
    include: impl Fn(u32, u64) -> bool,
    perft: impl Fn(&G, u32) -> u64,
) -> usize {
    let mut checked = 0;
    for case in cases {
        for &(depth, count) in &case.counts {
            if include(depth, count) {
                assert_eq!(
                    perft(&case.position, depth),
                    count,
                    "perft line {}: {} at depth {depth}",
                    case.line,
                    case.fen
                );
                checked += 1;
            }
        }
    }
    checked
}
