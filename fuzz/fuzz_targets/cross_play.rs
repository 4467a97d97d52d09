#![no_main]
//! Cross play: from a parsed or start position, parse and play arbitrary move
//! texts through `common::play_lines` (every move: listed, text round trip,
//! hash exact, FEN round trip, undo restores the record; the last position of
//! one input in 8: the test kit's `check_position`). Playing keeps the piece counts at 16 a
//! side (board plus spares), no square guarded by both colours and the FEN
//! valid (no formation left on the board). The slow reference generator of
//! the crate's tests lives in a test file of private items
//! (`crates/cross/tests/reference.rs`), so this target does not call it.
//!
//! Input: first line a FEN (or empty / unparsable: the start position), then
//! one move text per line (`*N`: the N-th legal move).
use damero_core::{Color, Game};
use damero_cross::{Cross, CrossRules};
use libfuzzer_sys::fuzz_target;

#[allow(dead_code, reason = "each target uses part of it")]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let rules = CrossRules::default();
    let start = Cross::from_fen(first, rules).unwrap_or_else(|_| Cross::start(rules));
    common::play_lines(
        start,
        lines,
        common::deep(data),
        |_| {},
        |before, _, after| {
            assert_eq!(after.side_to_move(), !before.side_to_move());
            for c in Color::ALL {
                assert_eq!(after.on_board(c) + after.spares(c), 16);
            }
            assert!((after.guarded(Color::Black) & after.guarded(Color::White)).is_empty());
            let reread = Cross::from_fen(&after.fen(), rules).expect("a played position is valid");
            assert_eq!(reread.zobrist(), after.zobrist());
        },
    );
});
