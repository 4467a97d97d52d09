#![no_main]
//! Eliminar play: from a parsed or start position, parse and play arbitrary
//! move texts through `common::play_lines` (every move: listed, text round
//! trip, hash exact, FEN round trip, undo restores the record; the last
//! position of one input in 8: the test kit's `check_position`). A move removes exactly the
//! pieces it jumps, and the moves of the last position agree with the slow
//! reference generator of the crate's tests (`crates/eliminar/tests/common`).
//!
//! Input: first line a FEN (or empty / unparsable: a start position chosen by
//! the first byte), then one move text per line (`*N`: the N-th legal move).
use damero_core::{Color, Game};
use damero_eliminar::{Eliminar, EliminarRules, StartSetup};
use libfuzzer_sys::fuzz_target;

#[allow(dead_code, reason = "each target uses part of it")]
mod common;

#[allow(dead_code, unused_imports, reason = "the tests' helpers, of which the target uses the reference")]
#[path = "../../crates/eliminar/tests/common/mod.rs"]
mod reference;

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
    let start = Eliminar::from_fen(first, rules).unwrap_or_else(|_| Eliminar::start(rules));
    common::play_lines(
        start,
        lines,
        common::deep(data),
        |position| {
            let expected = reference::RefBoard::from_fen(&position.fen()).move_texts(rules.end_when_stuck);
            let mut texts = position.legal_move_texts();
            texts.sort();
            assert_eq!(texts, expected, "moves differ from the reference at {}", position.fen());
        },
        |before, mv, after| {
            assert_eq!(after.side_to_move(), !before.side_to_move());
            for c in Color::ALL {
                let jumped = (mv.jumped() & before.pieces(c)).count();
                assert_eq!(after.count(c), before.count(c) - jumped);
            }
        },
    );
});
