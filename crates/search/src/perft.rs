//! Perft: counting the leaves of the move tree, the standard check of a move
//! generator.

use damero_core::{Game, MoveList};
use rayon::prelude::*;

/// The number of move sequences of length `depth` from `position` (leaf
/// nodes), the last plies bulk-counted: [`Game::count_legal_moves`] for
/// depth 1, [`Game::count_two_plies`] for 2, and [`Game::count_three_plies`]
/// for 3 and for the last three plies of deeper trees. Draw rules never cut
/// the tree short; decided positions have no moves.
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        2 => position.count_two_plies(),
        3 => position.count_three_plies(),
        _ => {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            let mut total = 0;
            for &mv in &moves {
                let mut child = *position;
                child.play_board_only(mv);
                // Depth 4 counts the last three plies directly, without a
                // recursive call that would only match on depth.
                total += if depth == 4 { child.count_three_plies() } else { perft(&child, depth - 1) };
            }
            total
        }
    }
}

/// The leaf count below each root move, in move-generation order.
pub fn perft_divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play_board_only(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

/// [`perft`] split over `threads` worker threads (rayon), the tree cut a few
/// plies below the root so the work balances. `threads <= 1` runs on the
/// calling thread.
///
/// # Panics
/// If the thread pool cannot be built (the OS refuses threads).
pub fn perft_parallel<G: Game>(position: &G, depth: u32, threads: usize) -> u64 {
    if threads <= 1 || depth < 3 {
        return perft(position, depth);
    }
    let (positions, remaining) = frontier(position, depth);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool");
    pool.install(|| positions.par_iter().map(|p| perft(p, remaining)).sum())
}

/// The positions a few plies below `position` (one subtree each for the
/// worker threads: enough to keep every thread busy) and the depth left
/// below them, for a count of `depth` (at least 3).
pub(crate) fn frontier<G: Game>(position: &G, depth: u32) -> (Vec<G>, u32) {
    let split = if depth >= 6 { 2 } else { 1 };
    let mut frontier = vec![*position];
    for _ in 0..split {
        let mut next = Vec::new();
        let mut moves = MoveList::new();
        for p in &frontier {
            p.legal_moves(&mut moves);
            for &mv in &moves {
                // `play`, not `play_board_only`: hashed perft reads the keys.
                let mut child = *p;
                child.play(mv);
                next.push(child);
            }
        }
        frontier = next;
    }
    (frontier, depth - split)
}
