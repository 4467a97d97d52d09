//! Moves as target sets: a bitboard of end squares and one offset back to
//! the start squares. Counting them is a popcount and picking the `n`-th is
//! a few popcounts, so perft's bulk count and random playouts share them.

use crate::layout::{Step, shift};

/// Moves as up to `N` target sets: each set bit of `targets[i]` is the move
/// from `bit - offsets[i]` to that bit.
pub(crate) struct TargetSets<const N: usize> {
    targets: [u64; N],
    offsets: [i32; N],
    /// The index of the first move of each set, in the order of the sets.
    first: [u32; N],
    len: usize,
    total: u32,
}

impl<const N: usize> TargetSets<N> {
    #[inline(always)]
    pub(crate) fn new() -> TargetSets<N> {
        // An unused set starts past every index, so it is never chosen.
        TargetSets { targets: [0; N], offsets: [0; N], first: [u32::MAX; N], len: 0, total: 0 }
    }

    /// Adds the moves `targets`, each from `offset` back.
    #[inline(always)]
    pub(crate) fn push(&mut self, targets: u64, offset: i32) {
        self.targets[self.len] = targets;
        self.offsets[self.len] = offset;
        self.first[self.len] = self.total;
        self.total += targets.count_ones();
        self.len += 1;
    }

    /// How many moves the sets hold.
    #[inline(always)]
    pub(crate) fn total(&self) -> u32 {
        self.total
    }

