#![no_main]
//! Any bytes given as endgame database files: never a panic, and a database
//! that opens answers probes. `EndgameDatabase::open` reads a directory, so
//! each input is laid out as files in a private directory (in /dev/shm when
//! there is one): its first line is the table of contents, the rest is the
//! file of one 2-piece slice (picked by the first byte, which also picks the
//! rule set), and the other 2-piece slices get valid files of draws.
use std::cell::RefCell;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use damero_core::Game;
use damero_draughts::{Draughts, EnglishVariant, RussianVariant, SpanishVariant, Variant};
use damero_eval::EndgameDatabase;
use libfuzzer_sys::fuzz_target;

thread_local! {
    /// The slice files of the scratch directory that hold valid contents.
    static VALID: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
}

fn dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let base =
            if Path::new("/dev/shm").is_dir() { PathBuf::from("/dev/shm") } else { std::env::temp_dir() };
        let dir = base.join(format!("damero-fuzz-egdb-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        dir
    })
}

/// Two-piece positions in the notations of the rule sets (each rule set
/// reads some of them).
const POSITIONS: &[&str] = &[
    "W:WKa1:BKh8",
    "B:Wc3:Bf6",
    "W:WKd4:Be5",
    "B:WKb1:BKg8",
    "W:Wb2:Bg7",
    "W:WK1:BK32",
    "B:W21:B12",
    "W:WK14:B18",
];

fn run<V: Variant>(selector: u8, toc: &[u8], slice_file: &[u8]) {
    let dir = dir();
    let slices = EndgameDatabase::<V>::slices(2);
    let fuzzed = slices[selector as usize % slices.len()];
    // The valid files are written once, and again after an input
    // overwrote them.
    VALID.with(|valid| {
        let mut valid = valid.borrow_mut();
        for &slice in &slices {
            let name = format!("{}-{slice}", V::NAME);
            if slice != fuzzed && !valid.contains(&name) {
                let values = vec![0u8; slice.positions() as usize];
                EndgameDatabase::<V>::write_slice(dir, slice, &values).expect("write a slice");
                valid.insert(name);
            }
        }
        valid.remove(&format!("{}-{fuzzed}", V::NAME));
    });
    std::fs::write(dir.join(format!("{}-{fuzzed}.egdb", V::NAME)), slice_file)
        .expect("write the fuzzed slice");
    std::fs::write(dir.join(format!("{}.egdb-toc", V::NAME)), toc).expect("write the table of contents");
    match EndgameDatabase::<V>::open(dir) {
        Ok(database) => {
            assert!((2..=damero_eval::EGDB_MAX_PIECES).contains(&database.max_pieces()));
            for fen in POSITIONS {
                let Ok(position) = Draughts::<V>::from_fen(fen, Default::default()) else { continue };
                let _ = database.value(&position);
                let _ = database.probe(&position);
            }
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else { return };
    let split = rest.iter().position(|&b| b == b'\n').map_or(rest.len(), |i| i + 1);
    let (toc, slice_file) = rest.split_at(split);
    match selector >> 6 {
        0 | 1 => run::<RussianVariant>(selector, toc, slice_file),
        2 => run::<EnglishVariant>(selector, toc, slice_file),
        _ => run::<SpanishVariant>(selector, toc, slice_file),
    }
});
