//! Where a search's nodes go: counters compiled in by the `stats` feature
//! only (a build without it counts nothing and costs nothing), printed to
//! standard error when a search ends. The measurement behind the depth
//! comparison of the rule sets in `docs/strength.md`:
//!
//! ```text
//! cargo run --release --features damero-search/stats -- bestmove english --engine alphabeta:book=false --nodes 1000000
//! ```
#![cfg_attr(not(feature = "stats"), allow(dead_code))]

use core::fmt;
use core::ops::AddAssign;

/// Counts one event in a worker's [`Stats`] when the `stats` feature is on.
macro_rules! count {
    ($worker:expr, $field:ident) => {
        #[cfg(feature = "stats")]
        {
            $worker.stats.$field += 1;
        }
    };
}
pub(super) use count;

/// The counters of one search thread (summed over threads at the end).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Stats {
    /// Nodes searched with depth left (not settled at entry, not leaves).
    pub(super) interior: u64,
    /// Calls of quiescence (leaves and quiescence nodes).
    pub(super) quiescence: u64,
    /// Transposition-table probes of interior nodes.
    pub(super) tt_probes: u64,
    /// Probes that found the position.
    pub(super) tt_hits: u64,
    /// Probes whose entry settled the node.
    pub(super) tt_cutoffs: u64,
    /// Static evaluations.
    pub(super) evals: u64,
    /// Interior nodes settled by reverse futility or razoring.
    pub(super) shallow_prunes: u64,
    /// Interior nodes whose move loop cut off (failed high).
    pub(super) beta_cutoffs: u64,
    /// Of those, the cutoffs by the first move searched.
    pub(super) first_move_cutoffs: u64,
    /// Moves searched at reduced depth.
    pub(super) reduced: u64,
    /// Reduced moves searched again at full depth.
    pub(super) re_searched: u64,
    /// Nodes whose plain quiet moves were cut short by late-move pruning.
    pub(super) late_pruned: u64,
}

impl AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.interior += other.interior;
        self.quiescence += other.quiescence;
        self.tt_probes += other.tt_probes;
        self.tt_hits += other.tt_hits;
        self.tt_cutoffs += other.tt_cutoffs;
        self.evals += other.evals;
        self.shallow_prunes += other.shallow_prunes;
        self.beta_cutoffs += other.beta_cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.reduced += other.reduced;
        self.re_searched += other.re_searched;
        self.late_pruned += other.late_pruned;
    }
}

/// `part` as a percentage of `whole`.
fn percent(part: u64, whole: u64) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "stats interior={} quiescence={} tt_hit={:.1}% tt_cut={:.1}% evals={} shallow_pruned={:.1}% \
             cutoffs={:.1}% first_move_cutoffs={:.1}% reduced={} re_searched={:.1}% late_pruned={}",
            self.interior,
            self.quiescence,
            percent(self.tt_hits, self.tt_probes),
            percent(self.tt_cutoffs, self.tt_probes),
            self.evals,
            percent(self.shallow_prunes, self.interior),
            percent(self.beta_cutoffs, self.interior),
            percent(self.first_move_cutoffs, self.beta_cutoffs),
            self.reduced,
            percent(self.re_searched, self.reduced),
            self.late_pruned,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::Stats;

    #[test]
    fn stats_add_up_and_print_shares() {
        let mut stats = Stats { interior: 10, tt_probes: 8, tt_hits: 2, beta_cutoffs: 4, ..Stats::default() };
        stats += Stats { interior: 10, tt_probes: 2, tt_hits: 3, first_move_cutoffs: 3, ..Stats::default() };
        assert_eq!((stats.interior, stats.tt_probes, stats.tt_hits), (20, 10, 5));
        let line = stats.to_string();
        assert!(line.starts_with("stats interior=20 "), "{line}");
        assert!(line.contains(" tt_hit=50.0% "), "{line}");
        assert!(line.contains(" first_move_cutoffs=75.0% "), "{line}");
        // No division by zero on an empty search.
        assert!(Stats::default().to_string().contains(" re_searched=0.0% "));
    }
}
