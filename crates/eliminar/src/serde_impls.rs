//! `serde` support (feature `serde`): a position is written as its
//! [`Setup`] and rules, like its FEN (only the options play reads: a position does not keep the setup-only ones), and read back through
//! [`Eliminar::from_setup`], so a document can never build an illegal position.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::position::Eliminar;
use crate::rules::EliminarRules;
use crate::setup::Setup;
use damero_core::Game;

#[derive(Serialize, Deserialize)]
struct PositionData {
    setup: Setup,
    rules: EliminarRules,
}

impl Serialize for Eliminar {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PositionData { setup: self.to_setup(), rules: Game::rules(self) }.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Eliminar {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Eliminar, D::Error> {
        let data = PositionData::deserialize(deserializer)?;
        Eliminar::from_setup(data.setup, data.rules).map_err(D::Error::custom)
    }
}
