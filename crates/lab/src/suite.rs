//! Building test suites (`damero suite make`): from an endgame database,
//! positions whose only winning move, or only drawing move, is known
//! exactly ([`from_egdb`]); from searches, middlegame shots whose best move
//! two searches of different depths agree on, by a margin ([`from_searches`]).
//!
//! Database positions are drawn at random (seeded) from the database's slices of
//! `min_pieces` to its most pieces, with their draw counters at zero, and
//! kept when the side to move has at least two legal moves and either
//! - wins in at least [`MIN_WIN_PLIES`] plies and exactly one move keeps
//!   the win, or
//! - draws, exactly one move keeps the draw and another loses.
//!
//! About two positions in three are of the first kind. The suite is a
//! function of the database and the arguments alone.

use std::collections::HashSet;

use damero_core::{Color, Evaluator, Game, MoveList, Verdict};
use damero_draughts::{Draughts, Variant};
use damero_engine::suite::{Suite, SuitePosition};
use damero_eval::egdb::EndgameDatabase;
use damero_search::{AlphaBeta, AlphaBetaConfig, Limits, SeededRng};

use crate::book::score_position;

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

/// The distinct positions among `draws` seeded random draws from the
/// slices of `database` with at least `min_pieces` pieces (a slice, then an
/// index in it), draw counters at zero: where [`from_egdb`] and
/// [`crate::convert::sample_wins`] take their positions.
pub(crate) fn drawn_positions<V: Variant>(
    database: &EndgameDatabase<V>,
    min_pieces: u32,
    seed: u64,
    draws: usize,
) -> impl Iterator<Item = Draughts<V>> {
    let slices: Vec<_> = EndgameDatabase::<V>::slices(database.max_pieces())
        .into_iter()
        .filter(|s| s.pieces() >= min_pieces)
        .collect();
    let mut rng = SeededRng::new(seed);
    let mut seen = HashSet::new();
    let draws = if slices.is_empty() { 0 } else { draws };
    (0..draws).filter_map(move |_| {
        let slice = slices[rng.below(slices.len())];
        let index = rng.next_u64() % slice.positions();
        let position: Draughts<V> = slice.placement(index)?.position(Default::default());
        seen.insert(position.zobrist()).then_some(position)
    })
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
    let mut suite = Suite { game: V::NAME.to_owned(), positions: Vec::new() };
    let (mut wins, mut saves) = (0, 0);
    let win_share = count.div_ceil(3) * 2;
    let mut moves = MoveList::new();
    for position in drawn_positions(database, min_pieces, seed, count.saturating_mul(2000)) {
        if suite.positions.len() >= count {
            break;
        }
        position.legal_moves(&mut moves);
        if moves.len() < 2 {
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

/// How [`from_searches`] picks its shots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShotOptions {
    /// Depth of the first search of every move (the move, then `depth - 1`).
    pub depth: u32,
    /// Depth of the check: the second, deeper search of every move.
    pub check_depth: u32,
    /// The best move must be ahead of the second by this many centipawns
    /// at both depths.
    pub margin: i32,
    /// Positions with fewer pieces are left out (middlegames only).
    pub min_pieces: u32,
}

/// Up to `count` middlegame shots among `candidates` (taken in order):
/// positions with at least `min_pieces` pieces and two legal moves where
/// every move scored by a `depth`-ply search (a fresh table each, as a
/// book build scores them) puts one move at least `margin` ahead of the
/// next, and a `check_depth`-ply search of every move agrees on that move
/// and margin. `on_tried(tried, kept)` is called after each candidate.
/// Deterministic: the same candidates and options give the same suite.
pub fn from_searches<V: Variant, E: Evaluator<Draughts<V>>>(
    candidates: impl IntoIterator<Item = Draughts<V>>,
    evaluator: E,
    options: ShotOptions,
    count: usize,
    mut on_tried: impl FnMut(usize, usize),
) -> Suite {
    let config = AlphaBetaConfig { tt_mib: 16, ..AlphaBetaConfig::default() };
    let mut search = AlphaBeta::new(config, evaluator);
    let mut suite = Suite { game: V::NAME.to_owned(), positions: Vec::new() };
    let mut seen = HashSet::new();
    let mut moves = MoveList::new();
    // The best move and its lead over the second, at `depth`.
    let mut lead = |position: &Draughts<V>, depth: u32| {
        let scored = score_position(
            position,
            core::slice::from_mut(&mut search),
            &Limits::depth(depth.saturating_sub(1).max(1)),
            i32::MAX / 2,
            2,
        );
        match scored.as_slice() {
            [best, second, ..] => Some((best.text.clone(), best.score - second.score)),
            _ => None,
        }
    };
    for (tried, position) in candidates.into_iter().enumerate() {
        if suite.positions.len() >= count {
            break;
        }
        let pieces = (position.bits(Color::White) | position.bits(Color::Black)).count_ones();
        position.legal_moves(&mut moves);
        let shot = pieces >= options.min_pieces
            && moves.len() >= 2
            && position.outcome().is_none()
            && seen.insert(position.zobrist());
        // The shallow search first: most candidates stop there.
        let found = shot
            .then(|| lead(&position, options.depth))
            .flatten()
            .filter(|(_, gap)| *gap >= options.margin)
            .and_then(|(best, gap)| {
                let (checked, deep_gap) = lead(&position, options.check_depth)?;
                (checked == best && deep_gap >= options.margin).then_some((best, gap, deep_gap))
            });
        if let Some((best, gap, deep_gap)) = found {
            let number = suite.positions.len() + 1;
            suite.positions.push(SuitePosition {
                line: 0,
                fen: position.fen(),
                best: vec![best],
                id: format!("shot-{}-{number:03}", V::NAME),
                comment: Some(format!(
                    "ahead by {gap} cp at depth {}, {deep_gap} cp at depth {}",
                    options.depth, options.check_depth
                )),
            });
        }
        on_tried(tried + 1, suite.positions.len());
    }
    suite
}
