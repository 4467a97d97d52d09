//! The rule set and its options (`shared/rules/tumbling-down.md`).

use core::fmt;

use damero_core::{Color, OptionError, RuleOption, RuleSet, parse_bool};

/// Which set-up and move set is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Variant {
    /// Michael Shuck's game (rules 1–11): corner set-up, Black first, single-piece
    /// moves and tumbles.
    #[default]
    Original,
    /// The Boardspace revision: its own set-up, White first, tumbles only.
    Boardspace,
}

impl Variant {
    /// The option value naming this variant (`original`, `boardspace`).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Original => "original",
            Variant::Boardspace => "boardspace",
        }
    }

    /// Who moves first: Black in the original (rule 3), White in the Boardspace revision.
    pub const fn first_player(self) -> Color {
        match self {
            Variant::Original => Color::Black,
            Variant::Boardspace => Color::White,
        }
    }

    /// Whether single-piece moves from stacks of two or more exist (rule 5; not
    /// in the Boardspace revision, where a lone piece's tumble is its only move).
    pub const fn has_single_piece_moves(self) -> bool {
        matches!(self, Variant::Original)
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The Tumbling Down rules: every option of the rules file is a field.
///
/// ```
/// use damero_core::RuleSet;
/// use damero_tumbling_down::{TumblingDownRules, Variant};
///
/// let rules = TumblingDownRules::default().with_options(["variant=boardspace", "max_plies=200"])?;
/// assert_eq!(rules.variant, Variant::Boardspace);
/// assert_eq!(rules.max_plies, Some(200));
/// assert_eq!(rules.min_king_height, 1);
/// # Ok::<(), damero_core::OptionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TumblingDownRules {
    /// Rule 8: the least height a pure stack needs to be a king (default 1; 2
    /// means a lone piece is never a king).
    pub min_king_height: u8,
    /// Rule 11: the game is drawn once this many plies have been played (default none).
    pub max_plies: Option<u32>,
    /// Rule 11: the third occurrence of a position (placement and side to move) is a
    /// draw (default false).
    pub repetition_draw: bool,
    /// Set-up and move set (default [`Variant::Original`]).
    pub variant: Variant,
}

impl Default for TumblingDownRules {
    fn default() -> TumblingDownRules {
        TumblingDownRules::original()
    }
}

impl TumblingDownRules {
    /// The greatest `min_king_height` that means anything: a pure stack holds at
    /// most one player's 29 pieces.
    pub const MAX_KING_HEIGHT: u8 = 29;

    /// The original game with every option at its default.
    pub const fn original() -> TumblingDownRules {
        TumblingDownRules {
            min_king_height: 1,
            max_plies: None,
            repetition_draw: false,
            variant: Variant::Original,
        }
    }

    /// The Boardspace revision with every other option at its default.
    pub const fn boardspace() -> TumblingDownRules {
        TumblingDownRules { variant: Variant::Boardspace, ..TumblingDownRules::original() }
    }
}

impl RuleSet for TumblingDownRules {
    const OPTIONS: &'static [RuleOption] = &[
        RuleOption {
            key: "min_king_height",
            values: "1..29",
            default: "1",
            doc: "least height of a pure stack that counts as a king (2: a lone piece is never a king)",
        },
        RuleOption {
            key: "max_plies",
            values: "none|1..",
            default: "none",
            doc: "the game is a draw after this many plies",
        },
        RuleOption {
            key: "repetition_draw",
            values: "true|false",
            default: "false",
            doc: "the third repetition of a position and side to move is a draw",
        },
        RuleOption {
            key: "variant",
            values: "original|boardspace",
            default: "original",
            doc: "original: corner set-up, Black first; boardspace: Boardspace set-up, White first, tumbles only",
        },
    ];

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "min_king_height" => {
                self.min_king_height = value
                    .parse::<u8>()
                    .ok()
                    .filter(|h| (1..=TumblingDownRules::MAX_KING_HEIGHT).contains(h))
                    .ok_or_else(|| TumblingDownRules::invalid_value(key, value))?;
            }
            "max_plies" => {
                self.max_plies = if value.eq_ignore_ascii_case("none") {
                    None
                } else {
                    Some(
                        value
                            .parse::<u32>()
                            .ok()
                            .filter(|&n| n > 0)
                            .ok_or_else(|| TumblingDownRules::invalid_value(key, value))?,
                    )
                };
            }
            "repetition_draw" => {
                self.repetition_draw =
                    parse_bool(value).ok_or_else(|| TumblingDownRules::invalid_value(key, value))?;
            }
            "variant" => {
                self.variant = match value.to_ascii_lowercase().as_str() {
                    "original" => Variant::Original,
                    "boardspace" => Variant::Boardspace,
                    _ => return Err(TumblingDownRules::invalid_value(key, value)),
                };
            }
            _ => return Err(TumblingDownRules::unknown_option(key)),
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), OptionError> {
        if !(1..=TumblingDownRules::MAX_KING_HEIGHT).contains(&self.min_king_height) {
            return Err(OptionError::Inconsistent {
                reason: format!("min_king_height {} is outside 1..=29", self.min_king_height),
            });
        }
        if self.max_plies == Some(0) {
            return Err(OptionError::Inconsistent { reason: "max_plies must be at least 1".to_owned() });
        }
        Ok(())
    }
}
