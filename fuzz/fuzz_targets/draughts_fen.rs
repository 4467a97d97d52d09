#![no_main]
//! Any text given to the FEN parsers of the four draughts rule sets: never a
//! panic, and a FEN that parses writes back to a FEN that parses to the same.
use damero_core::Game;
use damero_draughts::{English, Russian, Spanish, Zisnella};
use libfuzzer_sys::fuzz_target;

fn check<G: Game>(text: &str) {
    if let Ok(position) = G::from_fen(text, Default::default()) {
        let fen = position.fen();
        let again = G::from_fen(&fen, Default::default()).expect("own FEN parses");
        assert_eq!(again.fen(), fen);
        assert_eq!(again.zobrist(), position.zobrist());
        let _ = position.legal_move_texts();
        let _ = position.outcome();
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check::<Russian>(text);
        check::<Zisnella>(text);
        check::<Spanish>(text);
        check::<English>(text);
    }
});
