//! Building test suites (`damero suite make`) from an endgame database:
//! positions whose only winning move, or only drawing move, is known
//! exactly.
//!
//! Positions are drawn at random (seeded) from the database's slices of
//! `min_pieces` to its most pieces, with their draw counters at zero, and
//! kept when the side to move has at least two legal moves and either
//! - wins in at least [`MIN_WIN_PLIES`] plies and exactly one move keeps
//!   the win, or
//! - draws, exactly one move keeps the draw and another loses.
//!
//! About two positions in three are of the first kind. The suite is a
//! function of the database and the arguments alone.

use std::collections::HashSet;

use damero_core::{Game, MoveList, Verdict};
use damero_draughts::{Draughts, Variant};
use damero_engine::suite::{Suite, SuitePosition};
use damero_eval::egdb::EndgameDatabase;
use damero_search::SeededRng;

/// The shortest win kept: shorter ones are found by any search.
pub const MIN_WIN_PLIES: u32 = 7;

/// The moves of `position` (indices into `moves`) that win for the mover
/// (the child loses) and that draw; `None` if a child is not in the
/// database.
fn winning_and_drawing<V: Variant>(
    database: &EndgameDatabase<V>,
    position: &Draughts<V>,
    moves: &[damero_draughts::Move],
) -> Option<(Vec<usize>, Vec<usize>)> {
    let mut wins = Vec::new();
    let mut draws = Vec::new();
    for (at, &mv) in moves.iter().enumerate() {
        let mut child = *position;
        child.play(mv);
        match database.value(&child)? {
            Verdict::Loss { .. } => wins.push(at),
            Verdict::Draw => draws.push(at),
            Verdict::Win { .. } => {}
        }
    }
    Some((wins, draws))
}

/// Up to `count` suite positions from `database` (see the [module
/// documentation](self)), drawn with `seed`, of at least `min_pieces`
/// pieces. Fewer when the database does not hold so many (it stops after
/// `count * 2000` draws).
pub fn from_egdb<V: Variant>(
    database: &EndgameDatabase<V>,
    count: usize,
    min_pieces: u32,
    seed: u64,
) -> Suite {
    let slices: Vec<_> = EndgameDatabase::<V>::slices(database.max_pieces())
        .into_iter()
        .filter(|s| s.pieces() >= min_pieces)
        .collect();
    let mut suite = Suite { game: V::NAME.to_owned(), positions: Vec::new() };
    if slices.is_empty() {
        return suite;
    }
    let mut rng = SeededRng::new(seed);
    let mut seen = HashSet::new();
    let (mut wins, mut saves) = (0, 0);
    let win_share = count.div_ceil(3) * 2;
    let mut moves = MoveList::new();
    for _ in 0..count.saturating_mul(2000) {
        if suite.positions.len() >= count {
            break;
        }
        let slice = slices[rng.below(slices.len())];
        let index = rng.next_u64() % slice.positions();
        let Some(placement) = slice.placement(index) else { continue };
        let position: Draughts<V> = placement.position(Default::default());
        position.legal_moves(&mut moves);
        if moves.len() < 2 || !seen.insert(position.zobrist()) {
            continue;
        }
        let Some(value) = database.value(&position) else { continue };
        let Some((winning, drawing)) = winning_and_drawing(database, &position, &moves) else { continue };
        let (best, comment) = match value {
            Verdict::Win { plies } if plies >= MIN_WIN_PLIES && winning.len() == 1 && wins < win_share => {
                wins += 1;
                (winning, format!("the only winning move; win in {plies} plies"))
            }
            Verdict::Draw
                if drawing.len() == 1
                    && winning.is_empty()
                    && moves.len() > 1
                    && saves < count - win_share.min(count) =>
            {
                saves += 1;
                (drawing, format!("the only drawing move; the other {} lose", moves.len() - 1))
            }
            _ => continue,
        };
        let number = suite.positions.len() + 1;
        suite.positions.push(SuitePosition {
            line: 0,
            fen: position.fen(),
            best: best.iter().map(|&at| position.format_move(moves[at])).collect(),
            id: format!("egdb-{}-{number:03}", V::NAME),
            comment: Some(comment),
        });
    }
    suite
}
