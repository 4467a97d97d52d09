//! Scoring a leaf: its first visit (a decided position becomes a proof)
//! and the playout past the tree, random or cut short by the evaluator.

use damero_core::{Color, Evaluator, Game, Outcome, Playout};

use super::arena::Tree;
use super::math::win_probability;
use super::node::Proof;
use super::{MctsConfig, Rollout};

impl<G: Game> Tree<G> {
    /// A leaf's first visit: `Err` with its proof when the position is
    /// decided (no move; a draw rule or a repetition below the root), else
    /// `Ok` with a playout's result for White. The moves are looked at
    /// without listing them (the list is made on the second visit, if there
    /// is one), and a random playout's first step is that look.
    pub(super) fn first_visit<E: Evaluator<G>>(
        &mut self,
        position: G,
        ply: usize,
        config: &MctsConfig,
        evaluator: &E,
    ) -> Result<f64, Proof> {
        let terminal = |position: &G| {
            position.random_move(0).is_none().then(|| Proof::from_outcome(position.terminal_outcome()))
        };
        if ply > 0 && self.repeated(&position, ply) {
            return Err(terminal(&position).unwrap_or(Proof::Drawn));
        }
        if config.rollout == Rollout::Random {
            let end = self.random_playout(position, config);
            return match end.outcome {
                // Stopped before its first move: no move, or a draw rule
                // (which does not decide the root: it must be searched).
                Some(outcome) if end.plies == 0 && (ply > 0 || outcome != Outcome::Draw) => {
                    Err(Proof::from_outcome(outcome))
                }
                outcome => Ok(outcome.map_or(0.5, |outcome| outcome.score_for(Color::White))),
            };
        }
        if let Some(proof) = terminal(&position) {
            return Err(proof);
        }
        if ply > 0 && position.rule_draw() {
            return Err(Proof::Drawn);
        }
        Ok(self.rollout(position, config, evaluator))
    }

    /// The game's own random playout loop, with this tree's random numbers:
    /// the hot path of this search.
    fn random_playout(&mut self, position: G, config: &MctsConfig) -> Playout {
        let rng = &mut self.rng;
        position.random_playout(config.max_playout_plies, &mut || rng.next_u64())
    }

    /// A playout from `position` (not decided): White's score, 1 a win, 0.5
    /// a draw, 0 a loss.
    pub(super) fn rollout<E: Evaluator<G>>(
        &mut self,
        mut position: G,
        config: &MctsConfig,
        evaluator: &E,
    ) -> f64 {
        let cut = match config.rollout {
            Rollout::Random => {
                let end = self.random_playout(position, config);
                return end.outcome.map_or(0.5, |outcome| outcome.score_for(Color::White));
            }
            Rollout::Evaluator { plies } => plies,
        };
        // As `random_playout` (whose rules it follows), but the position
        // at the cut is evaluated.
        let mut ply = 0;
        loop {
            let Some(mv) = position.random_move(self.rng.next_u64()) else {
                return position.terminal_outcome().score_for(Color::White);
            };
            if position.rule_draw() || ply >= config.max_playout_plies {
                return 0.5;
            }
            if ply >= cut {
                let p = win_probability(evaluator.evaluate(&position));
                return if position.side_to_move() == Color::White { p } else { 1.0 - p };
            }
            position.play(mv);
            ply += 1;
        }
    }
}
