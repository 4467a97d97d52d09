//! `serde` support (feature `serde`): a position is written as its
//! [`Setup`] and rules, like its FEN (the draw counters restart at zero when
//! it is read back), and read back through [`Draughts::from_setup`], so a
//! document can never build an illegal position.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::position::Draughts;
use crate::setup::Setup;
use crate::variant::Variant;
use damero_core::Game;

#[derive(Serialize, Deserialize)]
struct PositionData<R> {
    setup: Setup,
    rules: R,
}

impl<V: Variant> Serialize for Draughts<V>
where
    V::Rules: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        PositionData { setup: self.to_setup(), rules: self.rules() }.serialize(serializer)
    }
}

impl<'de, V: Variant> Deserialize<'de> for Draughts<V>
where
    V::Rules: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Draughts<V>, D::Error> {
        let data = PositionData::<V::Rules>::deserialize(deserializer)?;
        Draughts::from_setup(data.setup, data.rules).map_err(D::Error::custom)
    }
}
