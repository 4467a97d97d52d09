//! Small games and a plain reference negamax for the search tests.
#![allow(dead_code)]

pub mod equality;
pub mod reference;
pub mod skirmish;
pub mod tictactoe;

use core::fmt;

/// The error type of the test games' parsers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError(pub String);

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TextError {}

/// Positions reached by `plies` random moves from `start` (seeded), skipping
/// decided ones; with the hashes of the positions before each.
pub fn random_positions<G: damero_core::Game>(
    start: G,
    count: usize,
    plies: usize,
    seed: u64,
) -> Vec<(G, Vec<u64>)> {
    let mut rng = damero_search::SeededRng::new(seed);
    let mut out = Vec::new();
    let mut moves = damero_core::MoveList::new();
    let mut attempts = 0;
    while out.len() < count && attempts < count * 20 {
        attempts += 1;
        let mut p = start;
        let mut history = Vec::new();
        let target = 1 + rng.below(plies);
        let mut ok = true;
        for _ in 0..target {
            p.legal_moves(&mut moves);
            if moves.is_empty() {
                ok = false;
                break;
            }
            history.push(p.zobrist());
            p.play(moves[rng.below(moves.len())]);
        }
        if ok && p.outcome().is_none() {
            out.push((p, history));
        }
    }
    out
}
