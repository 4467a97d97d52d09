//! A static evaluation for the search crate.

use damero_core::Evaluator;

use damero_eliminar::{Eliminar, Move, Objective};

/// Scores an Eliminar position for the side to move from two things:
///
/// - **material relative to the objective** (rule 6): 100 per piece of
///   difference, counted so that being ahead towards the objective is good —
///   under `fewest` having *fewer* pieces than the opponent scores positive,
///   under `most` having more;
/// - **mobility**: 10 per first jump (piece and direction) the side has, less
///   the opponent's. Jumps are the only moves, so having them is having
///   choices, and a side without any must pass (rule 4) or ends the game
///   (rule 8).
///
/// A position where the game is over scores its result: ±`MAX_EVAL`/2 for a
/// win or loss (the search's own terminal scoring normally takes over before),
/// 0 for a draw.
///
/// Every Eliminar move jumps, so every move is a "capture": quiescence on
/// captures would be a full-width search, and [`Evaluator::is_noisy`] says
/// `false` to keep it off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EliminarEvaluator;

impl EliminarEvaluator {
    /// Value of one piece of material difference.
    pub const PIECE: i32 = 100;
    /// Value of one first jump of mobility difference.
    pub const JUMP: i32 = 10;
}

impl Evaluator<Eliminar> for EliminarEvaluator {
    fn evaluate(&self, position: &Eliminar) -> i32 {
        let us = position.side_to_move();
        let them = !us;
        if position.is_over() {
            return match position.counted_outcome().winner() {
                Some(c) if c == us => Self::MAX_EVAL / 2,
                Some(_) => -Self::MAX_EVAL / 2,
                None => 0,
            };
        }
        let ours = position.count(us) as i32;
        let theirs = position.count(them) as i32;
        let material = match position.rules().objective {
            Objective::Fewest => theirs - ours,
            Objective::Most => ours - theirs,
        };
        let mobility = position.first_jumps(us) as i32 - position.first_jumps(them) as i32;
        // At most 64 * 100 + 4 * 64 * 10 in magnitude: well inside MAX_EVAL.
        (material * Self::PIECE + mobility * Self::JUMP).clamp(-Self::MAX_EVAL, Self::MAX_EVAL)
    }

    fn is_noisy(&self, _position: &Eliminar, _mv: Move) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damero_core::{Bitboard, Color, Game, Square};
    use damero_eliminar::{EliminarRules, Setup, StartSetup};

    fn position(white: &[&str], black: &[&str], side: Color, objective: Objective) -> Eliminar {
        let set = |names: &[&str]| names.iter().map(|n| n.parse::<Square>().unwrap()).collect::<Bitboard>();
        Eliminar::from_setup(
            Setup { white: set(white), black: set(black), side_to_move: side },
            EliminarRules { objective, ..EliminarRules::default() },
        )
        .unwrap()
    }

    #[test]
    fn fewer_pieces_is_good_under_fewest_and_bad_under_most() {
        // White a1 alone, Black d4 d5 f8: Black can jump, so the game goes on.
        let fewest = position(&["a1"], &["d4", "d5", "f8"], Color::White, Objective::Fewest);
        let most = position(&["a1"], &["d4", "d5", "f8"], Color::White, Objective::Most);
        let e = EliminarEvaluator;
        // 2 pieces fewer (+200), Black has 2 first jumps (-20).
        assert_eq!(e.evaluate(&fewest), 200 - 20);
        assert_eq!(e.evaluate(&most), -200 - 20);
    }

    #[test]
    fn score_is_for_the_side_to_move() {
        let white = position(&["a1"], &["d4", "d5", "f8"], Color::White, Objective::Fewest);
        let black = position(&["a1"], &["d4", "d5", "f8"], Color::Black, Objective::Fewest);
        assert_eq!(EliminarEvaluator.evaluate(&white), -EliminarEvaluator.evaluate(&black));
    }

    #[test]
    fn finished_games_score_their_result() {
        let e = EliminarEvaluator;
        let won = position(&["a1"], &["h8", "f8"], Color::White, Objective::Fewest);
        assert_eq!(e.evaluate(&won), EliminarEvaluator::MAX_EVAL / 2);
        let lost = position(&["a1"], &["h8", "f8"], Color::Black, Objective::Fewest);
        assert_eq!(e.evaluate(&lost), -EliminarEvaluator::MAX_EVAL / 2);
        assert_eq!(e.evaluate(&position(&["a1"], &["h8"], Color::White, Objective::Most)), 0);
    }

    #[test]
    fn stays_in_range_and_never_asks_for_quiescence() {
        for setup in StartSetup::ALL {
            for seed in 0..10 {
                let p = Eliminar::start(EliminarRules { setup, seed, ..EliminarRules::default() });
                let v = EliminarEvaluator.evaluate(&p);
                assert!(v.abs() <= EliminarEvaluator::MAX_EVAL);
                let mut moves = damero_core::MoveList::new();
                p.legal_moves(&mut moves);
                assert!(moves.iter().all(|&m| !EliminarEvaluator.is_noisy(&p, m)));
            }
        }
    }
}
