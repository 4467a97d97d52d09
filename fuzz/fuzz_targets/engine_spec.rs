#![no_main]
//! Any text given as an engine spec (`alphabeta:depth=6,eval=...`, the
//! `--engine` option, the Hub's engine setting, and `match`'s external
//! `hub:command=...` engines): never a panic; a spec that parses prints to
//! a text that parses to the same spec, and a Hub spec's `level` line and
//! move timeout are made, and its clock run down, without a panic,
//! whatever times it asks for.
use damero_engine::EngineSpec;
use damero_hub::HubSpec;
use damero_search::Clock;
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
    match text.parse::<HubSpec>() {
        Ok(spec) => {
            let printed = spec.to_string();
            let again: HubSpec = printed.parse().unwrap_or_else(|e| panic!("own spec '{printed}' rejected: {e}"));
            assert_eq!(again, spec, "'{printed}' reads back differently");
            let clock: Option<Clock> = spec.time_control.map(|tc| tc.start());
            let level = spec.level_line(clock.as_ref());
            assert!(level.starts_with("level") && !level.contains('\n'), "{level:?}");
            let _ = spec.move_timeout(clock.as_ref());
            // A move on the clock, however long the clock.
            if let Some(clock) = clock {
                let _ = clock.after_move(std::time::Duration::from_millis(1));
            }
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
});
