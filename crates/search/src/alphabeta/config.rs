//! The switches of the alpha-beta search, each declared once in the
//! `switches!` table below: its field, type, default, key, parser, doc and
//! the value (if any) that keeps fixed-depth values exact. The struct,
//! [`Default`], [`AlphaBetaConfig::set`], [`Display`](fmt::Display),
//! [`AlphaBetaConfig::exact`], [`AlphaBetaConfig::is_exact`] and the help
//! rows of [`AlphaBetaConfig::switches`] are all generated from it.

use core::fmt;

/// Why [`AlphaBetaConfig::set`] refused a setting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwitchError {
    /// No switch has this key.
    UnknownKey {
        /// The key given.
        key: String,
    },
    /// The switch cannot take this value.
    InvalidValue {
        /// The switch's key.
        key: &'static str,
        /// The value given.
        value: String,
        /// What it accepts.
        expected: &'static str,
    },
    /// A transposition table larger than this machine allows.
    TooMuchMemory {
        /// The switch's key (`hash`).
        key: &'static str,
        /// The MiB asked for.
        mib: u64,
        /// The most allowed ([`max_table_mib`](crate::max_table_mib)).
        max: usize,
    },
}

impl fmt::Display for SwitchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SwitchError::UnknownKey { key } => write!(f, "alpha-beta has no switch '{key}'"),
            SwitchError::InvalidValue { key, value, expected } => {
                write!(f, "invalid value '{value}' for switch {key} (expected {expected})")
            }
            SwitchError::TooMuchMemory { key, mib, max } => {
                write!(
                    f,
                    "{key}={mib} MiB is more than this machine allows (at most {max} MiB, half its memory)"
                )
            }
        }
    }
}

impl std::error::Error for SwitchError {}

/// One row of the switch table, for help text: what
/// [`AlphaBetaConfig::switches`] lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwitchHelp {
    /// The key of `key=value` ([`AlphaBetaConfig::set`]).
    pub key: &'static str,
    /// The default value, as `set` reads it (`unset` for none).
    pub default: String,
    /// The value that keeps fixed-depth values exact, as written in the
    /// table (`false`, `0`); `None` when every value does.
    pub exact: Option<&'static str>,
    /// The field's documentation, one line per doc line.
    pub doc: &'static str,
}

impl SwitchHelp {
    /// The first sentence of the doc, on one line.
    pub fn summary(&self) -> String {
        let text = self.doc.split_whitespace().collect::<Vec<_>>().join(" ");
        match text.find(". ") {
            Some(end) => text[..=end].to_owned(),
            None => text,
        }
    }
}

/// How a switch's value is written back by [`Display`](fmt::Display) and
/// in the help rows.
trait SwitchValue {
    fn text(&self) -> String;
}

macro_rules! plain_switch_value {
    ($($ty:ty),*) => {
        $(impl SwitchValue for $ty {
            fn text(&self) -> String {
                self.to_string()
            }
        })*
    };
}

plain_switch_value!(bool, i32, u64, usize);

impl SwitchValue for Option<bool> {
    fn text(&self) -> String {
        match self {
            Some(value) => value.to_string(),
            None => "unset".to_owned(),
        }
    }
}

/// The parsers the table names: each reads one value for `key`.
mod parse {
    use super::SwitchError;

    fn invalid(key: &'static str, value: &str, expected: &'static str) -> SwitchError {
        SwitchError::InvalidValue { key, value: value.to_owned(), expected }
    }

    pub(super) fn switch(key: &'static str, value: &str) -> Result<bool, SwitchError> {
        damero_core::parse_bool(value).ok_or_else(|| invalid(key, value, "true or false"))
    }

    /// `Some` of a switch: set, as opposed to left to the caller.
    pub(super) fn chosen(key: &'static str, value: &str) -> Result<Option<bool>, SwitchError> {
        switch(key, value).map(Some)
    }

    /// An integer of the switch's type (`u64`, `usize`).
    pub(super) fn integer<T: core::str::FromStr>(key: &'static str, value: &str) -> Result<T, SwitchError> {
        value.parse().map_err(|_| invalid(key, value, "an integer"))
    }

