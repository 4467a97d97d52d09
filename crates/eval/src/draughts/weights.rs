//! Fitted weights and their file format.
//!
//! A weights file is little-endian binary:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | magic `DAMEROEV` |
//! | 2 | format version (1) |
//! | 2 | feature set ([`FEATURE_SET`]) |
//! | 1 + n | the rule set's id (`russian`, `english`, ...), length first |
//! | 4 | parameter count ([`PARAMETERS`]) |
//! | 2 each | the parameters, `i16` centipawns |
//! | 4 | checksum: the wrapping sum of the parameters as `u32` |

use core::fmt;

use super::features::{FEATURE_SET, PARAMETERS, SCALAR_BASE, SCALAR_NAMES};

const MAGIC: &[u8; 8] = b"DAMEROEV";
const FORMAT: u16 = 1;

/// The parameters of the trained evaluation for one rule set, in
/// centipawns (see the module docs of the features for their layout).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    game: String,
    params: Vec<i16>,
}

/// Why a weights or network file was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// It does not start with the magic bytes.
    NotWeights,
    /// Another format version.
    Format(u16),
    /// Written for another feature set (older or newer code).
    FeatureSet {
        /// The feature set in the file.
        found: u16,
        /// The feature set of this code.
        expected: u16,
    },
    /// Fitted for another rule set.
    WrongGame {
        /// The rule set in the file.
        found: String,
        /// The rule set asked for.
        expected: String,
    },
    /// The parameter count is not this feature set's (or network's).
    Count {
        /// The count in the file.
        found: u32,
        /// The count this build reads.
        expected: u32,
    },
    /// A network parameter lies outside the range its integer arithmetic
    /// is safe in: the file is damaged or was not written by damero.
    Range,
    /// The file ends early, or goes on after the checksum.
    Length,
    /// The checksum does not match: the file is damaged.
    Checksum,
    /// It could not be read.
    Io(String),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Shared by weights and network files: no message names one kind;
            // the caller says which file it read (`DraughtsEvaluator::named`
            // prefixes "a network file: ", `damero tune` the path).
            WeightsError::NotWeights => f.write_str("not a damero weights or network file"),
            WeightsError::Format(v) => write!(f, "file format {v}, this build reads format {FORMAT}"),
            WeightsError::FeatureSet { found, expected } => {
                write!(f, "feature set {found}, this build evaluates feature set {expected}")
            }
            WeightsError::WrongGame { found, expected } => write!(f, "fitted for {found}, not {expected}"),
            WeightsError::Count { found, expected } => {
                write!(f, "{found} parameters, this build reads {expected}")
            }
            WeightsError::Range => f.write_str("a parameter out of range (damaged file)"),
            WeightsError::Length => f.write_str("truncated, or bytes after the checksum"),
            WeightsError::Checksum => f.write_str("checksum mismatch (damaged file)"),
            WeightsError::Io(e) => write!(f, "cannot read {e}"),
        }
    }
}

impl std::error::Error for WeightsError {}

impl Weights {
    /// Weights for `game` that are all zero but material: `man` and `king`
    /// centipawns in both phases (the fitter's starting point).
    pub fn material(game: &str, man: i16, king: i16) -> Weights {
        let mut params = vec![0; PARAMETERS];
        for phase in 0..2 {
            params[2 * SCALAR_BASE + phase] = man;
            params[2 * (SCALAR_BASE + 1) + phase] = king;
        }
        Weights { game: game.to_owned(), params }
    }

    /// Weights for `game` from parameters (rounded to centipawns).
    ///
    /// # Panics
    /// If `params` does not have [`PARAMETERS`] values.
    pub fn from_params(game: &str, params: &[f64]) -> Weights {
        assert_eq!(params.len(), PARAMETERS, "parameter count");
        let params = params.iter().map(|&p| p.round().clamp(-32_000.0, 32_000.0) as i16).collect();
        Weights { game: game.to_owned(), params }
    }

    /// The rule set these weights are for.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The parameters, in centipawns.
    pub fn params(&self) -> &[i16] {
        &self.params
    }

