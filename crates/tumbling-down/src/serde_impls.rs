//! `serde` support (feature `serde`): a position is written as its
//! [`Setup`] and rules, like its FEN (the ply count for `max_plies` restarts at zero when it is read back), and read back through
//! [`TumblingDown::from_setup`], so a document can never build an illegal position.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::position::TumblingDown;
use crate::rules::TumblingDownRules;
use crate::setup::Setup;
use damero_core::Game;

#[derive(Serialize, Deserialize)]
struct PositionData {
    setup: Setup,
    rules: TumblingDownRules,
}

impl Serialize for TumblingDown {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PositionData { setup: self.to_setup(), rules: Game::rules(self) }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for TumblingDown {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TumblingDown, D::Error> {
        let data = PositionData::deserialize(deserializer)?;
        TumblingDown::from_setup(data.setup, data.rules).map_err(D::Error::custom)
    }
}
