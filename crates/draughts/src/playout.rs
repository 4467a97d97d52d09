//! Random moves and random playouts: the hot path of Monte Carlo tree search.
//!
//! A random move is picked without listing the quiet moves. Each quiet move
//! is one bit of one target set (a direction, and for flying kings a
//! distance), so the move of a given index is found by popcounts. The side to
//! move is a const parameter, so every direction is a constant and the
//! playout loop runs two plies, White's and Black's, per turn.

use damero_core::{Color, Game, MoveList, Outcome, Playout};

use crate::Move;
use crate::layout::{BOTTOM_ROW, DOWN_LEFT, DOWN_RIGHT, Step, TOP_ROW, UP_LEFT, UP_RIGHT, VALID, shift};
use crate::movegen::for_each_piece;
use crate::position::{Draughts, Parts};
use crate::variant::{DraughtsRules, Variant};

/// Quiet target sets with short kings: the two forward directions of every
/// piece, then kings' two backward ones.
const SHORT_QUIET_SETS: usize = 4;
/// With flying kings: those four, then each direction's farther squares.
const FLYING_QUIET_SETS: usize = 4 + 4 * 6;

/// The forward, then backward, directions of the side to move.
#[inline(always)]
const fn directions<const WHITE: bool>() -> [Step; 4] {
    if WHITE {
        [UP_LEFT, UP_RIGHT, DOWN_RIGHT, DOWN_LEFT]
    } else {
        [DOWN_RIGHT, DOWN_LEFT, UP_LEFT, UP_RIGHT]
    }
}

impl<V: Variant> Draughts<V> {
    /// A legal move picked uniformly by `random` (see [`Game::random_move`]).
    ///
    /// The order of the moves: captures in the order of the capture search,
    /// or, where every capture is a single jump, by direction then square;
    /// quiet moves by target set, then by target bit.
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
        let steps = directions::<WHITE>();
        let crowning = if WHITE { TOP_ROW } else { BOTTOM_ROW };
        // The squares a jump in direction `step` can start from.
        let jumps_from = |step: Step| shift(shift(empty, -step) & enemies, -step);
        let men_backward = V::Rules::men_capture_backward(&self.rules);
        // Short kings, men capturing forward, a capture ending on promotion
        // (English): single jumps, most captures, are bits of target sets.
        let single_jumps =
            !(V::FLYING_KINGS || V::MAJORITY_RULE || V::CONTINUE_AFTER_PROMOTION || men_backward);

        if kings == 0 && !men_backward {
            // No king: half the directions to look at (most plies of a game).
            let jumps = [jumps_from(steps[0]), jumps_from(steps[1])];
            let capturing = men & (jumps[0] | jumps[1]);
            if capturing != 0 {
                if single_jumps
                    && let Some(sets) = SingleJumps::men(men, enemies, empty, jumps, steps, crowning)
                {
                    return sets.pick(pick).map(|(from, to)| Parts {
                        from,
                        to,
                        captured: 1 << ((from + to) / 2),
                        promotes: crowning >> to & 1 != 0,
                    });
                }
                if single_jumps {
                    return ShortCaptures::<WHITE>::pick(enemies, empty, crowning, capturing, 0, pick);
                }
                return self.random_capture(capturing, pick);
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
            self.kings_capture()
        } else {
            kings & (forward_jumps | backward_jumps) != 0
        };
        let promotes = |from: u32, to: u32| (crowning >> to & 1 != 0) & (self.kings >> from & 1 == 0);
        if capturing_men != 0 || kings_capture {
            if single_jumps {
                if let Some(sets) = SingleJumps::all(own, kings, enemies, empty, jumps, steps, crowning) {
                    return sets.pick(pick).map(|(from, to)| Parts {
                        from,
                        to,
                        captured: 1 << ((from + to) / 2),
                        promotes: promotes(from, to),
                    });
                }
                let capturing_kings = kings & (forward_jumps | backward_jumps);
                return ShortCaptures::<WHITE>::pick(
                    enemies,
                    empty,
                    crowning,
                    capturing_men,
                    capturing_kings,
                    pick,
                );
            }
            return self.random_capture(capturing_men, pick);
        }
        let (from, to) = if V::FLYING_KINGS {
            TargetSets::<FLYING_QUIET_SETS>::quiet::<V>(own, kings, empty, steps).pick(pick)?
        } else {
            TargetSets::<SHORT_QUIET_SETS>::quiet::<V>(own, kings, empty, steps).pick(pick)?
        };
        Some(Parts { from, to, captured: 0, promotes: promotes(from, to) })
    }