    /// The scalar features' names with their middlegame and endgame values
    /// (for reports; the pattern tables are too large to print).
    pub fn scalars(&self) -> Vec<(&'static str, i16, i16)> {
        SCALAR_NAMES
            .iter()
            .enumerate()
            .map(|(i, &name)| {
                (name, self.params[2 * (SCALAR_BASE + i)], self.params[2 * (SCALAR_BASE + i) + 1])
            })
            .collect()
    }

    /// The file bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(24 + self.game.len() + 2 * self.params.len());
        write_header(&mut out, MAGIC, FEATURE_SET, &self.game);
        out.extend_from_slice(&(self.params.len() as u32).to_le_bytes());
        let mut sum = 0u32;
        for &p in &self.params {
            out.extend_from_slice(&p.to_le_bytes());
            sum = sum.wrapping_add(p as u16 as u32);
        }
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads weights for rule set `game` from file bytes.
    ///
    /// # Errors
    /// [`WeightsError`] naming what is wrong.
    pub fn from_bytes(bytes: &[u8], game: &str) -> Result<Weights, WeightsError> {
        let mut reader = FileReader::header(bytes, MAGIC, FEATURE_SET, game)?;
        reader.count(PARAMETERS)?;
        let raw = reader.take(2 * PARAMETERS)?;
        let params: Vec<i16> = raw.chunks_exact(2).map(|c| i16::from_le_bytes([c[0], c[1]])).collect();
        let sum = reader.u32()?;
        reader.finish()?;
        let expected = params.iter().fold(0u32, |s, &p| s.wrapping_add(p as u16 as u32));
        if sum != expected {
            return Err(WeightsError::Checksum);
        }
        Ok(Weights { game: game.to_owned(), params })
    }

    /// Reads a weights file for rule set `game`.
    ///
    /// # Errors
    /// [`WeightsError::Io`] when the file cannot be read (or is not a regular
    /// file of at most 4 MiB), else as
    /// [`from_bytes`](Weights::from_bytes).
    pub fn read(path: &std::path::Path, game: &str) -> Result<Weights, WeightsError> {
        Weights::from_bytes(&read_file(path)?, game)
    }
}

/// The most an evaluation file is read for: ten times the largest damero
/// writes (the pattern weights, 0.4 MB).
const MAX_FILE_BYTES: u64 = 4 << 20;

