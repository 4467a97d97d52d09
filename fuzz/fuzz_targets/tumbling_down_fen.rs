#![no_main]
//! TumblingDown text parsing must never panic; what parses writes a text that
//! parses back to the same position.
use damero_core::{Game, Presentation};
use damero_tumbling_down::{TumblingDown, TumblingDownRules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for rules in [TumblingDownRules::original(), TumblingDownRules::boardspace()] {
        if let Ok(p) = TumblingDown::from_fen(text, rules) {
            let fen = p.fen();
            let again = TumblingDown::from_fen(&fen, rules).expect("own text re-parses");
            assert_eq!(again, p, "{fen}");
            assert_eq!(again.fen(), fen);
            assert_eq!(p.zobrist(), p.zobrist_from_scratch());
            let _ = p.diagram();
            let _ = p.legal_move_texts();
        }
    }
});
