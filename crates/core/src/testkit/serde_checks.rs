//! The contract of a game's `serde` feature (this crate's features `testkit`
//! and `serde`): its values survive a round trip, and a document describing
//! an illegal game is refused. JSON stands for any format.

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{Game, GameRecord, MoveList};

/// Checks that a position `plies` moves into a game from `start`, the rules
/// of `start` and the game's record read back from JSON as they were
/// written: same FEN, hash, side to move and rules for the position, same
/// moves and final position for the record.
///
/// # Panics
/// On the first value that does not round-trip, or when `start` has no
/// legal move (nothing would be checked).
pub fn check_serde_round_trip<G>(start: G, plies: usize)
where
    G: Game + Serialize + DeserializeOwned,
    G::Move: Serialize + DeserializeOwned,
    G::Rules: Serialize + DeserializeOwned,
{
    let mut record = GameRecord::new(start);
    let mut moves = MoveList::new();
    for ply in 0..plies {
        record.position().legal_moves(&mut moves);
        // Not always the first move, so the game leaves the beaten track.
        let Some(&mv) = moves.get(ply % moves.len().max(1)) else { break };
        record.play(mv);
    }
    assert!(!record.moves().is_empty(), "no legal move from {}: nothing to check", start.fen());

    for position in [start, *record.position()] {
        let text = serde_json::to_string(&position).expect("a position serializes");
        let back: G = serde_json::from_str(&text).unwrap_or_else(|e| panic!("position {text} rejected: {e}"));
        assert_eq!(back.fen(), position.fen(), "the position changed through {text}");
        assert_eq!(back.zobrist(), position.zobrist(), "the hash changed through {text}");
        assert_eq!(back.side_to_move(), position.side_to_move(), "the side to move changed through {text}");
        assert_eq!(back.rules(), position.rules(), "the rules changed through {text}");
    }

    let rules = start.rules();
    let text = serde_json::to_string(&rules).expect("rules serialize");
    let back: G::Rules = serde_json::from_str(&text).unwrap_or_else(|e| panic!("rules {text} rejected: {e}"));
    assert_eq!(back, rules, "the rules changed through {text}");

    let text = serde_json::to_string(&record).expect("a record serializes");
    let back: GameRecord<G> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("record {text} rejected: {e}"));
    assert_eq!(back.moves(), record.moves(), "the moves changed through {text}");
    assert_eq!(back.position().fen(), record.position().fen(), "the final position changed through {text}");
}

/// Checks that a record whose document has an illegal move appended (the
/// first move again, now with the other side to move) is refused, while the
/// same document without it reads.
///
/// # Panics
/// When the illegal record is accepted or the legal one refused, or when
/// the first move is legal again after itself in this game (pick another
/// `start`).
pub fn check_serde_refuses_an_illegal_record<G>(start: G)
where
    G: Game + Serialize + DeserializeOwned,
    G::Move: Serialize + DeserializeOwned,
{
    let mut moves = MoveList::new();
    start.legal_moves(&mut moves);
    let first = *moves.first().unwrap_or_else(|| panic!("no legal move from {}", start.fen()));
    let mut record = GameRecord::new(start);
    record.play(first);
    record.position().legal_moves(&mut moves);
    assert!(!moves.contains(&first), "the first move is legal again after itself: nothing to refuse");

    let value = serde_json::to_value(&record).expect("a record serializes");
    assert!(
        serde_json::from_value::<GameRecord<G>>(value.clone()).is_ok(),
        "the legal record {value} is refused"
    );
    let mut doubled = value.clone();
    let repeated = value["moves"][0].clone();
    doubled["moves"].as_array_mut().expect("a record's moves are a list").push(repeated);
    assert!(serde_json::from_value::<GameRecord<G>>(doubled.clone()).is_err(), "{doubled} is accepted");
}
