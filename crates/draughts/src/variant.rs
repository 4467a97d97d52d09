//! The four rule sets as compile-time parameters of one move generator.
//!
//! A [`Variant`] is a zero-sized marker whose constants the generator reads;
//! after monomorphisation no branch on the variant is left in the inner loops.
//! Run-time options (FSR or Olsen draws, Zisnella's backward captures) live in
//! each variant's [`RuleSet`] value, carried by the position.

use core::fmt::Debug;

use damero_core::{Color, OptionError, RuleOption, RuleSet, parse_bool};

/// Which draw rule that needs no history applies (repetition is separate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawRule {
    /// Russian, official FSR rules (russian.md 13 b, c, d).
    Fsr,
    /// Russian, the seed program's rule: 3 kings against 1, no men, 15 moves.
    Olsen,
    /// Zisnella: 40 plies without a capture (zisnella.md 15).
    FortyPliesWithoutCapture,
    /// Spanish: 40 plies of king moves without a capture (zisnella.md 15).
    FortyKingPlies,
    /// English: 40 moves per side (80 plies) without a capture or man move.
    EightyPliesWithoutProgress,
}

/// The draw counters a position keeps: plies since the last capture, since
/// the last capture or man move, since the last capture or promotion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counter {
    Capture,
    CaptureOrManMove,
    CaptureOrPromotion,
}

impl DrawRule {
    /// Whether the rule reads `counter` (random playouts skip the others).
    #[inline(always)]
    pub(crate) const fn reads(self, counter: Counter) -> bool {
        match self {
            DrawRule::Fsr => {
                matches!(counter, Counter::CaptureOrManMove | Counter::CaptureOrPromotion)
            }
            DrawRule::Olsen => matches!(counter, Counter::CaptureOrPromotion),
            DrawRule::FortyPliesWithoutCapture => matches!(counter, Counter::Capture),
            DrawRule::FortyKingPlies | DrawRule::EightyPliesWithoutProgress => {
                matches!(counter, Counter::CaptureOrManMove)
            }
        }
    }
}

/// The typed options every draughts rule set exposes to the generator.
pub trait DraughtsRules: RuleSet {
    /// Whether men capture backward (Russian always; Zisnella as an option).
    fn men_capture_backward(&self) -> bool;
    /// The draw rule in force.
    fn draw_rule(&self) -> DrawRule;
}

/// A draughts rule set as constants the move generator is specialised on.
pub trait Variant: Copy + Debug + Default + PartialEq + Eq + Send + Sync + 'static {
    /// The game id (`russian`, ...).
    const NAME: &'static str;
    /// Who moves first.
    const FIRST: Color;
    /// Spanish orientation: playing squares are light `a1` ((file + rank) odd).
    const MIRRORED: bool;
    /// Kings move and capture along whole diagonals.
    const FLYING_KINGS: bool;
    /// A man crowned during a capture goes on capturing as a king (Russian 9);
    /// otherwise the capture ends on the crowning square.
    const CONTINUE_AFTER_PROMOTION: bool;
    /// Spanish quantity-then-quality rule among captures.
    const MAJORITY_RULE: bool;
    /// Zisnella's both-blocked rule (zisnella.md 14).
    const BOTH_BLOCKED: bool;
    /// Squares written as PDN numbers 1-32 (English).
    const NUMERIC: bool;
    /// The typed options.
    type Rules: DraughtsRules;
}

