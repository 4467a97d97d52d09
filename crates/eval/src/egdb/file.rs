//! The files: one per slice, each a 48-byte header and one value byte per
//! index, and a one-line table of contents per rule set.
//!
//! Header (little-endian): the magic `DMROEGDB`, the format version (`u32`),
//! the rule set's game id padded with zeros to 16 bytes, the slice (white
//! men, white kings, black men, black kings: one byte each), the number of
//! value bytes that follow (`u64`), and the FNV-1a hash of those bytes
//! (`u64`), so a damaged file is refused rather than probed.
//!
//! Every file is written whole or not at all: to a `.part` file first, then
//! renamed over the name it is read by. An interrupted build leaves only
//! finished slices under their names (and perhaps a `.part` file, which
//! nothing reads), so it can go on from them.

use std::fs;
use std::path::{Path, PathBuf};

// The header's check of the values.
use damero_core::files::fnv1a as checksum;

use super::EgdbError;
use super::index::Slice;

const MAGIC: &[u8; 8] = b"DMROEGDB";
/// The format version this code writes and reads.
pub const FORMAT_VERSION: u32 = 2;
const HEADER_LEN: usize = 48;

/// The file of `slice` of rule set `game` in `dir`.
pub(crate) fn slice_path(dir: &Path, game: &str, slice: Slice) -> PathBuf {
    dir.join(format!("{game}-{slice}.egdb"))
}

/// The table of contents of rule set `game` in `dir`.
pub(crate) fn contents_path(dir: &Path, game: &str) -> PathBuf {
    dir.join(format!("{game}.egdb-toc"))
}

/// Writes `bytes` to `path` whole or not at all (a `.part` file, then a
/// rename: [`damero_core::files::write_whole`]).
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), EgdbError> {
    damero_core::files::write_whole(path, bytes).map_err(|e| io_error(path, e))
}

fn io_error(path: &Path, error: std::io::Error) -> EgdbError {
    if error.kind() == std::io::ErrorKind::NotFound {
        EgdbError::MissingFile { path: path.to_owned() }
    } else {
        EgdbError::Io { path: path.to_owned(), message: error.to_string() }
    }
}

pub(crate) fn write_slice(dir: &Path, game: &str, slice: Slice, values: &[u8]) -> Result<(), EgdbError> {
    let path = slice_path(dir, game, slice);
    let mut bytes = Vec::with_capacity(HEADER_LEN + values.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    let mut name = [0u8; 16];
    name[..game.len()].copy_from_slice(game.as_bytes());
    bytes.extend_from_slice(&name);
    bytes.extend_from_slice(&[slice.white_men, slice.white_kings, slice.black_men, slice.black_kings]);
    bytes.extend_from_slice(&(values.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&checksum(values).to_le_bytes());
    bytes.extend_from_slice(values);
    write_whole(&path, &bytes)
}

pub(crate) fn read_slice(dir: &Path, game: &str, slice: Slice) -> Result<Vec<u8>, EgdbError> {
    let path = slice_path(dir, game, slice);
    let bytes = fs::read(&path).map_err(|e| io_error(&path, e))?;
    let bad = |what: &str| EgdbError::BadHeader { path: path.clone(), what: what.to_owned() };
    if bytes.len() < HEADER_LEN {
        return Err(EgdbError::Truncated { path, expected: HEADER_LEN as u64, found: bytes.len() as u64 });
    }
    if &bytes[..8] != MAGIC {
        return Err(bad("not an endgame database file (wrong magic)"));
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if version != FORMAT_VERSION {
        return Err(bad(&format!("format version {version}, expected {FORMAT_VERSION}")));
    }
    let name = &bytes[12..28];
    let found = String::from_utf8_lossy(name).trim_end_matches('\0').to_owned();
    if found != game {
        return Err(EgdbError::WrongRuleSet { path, expected: game.to_owned(), found });
    }
    let stored =
        Slice { white_men: bytes[28], white_kings: bytes[29], black_men: bytes[30], black_kings: bytes[31] };
    if stored != slice {
        return Err(bad(&format!("holds slice {stored}, expected {slice}")));
    }
    let count = u64::from_le_bytes(bytes[32..40].try_into().expect("8 bytes"));
    if count != slice.positions() {
        return Err(bad(&format!("{count} positions, slice {slice} has {}", slice.positions())));
    }
    let found = (bytes.len() - HEADER_LEN) as u64;
    if found < count {
        return Err(EgdbError::Truncated {
            path,
            expected: HEADER_LEN as u64 + count,
            found: bytes.len() as u64,
        });
    }
    if found > count {
        return Err(bad("bytes after the last value"));
    }
    let values = &bytes[HEADER_LEN..];
    if checksum(values) != u64::from_le_bytes(bytes[40..48].try_into().expect("8 bytes")) {
        return Err(EgdbError::Damaged { path });
    }
    Ok(values.to_vec())
}

pub(crate) fn write_contents(dir: &Path, game: &str, max_pieces: u32) -> Result<(), EgdbError> {
    let path = contents_path(dir, game);
    write_whole(&path, format!("damero-egdb {FORMAT_VERSION} {game} pieces={max_pieces}\n").as_bytes())
}

/// The number of pieces the table of contents of `game` promises.
pub(crate) fn read_contents(dir: &Path, game: &str) -> Result<u32, EgdbError> {
    let path = contents_path(dir, game);
    let text = fs::read_to_string(&path).map_err(|e| io_error(&path, e))?;
    let bad = |what: &str| EgdbError::BadHeader { path: path.clone(), what: what.to_owned() };
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [magic, version, found, pieces] = fields[..] else {
        return Err(bad("expected `damero-egdb VERSION GAME pieces=N`"));
    };
    if magic != "damero-egdb" {
        return Err(bad("not a damero endgame database table of contents"));
    }
    if version != FORMAT_VERSION.to_string() {
        return Err(bad(&format!("format version {version}, expected {FORMAT_VERSION}")));
    }
    if found != game {
        return Err(EgdbError::WrongRuleSet { path, expected: game.to_owned(), found: found.to_owned() });
    }
    pieces
        .strip_prefix("pieces=")
        .and_then(|n| n.parse().ok())
        .filter(|&n| (2..=super::MAX_PIECES).contains(&n))
        .ok_or_else(|| bad(&format!("bad piece count `{pieces}`")))
}
