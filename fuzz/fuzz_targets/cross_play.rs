#![no_main]
//! Cross play: from a parsed or start position, parse and play arbitrary move
//! texts. Bad text is an error, never a panic; a move that parses is one of
//! the legal moves, prints back to a text that parses to it, and playing it
//! keeps the hash exact, the piece counts within 16, no square guarded by
//! both colours and the FEN valid (no formation left on the board).
//!
//! Input: first line a FEN (or empty / unparsable: the start position), then
//! one move text per line. A line `*N` plays the N-th legal move instead, so
//! the fuzzer reaches deep positions easily. Every position also checks the
//! random-move path of playouts.
use damero_core::{Color, Game, MoveList};
use damero_cross::{Cross, CrossRules};
use libfuzzer_sys::fuzz_target;

#[allow(dead_code, reason = "each target uses part of it")]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let rules = CrossRules::default();
    let position = Cross::from_fen(first, rules).unwrap_or_else(|_| Cross::start(rules));
    let position = common::play_lines(position, lines.take(200), |before, _, after| {
        assert_eq!(after.side_to_move(), !before.side_to_move());
        for c in Color::ALL {
            assert_eq!(after.on_board(c) + after.spares(c), 16);
        }
        assert!((after.guarded(Color::Black) & after.guarded(Color::White)).is_empty());
        let reread = Cross::from_fen(&after.fen(), rules).expect("a played position is valid");
        assert_eq!(reread.zobrist(), after.zobrist());
    });
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    assert_eq!(moves.is_empty(), position.outcome().is_some());
});
