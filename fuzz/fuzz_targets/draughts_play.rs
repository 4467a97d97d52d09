#![no_main]
//! Draughts play, all four rule sets (the first byte picks one): from a
//! parsed or start position, parse and play arbitrary move texts through
//! `common::play_lines` (every move: listed, text round trip, hash exact,
//! FEN round trip, undo restores the record; the last position of one input in 8: the
//! test kit's `check_position`). Bad text is an error, never a panic; the side to
//! move alternates and pieces never appear. (Draughts has no slow reference
//! generator; its perft tests check published counts instead.)
//!
//! Input: a selector byte, then a first line holding a FEN (or anything
//! else: the start position), then one move text per line (`*N`: the N-th
//! legal move).
use damero_core::{Color, Game};
use damero_draughts::{Draughts, EnglishVariant, RussianVariant, SpanishVariant, Variant, ZisnellaVariant};
use libfuzzer_sys::fuzz_target;

#[allow(dead_code, reason = "each target uses part of it")]
mod common;

fn run<V: Variant>(text: &str, deep: bool) {
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let start = Draughts::<V>::from_fen(first, Default::default())
        .unwrap_or_else(|_| Draughts::<V>::start(Default::default()));
    common::play_lines(
        start,
        lines,
        deep,
        |_| {},
        |before, _, after| {
            assert_eq!(after.side_to_move(), !before.side_to_move());
            for c in Color::ALL {
                assert!(after.bits(c).count_ones() <= before.bits(c).count_ones());
            }
        },
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match selector % 4 {
        0 => run::<RussianVariant>(text, common::deep(data)),
        1 => run::<ZisnellaVariant>(text, common::deep(data)),
        2 => run::<SpanishVariant>(text, common::deep(data)),
        _ => run::<EnglishVariant>(text, common::deep(data)),
    }
});