    /// A capture picked by `pick` (the side to move must capture; its men
    /// with a first jump are `capturing_men`).
    #[cold]
    #[inline(never)]
    fn random_capture(&self, capturing_men: u64, pick: impl Fn(u32) -> u32) -> Option<Parts> {
        let mut moves = MoveList::new();
        self.captures_into(&mut moves, capturing_men);
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
        self.apply::<false>(parts);
        *plies += 1;
        None
    }
}

/// Moves as up to `N` target sets: each set bit of `targets[i]` is the move
/// from `bit - offsets[i]` to that bit.
struct TargetSets<const N: usize> {
    targets: [u64; N],
    offsets: [i32; N],
    /// The index of the first move of each set, in the order of the sets.
    first: [u32; N],
    len: usize,
    total: u32,
}

impl<const N: usize> TargetSets<N> {
    #[inline(always)]
    fn new() -> TargetSets<N> {
        // An unused set starts past every index, so it is never chosen.
        TargetSets { targets: [0; N], offsets: [0; N], first: [u32::MAX; N], len: 0, total: 0 }
    }

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

    #[inline(always)]
    fn push(&mut self, targets: u64, offset: i32) {
        self.targets[self.len] = targets;
        self.offsets[self.len] = offset;
        self.first[self.len] = self.total;
        self.total += targets.count_ones();
        self.len += 1;
    }

    /// The start and end bits of move `pick(total)`; `None` when there is no
    /// move. The set and the bit are chosen with few
    /// data-dependent branches: in a random playout such branches mispredict
    /// about half the time.
    #[inline(always)]
    fn pick(&self, pick: impl Fn(u32) -> u32) -> Option<(u32, u32)> {
        if self.total == 0 {
            return None;
        }
        let index = pick(self.total);
        // The set holding move `index`: the last whose first index is at most
        // `index` (an empty set shares its first index with the next one).
        // Short rule sets fill every set, so the loop has a constant length
        // and, unrolled, keeps the sets in registers.
        let sets = if N <= 8 { N } else { self.len };
        let (mut targets, mut first, mut offset) = (self.targets[0], 0, self.offsets[0]);
        for i in 1..sets {
            let later = self.first[i] <= index;
            targets = if later { self.targets[i] } else { targets };
            first = if later { self.first[i] } else { first };
            offset = if later { self.offsets[i] } else { offset };
        }
        let to = nth_bit(targets, index - first);
        Some(((to as i32 - offset) as u32, to))
    }
}

/// The captures of the side to move when each is a single jump, as target
/// sets (men's two forward directions, then kings' four), or `None` when
/// some capture goes on after its first jump. Rule set: short kings, men
/// capturing forward, a promotion ending the move.
///
/// `jumps[i]`: the squares a jump in `steps[i]` can start from (forward
/// steps first). Whether a capture goes on is read from the board as it
/// stands: a man only jumps forward, and its victim and start square lie
/// behind it; a king goes on in any direction but back over its victim,
/// which is also the only way back to its start square.
struct SingleJumps;

impl SingleJumps {
    /// With no king on the mover's side.
    #[inline(always)]
    fn men(
        men: u64,
        enemies: u64,
        empty: u64,
        jumps: [u64; 2],
        steps: [Step; 4],
        crowning: u64,
    ) -> Option<TargetSets<2>> {
        let mut sets = TargetSets::new();
        let onward = jumps[0] | jumps[1];
        let mut continues = 0;
        for i in 0..2 {
            let landings = shift(shift(men & jumps[i], steps[i]) & enemies, steps[i]) & empty;
            continues |= landings & !crowning & onward;
            sets.push(landings, 2 * steps[i]);
        }
        (continues == 0).then_some(sets)
    }