    pub(super) fn positive(key: &'static str, value: &str) -> Result<usize, SwitchError> {
        match value.parse::<usize>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(invalid(key, value, "a positive integer")),
        }
    }

    /// MiB of table, at most [`max_table_mib`](crate::max_table_mib).
    pub(super) fn table_mib(key: &'static str, value: &str) -> Result<usize, SwitchError> {
        let mib = match value.parse::<u64>() {
            Ok(n) if n > 0 => n,
            _ => return Err(invalid(key, value, "a positive integer")),
        };
        let max = crate::tt::max_table_mib();
        if mib > max as u64 {
            return Err(SwitchError::TooMuchMemory { key, mib, max });
        }
        Ok(mib as usize)
    }

    pub(super) fn noise(key: &'static str, value: &str) -> Result<i32, SwitchError> {
        value.parse::<u16>().map(i32::from).map_err(|_| invalid(key, value, "centipawns (0 or more)"))
    }

    pub(super) fn contempt(key: &'static str, value: &str) -> Result<i32, SwitchError> {
        const EXPECTED: &str = "centipawns (0 to 200)";
        match value.parse::<u8>() {
            Ok(n) if n <= 200 => Ok(i32::from(n)),
            _ => Err(invalid(key, value, EXPECTED)),
        }
    }
}

/// Declares the switches. Each entry:
///
/// ```text
/// /// doc
/// field: Type = default, key "key", parse parser [, exact value [, inert without other]];
/// ```
///
/// `exact value`: the search's fixed-depth values are exact only with the
/// switch at `value` ([`AlphaBetaConfig::exact`] sets it); `inert without
/// other`: the switch acts only when the bool switch `other` is on, so it
/// keeps values exact whatever its value while `other` is off. A switch with
/// no `exact` keeps values exact at every value.
///
/// The order of the entries is the order of the fields and of
/// [`Display`](fmt::Display).
macro_rules! switches {
    (@exact) => { None };
    (@exact $exact:literal) => { Some(stringify!($exact)) };
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[doc = $doc:literal])*
                $field:ident: $ty:ty = $default:expr, key $key:literal, parse $parse:ident
                $(, exact $exact:literal $(, inert without $needs:ident)?)?;
            )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name {
            $(
                $(#[doc = $doc])*
                pub $field: $ty,
            )*
        }

        impl Default for $name {
            fn default() -> $name {
                $name { $($field: $default,)* }
            }
        }

        impl $name {
            /// The default options with every switch that changes
            /// fixed-depth values set to the value that does not (see
            /// [`AlphaBetaConfig`]): no late-move reductions (nor their
            /// logarithmic and history-read variants), no cutoffs from
            /// deeper table entries, futility, razoring, internal iterative
            /// reduction, forced-capture extension, noise or contempt.
            pub fn exact() -> $name {
                let mut config = $name::default();
                config.make_exact();
                config
            }

            /// Sets every switch that changes fixed-depth values to the
            /// value that does not, keeping the others (the key `exact=true`).
            pub fn make_exact(&mut self) {
                $($(self.$field = $exact;)?)*
            }

            /// Whether fixed-depth values equal plain negamax with these
            /// options: every switch that changes values is at its exact
            /// value, or inert (as history-read reductions without LMR).
            pub fn is_exact(&self) -> bool {
                true $($( && (self.$field == $exact $(|| !self.$needs)?) )?)*
            }

            /// Sets one switch from text by its key (see
            /// [`switches`](AlphaBetaConfig::switches)). `exact=true` applies
            /// [`make_exact`](AlphaBetaConfig::make_exact); `exact=false`
            /// changes nothing.
            ///
            /// # Errors
            /// [`SwitchError::UnknownKey`] for a key no switch has,
            /// [`SwitchError::InvalidValue`] for a value the switch cannot
            /// take, [`SwitchError::TooMuchMemory`] for a `hash` above
            /// [`max_table_mib`](crate::max_table_mib).
            pub fn set(&mut self, key: &str, value: &str) -> Result<(), SwitchError> {
                match key {
                    $($key => self.$field = parse::$parse($key, value)?,)*
                    "exact" => {
                        if parse::switch("exact", value)? {
                            self.make_exact();
                        }
                    }
                    _ => return Err(SwitchError::UnknownKey { key: key.to_owned() }),
                }
                Ok(())
            }

            /// The switch table: every key [`set`](AlphaBetaConfig::set)
            /// takes, with its default, its exact value and its doc, in the
            /// order of [`Display`](fmt::Display); the last row is `exact`.
            pub fn switches() -> Vec<SwitchHelp> {
                let default = $name::default();
                vec![
                    $(SwitchHelp {
                        key: $key,
                        default: SwitchValue::text(&default.$field),
                        exact: switches!(@exact $($exact)?),
                        doc: concat!($($doc, "\n"),*),
                    },)*
                    SwitchHelp {
                        key: "exact",
                        default: "false".to_owned(),
                        exact: None,
                        doc: " `true` sets every switch that changes fixed-depth values to its exact value\n \
                              ([`AlphaBetaConfig::make_exact`]), keeping the others.\n",
                    },
                ]
            }
        }

        /// The switches that differ from the default, as `key=value`
        /// separated by commas, in table order (empty for the default):
        /// what [`set`](AlphaBetaConfig::set) reads back.
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let default = $name::default();
                let mut separator = "";
                $(
                    if self.$field != default.$field {
                        write!(f, "{separator}{}={}", $key, SwitchValue::text(&self.$field))?;
                        separator = ",";
                    }
                )*
                let _ = separator;
                Ok(())
            }
        }
    };
}

