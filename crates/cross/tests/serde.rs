//! The `serde` feature: positions, moves, rules and records round-trip, and
//! a document describing an illegal position or move is refused.
#![cfg(feature = "serde")]

use damero_core::{Game, GameRecord, MoveList};
use damero_cross::{Cross, CrossRules};

#[test]
fn positions_moves_rules_and_records_round_trip() {
    let mut record = GameRecord::new(Cross::start(CrossRules::default()));
    let mut moves = MoveList::new();
    for ply in 0..6 {
        record.position().legal_moves(&mut moves);
        let Some(&mv) = moves.get(ply % moves.len().max(1)) else { break };
        record.play(mv);
    }
    let position = *record.position();
    let text = serde_json::to_string(&position).unwrap();
    let back: Cross = serde_json::from_str(&text).unwrap();
    assert_eq!(back.fen(), position.fen());
    assert_eq!(back.zobrist(), position.zobrist());

    let rules: CrossRules =
        serde_json::from_str(&serde_json::to_string(&CrossRules::default()).unwrap()).unwrap();
    assert_eq!(rules, CrossRules::default());

    let text = serde_json::to_string(&record).unwrap();
    let back: GameRecord<Cross> = serde_json::from_str(&text).unwrap();
    assert_eq!(back.moves(), record.moves());
    assert_eq!(back.position().fen(), record.position().fen());
}

#[test]
fn an_illegal_move_in_a_record_is_refused() {
    let start = Cross::start(CrossRules::default());
    let mut moves = MoveList::new();
    start.legal_moves(&mut moves);
    let mut record = GameRecord::new(start);
    record.play(moves[0]);
    // The first move played twice: the second time it is the other side's
    // turn, so it is not legal.
    let text = serde_json::to_string(&record).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut doubled = value.clone();
    let first = value["moves"][0].clone();
    doubled["moves"].as_array_mut().unwrap().push(first);
    assert!(serde_json::from_value::<GameRecord<Cross>>(doubled).is_err());
}
