#![no_main]
//! Any line given to the self-play data reader (`damero tune` reads these),
//! for each of the seven games: never a panic; a line that reads prints to a
//! line that reads to the same sample.
use damero_core::Game;
use damero_cross::Cross;
use damero_draughts::{English, Russian, Spanish, Zisnella};
use damero_eliminar::Eliminar;
use damero_lab::Sample;
use damero_tumbling_down::TumblingDown;
use libfuzzer_sys::fuzz_target;

fn check<G: Game>(text: &str) {
    for line in text.lines() {
        match Sample::<G>::parse(line, Default::default()) {
            Some(Ok(sample)) => {
                let printed = sample.to_string();
                let again = Sample::<G>::parse(&printed, Default::default())
                    .expect("not blank")
                    .unwrap_or_else(|e| panic!("own line '{printed}' rejected: {e}"));
                assert!(again == sample, "'{printed}' reads back differently");
            }
            Some(Err(error)) => {
                let _ = error.to_string();
            }
            None => {}
        }
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
