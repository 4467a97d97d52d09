#![no_main]
//! Cross play: from a parsed or start position, parse and play arbitrary move
//! texts. Bad text is an error, never a panic; a move that parses is one of
//! the legal moves, prints back to a text that parses to it, and playing it
//! keeps the hash exact, the piece counts within 16, no square guarded by
//! both colours and the FEN valid (no formation left on the board).
//!
//! Input: first line a FEN (or empty / unparsable: the start position), then
//! one move text per line. A line `*N` plays the N-th legal move instead, so
//! the fuzzer reaches deep positions easily.
use damero_core::{Color, Game, MoveList};
use damero_cross::{CrossPosition, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let rules = Rules::default();
    let mut position = CrossPosition::from_fen(first, rules).unwrap_or_else(|_| CrossPosition::start(rules));
    let mut moves = MoveList::new();
    for line in lines.take(200) {
        position.legal_moves(&mut moves);
        let parsed = match line.strip_prefix('*').and_then(|n| n.parse::<usize>().ok()) {
            Some(n) if !moves.is_empty() => Ok(moves[n % moves.len()]),
            _ => position.parse_move(line),
        };
        let Ok(mv) = parsed else {
            continue;
        };
        assert!(moves.contains(&mv), "parsed move is not legal");
        let printed = position.format_move(mv);
        assert_eq!(position.parse_move(&printed), Ok(mv), "{printed}");
        let before = position;
        position.play(mv);
        assert_eq!(position.zobrist(), position.zobrist_from_scratch());
        assert_eq!(position.side_to_move(), !before.side_to_move());
        for c in Color::ALL {
            assert_eq!(position.on_board(c) + position.spares(c), 16);
        }
        assert!((position.guarded(Color::Black) & position.guarded(Color::White)).is_empty());
        let reread = CrossPosition::from_fen(&position.fen(), rules).expect("a played position is valid");
        assert_eq!(reread.zobrist(), position.zobrist());
    }
    position.legal_moves(&mut moves);
    assert_eq!(moves.is_empty(), position.outcome().is_some());
});
