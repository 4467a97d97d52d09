//! A cheap static evaluation for the search crate.

use damero_core::{Color, Evaluator};

use damero_cross::{Cross, far_rank, guarded_by};

/// Static evaluation of Cross, from the side to move's point of view, in
/// centipawn-like units. It measures:
/// - **material**: 100 per piece on the board, 35 per spare (a spare comes
///   back only through a split);
/// - **advancement**: square pieces by how far they have come towards the
///   far rank (rising steeply near it), vertex pieces a little by their row;
/// - **guard**: 4 per square a player guards, since guarded empty squares
///   are what long slides and splits use (a cheap stand-in for mobility);
/// - **threat**: a piece of the opponent on its far rank wins at the
///   opponent's next turn unless the side to move removes it now (rule 10),
///   so it costs the side to move a large amount.
#[derive(Clone, Copy, Debug, Default)]
pub struct CrossEvaluator;

/// Bonus of a square piece by ranks travelled from its own back rank (rank 1
/// for Black): the far rank itself is scored by the threat term.
const ADVANCE: [i32; 8] = [0, 0, 4, 9, 16, 26, 42, 0];
/// Bonus of a vertex piece by its row travelled (row 12 for Black = 0).
const VERTEX_ADVANCE: [i32; 7] = [0, 2, 4, 7, 11, 16, 22];
const PIECE: i32 = 100;
const SPARE: i32 = 35;
const GUARD: i32 = 4;
const FAR_RANK_THREAT: i32 = 800;

fn side_score(p: &Cross, color: Color) -> i32 {
    let squares = p.squares(color).0;
    let vertices = p.vertices(color);
    let mut score = PIECE * p.on_board(color) as i32 + SPARE * p.spares(color) as i32;
    for r in 0..8 {
        let travelled = if color == Color::Black { r } else { 7 - r };
        score += ADVANCE[travelled] * (squares >> (8 * r) & 0xff).count_ones() as i32;
    }
    for r in 0..7 {
        let travelled = if color == Color::Black { r } else { 6 - r };
        score += VERTEX_ADVANCE[travelled] * (vertices >> (8 * r) & 0x7f).count_ones() as i32;
    }
    score + GUARD * guarded_by(vertices).count_ones() as i32
}

impl Evaluator<Cross> for CrossEvaluator {
    fn evaluate(&self, p: &Cross) -> i32 {
        let me = damero_core::Game::side_to_move(p);
        let mut score = side_score(p, me) - side_score(p, !me);
        if p.squares(me).0 & far_rank(me).0 != 0 {
            // Already won (rule 10); the search sees it as terminal first.
            score += 4 * FAR_RANK_THREAT;
        }
        if p.squares(!me).0 & far_rank(!me).0 != 0 {
            score -= FAR_RANK_THREAT;
        }
        score.clamp(-<CrossEvaluator as Evaluator<Cross>>::MAX_EVAL, Self::MAX_EVAL)
    }
}
