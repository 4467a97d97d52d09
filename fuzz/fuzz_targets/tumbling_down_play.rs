#![no_main]
//! Tumbling Down play (the first line picks the variant): from the start or
//! a parsed position, parse and play arbitrary move texts through
//! `common::play_lines` (every move: listed, text round trip, hash exact,
//! FEN round trip, undo restores the record; the last position of one input in 8: the
//! test kit's `check_position`). The piece counts never change; at the last
//! position the moves and every child agree with the slow reference model of
//! the crate's tests (`crates/tumbling-down/tests/common`), and `make` then
//! `unmake` restores the position.
//!
//! Input: first line a position text (`B...`: Boardspace rules; unparsable:
//! the start position), then one move text per line (`*N`: the N-th legal
//! move).
use damero_core::{Color, Game, MoveList};
use damero_tumbling_down::{TumblingDown, TumblingDownRules};
use libfuzzer_sys::fuzz_target;

#[allow(dead_code, reason = "each target uses part of it")]
mod common;

#[allow(dead_code, unused_imports, reason = "the tests' helpers, of which the target uses the reference")]
#[path = "../../crates/tumbling-down/tests/common/mod.rs"]
mod reference;

/// Every legal move and every child of `p` agree with the reference model,
/// and make then unmake restores `p`.
fn agree_with_reference(p: &TumblingDown) {
    let model = reference::Reference::of(p);
    assert_eq!(model.fen(), p.fen(), "the reference writes the position differently");
    assert_eq!(p.legal_move_texts(), model.moves(), "move lists differ at {}", p.fen());
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    for &mv in &moves {
        let text = p.format_move(mv);
        let mut child = *p;
        child.play(mv);
        let expected = model.play(&text);
        assert_eq!(child.fen(), expected.fen(), "{text} from {}", p.fen());
        assert_eq!(child.winner(), expected.winner);
        let mut q = *p;
        let undo = q.make(mv);
        assert_eq!(q, child, "make differs from play: {text} from {}", p.fen());
        q.unmake(&undo);
        assert_eq!(q, *p, "unmake does not restore: {text} from {}", p.fen());
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let rules =
        if first.starts_with('B') { TumblingDownRules::boardspace() } else { TumblingDownRules::original() };
    let start = TumblingDown::from_fen(first, rules).unwrap_or_else(|_| TumblingDown::start(rules));
    let counts = [start.piece_count(Color::White), start.piece_count(Color::Black)];
    common::play_lines(start, lines, common::deep(data), agree_with_reference, |before, _, after| {
        assert_eq!([after.piece_count(Color::White), after.piece_count(Color::Black)], counts);
        if after.winner().is_some() {
            assert!(after.legal_move_texts().is_empty());
        }
        let _ = before;
    });
});
