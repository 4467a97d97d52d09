//! Positions from seeded random games, each with its game's result: what
//! tests of evaluations and of fitting train and check on.

use crate::{Color, Game, MoveList};

/// Every position (before each move) of `games` random games from `start`
/// of at most 200 plies, each with the game's result for White (1, ½ or 0;
/// ½ for a game still going after 200 plies). Game `i` is seeded by
/// `seed ^ i`, so the same arguments give the same positions.
pub fn random_positions<G: Game>(start: G, games: u64, seed: u64) -> Vec<(G, f64)> {
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    for game in 0..games {
        let mut state = crate::splitmix64(seed ^ game).1;
        let mut position = start;
        let mut seen = Vec::new();
        for _ in 0..200 {
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            seen.push(position);
            let (next, random) = crate::splitmix64(state);
            state = next;
            position.play(moves[((u128::from(random) * moves.len() as u128) >> 64) as usize]);
        }
        let result = position.outcome().map_or(0.5, |outcome| outcome.score_for(Color::White));
        out.extend(seen.into_iter().map(|p| (p, result)));
    }
    out
}
