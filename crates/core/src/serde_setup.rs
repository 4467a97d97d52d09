//! The serde form of a [`FromSetup`] position, for
//! [`impl_serde_via_setup!`](crate::impl_serde_via_setup): its setup and
//! its rules.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{FromSetup, Game};

#[derive(Serialize, Deserialize)]
struct PositionData<S, R> {
    setup: S,
    rules: R,
}

/// Writes `position` as its setup and rules.
///
/// # Errors
/// The serializer's.
pub fn serialize<G, S>(position: &G, serializer: S) -> Result<S::Ok, S::Error>
where
    G: FromSetup,
    G::Setup: Serialize,
    G::Rules: Serialize,
    S: Serializer,
{
    PositionData { setup: position.to_setup(), rules: Game::rules(position) }.serialize(serializer)
}

/// Reads a position written by [`serialize`], checked as a FEN would be.
///
/// # Errors
/// The deserializer's, or the position's [`FromSetup::PositionError`] as a
/// custom error.
pub fn deserialize<'de, G, D>(deserializer: D) -> Result<G, D::Error>
where
    G: FromSetup,
    G::Setup: Deserialize<'de>,
    G::Rules: Deserialize<'de>,
    D: Deserializer<'de>,
{
    let data = PositionData::<G::Setup, G::Rules>::deserialize(deserializer)?;
    G::from_setup(data.setup, data.rules).map_err(D::Error::custom)
}
