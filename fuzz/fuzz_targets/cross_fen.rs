#![no_main]
//! Cross FEN: parsing arbitrary text never panics; a text that parses writes
//! back a FEN that parses to the same position, and the position is valid
//! (at most 16 pieces a side, no square guarded by both, hash exact).
use damero_core::{Color, Game};
use damero_cross::{Cross, CrossRules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(position) = Cross::from_fen(text, CrossRules::default()) else { return };
    let fen = position.fen();
    let reread = Cross::from_fen(&fen, CrossRules::default()).expect("own FEN must parse");
    assert_eq!(reread, position);
    assert_eq!(reread.fen(), fen);
    assert_eq!(position.zobrist(), position.zobrist_from_scratch());
    for c in Color::ALL {
        assert!(position.on_board(c) <= 16);
    }
    assert!((position.guarded(Color::Black) & position.guarded(Color::White)).is_empty());
    let _ = position.outcome();
});
