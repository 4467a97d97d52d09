//! A plain fixed-depth negamax (no pruning, no table) with the same leaf and
//! draw rules as the engine: the oracle of the equality tests.

use std::cell::Cell;

use damero_core::{Evaluator, Game, MoveList, Outcome};
use damero_search::{INFINITY, MAX_PLY, WIN};

thread_local! {
    /// Repetition draws met by the reference (so tests can show they ran).
    pub static REPETITION_DRAWS: Cell<u64> = const { Cell::new(0) };
}

/// The value for the side to move of `root` at `depth` (quiescence as the
/// engine's when `quiescence`), `history` being the keys before the root.
pub fn negamax<G: Game, E: Evaluator<G>>(
    root: &G,
    history: &[u64],
    depth: i32,
    quiescence: bool,
    eval: &E,
) -> i32 {
    let mut hashes = history.to_vec();
    node(root, &mut hashes, history.len(), depth, 0, quiescence, eval)
}

fn outcome_score(o: Outcome, side: damero_core::Color, ply: usize) -> i32 {
    match o.winner() {
        None => 0,
        Some(w) if w == side => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
    }
}

fn node<G: Game, E: Evaluator<G>>(
    p: &G,
    hashes: &mut Vec<u64>,
    root: usize,
    depth: i32,
    ply: usize,
    q: bool,
    eval: &E,
) -> i32 {
    hashes.truncate(root + ply);
    hashes.push(p.zobrist());
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    if moves.is_empty() {
        return outcome_score(p.terminal_outcome(), p.side_to_move(), ply);
    }
    if ply > 0 {
        if p.rule_draw() {
            return 0;
        }
        if let Some(limit) = p.repetition_limit() {
            let idx = root + ply;
            let window = (p.reversible_plies() as usize).min(idx);
            let mut count = 1;
            for back in 1..=window {
                if hashes[idx - back] == hashes[idx] {
                    count += 1;
                    if idx - back >= root || count >= limit {
                        REPETITION_DRAWS.with(|c| c.set(c.get() + 1));
                        return 0;
                    }
                }
            }
        }
        if ply >= MAX_PLY - 1 {
            return eval.evaluate(p);
        }
    }
    let stand = depth <= 0 && eval.may_stand_pat(p);
    if depth <= 0 && !q {
        return eval.evaluate(p);
    }
    let mut best = if stand { eval.evaluate(p) } else { -INFINITY };
    for &mv in &moves {
        if stand && !eval.is_noisy(p, mv) {
            continue;
        }
        let mut child = *p;
        child.play(mv);
        let v = if child.side_to_move() == p.side_to_move() {
            node(&child, hashes, root, depth - 1, ply + 1, q, eval)
        } else {
            -node(&child, hashes, root, depth - 1, ply + 1, q, eval)
        };
        best = best.max(v);
    }
    best
}
