#![no_main]
//! Eliminar play: from a parsed or start position, parse and play arbitrary
//! move texts. Bad text is an error, never a panic; a move that parses is one
//! of the legal moves, prints back to a text that parses to it, and playing it
//! keeps the hash and the piece counts exact.
//!
//! Input: first line a FEN (or empty / unparsable: a start position chosen by
//! the first byte), then one move text per line. A line `*N` plays the N-th
//! legal move instead, so the fuzzer reaches deep positions easily. Every
//! position also checks the random-move path of playouts.
use damero_core::{Color, Game, MoveList};
use damero_eliminar::{Eliminar, EliminarRules, StartSetup};
use libfuzzer_sys::fuzz_target;

#[allow(dead_code, reason = "each target uses part of it")]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let selector = data.first().copied().unwrap_or(0);
    let rules = EliminarRules {
        setup: StartSetup::ALL[(selector & 3) as usize],
        seed: u64::from(selector >> 2),
        end_when_stuck: selector & 0x40 != 0,
        ..EliminarRules::default()
    };
    let position = Eliminar::from_fen(first, rules).unwrap_or_else(|_| Eliminar::start(rules));
    let position = common::play_lines(position, lines.take(200), |before, mv, after| {
        assert_eq!(after.side_to_move(), !before.side_to_move());
        for c in Color::ALL {
            let jumped = (mv.jumped() & before.pieces(c)).count();
            assert_eq!(after.count(c), before.count(c) - jumped);
        }
    });
    let mut moves = MoveList::new();
    // The end agrees with "no legal move".
    position.legal_moves(&mut moves);
    assert_eq!(moves.is_empty(), position.outcome().is_some());
});
