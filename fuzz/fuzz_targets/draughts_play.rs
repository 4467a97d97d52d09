#![no_main]
//! Arbitrary move texts played from a start or fuzzed position: parsing never
//! panics, an accepted move is legal, and the incremental hash stays exact.
//! At every position the random-move path of playouts picks a legal move
//! (none exactly when there is none) and a short random playout runs.
use damero_core::{Game, MoveList};
use damero_draughts::{English, Russian, Spanish, Zisnella};
use libfuzzer_sys::fuzz_target;

#[allow(dead_code, reason = "each target uses part of it")]
mod common;

fn run<G: Game>(text: &str) {
    let mut lines = text.lines();
    let mut position = match lines.next() {
        Some(first) => G::from_fen(first, Default::default()).unwrap_or_else(|_| G::start(Default::default())),
        None => G::start(Default::default()),
    };
    let mut moves = MoveList::new();
    for (i, line) in lines.enumerate() {
        position.legal_moves(&mut moves);
        common::check_random(&position, &moves, i as u64 ^ text.len() as u64);
        match position.parse_move(line) {
            Ok(mv) => {
                assert!(moves.contains(&mv), "accepted an illegal move {line}");
                position.play(mv);
                assert_eq!(position.zobrist(), position.zobrist_from_scratch());
            }
            Err(error) => {
                let _ = error.to_string();
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match selector % 4 {
        0 => run::<Russian>(text),
        1 => run::<Zisnella>(text),
        2 => run::<Spanish>(text),
        _ => run::<English>(text),
    }
});