/// The bytes of the evaluation file at `path`: a regular file of at most
/// [`MAX_FILE_BYTES`]. A device, a pipe or a huge file is refused rather
/// than read, since a name such as `/dev/zero` would never end (an engine
/// takes the path from a spec or a Hub interface).
pub(super) fn read_file(path: &std::path::Path) -> Result<Vec<u8>, WeightsError> {
    use std::io::Read;
    let error = |what: &dyn fmt::Display| WeightsError::Io(format!("{}: {what}", path.display()));
    let file = std::fs::File::open(path).map_err(|e| error(&e))?;
    let metadata = file.metadata().map_err(|e| error(&e))?;
    if !metadata.is_file() {
        return Err(error(&"not a regular file"));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| error(&e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(error(&format_args!("over {MAX_FILE_BYTES} bytes, larger than any evaluation file")));
    }
    Ok(bytes)
}

/// Writes the header every evaluation file starts with: the magic, the
/// format version, the feature set (or network shape) and the rule set.
pub(super) fn write_header(out: &mut Vec<u8>, magic: &[u8; 8], feature_set: u16, game: &str) {
    out.extend_from_slice(magic);
    out.extend_from_slice(&FORMAT.to_le_bytes());
    out.extend_from_slice(&feature_set.to_le_bytes());
    out.push(game.len() as u8);
    out.extend_from_slice(game.as_bytes());
}

/// Reads an evaluation file's fields in order (the pattern weights and the
/// network share the header and the error type).
pub(super) struct FileReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> FileReader<'a> {
    /// Checks the header written by [`write_header`] and stands after it.
    pub(super) fn header(
        bytes: &'a [u8],
        magic: &[u8; 8],
        feature_set: u16,
        game: &str,
    ) -> Result<FileReader<'a>, WeightsError> {
        let mut reader = FileReader { bytes, at: 0 };
        if reader.take(8).map_err(|_| WeightsError::NotWeights)? != magic {
            return Err(WeightsError::NotWeights);
        }
        let format = reader.u16()?;
        if format != FORMAT {
            return Err(WeightsError::Format(format));
        }
        let found = reader.u16()?;
        if found != feature_set {
            return Err(WeightsError::FeatureSet { found, expected: feature_set });
        }
        let name_len = reader.take(1)?[0] as usize;
        let found = String::from_utf8_lossy(reader.take(name_len)?).into_owned();
        if found != game {
            return Err(WeightsError::WrongGame { found, expected: game.to_owned() });
        }
        Ok(reader)
    }

    /// The next `n` bytes.
    pub(super) fn take(&mut self, n: usize) -> Result<&'a [u8], WeightsError> {
        let part = self.bytes.get(self.at..self.at + n).ok_or(WeightsError::Length)?;
        self.at += n;
        Ok(part)
    }

    fn u16(&mut self) -> Result<u16, WeightsError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    /// The next little-endian `u32`.
    pub(super) fn u32(&mut self) -> Result<u32, WeightsError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A parameter count, which must be `expected`.
    pub(super) fn count(&mut self, expected: usize) -> Result<(), WeightsError> {
        let found = self.u32()?;
        if found as usize != expected {
            return Err(WeightsError::Count { found, expected: expected as u32 });
        }
        Ok(())
    }

    /// Checks that nothing follows.
    pub(super) fn finish(&self) -> Result<(), WeightsError> {
        if self.at != self.bytes.len() {
            return Err(WeightsError::Length);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_every_error() {
        let mut weights = Weights::material("russian", 100, 300);
        weights.params[17] = -42;
        let bytes = weights.to_bytes();
        assert_eq!(Weights::from_bytes(&bytes, "russian"), Ok(weights.clone()));
        assert!(matches!(Weights::from_bytes(&bytes, "english"), Err(WeightsError::WrongGame { .. })));
        assert_eq!(Weights::from_bytes(b"hello", "russian"), Err(WeightsError::NotWeights));
        assert_eq!(Weights::from_bytes(&bytes[..bytes.len() - 1], "russian"), Err(WeightsError::Length));
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(Weights::from_bytes(&longer, "russian"), Err(WeightsError::Length));
        let mut damaged = bytes.clone();
        damaged[40] ^= 1;
        assert_eq!(Weights::from_bytes(&damaged, "russian"), Err(WeightsError::Checksum));
        let mut old = bytes.clone();
        old[10] = old[10].wrapping_add(1);
        assert!(matches!(Weights::from_bytes(&old, "russian"), Err(WeightsError::FeatureSet { .. })));
        let mut format = bytes;
        format[8] = 9;
        assert_eq!(Weights::from_bytes(&format, "russian"), Err(WeightsError::Format(9)));
        assert!(matches!(
            Weights::read(std::path::Path::new("/nonexistent/w.bin"), "russian"),
            Err(WeightsError::Io(_))
        ));
    }

    #[test]
    fn a_device_a_directory_or_a_huge_file_is_refused_unread() {
        let message = |path: &std::path::Path| match Weights::read(path, "russian") {
            Err(WeightsError::Io(message)) => message,
            other => panic!("{}: {other:?}", path.display()),
        };
        // /dev/zero never ends: read, it would fill the memory.
        assert!(message(std::path::Path::new("/dev/zero")).contains("not a regular file"));
        let dir = std::env::temp_dir().join(format!("damero-weights-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(!message(&dir).is_empty());
        let huge = dir.join("huge.dew");
        let file = std::fs::File::create(&huge).unwrap();
        file.set_len(MAX_FILE_BYTES + 1).unwrap();
        assert!(message(&huge).contains("larger than any evaluation file"));
        // At the limit it is read, and refused for what it holds.
        file.set_len(MAX_FILE_BYTES).unwrap();
        assert_eq!(Weights::read(&huge, "russian"), Err(WeightsError::NotWeights));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
