#![no_main]
//! Any text given to the PDN reader, for each of the seven games: never a
//! panic; the games it reads write back to text that reads to the same
//! games (start, moves, result).
use damero_core::{Presentation, read_pdn, write_pdn};
use damero_cross::Cross;
use damero_draughts::{English, Russian, Spanish, Zisnella};
use damero_eliminar::Eliminar;
use damero_tumbling_down::TumblingDown;
use libfuzzer_sys::fuzz_target;

fn check<G: Presentation>(text: &str) {
    let Ok(games) = read_pdn::<G>(text, Default::default()) else { return };
    let written: String = games.iter().map(write_pdn).collect();
    let again = read_pdn::<G>(&written, Default::default()).expect("own PDN reads");
    assert_eq!(again.len(), games.len());
    for (a, b) in games.iter().zip(&again) {
        assert!(a.record.start() == b.record.start(), "start differs after writing:\n{written}");
        assert!(a.record.moves() == b.record.moves(), "moves differ after writing:\n{written}");
        assert_eq!(a.result, b.result);
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    check::<Russian>(text);
    check::<Zisnella>(text);
    check::<Spanish>(text);
    check::<English>(text);
    check::<Eliminar>(text);
    check::<TumblingDown>(text);
    check::<Cross>(text);
});
