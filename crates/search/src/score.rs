//! Search scores: static evaluations and proven wins and losses on one scale.

use core::fmt;

/// The deepest ply the alpha-beta search reaches (main search and
/// quiescence together); a node at this ply is evaluated statically.
pub const MAX_PLY: usize = 128;

/// The score of a win on the spot (the side to move has won at the root).
/// A win `n` plies away scores `WIN - n`, a loss `-(WIN - n)`, so shorter wins
/// and longer losses are preferred.
pub const WIN: i32 = 1_000_000;

/// Scores at least this large in magnitude are proven results, not
/// evaluations. Every [`Evaluator`](damero_core::Evaluator) stays far below it.
/// The room below [`WIN`] holds a result found at any ply plus an oracle's
/// distance to the end of the game from there
/// ([`PROBE_DISTANCE_TO_END`](damero_core::Evaluator::PROBE_DISTANCE_TO_END),
/// [`MAX_ORACLE_PLIES`] at most).
pub const PROVEN: i32 = WIN - (MAX_PLY + MAX_ORACLE_PLIES) as i32;

/// The longest distance to the end of the game an oracle's verdict may carry
/// and still score as a proven result; a longer one scores as a known result.
/// The endgame databases' longest is 254 plies.
pub const MAX_ORACLE_PLIES: usize = 384;

/// The score of a position an [oracle](damero_core::Evaluator::probe)
/// calls won with conversion on the spot. A known win `n` plies from
/// conversion, `ply` plies below the root, scores `KNOWN_WIN - ply - n`:
/// above every evaluation, below every proven result, and shorter
/// conversions first.
pub const KNOWN_WIN: i32 = WIN / 2;

/// Scores at least this large in magnitude (and below [`PROVEN`]) are known
/// results from an oracle.
pub const KNOWN: i32 = KNOWN_WIN - 100_000;

/// Larger than every score: the open bounds of a full window.
pub const INFINITY: i32 = WIN + 1;

/// A search result from the point of view of the side to move at the root:
/// positive is good for it. Wins and losses are counted in plies.
///
/// Displays as the number itself (`34`, `-120`) or `win3` / `loss4` for a
/// proven result that many plies away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub i32);

impl Score {
    /// An even game.
    pub const DRAW: Score = Score(0);

    /// A forced win `plies` plies away.
    #[inline]
    pub const fn win_in(plies: u32) -> Score {
        Score(WIN - plies as i32)
    }

    /// A forced loss `plies` plies away.
    #[inline]
    pub const fn loss_in(plies: u32) -> Score {
        Score(-(WIN - plies as i32))
    }

    /// Whether this is a proven win or loss rather than an evaluation.
    #[inline]
    pub const fn is_proven(self) -> bool {
        self.0 >= PROVEN || self.0 <= -PROVEN
    }

    /// Whether this is a result known from an oracle (an endgame database):
    /// a win or loss whose distance is to conversion, not to the end.
    #[inline]
    pub const fn is_known(self) -> bool {
        !self.is_proven() && (self.0 >= KNOWN || self.0 <= -KNOWN)
    }

    /// The distance in plies of a proven win, if this is one.
    #[inline]
    pub const fn plies_to_win(self) -> Option<u32> {
        if self.0 >= PROVEN { Some((WIN - self.0) as u32) } else { None }
    }

