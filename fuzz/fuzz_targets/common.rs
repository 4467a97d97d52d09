//! Checks every `*_play` fuzz target shares.

use damero_core::{Game, MoveList};

/// Plays the move texts `lines` from `position`. A line `*N` plays the N-th
/// legal move instead, so the fuzzer reaches deep positions easily; other
/// lines that name no legal move are skipped. Every move played is listed,
/// prints to a text that parses back to it, and keeps the hash exact;
/// `check(before, mv, after)` adds the game's own invariants. Every position
/// also goes through [`check_random`].
pub fn play_lines<'a, G: Game>(
    mut position: G,
    lines: impl Iterator<Item = &'a str>,
    mut check: impl FnMut(&G, G::Move, &G),
) -> G
where
    G::MoveError: PartialEq,
{
    let mut moves = MoveList::new();
    for (i, line) in lines.enumerate() {
        position.legal_moves(&mut moves);
        check_random(&position, &moves, i as u64 ^ line.len() as u64);
        let parsed = match line.strip_prefix('*').and_then(|n| n.parse::<usize>().ok()) {
            Some(n) if !moves.is_empty() => Ok(moves[n % moves.len()]),
            _ => position.parse_move(line),
        };
        let Ok(mv) = parsed else {
            continue;
        };
        assert!(moves.contains(&mv), "parsed move is not legal");
        let printed = position.format_move(mv);
        assert_eq!(position.parse_move(&printed), Ok(mv), "{printed}");
        let before = position;
        position.play(mv);
        assert_eq!(position.zobrist(), position.zobrist_from_scratch());
        check(&before, mv, &position);
    }
    position
}

/// The random-move path of playouts at `position` (whose legal moves are
/// `moves`): `random_move` picks a listed move, none exactly when there is
/// none, and a short random playout runs.
pub fn check_random<G: Game>(position: &G, moves: &MoveList<G::Move>, seed: u64) {
    let random = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    match position.random_move(random) {
        Some(mv) => assert!(moves.contains(&mv), "random_move gave an illegal move"),
        None => assert!(moves.is_empty(), "random_move found no move where there is one"),
    }
    let mut state = random;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let end = position.random_playout(16, &mut next);
    assert!(end.plies <= 16, "random_playout went past its ply limit");
}
