//! Random moves and random playouts: the hot path of Monte Carlo tree search.
//!
//! A random move is picked without listing the quiet moves. Each quiet move
//! is one bit of one target set (a direction, and for flying kings a
//! distance), so the move of a given index is found by popcounts
//! ([`TargetSets`]). Captures come from the generator's one capture search
//! (or, when each is a single jump, its target sets). The side to move is a
//! const parameter, so every direction is a constant and the playout loop
//! runs two plies, White's and Black's, per turn.

use damero_core::{Color, Game, MoveList, Outcome, Playout};

use crate::Move;
use crate::layout::{BOTTOM_ROW, Step, TOP_ROW, VALID, shift};
use crate::movegen::side_steps;
use crate::position::{Draughts, Parts, Update};
use crate::targets::{JumpBoard, TargetSets};
use crate::variant::{DraughtsRules, Variant};

/// Quiet target sets with short kings: the two forward directions of every
/// piece, then kings' two backward ones.
const SHORT_QUIET_SETS: usize = 4;
/// With flying kings: those four, then each direction's farther squares.
const FLYING_QUIET_SETS: usize = 4 + 4 * 6;

impl<V: Variant> Draughts<V> {
    /// A legal move picked uniformly by `random` (see [`Game::random_move`]).
    ///
    /// The order of the moves: captures in the order of the capture search
    /// (short kings trying their forward directions first), or, where every
    /// capture is a single jump, by direction then square; quiet moves by
    /// target set, then by target bit.
    #[inline]
    pub(crate) fn random_move(&self, random: u64) -> Option<Move> {
        let parts = if self.side == Color::White {
            self.random_parts::<true>(random)
        } else {
            self.random_parts::<false>(random)
        };
        parts.map(|p| Move::new(p.from, p.to, p.captured, p.promotes))
    }

    /// [`Self::random_move`] as parts, with White (`WHITE`) or Black to move.
    #[inline(always)]
    fn random_parts<const WHITE: bool>(&self, random: u64) -> Option<Parts> {
        let pick = |n: u32| ((u128::from(random) * u128::from(n)) >> 64) as u32;
        let (us, them) = if WHITE { (0, 1) } else { (1, 0) };
        let own = self.pieces[us];
        let enemies = self.pieces[them];
        let kings = own & self.kings;
        let men = own ^ kings;
        let empty = VALID & !(own | enemies);
        let steps = side_steps::<WHITE>();
        let crowning = if WHITE { TOP_ROW } else { BOTTOM_ROW };
        // The squares a jump in direction `step` can start from.
        let jumps_from = |step: Step| shift(shift(empty, -step) & enemies, -step);
        let men_backward = V::Rules::men_capture_backward(&self.rules);
        // Short kings, men capturing forward, a capture ending on promotion
        // (English): single jumps, most captures, are bits of target sets.
        let single_jumps =
            !(V::FLYING_KINGS || V::MAJORITY_RULE || V::CONTINUE_AFTER_PROMOTION || men_backward);
        let single_jump = |(from, to): (u32, u32)| Parts {
            from,
            to,
            captured: 1 << ((from + to) / 2),
            promotes: (crowning >> to & 1 != 0) & (self.kings >> from & 1 == 0),
        };

        if kings == 0 && !men_backward {
            // No king: half the directions to look at (most plies of a game).
            let jumps = [jumps_from(steps[0]), jumps_from(steps[1]), 0, 0];
            let capturing = men & (jumps[0] | jumps[1]);
            if capturing != 0 {
                if single_jumps {
                    let board = JumpBoard { men, kings, empty, jumps, steps, crowning, victims: enemies };
                    if let Some(sets) = board.single_jumps::<2, 2>(enemies, false) {
                        // No king: a jump onto the crowning row promotes.
                        return sets.pick(pick).map(|(from, to)| Parts {
                            from,
                            to,
                            captured: 1 << ((from + to) / 2),
                            promotes: crowning >> to & 1 != 0,
                        });
                    }
                }
                return self.random_capture::<WHITE>(capturing, single_jumps, pick);
            }
            let mut sets = TargetSets::<2>::new();
            sets.push(shift(men, steps[0]) & empty, steps[0]);
            sets.push(shift(men, steps[1]) & empty, steps[1]);
            let (from, to) = sets.pick(pick)?;
            return Some(Parts { from, to, captured: 0, promotes: crowning >> to & 1 != 0 });
        }

        let jumps = steps.map(jumps_from);
        let forward_jumps = jumps[0] | jumps[1];
        let backward_jumps = jumps[2] | jumps[3];
        let capturing_men = men & (forward_jumps | if men_backward { backward_jumps } else { 0 });
        let kings_capture = if V::FLYING_KINGS {
            self.kings_capture_for::<WHITE>()
        } else {
            kings & (forward_jumps | backward_jumps) != 0
        };
        if capturing_men != 0 || kings_capture {
            if single_jumps {
                let board = JumpBoard { men, kings, empty, jumps, steps, crowning, victims: enemies };
                if let Some(sets) = board.single_jumps::<2, 6>(enemies, false) {
                    return sets.pick(pick).map(single_jump);
                }
            }
            return self.random_capture::<WHITE>(capturing_men, single_jumps, pick);
        }
        let (from, to) = if V::FLYING_KINGS {
            TargetSets::<FLYING_QUIET_SETS>::quiet::<V>(own, kings, empty, steps).pick(pick)?
        } else {
            TargetSets::<SHORT_QUIET_SETS>::quiet::<V>(own, kings, empty, steps).pick(pick)?
        };
        let promotes = (crowning >> to & 1 != 0) & (self.kings >> from & 1 == 0);
        Some(Parts { from, to, captured: 0, promotes })
    }

