//! Setup -> position: the one path every game reads positions by.
//!
//! A FEN is parsed into the game's `Setup` (a plain, unchecked description:
//! the pieces and the side to move), and the setup is then checked against
//! a rule set and made playable. [`FromSetup`] names the two steps for
//! every game; [`read_fen`] is the whole path, the body of each game's
//! [`Game::from_fen`]; with the `serde` feature, [`impl_serde_via_setup!`]
//! writes a position's `Serialize`/`Deserialize` as its setup and rules,
//! read back through the same check.

use crate::{FenError, Game};

/// A game whose positions are built from an unchecked `Setup` (shakmaty's
/// `Setup` -> `Position`): code that holds a position never re-checks it.
pub trait FromSetup: Game {
    /// The unchecked description of a position.
    type Setup: Clone + core::fmt::Debug + PartialEq;
    /// Why a text is not a well-formed setup.
    type ParseFenError: std::error::Error + Send + Sync + 'static;
    /// Why a setup is not a legal position under a rule set.
    type PositionError: std::error::Error + Send + Sync + 'static;

    /// Reads a setup from its FEN.
    ///
    /// # Errors
    /// The syntax error, naming where the text goes wrong.
    fn parse_setup(text: &str) -> Result<Self::Setup, Self::ParseFenError>;

    /// Checks `setup` against `rules` and makes it playable.
    ///
    /// # Errors
    /// What makes the position illegal (a man on its crowning row, too many
    /// pieces...).
    fn from_setup(setup: Self::Setup, rules: Self::Rules) -> Result<Self, Self::PositionError>;

    /// The position as a setup (what its FEN writes).
    fn to_setup(&self) -> Self::Setup;
}

/// Reads a position from its FEN under `rules`: [`FromSetup::parse_setup`],
/// then [`FromSetup::from_setup`].
///
/// # Errors
/// [`FenError::Parse`] for bad syntax, [`FenError::Position`] for an
/// illegal position.
pub fn read_fen<G: FromSetup>(
    text: &str,
    rules: G::Rules,
) -> Result<G, FenError<G::ParseFenError, G::PositionError>> {
    let setup = G::parse_setup(text).map_err(FenError::Parse)?;
    G::from_setup(setup, rules).map_err(FenError::Position)
}

/// Writes `Serialize` and `Deserialize` for a [`FromSetup`] game: a
/// position is its setup and its rules (`{"setup": ..., "rules": ...}`),
/// like its FEN (counters outside the setup restart when it is read back),
/// and is read back through [`FromSetup::from_setup`], so a document can
/// never build an illegal position. Generic parameters go in brackets:
/// `impl_serde_via_setup!([V: Variant] Draughts<V>)`.
#[cfg(feature = "serde")]
#[macro_export]
macro_rules! impl_serde_via_setup {
    ([$($generics:tt)*] $game:ty) => {
        impl<$($generics)*> $crate::serde::Serialize for $game
        where
            <$game as $crate::FromSetup>::Setup: $crate::serde::Serialize,
            <$game as $crate::Game>::Rules: $crate::serde::Serialize,
        {
            fn serialize<S: $crate::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $crate::serde_setup::serialize(self, serializer)
            }
        }

        impl<'de, $($generics)*> $crate::serde::Deserialize<'de> for $game
        where
            <$game as $crate::FromSetup>::Setup: $crate::serde::Deserialize<'de>,
            <$game as $crate::Game>::Rules: $crate::serde::Deserialize<'de>,
        {
            fn deserialize<D: $crate::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::serde_setup::deserialize(deserializer)
            }
        }
    };
    ($game:ty) => {
        $crate::impl_serde_via_setup!([] $game);
    };
}
