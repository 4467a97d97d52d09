//! The `serde` feature: positions, moves, rules and records round-trip, and
//! a record with an illegal move is refused (the testkit's checks, the same
//! for every game).
#![cfg(feature = "serde")]

use damero_core::Game;
use damero_core::testkit::{check_serde_refuses_an_illegal_record, check_serde_round_trip};
use damero_cross::{Cross, CrossRules};

#[test]
fn values_round_trip_and_illegal_records_are_refused() {
    let start = Cross::start(CrossRules::default());
    check_serde_round_trip(start, 6);
    check_serde_refuses_an_illegal_record(start);
}