    /// A capture picked by `pick` (the side to move must capture; its men
    /// with a first jump are `capturing_men`), from the generator's list:
    /// in the order of English playouts (short kings forward first) when
    /// `forward_first`. A playout meets it about once in twenty plies.
    #[cold]
    #[inline(never)]
    fn random_capture<const WHITE: bool>(
        &self,
        capturing_men: u64,
        forward_first: bool,
        pick: impl Fn(u32) -> u32,
    ) -> Option<Parts> {
        let mut moves = MoveList::new();
        if forward_first {
            self.captures_for::<WHITE, true>(&mut moves, capturing_men);
        } else {
            self.captures_for::<WHITE, false>(&mut moves, capturing_men);
        }
        moves.get(pick(moves.len() as u32) as usize).copied().map(Parts::of)
    }

    /// [`Game::random_playout`] without the Zobrist key, two plies a turn.
    #[inline]
    pub(crate) fn playout<R: FnMut() -> u64>(self, max_plies: u32, random: &mut R) -> Playout {
        let mut position = self;
        let mut plies = 0;
        if position.side == Color::Black
            && let Some(end) = position.playout_ply::<false, R>(&mut plies, max_plies, random)
        {
            return end;
        }
        loop {
            if let Some(end) = position.playout_ply::<true, R>(&mut plies, max_plies, random) {
                return end;
            }
            if let Some(end) = position.playout_ply::<false, R>(&mut plies, max_plies, random) {
                return end;
            }
        }
    }

    /// One ply of [`Self::playout`]: the end of the playout, if it ends here.
    #[inline(always)]
    fn playout_ply<const WHITE: bool, R: FnMut() -> u64>(
        &mut self,
        plies: &mut u32,
        max_plies: u32,
        random: &mut R,
    ) -> Option<Playout> {
        let Some(parts) = self.random_parts::<WHITE>(random()) else {
            return Some(Playout { outcome: Some(self.terminal_outcome()), plies: *plies });
        };
        if self.rule_draw() {
            return Some(Playout { outcome: Some(Outcome::Draw), plies: *plies });
        }
        if *plies >= max_plies {
            return Some(Playout { outcome: None, plies: *plies });
        }
        // Nothing reads the key of a playout's positions, nor the counters
        // its draw rule does not use.
        self.apply::<{ Update::PLAYOUT }>(parts);
        *plies += 1;
        None
    }
}

impl<const N: usize> TargetSets<N> {
    /// The quiet moves of the pieces `own` (of which `kings` are kings) with
    /// the empty squares `empty`; `steps` are the forward then backward steps.
    #[inline(always)]
    fn quiet<V: Variant>(own: u64, kings: u64, empty: u64, steps: [Step; 4]) -> TargetSets<N> {
        let mut sets = TargetSets::new();
        let near = [
            shift(own, steps[0]) & empty,
            shift(own, steps[1]) & empty,
            shift(kings, steps[2]) & empty,
            shift(kings, steps[3]) & empty,
        ];
        for (i, &targets) in near.iter().enumerate() {
            sets.push(targets, steps[i]);
        }
        if V::FLYING_KINGS && kings != 0 {
            for step in steps {
                // Only kings go past the first square.
                let mut ray = shift(shift(kings, step) & empty, step) & empty;
                let mut distance = 2;
                while ray != 0 {
                    sets.push(ray, step * distance);
                    ray = shift(ray, step) & empty;
                    distance += 1;
                }
            }
        }
        sets
    }
}