macro_rules! variant {
    ($(#[$doc:meta])* $name:ident, $id:literal, $rules:ty, first = $first:ident, mirrored = $mirrored:literal,
     flying = $flying:literal, continue = $cont:literal, majority = $maj:literal, both_blocked = $bb:literal,
     numeric = $num:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Variant for $name {
            const NAME: &'static str = $id;
            const FIRST: Color = Color::$first;
            const MIRRORED: bool = $mirrored;
            const FLYING_KINGS: bool = $flying;
            const CONTINUE_AFTER_PROMOTION: bool = $cont;
            const MAJORITY_RULE: bool = $maj;
            const BOTH_BLOCKED: bool = $bb;
            const NUMERIC: bool = $num;
            type Rules = $rules;
        }
    };
}

variant!(
    /// Russian draughts (shashki): `../shared/rules/russian.md`.
    RussianVariant, "russian", RussianRules, first = White, mirrored = false, flying = true,
    continue = true, majority = false, both_blocked = false, numeric = false
);
variant!(
    /// Zisnella draughts: `../shared/rules/zisnella.md`.
    ZisnellaVariant, "zisnella", ZisnellaRules, first = White, mirrored = true, flying = true,
    continue = false, majority = false, both_blocked = true, numeric = false
);
variant!(
    /// Classic Spanish draughts: `../shared/rules/zisnella.md`, the *Spanish* parts.
    SpanishVariant, "spanish", SpanishRules, first = White, mirrored = true, flying = true,
    continue = false, majority = true, both_blocked = false, numeric = false
);
variant!(
    /// English checkers: `../shared/rules/russian.md`, last section.
    EnglishVariant, "english", EnglishRules, first = Black, mirrored = false, flying = false,
    continue = false, majority = false, both_blocked = false, numeric = true
);

/// Russian draw rules (russian.md 13).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RussianDraws {
    /// The official FSR rules (13 a–d).
    #[default]
    Fsr,
    /// The seed program's rule only (plus repetition).
    Olsen,
}

/// Options of Russian draughts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RussianRules {
    /// Which draw rules apply (`draws=fsr|olsen`).
    pub draws: RussianDraws,
}

impl RuleSet for RussianRules {
    const OPTIONS: &'static [RuleOption] = &[RuleOption {
        key: "draws",
        values: "fsr|olsen",
        default: "fsr",
        doc: "draw rules: official FSR rules, or only the seed's 3 kings v 1 rule (plus repetition)",
    }];

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "draws" => {
                self.draws = match value.to_ascii_lowercase().as_str() {
                    "fsr" | "official" => RussianDraws::Fsr,
                    "olsen" => RussianDraws::Olsen,
                    _ => return Err(Self::invalid_value(key, value)),
                };
                Ok(())
            }
            _ => Err(Self::unknown_option(key)),
        }
    }
}

impl DraughtsRules for RussianRules {
    fn men_capture_backward(&self) -> bool {
        true
    }
    fn draw_rule(&self) -> DrawRule {
        match self.draws {
            RussianDraws::Fsr => DrawRule::Fsr,
            RussianDraws::Olsen => DrawRule::Olsen,
        }
    }
}

/// Options of Zisnella draughts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ZisnellaRules {
    /// Men may also capture backward (zisnella.md 5; default false).
    pub men_capture_backward: bool,
}

impl RuleSet for ZisnellaRules {
    const OPTIONS: &'static [RuleOption] = &[RuleOption {
        key: "men_capture_backward",
        values: "true|false",
        default: "false",
        doc: "men may capture backward as well as forward",
    }];

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "men_capture_backward" => {
                self.men_capture_backward =
                    parse_bool(value).ok_or_else(|| Self::invalid_value(key, value))?;
                Ok(())
            }
            _ => Err(Self::unknown_option(key)),
        }
    }
}

impl DraughtsRules for ZisnellaRules {
    fn men_capture_backward(&self) -> bool {
        self.men_capture_backward
    }
    fn draw_rule(&self) -> DrawRule {
        DrawRule::FortyPliesWithoutCapture
    }
}

/// Options of classic Spanish draughts (none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SpanishRules;

impl RuleSet for SpanishRules {
    const OPTIONS: &'static [RuleOption] = &[];
    fn set_option(&mut self, key: &str, _value: &str) -> Result<(), OptionError> {
        Err(Self::unknown_option(key))
    }
}

impl DraughtsRules for SpanishRules {
    fn men_capture_backward(&self) -> bool {
        false
    }
    fn draw_rule(&self) -> DrawRule {
        DrawRule::FortyKingPlies
    }
}

/// Options of English checkers (none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct EnglishRules;

impl RuleSet for EnglishRules {
    const OPTIONS: &'static [RuleOption] = &[];
    fn set_option(&mut self, key: &str, _value: &str) -> Result<(), OptionError> {
        Err(Self::unknown_option(key))
    }
}

impl DraughtsRules for EnglishRules {
    fn men_capture_backward(&self) -> bool {
        false
    }
    fn draw_rule(&self) -> DrawRule {
        DrawRule::EightyPliesWithoutProgress
    }
}
