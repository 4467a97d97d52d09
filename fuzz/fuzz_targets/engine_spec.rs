#![no_main]
//! Any text given as an engine spec (`alphabeta:depth=6,eval=...`, the
//! `--engine` option and the Hub's engine setting): never a panic; a spec
//! that parses prints to a text that parses to the same spec.
use damero_engine::EngineSpec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match text.parse::<EngineSpec>() {
        Ok(spec) => {
            let printed = spec.to_string();
            let again: EngineSpec =
                printed.parse().unwrap_or_else(|e| panic!("own spec '{printed}' rejected: {e}"));
            assert_eq!(again, spec, "'{printed}' reads back differently");
            assert_eq!(again.to_string(), printed);
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
});