    /// With kings (`kings`, of the pieces `own`).
    #[inline(always)]
    fn all(
        own: u64,
        kings: u64,
        enemies: u64,
        empty: u64,
        jumps: [u64; 4],
        steps: [Step; 4],
        crowning: u64,
    ) -> Option<TargetSets<6>> {
        let men = own ^ kings;
        let mut sets = TargetSets::new();
        let land = |from: u64, step: Step| shift(shift(from, step) & enemies, step) & empty;
        let mut continues = 0;
        for i in 0..2 {
            let landings = land(men & jumps[i], steps[i]);
            continues |= landings & !crowning & (jumps[0] | jumps[1]);
            sets.push(landings, 2 * steps[i]);
        }
        for i in 0..4 {
            // Steps `i` and `i ^ 2` are opposite.
            let onward = jumps[i] | jumps[i ^ 1] | jumps[i ^ 3];
            let landings = land(kings & jumps[i], steps[i]);
            continues |= landings & onward;
            sets.push(landings, 2 * steps[i]);
        }
        (continues == 0).then_some(sets)
    }
}

/// The capture search of [`SingleJumps`]' rule sets, for when some capture
/// goes on: the generic search of `movegen` with the side's directions fixed
/// and none of the other rule sets' cases, which a playout meets about once
/// in twenty plies.
struct ShortCaptures<const WHITE: bool> {
    enemies: u64,
    /// Empty squares, the moving piece's start square included.
    empty: u64,
    crowning: u64,
    from: u32,
    king: bool,
    moves: MoveList<Move>,
}

impl<const WHITE: bool> ShortCaptures<WHITE> {
    /// The capture `pick(count)` of the men `men` and kings `kings` (each
    /// with a first jump), in search order.
    #[inline(never)]
    // The search lives in this frame: its move list is too big to move.
    fn pick(
        enemies: u64,
        base_empty: u64,
        crowning: u64,
        men: u64,
        kings: u64,
        pick: impl Fn(u32) -> u32,
    ) -> Option<Parts> {
        let mut search = ShortCaptures::<WHITE> {
            enemies,
            empty: base_empty,
            crowning,
            from: 0,
            king: false,
            moves: MoveList::new(),
        };
        for_each_piece(men, kings, |from, king| {
            search.from = from.trailing_zeros();
            search.king = king;
            search.empty = base_empty | from;
            if king {
                search.king_jumps(from, 0);
            } else {
                search.man_jumps(from, 0);
            }
        });
        search.moves.get(pick(search.moves.len() as u32) as usize).copied().map(Parts::of)
    }

    fn emit(&mut self, landing: u64, captured: u64, promotes: bool) {
        let mv = Move::new(self.from, landing.trailing_zeros(), captured, promotes);
        // Two jump orders make the same move only around a ring of four
        // pieces, or with a king (rule 11: one move).
        if !(self.king || captured.count_ones() >= 4) || !self.moves.contains(&mv) {
            self.moves.push(mv);
        }
    }

    /// Jumps of a man on `at`; whether there is one.
    fn man_jumps(&mut self, at: u64, captured: u64) -> bool {
        let mut found = false;
        let steps = directions::<WHITE>();
        for step in [steps[0], steps[1]] {
            let victim = shift(at, step) & self.enemies & !captured;
            let landing = shift(victim, step) & self.empty;
            if landing == 0 {
                continue;
            }
            found = true;
            if landing & self.crowning != 0 {
                // Crowned: the move ends here.
                self.emit(landing, captured | victim, true);
            } else if !self.man_jumps(landing, captured | victim) {
                self.emit(landing, captured | victim, false);
            }
        }
        found
    }

    /// Jumps of a king on `at`; whether there is one.
    fn king_jumps(&mut self, at: u64, captured: u64) -> bool {
        let mut found = false;
        for step in directions::<WHITE>() {
            let victim = shift(at, step) & self.enemies & !captured;
            let landing = shift(victim, step) & self.empty;
            if landing == 0 {
                continue;
            }
            found = true;
            if !self.king_jumps(landing, captured | victim) {
                self.emit(landing, captured | victim, false);
            }
        }
        found
    }
}

/// The bit index of the `n`-th set bit of `bits` (0-based, lowest first).
///
/// The first eight candidates are computed side by side and `n` indexes
/// them: a loop of `n` steps mispredicts its exit about every other call in
/// a random playout, and a binary search by popcounts has a longer
/// dependency chain. Target sets rarely hold more than eight bits.
#[inline(always)]
fn nth_bit(bits: u64, n: u32) -> u32 {
    if n >= 8 {
        let mut bits = bits;
        for _ in 0..n {
            bits &= bits - 1;
        }
        return bits.trailing_zeros();
    }
    let mut stripped = [bits; 8];
    for i in 1..8 {
        stripped[i] = stripped[i - 1] & stripped[i - 1].wrapping_sub(1);
    }
    stripped[n as usize].trailing_zeros()
}
