#![no_main]
//! Eliminar position text: parsing never panics; what parses writes a FEN that
//! re-parses to the same position, and the hash agrees with a fresh one.
use damero_core::{Game, Presentation};
use damero_eliminar::{Eliminar, EliminarRules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(position) = Eliminar::from_fen(text, EliminarRules::default()) else { return };
    let fen = position.fen();
    let again = Eliminar::from_fen(&fen, EliminarRules::default()).expect("own FEN re-parses");
    assert_eq!(again, position);
    assert_eq!(again.fen(), fen);
    assert_eq!(position.zobrist(), position.zobrist_from_scratch());
    let _ = position.diagram();
});