    /// Calls `f` with the end bit (as a set) and the offset of each move.
    #[inline(always)]
    pub(crate) fn for_each(&self, mut f: impl FnMut(u64, i32)) {
        // Unused sets are empty: a loop of constant length unrolls.
        for i in 0..N {
            let mut targets = self.targets[i];
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets ^= to;
                f(to, self.offsets[i]);
            }
        }
    }

    /// The start and end bits of move `pick(total)`; `None` when there is no
    /// move. The set and the bit are chosen with few data-dependent
    /// branches: in a random playout such branches mispredict about half
    /// the time.
    #[inline(always)]
    pub(crate) fn pick(&self, pick: impl Fn(u32) -> u32) -> Option<(u32, u32)> {
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

/// The board as the single-jump test reads it, for the side to move.
pub(crate) struct JumpBoard {
    /// Men of the side to move.
    pub(crate) men: u64,
    /// Its kings, when they are short kings (flying kings are not tested).
    pub(crate) kings: u64,
    pub(crate) empty: u64,
    /// `jumps[i]`: the squares a jump in `steps[i]` can start from.
    pub(crate) jumps: [u64; 4],
    /// The side's steps, forward first; `steps[i ^ 2]` is opposite `steps[i]`.
    pub(crate) steps: [Step; 4],
    /// Where its men are crowned.
    pub(crate) crowning: u64,
    /// The enemy pieces.
    pub(crate) victims: u64,
}

impl JumpBoard {
    /// Every capture as target sets when each is a single jump, or `None`
    /// when some capture may go on past its first jump.
    ///
    /// Men jump in their `MEN_DIRECTIONS` first steps (2 forward, 4 when
    /// they capture backward), kings (short) in all four; sets come in that
    /// order. Only jumps over `victims` (a subset of the enemies) are sets;
    /// `crowned_go_on` says a man crowned by its jump may go on as a king.
    ///
    /// Whether a capture goes on is read from the board as it stands: after
    /// a jump the only square that changes for the next is the start square,
    /// reachable only back over the victim, which still blocks (the Turkish
    /// strike rule).
    #[inline(always)]
    pub(crate) fn single_jumps<const MEN_DIRECTIONS: usize, const N: usize>(
        &self,
        victims: u64,
        crowned_go_on: bool,
    ) -> Option<TargetSets<N>> {
        let mut sets = TargetSets::new();
        let land = |from: u64, step: Step| shift(shift(from, step) & victims, step) & self.empty;
        // Squares a man can go on from, for a man that came in steps[i]: any
        // of its directions but back.
        let men_onward = |i: usize| {
            let mut onward = 0;
            for j in 0..MEN_DIRECTIONS {
                if j != i ^ 2 {
                    onward |= self.jumps[j];
                }
            }
            onward
        };
        let mut continues = 0;
        for i in 0..MEN_DIRECTIONS {
            let landings = land(self.men & self.jumps[i], self.steps[i]);
            let crowned = landings & self.crowning;
            continues |= if crowned_go_on { crowned } else { 0 };
            continues |= landings & !crowned & men_onward(i);
            sets.push(landings, 2 * self.steps[i]);
        }
        if self.kings != 0 {
            for i in 0..4 {
                let onward = self.jumps[i] | self.jumps[i ^ 1] | self.jumps[i ^ 3];
                let landings = land(self.kings & self.jumps[i], self.steps[i]);
                continues |= landings & onward;
                sets.push(landings, 2 * self.steps[i]);
            }
        }
        (continues == 0).then_some(sets)
    }
}

impl JumpBoard {
    /// The first jumps of the men in their `MEN_DIRECTIONS` first steps:
    /// how many end there (each one move), and by direction the men whose
    /// jump may go on (a search must follow them). `crowned_go_on` as in
    /// [`Self::single_jumps`].
    #[inline(always)]
    // `i` also names the opposite direction (`i ^ 2`): an index, not an item.
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn first_jumps<const MEN_DIRECTIONS: usize>(&self, crowned_go_on: bool) -> (u32, [u64; 4]) {
        let mut ended = 0;
        let mut going_on = [0; 4];
        for i in 0..MEN_DIRECTIONS {
            let step = self.steps[i];
            let landings = shift(shift(self.men & self.jumps[i], step) & self.victims, step) & self.empty;
            let mut onward = 0;
            for j in 0..MEN_DIRECTIONS {
                if j != i ^ 2 {
                    onward |= self.jumps[j];
                }
            }
            let crowned = landings & self.crowning;
            let goes_on = (landings & !crowned & onward) | if crowned_go_on { crowned } else { 0 };
            ended += (landings & !goes_on).count_ones();
            going_on[i] = shift(goes_on, -2 * step);
        }
        (ended, going_on)
    }
}

impl JumpBoard {
    /// The second jumps of the men whose first jump goes on (`going_on`,
    /// by first direction, as [`Self::first_jumps`] gives them): how many
    /// captures end after exactly two jumps, and by first direction the men
    /// a search must follow instead (a capture of theirs goes on past its
    /// second jump, or, with `crowned_go_on`, a jump crowns them).
    ///
    /// Read from the board as it stands, as in [`Self::single_jumps`]: the
    /// board misreads only the start square (empty once the man leaves) and
    /// the pieces taken (not to be taken again). A man jumping in diagonal
    /// steps `s1`, `s2` (`s2 != -s1`) and, for the test that it goes on,
    /// `s3` (`s3 != -s2`) never meets them: the second jump lands on the
    /// start or takes the first piece only if `s1 + s2 = 0`; a third jump
    /// lands on the start only if `s1 + s2 + s3 = 0` (never: each coordinate
    /// sums three odd numbers), takes the first piece only if
    /// `s1 + 2 * s2 + s3 = 0` (which forces `s3 = -s2`) and the second only
    /// if `s2 + s3 = 0`.
    #[inline(always)]
    pub(crate) fn second_jumps<const MEN_DIRECTIONS: usize>(
        &self,
        going_on: [u64; 4],
        crowned_go_on: bool,
    ) -> (u32, [u64; 4]) {
        let mut ended = 0;
        let mut searched = [0; 4];
        // Written out, not a loop: each direction's steps are constants.
        let (e0, s0) = self.second_jumps_after::<MEN_DIRECTIONS>(0, going_on[0], crowned_go_on);
        let (e1, s1) = self.second_jumps_after::<MEN_DIRECTIONS>(1, going_on[1], crowned_go_on);
        ended += e0 + e1;
        searched[0] = s0;
        searched[1] = s1;
        if MEN_DIRECTIONS == 4 {
            let (e2, s2) = self.second_jumps_after::<MEN_DIRECTIONS>(2, going_on[2], crowned_go_on);
            let (e3, s3) = self.second_jumps_after::<MEN_DIRECTIONS>(3, going_on[3], crowned_go_on);
            ended += e2 + e3;
            searched[2] = s2;
            searched[3] = s3;
        }
        (ended, searched)
    }

    /// [`Self::second_jumps`] of the men `men`, jumping first in `steps[i]`.
    #[inline(always)]
    // `j` also names the opposite direction (`j ^ 2`): an index.
    #[allow(clippy::needless_range_loop)]
    fn second_jumps_after<const MEN_DIRECTIONS: usize>(
        &self,
        i: usize,
        men: u64,
        crowned_go_on: bool,
    ) -> (u32, u64) {
        if men == 0 {
            return (0, 0);
        }
        let first_step = self.steps[i];
        let first = shift(men, 2 * first_step);
        let crowned_first = first & self.crowning;
        let first = first & !crowned_first;
        let mut search = shift(crowned_first, -2 * first_step);
        let mut ends = [0; 4];
        for j in 0..MEN_DIRECTIONS {
            if j != i ^ 2 {
                let step = self.steps[j];
                let mut onward = 0;
                for k in 0..MEN_DIRECTIONS {
                    if k != j ^ 2 {
                        onward |= self.jumps[k];
                    }
                }
                let second = shift(shift(first & self.jumps[j], step) & self.victims, step) & self.empty;
                let crowned = second & self.crowning;
                let goes_on = (second & !crowned & onward) | if crowned_go_on { crowned } else { 0 };
                search |= shift(goes_on, -2 * (first_step + step));
                ends[j] = second & !goes_on;
            }
        }
        // A man the search follows has all its captures counted there.
        let mut ended = 0;
        for j in 0..MEN_DIRECTIONS {
            if j != i ^ 2 {
                ended += (ends[j] & !shift(search, 2 * (first_step + self.steps[j]))).count_ones();
            }
        }
        (ended, search)
    }
}

/// The bit index of the `n`-th set bit of `bits` (0-based, lowest first).
///
/// The first eight candidates are computed side by side and `n` indexes
/// them: a loop of `n` steps mispredicts its exit about every other call in
/// a random playout, and a binary search by popcounts has a longer
/// dependency chain. Target sets rarely hold more than eight bits.
#[inline(always)]
pub(crate) fn nth_bit(bits: u64, n: u32) -> u32 {
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