    /// The distance in plies of a proven loss, if this is one.
    #[inline]
    pub const fn plies_to_loss(self) -> Option<u32> {
        if self.0 <= -PROVEN { Some((WIN + self.0) as u32) } else { None }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.plies_to_win() {
            write!(f, "win{n}")
        } else if self.is_known() && self.0 > 0 {
            write!(f, "dbwin{}", KNOWN_WIN - self.0)
        } else if self.is_known() {
            write!(f, "dbloss{}", KNOWN_WIN + self.0)
        } else if let Some(n) = self.plies_to_loss() {
            write!(f, "loss{n}")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

/// A score for the side to move, `ply` plies below the root, from a decided
/// game: proven scores carry the distance from the root.
#[inline]
pub(crate) fn outcome_score(outcome: damero_core::Outcome, side: damero_core::Color, ply: usize) -> i32 {
    match outcome.winner() {
        None => 0,
        Some(winner) if winner == side => WIN - ply as i32,
        Some(_) => -(WIN - ply as i32),
    }
}

/// The score of an oracle's verdict for the side to move, `ply` plies below
/// the root: a proven result `ply` plus the verdict's distance from the root
/// when that distance is to the end of the game (`to_end`), else a known one.
#[inline]
pub(crate) fn verdict_score(verdict: damero_core::Verdict, ply: usize, to_end: bool) -> i32 {
    let (plies, sign) = match verdict {
        damero_core::Verdict::Draw => return 0,
        damero_core::Verdict::Win { plies } => (plies, 1),
        damero_core::Verdict::Loss { plies } => (plies, -1),
    };
    let top = if to_end && (plies as usize) <= MAX_ORACLE_PLIES { WIN } else { KNOWN_WIN };
    sign * (top - ply as i32 - plies.min(50_000) as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_scores_round_trip_and_display() {
        assert_eq!(Score::win_in(5).plies_to_win(), Some(5));
        assert_eq!(Score::loss_in(4).plies_to_loss(), Some(4));
        assert_eq!(Score(35).plies_to_win(), None);
        assert!(Score::win_in(3) > Score::win_in(5));
        assert!(Score::loss_in(3) < Score::loss_in(5));
        assert_eq!(Score::win_in(3).to_string(), "win3");
        assert_eq!(Score::loss_in(2).to_string(), "loss2");
        assert_eq!(Score(-120).to_string(), "-120");
        assert!(!Score(20_000).is_proven());
        let known = Score(verdict_score(damero_core::Verdict::Win { plies: 7 }, 2, false));
        assert!(known.is_known() && !known.is_proven());
        assert_eq!(known.to_string(), "dbwin9");
        assert_eq!(
            Score(verdict_score(damero_core::Verdict::Loss { plies: 7 }, 2, false)).to_string(),
            "dbloss9"
        );
        assert!(!Score(20_000).is_known());
    }

    #[test]
    fn verdicts_to_the_end_rank_with_the_wins_the_search_proves() {
        use damero_core::Verdict::{Loss, Win};
        // A database win 7 plies from a node 2 plies down is a win in 9.
        assert_eq!(Score(verdict_score(Win { plies: 7 }, 2, true)), Score::win_in(9));
        assert_eq!(Score(verdict_score(Loss { plies: 7 }, 2, true)), Score::loss_in(9));
        // So it beats a longer win found by search, and loses to a shorter one,
        // where a known verdict beats every proven win.
        assert!(Score(verdict_score(Win { plies: 7 }, 2, true)) > Score::win_in(25));
        assert!(Score(verdict_score(Win { plies: 7 }, 2, true)) < Score::win_in(8));
        assert!(Score(verdict_score(Win { plies: 7 }, 2, false)) < Score::win_in(25));
        // The deepest ply and the longest distance stay proven.
        let deepest = (MAX_PLY - 1) + MAX_ORACLE_PLIES;
        let far = Score(verdict_score(Win { plies: MAX_ORACLE_PLIES as u32 }, MAX_PLY - 1, true));
        assert_eq!(far.plies_to_win(), Some(deepest as u32));
        let far = Score(verdict_score(Loss { plies: MAX_ORACLE_PLIES as u32 }, MAX_PLY - 1, true));
        assert_eq!(far.plies_to_loss(), Some(deepest as u32));
        // Beyond it, a known result.
        assert!(Score(verdict_score(Win { plies: MAX_ORACLE_PLIES as u32 + 1 }, 0, true)).is_known());
    }
}
