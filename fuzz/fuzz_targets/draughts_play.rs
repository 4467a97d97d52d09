#![no_main]
//! Arbitrary move texts played from a start or fuzzed position: parsing never
//! panics, an accepted move is legal, and the incremental hash stays exact.
//! At every position the random-move path of playouts picks a legal move
//! (none exactly when there is none) and a short random playout runs.
use damero_core::{Game, MoveList};
use damero_draughts::{English, Russian, Spanish, Zisnella};
use libfuzzer_sys::fuzz_target;

fn run<G: Game>(text: &str) {
    let mut lines = text.lines();
    let mut position = match lines.next() {
        Some(first) => G::from_fen(first, Default::default()).unwrap_or_else(|_| G::start(Default::default())),
        None => G::start(Default::default()),
    };
    let mut moves = MoveList::new();
    let mut random = text.len() as u64;
    for line in lines {
        position.legal_moves(&mut moves);
        random = random.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(line.len() as u64);
        match position.random_move(random) {
            Some(mv) => assert!(moves.contains(&mv), "random_move gave an illegal move"),
            None => assert!(moves.is_empty(), "random_move found no move where there is one"),
        }
        let mut state = random | 1;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let end = position.random_playout(16, &mut next);
        assert!(end.plies <= 16);
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
