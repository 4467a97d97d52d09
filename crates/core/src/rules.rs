//! Typed rule sets and their `key=value` options.

use core::fmt;

/// One option of a rule set, as listed by [`RuleSet::OPTIONS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleOption {
    /// The key, as written in `--rule key=value`.
    pub key: &'static str,
    /// The accepted values, for error messages and help (`"true|false"`).
    pub values: &'static str,
    /// The default value.
    pub default: &'static str,
    /// One line on what it does.
    pub doc: &'static str,
}

/// The typed options of one game's rules (every option of `shared/rules/` is a
/// field of the implementing type), settable from text.
pub trait RuleSet: Copy + Default + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// Every option this rule set knows.
    const OPTIONS: &'static [RuleOption];

    /// Sets one option from text.
    ///
    /// # Errors
    /// [`OptionError::UnknownOption`] for a key not in [`RuleSet::OPTIONS`],
    /// [`OptionError::InvalidValue`] for a value it cannot take.
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), OptionError>;

    /// Checks the options together (some combinations are impossible, such as
    /// removing more pieces than a side has). [`Game::start`](crate::Game::start)
    /// expects rules that pass; [`Game::try_start`](crate::Game::try_start)
    /// returns this error.
    ///
    /// # Errors
    /// [`OptionError::Inconsistent`] naming the conflict.
    fn validate(&self) -> Result<(), OptionError> {
        Ok(())
    }

    /// The seed of the random start setup, for rule sets whose start position
    /// is drawn from one (Eliminar); `None` for a fixed start.
    fn setup_seed(&self) -> Option<u64> {
        None
    }

    /// The same rules with the start setup drawn from `seed`; `None` for a
    /// rule set whose start is fixed (then [`setup_seed`](RuleSet::setup_seed)
    /// is `None` too).
    fn with_setup_seed(self, seed: u64) -> Option<Self> {
        let _ = seed;
        None
    }

    /// Panics with the [`validate`](RuleSet::validate) error, naming `game`,
    /// when the rules are invalid; for [`Game::start`](crate::Game::start).
    ///
    /// # Panics
    /// When [`validate`](RuleSet::validate) fails.
    #[track_caller]
    fn expect_valid(self, game: &str) -> Self {
        if let Err(error) = self.validate() {
            panic!("{game}: start position asked for with invalid rules ({error}); use Game::try_start");
        }
        self
    }

    /// Applies `key=value` settings in order, then [`validate`](RuleSet::validate)s.
    ///
    /// # Errors
    /// The first setting that fails, or the validation error.
    fn with_options<'a, I: IntoIterator<Item = &'a str>>(mut self, settings: I) -> Result<Self, OptionError> {
        for setting in settings {
            let (key, value) =
                setting.split_once('=').ok_or_else(|| OptionError::Malformed { text: setting.to_owned() })?;
            self.set_option(key.trim(), value.trim())?;
        }
        self.validate()?;
        Ok(self)
    }

    /// The error for a key this rule set does not know.
    fn unknown_option(key: &str) -> OptionError {
        OptionError::UnknownOption {
            key: key.to_owned(),
            known: Self::OPTIONS.iter().map(|o| o.key).collect::<Vec<_>>().join(", "),
        }
    }

    /// The error for a value `key` cannot take.
    fn invalid_value(key: &str, value: &str) -> OptionError {
        let expected = Self::OPTIONS.iter().find(|o| o.key == key).map_or("?", |o| o.values);
        OptionError::InvalidValue { key: key.to_owned(), value: value.to_owned(), expected }
    }
}

/// Parses `true`/`false` (also `yes`/`no`, `on`/`off`, `1`/`0`) for boolean options.
pub fn parse_bool(value: &str) -> Option<bool> {
    match value {
        "true" | "yes" | "on" | "1" => Some(true),
        "false" | "no" | "off" | "0" => Some(false),
        _ => None,
    }
}

/// A rule option that cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// Not of the form `key=value`.
    Malformed {
        /// The setting as given.
        text: String,
    },
    /// The rule set has no option of this name.
    UnknownOption {
        /// The key as given.
        key: String,
        /// The known keys, comma-separated.
        known: String,
    },
    /// The option exists but cannot take this value.
    InvalidValue {
        /// The key.
        key: String,
        /// The value as given.
        value: String,
        /// What the option accepts.
        expected: &'static str,
    },
    /// Each value is fine alone but together they are impossible.
    Inconsistent {
        /// Why.
        reason: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Malformed { text } => write!(f, "invalid rule option '{text}': expected key=value"),
            OptionError::UnknownOption { key, known } if known.is_empty() => {
                write!(f, "unknown rule option '{key}': this game has no options")
            }
            OptionError::UnknownOption { key, known } => {
                write!(f, "unknown rule option '{key}' (known: {known})")
            }
            OptionError::InvalidValue { key, value, expected } => {
                write!(f, "invalid value '{value}' for rule option '{key}' (expected {expected})")
            }
            OptionError::Inconsistent { reason } => write!(f, "impossible rule options: {reason}"),
        }
    }
}

impl std::error::Error for OptionError {}
