#![no_main]
//! Any text given to the PDN reader: never a panic; the games it reads
//! write back to text that reads to the same games.
use damero_core::{Game, read_pdn, write_pdn};
use damero_draughts::{English, Russian};
use libfuzzer_sys::fuzz_target;

fn check<G: Game>(text: &str) {
    if let Ok(games) = read_pdn::<G>(text, Default::default()) {
        let written: String = games.iter().map(write_pdn).collect();
        let again = read_pdn::<G>(&written, Default::default()).expect("own PDN reads");
        assert_eq!(again.len(), games.len());
        for (a, b) in games.iter().zip(&again) {
            assert_eq!(a.record.start(), b.record.start());
            assert_eq!(a.record.moves(), b.record.moves());
            assert_eq!(a.result, b.result);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check::<Russian>(text);
        check::<English>(text);
        check::<damero_eliminar::Eliminar>(text);
    }
});