switches! {
    /// The options of the alpha-beta search. [`Default`] is the strongest
    /// setting; [`AlphaBetaConfig::exact`] keeps fixed-depth values exact.
    /// Each option is a switch of the table in this module's source, which
    /// gives its key for [`set`](AlphaBetaConfig::set) and
    /// [`Display`](fmt::Display) ([`switches`](AlphaBetaConfig::switches)
    /// lists them).
    ///
    /// # Which options keep the value exact
    /// At a fixed depth, the root value equals plain fixed-depth negamax (with
    /// the same quiescence rule and endgame database) whatever the settings of
    /// [`pvs`](AlphaBetaConfig::pvs),
    /// [`aspiration`](AlphaBetaConfig::aspiration), [`tt`](AlphaBetaConfig::tt),
    /// [`killers`](AlphaBetaConfig::killers), [`history`](AlphaBetaConfig::history),
    /// [`countermoves`](AlphaBetaConfig::countermoves),
    /// [`partial_iterations`](AlphaBetaConfig::partial_iterations) and
    /// [`threads`](AlphaBetaConfig::threads), as long as
    /// [`lmr`](AlphaBetaConfig::lmr),
    /// [`deeper_tt_cutoffs`](AlphaBetaConfig::deeper_tt_cutoffs) (with the
    /// table on), [`futility`](AlphaBetaConfig::futility),
    /// [`razoring`](AlphaBetaConfig::razoring), [`iir`](AlphaBetaConfig::iir)
    /// and [`forced_capture`](AlphaBetaConfig::forced_capture) are off and
    /// [`noise`](AlphaBetaConfig::noise) and [`contempt`](AlphaBetaConfig::contempt)
    /// are 0 ([`AlphaBetaConfig::exact`], [`AlphaBetaConfig::is_exact`]);
    /// [`lmr_log`](AlphaBetaConfig::lmr_log) and
    /// [`history_lmr`](AlphaBetaConfig::history_lmr) act through LMR only.
    /// Late-move reductions search some moves less deeply, a cutoff from a
    /// deeper table entry returns a deeper value than the fixed depth asks
    /// for, and futility pruning trusts the static value: all change values.
    ///
    /// Draws that depend on the path are kept out of the table: a score that used
    /// a repetition of a position above the node is stored without its score
    /// (only the move), so repetitions never leak into other paths. Draw rules
    /// based on counters the hash does not cover (a Zobrist key is placement and
    /// side to move, by the [`Game`](damero_core::Game) contract) can still meet
    /// a stored score from a position with another counter, as in every engine.
    pub struct AlphaBetaConfig {
        /// Search threads sharing the transposition table (Lazy SMP). Values at a
        /// fixed depth don't depend on it (with the exact options); the moves and
        /// node counts of timed searches do. At most the machine's cores are
        /// started (the engine layer's `max_threads`).
        threads: usize = 1, key "threads", parse positive;
        /// Transposition table size in MiB (at most
        /// [`max_table_mib`](crate::max_table_mib)).
        tt_mib: usize = 32, key "hash", parse table_mib;
        /// Pseudo-random noise of up to ± this many centipawns added to every
        /// evaluation (the weak playing levels). 0 is none.
        noise: i32 = 0, key "noise", parse noise, exact 0;
        /// Contempt, in centipawns (0 to 200): a draw in the tree (by a rule, a
        /// repetition, a position with no legal move that the game scores as a
        /// draw, or the endgame database) is worth this much less than 0 to the
        /// side to move at the root, so the engine plays on in level positions
        /// rather than steer into a dead draw. 0 scores draws as 0. Measured: 20
        /// against the old engine at 200,000 nodes, 131/34/35 against 130/35/35
        /// with 0 (same 200 Russian games), so the default is 0. With contempt
        /// the table keys depend on the root's side, as the stored draws do.
        contempt: i32 = 0, key "contempt", parse contempt, exact 0;
        /// The seed of the noise and of the opening book's choices.
        seed: u64 = 0, key "seed", parse integer;
        /// Principal variation search: null windows after the first move.
        pvs: bool = true, key "pvs", parse switch;
        /// Aspiration windows around the previous iteration's score (depth ≥ 4).
        aspiration: bool = true, key "aspiration", parse switch;
        /// Use the transposition table (move ordering and cutoffs).
        tt: bool = true, key "tt", parse switch;
        /// Let a table entry from a deeper search cut off a shallower one. Strong,
        /// but the value is then no longer the fixed-depth value.
        deeper_tt_cutoffs: bool = true, key "deeper", parse switch, exact false, inert without tt;
        /// Late-move reductions of quiet moves late in the ordering. Changes
        /// values.
        lmr: bool = true, key "lmr", parse switch, exact false;
        /// Killer moves (two quiet cutoff moves per ply) in the ordering.
        killers: bool = true, key "killers", parse switch;
        /// The history heuristic in the ordering of quiet moves.
        history: bool = true, key "history", parse switch;
        /// Countermoves: the quiet move that last refuted the previous move is
        /// tried after the killers.
        countermoves: bool = false, key "countermoves", parse switch;
        /// Late-move reductions that grow with the logarithms of the depth and
        /// the move number (instead of one or two plies). Changes values
        /// (through LMR only).
        lmr_log: bool = false, key "lmr_log", parse switch, exact false, inert without lmr;
        /// Reverse futility pruning: at depth 3 or less off the principal
        /// variation, a static value far enough above beta is returned without
        /// a search. Changes values. On by default: +28 ± 18 Elo over 800
        /// Russian games and +24 ± 22 over 400 English at 20,000 nodes.
        futility: bool = true, key "futility", parse switch, exact false;
        /// Forced-capture extension: at depth 2 or more, a node whose only legal
        /// move is a capture searches it one ply deeper (compulsory capture makes
        /// such forced lines common in draughts). Changes values. On by default:
        /// +41 ± 18 Elo over 800 Russian games and +21 ± 19 over 800 English at
        /// 20,000 nodes.
        forced_capture: bool = true, key "forced_capture", parse switch, exact false;
        /// Late-move reductions read the history: one ply more for a quiet move
        /// whose history is below zero, one less for one above half the maximum.
        /// Changes values (through LMR only). On by default: +11 ± 18 Elo over
        /// 800 Russian games and +14 ± 27 over 400 English at 20,000 nodes.
        history_lmr: bool = true, key "history_lmr", parse switch, exact false, inert without lmr;
        /// The first move (counted from 0) that late-move reductions may
        /// reduce: the moves before it are searched to full depth. Changes
        /// values (through LMR only). The default, 2, is one of the three
        /// selective defaults of [`late_pruning`](Self::late_pruning).
        lmr_from: usize = 2, key "lmr_from", parse positive;
        /// The first move (counted from 0) that late-move reductions reduce
        /// by two plies, at depth 4 or more (the plain reductions, not
        /// [`lmr_log`](Self::lmr_log)). Changes values (through LMR only).
        /// The default, 4, is one of the three selective defaults of
        /// [`late_pruning`](Self::late_pruning); it was 6.
        lmr_two_from: usize = 4, key "lmr_two_from", parse positive;
        /// Late-move pruning: off the principal variation at depth 3 or less,
        /// once this many moves plus the square of the depth were searched,
        /// the remaining plain quiet moves (not the table move, not killers) are
        /// skipped. 0 is off. Changes values. On by default (2) with
        /// reductions from the third move and two-ply reductions from the
        /// fifth (`lmp=2,lmr_from=2,lmr_two_from=4`; they were `0`, `3`,
        /// `6`): the three together need 60% fewer nodes to depth 20 in
        /// English (the start and five openings) and reach depth 21 from the
        /// Russian start in 46% of the nodes, for +11 ± 17 Elo over 400
        /// English games and +5 ± 16 over 400 Russian at 100,000 nodes a
        /// move.
        late_pruning: usize = 2, key "lmp", parse integer, exact 0;
        /// Razoring: at depth 2 or less off the principal variation, a static
        /// value far enough below alpha is checked by quiescence alone, and the
        /// node returns when that fails low too. Changes values. On by default:
        /// +6 ± 26 Elo over 400 Russian games and +3 ± 25 over 400 English at
        /// 20,000 nodes alone; see [`iir`](Self::iir) for the three together.
        razoring: bool = true, key "razoring", parse switch, exact false;
        /// Internal iterative reduction: a node of depth 6 or more with no
        /// table move (a node the last iteration did not reach or did not
        /// resolve) is searched one ply less, so the next iteration finds it
        /// with a move to try first. Changes values. On by default: +8 ± 25 Elo
        /// over 400 Russian games and +23 ± 26 over 400 English at 20,000 nodes
        /// alone; with razoring and history-read reductions, +10 ± 17 over 800
        /// Russian games and +68 ± 18 over 800 English.
        iir: bool = true, key "iir", parse switch, exact false;
        /// When a limit interrupts an iteration, play the best root move that
        /// iteration had already proven (a move whose deeper value beat the
        /// last completed iteration's move, searched first) instead of that
        /// move, with its score (a bound when it failed high) and line; the
        /// reported depth stays the completed one. Changes the moves, scores
        /// and lines of searches stopped by time or nodes, never a value at a
        /// fixed depth. On a fixed time per move
        /// ([`Limits::fixed_time`](crate::Limits::fixed_time)) the search then
        /// uses the whole time instead of starting no iteration after 60% of
        /// it. Measured: 88/228/84 (-3 ± 22 Elo) over 400 Russian games at
        /// 100,000 nodes against the switch off.
        partial_iterations: bool = true, key "partial", parse switch;
        /// Play from the opening book handed to the search
        /// ([`AlphaBeta::with_book`](crate::AlphaBeta::with_book)) while the root is in it.
        /// `None` leaves it to the caller: off here, on in the CLI's
        /// `bestmove` and `play`, off in `match`.
        book: Option<bool> = None, key "book", parse chosen;
        /// Quiescence search over noisy moves at the leaves
        /// ([`Evaluator::is_noisy`](damero_core::Evaluator::is_noisy),
        /// [`Evaluator::may_stand_pat`](damero_core::Evaluator::may_stand_pat));
        /// off, leaves are evaluated statically.
        quiescence: bool = true, key "quiescence", parse switch;
        /// Probe the evaluator's endgame database
        /// ([`Evaluator::probe`](damero_core::Evaluator::probe)) in the tree.
        /// Off, the search ignores a database the evaluator carries, so one
        /// side of a match can play with it and the other without.
        egdb: bool = true, key "egdb", parse switch;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value `key` takes that differs from the default: the first of a few
    /// candidates that parses and changes the config.
    fn other_value(key: &str) -> (String, AlphaBetaConfig) {
        for candidate in ["false", "true", "2", "3"] {
            let mut config = AlphaBetaConfig::default();
            if config.set(key, candidate).is_ok() && config != AlphaBetaConfig::default() {
                return (candidate.to_owned(), config);
            }
        }
        panic!("no non-default value found for {key}");
    }

    fn parse(text: &str) -> AlphaBetaConfig {
        let mut config = AlphaBetaConfig::default();
        for setting in text.split(',').filter(|s| !s.is_empty()) {
            let (key, value) = setting.split_once('=').expect("key=value");
            config.set(key, value).expect("written back by Display");
        }
        config
    }

    #[test]
    fn every_switch_round_trips_through_display() {
        let keys: Vec<_> = AlphaBetaConfig::switches().into_iter().map(|s| s.key).collect();
        let mut all = AlphaBetaConfig::default();
        for &key in keys.iter().filter(|&&k| k != "exact") {
            let (value, config) = other_value(key);
            assert_eq!(config.to_string(), format!("{key}={value}"), "{key}");
            assert_eq!(parse(&config.to_string()), config, "{key}");
            all.set(key, &value).unwrap();
        }
        assert_eq!(parse(&all.to_string()), all);
        assert_eq!(all.to_string().split(',').count(), keys.len() - 1, "every switch shown: {all}");
        assert_eq!(AlphaBetaConfig::default().to_string(), "");
    }

    #[test]
    fn the_table_lists_every_key_once_with_its_default() {
        let switches = AlphaBetaConfig::switches();
        let mut keys: Vec<_> = switches.iter().map(|s| s.key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), switches.len());
        let mut default = AlphaBetaConfig::default();
        for switch in &switches {
            assert!(!switch.summary().is_empty(), "{}", switch.key);
            if switch.default != "unset" {
                default.set(switch.key, &switch.default).unwrap();
            }
        }
        assert_eq!(default, AlphaBetaConfig::default());
        let hash = switches.iter().find(|s| s.key == "hash").unwrap();
        assert_eq!((hash.default.as_str(), hash.exact), ("32", None));
        let lmr = switches.iter().find(|s| s.key == "lmr").unwrap();
        assert_eq!((lmr.default.as_str(), lmr.exact), ("true", Some("false")));
        assert_eq!(lmr.summary(), "Late-move reductions of quiet moves late in the ordering.");
    }

    #[test]
    fn exact_is_exact_and_each_exact_switch_breaks_it() {
        let exact = AlphaBetaConfig::exact();
        assert!(exact.is_exact());
        assert!(!AlphaBetaConfig::default().is_exact());
        for switch in AlphaBetaConfig::switches() {
            let (Some(value), key) = (switch.exact, switch.key) else { continue };
            let mut config = exact.clone();
            let other = if value == "false" { "true" } else { "5" };
            config.set(key, other).unwrap();
            // Switches that act only through another one stay exact alone.
            let inert = matches!(key, "lmr_log" | "history_lmr") || (key == "deeper" && !config.tt);
            assert_eq!(config.is_exact(), inert, "{key}={other}");
            if matches!(key, "lmr_log" | "history_lmr") {
                config.lmr = true;
                assert!(!config.is_exact(), "{key} with lmr");
            }
        }
        let deeper_without_table = AlphaBetaConfig { tt: false, deeper_tt_cutoffs: true, ..exact.clone() };
        assert!(deeper_without_table.is_exact());
        // `exact=true` keeps the switches that keep values exact.
        let mut config =
            AlphaBetaConfig { threads: 3, pvs: false, noise: 9, contempt: 5, ..Default::default() };
        config.set("exact", "true").unwrap();
        assert!(config.is_exact());
        assert_eq!(config, AlphaBetaConfig { threads: 3, pvs: false, ..exact });
    }

    #[test]
    fn bad_settings_are_typed_errors() {
        let mut config = AlphaBetaConfig::default();
        assert_eq!(config.set("depht", "3"), Err(SwitchError::UnknownKey { key: "depht".to_owned() }));
        let invalid =
            |key, value: &str, expected| SwitchError::InvalidValue { key, value: value.to_owned(), expected };
        assert_eq!(config.set("lmr", "maybe"), Err(invalid("lmr", "maybe", "true or false")));
        assert_eq!(config.set("threads", "0"), Err(invalid("threads", "0", "a positive integer")));
        assert_eq!(config.set("contempt", "201"), Err(invalid("contempt", "201", "centipawns (0 to 200)")));
        assert_eq!(config.set("noise", "-1"), Err(invalid("noise", "-1", "centipawns (0 or more)")));
        assert_eq!(config.set("seed", "x"), Err(invalid("seed", "x", "an integer")));
        assert!(matches!(config.set("hash", "999999999999"), Err(SwitchError::TooMuchMemory { .. })));
        assert_eq!(config, AlphaBetaConfig::default());
    }
}
