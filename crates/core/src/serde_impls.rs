//! `serde` support (feature `serde`): squares by name, stacks as their
//! pieces bottom to top, boards as 64 stacks, records as their start and
//! moves. Every value read back is checked, so a document can never build a
//! square off the board, an over-tall stack or a record with an illegal move.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Color, Game, GameRecord, MoveList, Square, Stack, StackBoard};

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(D::Error::custom)
    }
}

impl Serialize for Stack {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.pieces())
    }
}

impl<'de> Deserialize<'de> for Stack {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Stack, D::Error> {
        let pieces = Vec::<Color>::deserialize(deserializer)?;
        let height = pieces.len();
        Stack::from_pieces(pieces).ok_or_else(|| {
            D::Error::custom(format!("a stack of {height} pieces, more than {}", Stack::CAPACITY))
        })
    }
}

impl Serialize for StackBoard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(|(_, stack)| stack))
    }
}

impl<'de> Deserialize<'de> for StackBoard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<StackBoard, D::Error> {
        let stacks = Vec::<Stack>::deserialize(deserializer)?;
        if stacks.len() != 64 {
            return Err(D::Error::invalid_length(stacks.len(), &"64 stacks, a1 to h8"));
        }
        let mut board = StackBoard::EMPTY;
        for (square, stack) in Square::all().zip(stacks) {
            board.set(square, stack);
        }
        Ok(board)
    }
}

/// A record as written: the start and the moves.
#[derive(Serialize)]
struct RecordOut<'a, G, M> {
    start: &'a G,
    moves: &'a [M],
}

#[derive(Deserialize)]
struct RecordIn<G, M> {
    start: G,
    moves: Vec<M>,
}

impl<G: Game + Serialize> Serialize for GameRecord<G>
where
    G::Move: Serialize,
{
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        RecordOut { start: self.start(), moves: self.moves() }.serialize(serializer)
    }
}

impl<'de, G: Game + Deserialize<'de>> Deserialize<'de> for GameRecord<G>
where
    G::Move: Deserialize<'de>,
{
    /// Replays the moves from the start, refusing the first that is not legal.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameRecord<G>, D::Error> {
        let data = RecordIn::<G, G::Move>::deserialize(deserializer)?;
        let mut record = GameRecord::new(data.start);
        let mut legal = MoveList::new();
        for (ply, mv) in data.moves.into_iter().enumerate() {
            record.position().legal_moves(&mut legal);
            if !legal.contains(&mv) {
                return Err(D::Error::custom(format!("move {} ({mv:?}) is not legal there", ply + 1)));
            }
            record.play(mv);
        }
        Ok(record)
    }
}
