//! `serde` support (feature `serde`): a position is written as its
//! [`Setup`] and rules, like its FEN (the ply count for `max_plies` restarts at zero when it is read back), and read back through
//! [`Cross::from_setup`], so a document can never build an illegal position.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::position::Cross;
use crate::rules::CrossRules;
use crate::setup::Setup;
use damero_core::Game;

#[derive(Serialize, Deserialize)]
struct PositionData {
    setup: Setup,
    rules: CrossRules,
}

impl Serialize for Cross {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PositionData { setup: self.to_setup(), rules: Game::rules(self) }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Cross {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Cross, D::Error> {
        let data = PositionData::deserialize(deserializer)?;
        Cross::from_setup(data.setup, data.rules).map_err(D::Error::custom)
    }
}
