//! Jump generation over the full 64 squares (rule 3).
//!
//! The first jump of every piece is found for all pieces at once with
//! bitboard shifts; each piece that can jump then has its chains followed
//! depth-first, one shift per step. During a chain the mover's start square is
//! empty (`occupied` never holds the mover) and jumped pieces stay in
//! `occupied`, so they block landings, but may not be jumped again (rule 3).
//!
//! A piece only ever lands on squares of its own file/rank parity and jumps
//! pieces of the other parities, so the jump graph of one chain is a subgraph
//! of a 4x4 grid: the worst position has some tens of thousands of chains from
//! one piece, the ordinary one a handful.

use damero_core::{Bitboard, Direction, MoveList, Square};

use crate::moves::Move;

/// The squares of `own` that can make a first jump: an orthogonal neighbour is
/// occupied (by either colour) and the square beyond it is empty.
#[inline]
pub(crate) fn jump_starts(own: Bitboard, occupied: Bitboard) -> Bitboard {
    let empty = !occupied;
    let mut starts = Bitboard::EMPTY;
    for d in Direction::ORTHOGONAL {
        let back = d.opposite();
        starts |= occupied.shift(back) & empty.shift(back).shift(back);
    }
    own & starts
}

/// The number of first jumps (piece, direction) `own` has: the mobility the
/// evaluator uses.
#[inline]
pub(crate) fn first_jump_count(own: Bitboard, occupied: Bitboard) -> u32 {
    let empty = !occupied;
    Direction::ORTHOGONAL
        .into_iter()
        .map(|d| {
            let back = d.opposite();
            (own & occupied.shift(back) & empty.shift(back).shift(back)).count()
        })
        .sum()
}

/// Follows every chain from `at` (a one-square set) having jumped `jumped`,
/// with `occupied` the board without the mover, and calls `leaf` with the end
/// square and jumped set of every maximal chain, and whether the chain came
/// back to a square it had been on (`visited` holds the squares so far).
fn extend(
    at: Bitboard,
    jumped: Bitboard,
    visited: Bitboard,
    looped: bool,
    occupied: Bitboard,
    leaf: &mut impl FnMut(Bitboard, Bitboard, bool),
) {
    let mut ended = true;
    for d in Direction::ORTHOGONAL {
        let over = at.shift(d);
        // Rule 3: over a piece of either colour not yet jumped in this chain...
        if (over & occupied & !jumped).is_empty() {
            continue;
        }
        // ...onto the empty square directly beyond (jumped pieces still block).
        let land = over.shift(d);
        if land.is_empty() || !(land & occupied).is_empty() {
            continue;
        }
        ended = false;
        let again = !(land & visited).is_empty();
        extend(land, jumped | over, visited | land, looped || again, occupied, leaf);
    }
    // Rule 3: a chain ends only when it cannot go on.
    if ended && !jumped.is_empty() {
        leaf(at, jumped, looped);
    }
}

/// Appends every jump move of the side owning `own` (rule 3), each once.
pub(crate) fn generate_jumps(own: Bitboard, occupied: Bitboard, moves: &mut MoveList<Move>) {
    for from in jump_starts(own, occupied) {
        let segment = moves.len();
        let start = Bitboard::from_square(from);
        extend(start, Bitboard::EMPTY, start, false, occupied & !start, &mut |to, jumped, looped| {
            let to = to.first().expect("a chain ends on a square");
            let mv = Move::Jump { from, to, jumped };
            // Rule 3: chains with the same start, end and jumped set are one
            // move. Each jumped piece is one edge between two landing squares
            // (a piece lands only on squares of its own file and rank
            // parity), so a chain that never came back to a square walked a
            // simple path, the only chain over its edges from its start to its
            // end: it cannot repeat another. Only looping chains are looked up,
            // and only among this piece's moves.
            if !looped || !moves[segment..].contains(&mv) {
                moves.push(mv);
            }
        });
    }
}

/// The order of move strings: squares compare by file letter, then rank digit.
#[inline]
fn text_key(square: Square) -> (u8, u8) {
    (square.file(), square.rank())
}

/// The smallest path (as strings compare) that plays the chain `from` ->
/// `to` jumping exactly `jumped`, or `None` if no maximal chain does.
pub(crate) fn smallest_path(
    from: Square,
    to: Square,
    jumped: Bitboard,
    occupied: Bitboard,
) -> Option<Vec<Square>> {
    struct Search {
        to: Square,
        target: Bitboard,
        occupied: Bitboard,
        path: Vec<Square>,
        best: Option<Vec<Square>>,
    }
    fn walk(s: &mut Search, at: Square, jumped: Bitboard) {
        let at_bb = Bitboard::from_square(at);
        let mut ended = true;
        for d in Direction::ORTHOGONAL {
            let over = at_bb.shift(d);
            if (over & s.occupied & !jumped).is_empty() {
                continue;
            }
            let land = over.shift(d);
            if land.is_empty() || !(land & s.occupied).is_empty() {
                continue;
            }
            ended = false;
            // Only pieces of the target set may be jumped on the way to it.
            if (over & s.target).is_empty() {
                continue;
            }
            let land = land.first().expect("one square");
            s.path.push(land);
            walk(s, land, jumped | over);
            s.path.pop();
        }
        if ended && at == s.to && jumped == s.target {
            let better = match &s.best {
                None => true,
                Some(best) => s.path.iter().map(|&q| text_key(q)).lt(best.iter().map(|&q| text_key(q))),
            };
            if better {
                s.best = Some(s.path.clone());
            }
        }
    }
    let mut search = Search {
        to,
        target: jumped,
        occupied: occupied & !Bitboard::from_square(from),
        path: vec![from],
        best: None,
    };
    walk(&mut search, from, Bitboard::EMPTY);
    search.best
}

/// Replays `path` as a chain on `occupied` (which holds the mover on
/// `path[0]`): the jumped set, or the index of the first step that is not a
/// jump. Maximality is not checked here.
pub(crate) fn replay_path(path: &[Square], occupied: Bitboard) -> Result<Bitboard, usize> {
    let occupied = occupied & !Bitboard::from_square(path[0]);
    let mut jumped = Bitboard::EMPTY;
    for (i, step) in path.windows(2).enumerate() {
        let (a, b) = (step[0], step[1]);
        let over = Direction::ORTHOGONAL.into_iter().find_map(|d| {
            let over = a.offset(d)?;
            (over.offset(d)? == b).then_some(over)
        });
        let Some(over) = over else { return Err(i) };
        let over = Bitboard::from_square(over);
        if (over & occupied & !jumped).is_empty() || occupied.contains(b) {
            return Err(i);
        }
        jumped |= over;
    }
    Ok(jumped)
}
