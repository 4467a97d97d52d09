//! The rule set and its options (rules 4 and 12).

use damero_core::{OptionError, RuleOption, RuleSet, parse_bool};

/// The start position (rule 4). The original figure is lost; the only setup
/// is the reconstruction of the rules file. Other positions come from a FEN.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum StartSetup {
    /// Black fills ranks 1–2 and White ranks 7–8, all on squares.
    #[default]
    Reconstructed,
}

impl StartSetup {
    /// The option value naming this setup.
    pub const fn name(self) -> &'static str {
        match self {
            StartSetup::Reconstructed => "reconstructed",
        }
    }
}

/// Cross's rules: the setup and the two draw options engines need (rule 12;
/// the game itself has no draw rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CrossRules {
    /// The start position (`setup`, default `reconstructed`).
    pub setup: StartSetup,
    /// A draw once this many plies have been played since the start or the
    /// FEN (`max_plies`, default `none`).
    pub max_plies: Option<u32>,
    /// The third occurrence of a position is a draw (`repetition_draw`,
    /// default `false`).
    pub repetition_draw: bool,
}

impl Default for CrossRules {
    fn default() -> CrossRules {
        CrossRules { setup: StartSetup::Reconstructed, max_plies: None, repetition_draw: false }
    }
}

impl RuleSet for CrossRules {
    const OPTIONS: &'static [RuleOption] = &[
        RuleOption {
            key: "setup",
            values: "reconstructed",
            default: "reconstructed",
            doc: "start position: Black on ranks 1-2, White on ranks 7-8 (other positions: --fen)",
        },
        RuleOption {
            key: "max_plies",
            values: "none|N (N >= 1)",
            default: "none",
            doc: "draw once N plies have been played (the game itself has no draw rule)",
        },
        RuleOption {
            key: "repetition_draw",
            values: "true|false",
            default: "false",
            doc: "the third occurrence of a position is a draw",
        },
    ];

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "setup" => match value {
                "reconstructed" => self.setup = StartSetup::Reconstructed,
                _ => return Err(Self::invalid_value(key, value)),
            },
            "max_plies" => {
                self.max_plies = match value {
                    "none" => None,
                    _ => match value.parse::<u32>() {
                        Ok(n) if n >= 1 => Some(n),
                        _ => return Err(Self::invalid_value(key, value)),
                    },
                }
            }
            "repetition_draw" => {
                self.repetition_draw = parse_bool(value).ok_or_else(|| Self::invalid_value(key, value))?
            }
            _ => return Err(Self::unknown_option(key)),
        }
        Ok(())
    }

    fn validate(&self) -> Result<(), OptionError> {
        match self.max_plies {
            Some(0) => Err(OptionError::Inconsistent { reason: "max_plies must be at least 1".to_owned() }),
            _ => Ok(()),
        }
    }
}
