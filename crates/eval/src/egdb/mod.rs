//! Endgame databases: the exact value of every position with few pieces.
//!
//! A database holds every position with up to N pieces (men and kings,
//! either side to move), slice by slice (a slice is fixed material, see
//! [`Slice`]). The builder (retrograde analysis, `damero egdb build`) lives
//! in the `damero-lab` crate, which assembles its solved slices with
//! [`EndgameDatabase::from_tables`] and writes them with
//! [`EndgameDatabase::write_slice`]; here [`EndgameDatabase::open`] reads
//! the files back, [`EndgameDatabase::probe`] answers the search and
//! [`EgdbEvaluator`] puts it behind any evaluator.
//!
//! # What is stored
//! For each position: win, loss or draw for the side to move by the move
//! rules alone, and for a win or a loss its **distance to the end of the
//! game** in plies (DTM: the winner playing to win soonest, the loser to
//! lose latest). The distance strictly falls along the winner's best moves,
//! so a search that takes the shortest database win converts against any
//! defence, with no loops. One byte per index: 0 a draw, else distance + 1
//! (odd distances are wins, even ones losses, so the parity is the value).
//! Distances are limited to 254 plies; a longer one stops the build with
//! [`EgdbError::DistanceOverflow`] (the longest up to 5 pieces: 109 plies
//! in Russian, 162 in English).
//!
//! # The draw rules
//! [`probe`](EndgameDatabase::probe) keeps a win or loss only when its
//! distance fits the plies the position's draw counters still allow under
//! its material's rules (Russian 13b, 13c, 13d or Olsen's rule, English's 40
//! moves, Spanish's 40 king plies): see [`EndgameDatabase::probe`]. A draw
//! is always kept (the draw rules never make a drawn game won).
//!
//! # Files
//! One file per canonical slice, `GAME-WMWKBMBK.egdb` (e.g.
//! `russian-0301.egdb`: three white kings against one black king, and by
//! colour symmetry the reverse), each with a header (magic, format version,
//! game id, slice, count, checksum of the values), written whole or not at
//! all, and a table of contents `GAME.egdb-toc` naming
//! the number of pieces. Several rule sets can share a directory.
//!
//! Zisnella (whose both-blocked rule can make a blocked side win) is not
//! supported: [`EgdbError::UnsupportedRuleSet`].

mod draws;
mod evaluator;
mod file;
mod index;
mod table;

use core::fmt;
use core::marker::PhantomData;
use std::path::{Path, PathBuf};

use damero_core::{Color, Verdict};

pub use evaluator::EgdbEvaluator;
pub use file::FORMAT_VERSION;
pub use index::{Placement, Slice};
pub use table::{MAX_DISTANCE, Tables, lookup};

use damero_draughts::Draughts;
use damero_draughts::Variant;

/// The most pieces a database may hold (7 would need tens of gigabytes).
pub const MAX_PIECES: u32 = 6;

/// Why a database could not be built or read: one line for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EgdbError {
    /// A file the database needs is not there.
    MissingFile {
        /// The file.
        path: PathBuf,
    },
    /// Reading or writing failed otherwise.
    Io {
        /// The file.
        path: PathBuf,
        /// The system's message.
        message: String,
    },
    /// A file is not what its name says (magic, version, slice, count).
    BadHeader {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// A file belongs to another rule set.
    WrongRuleSet {
        /// The file.
        path: PathBuf,
        /// The game id asked for.
        expected: String,
        /// The game id in the file.
        found: String,
    },
    /// A file's values do not match the checksum in its header.
    Damaged {
        /// The file.
        path: PathBuf,
    },
    /// A file ends before its values do.
    Truncated {
        /// The file.
        path: PathBuf,
        /// Its length in bytes as the header says.
        expected: u64,
        /// Its actual length.
        found: u64,
    },
    /// The rule set cannot be solved by this code.
    UnsupportedRuleSet {
        /// Its game id.
        game: &'static str,
    },
    /// Asked for more pieces than [`MAX_PIECES`] (or fewer than 2).
    BadPieceCount {
        /// The count asked for.
        pieces: u32,
    },
    /// A distance longer than a value byte holds.
    DistanceOverflow {
        /// The slice being solved.
        slice: Slice,
    },
}

impl fmt::Display for EgdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EgdbError::MissingFile { path } => {
                write!(
                    f,
                    "endgame database file {} is missing (build it with `damero egdb build`)",
                    path.display()
                )
            }
            EgdbError::Io { path, message } => {
                write!(f, "endgame database file {}: {message}", path.display())
            }
            EgdbError::BadHeader { path, what } => {
                write!(f, "endgame database file {}: {what}", path.display())
            }
            EgdbError::WrongRuleSet { path, expected, found } => {
                write!(f, "endgame database file {} is for {found}, not {expected}", path.display())
            }
            EgdbError::Damaged { path } => write!(
                f,
                "endgame database file {} is damaged: its values do not match its checksum (rebuild it with `damero egdb build`)",
                path.display()
            ),
            EgdbError::Truncated { path, expected, found } => write!(
                f,
                "endgame database file {} is truncated: {found} bytes of {expected}",
                path.display()
            ),
            EgdbError::UnsupportedRuleSet { game } => write!(f, "no endgame databases for {game}"),
            EgdbError::BadPieceCount { pieces } => {
                write!(f, "endgame databases hold 2 to {MAX_PIECES} pieces, not {pieces}")
            }
            EgdbError::DistanceOverflow { slice } => {
                write!(f, "slice {slice} has a distance over {} plies", MAX_DISTANCE)
            }
        }
    }
}

impl std::error::Error for EgdbError {}

/// Every position with up to [`max_pieces`](EndgameDatabase::max_pieces)
/// pieces of rule set `V`, held in memory. Two databases are equal when they
/// hold the same values.
#[derive(Clone, PartialEq, Eq)]
pub struct EndgameDatabase<V: Variant> {
    max_pieces: u32,
    tables: Tables,
    variant: PhantomData<V>,
}

impl<V: Variant> fmt::Debug for EndgameDatabase<V> {
    /// The rule set, the pieces and the size, not the values.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EndgameDatabase")
            .field("game", &V::NAME)
            .field("max_pieces", &self.max_pieces)
            .field("bytes", &self.size_bytes())
            .finish()
    }
}

impl<V: Variant> Default for EndgameDatabase<V> {
    fn default() -> Self {
        EndgameDatabase::empty()
    }
}

impl<V: Variant> EndgameDatabase<V> {
    /// Whether rule set `V` can have databases: every one but Zisnella, whose
    /// both-blocked rule can make a blocked side win (the analysis assumes
    /// a side with no move loses).
    pub const SUPPORTED: bool = !V::BOTH_BLOCKED;

    /// A database that knows nothing (every probe is `None`).
    pub fn empty() -> EndgameDatabase<V> {
        EndgameDatabase { max_pieces: 0, tables: Tables::new(), variant: PhantomData }
    }

    /// The slices of up to `max_pieces` pieces that are stored, in the order
    /// they are built (every slice's captures and promotions lead to earlier
    /// ones).
    pub fn slices(max_pieces: u32) -> Vec<Slice> {
        let mut slices: Vec<Slice> = (2..=max_pieces.min(MAX_PIECES) as u8)
            .flat_map(Slice::with_pieces)
            .filter(Slice::is_canonical)
            .collect();
        slices.sort_by_key(|s| (s.pieces(), s.men(), *s));
        slices
    }

    /// Checks that rule set `V` has databases and that `max_pieces` is
    /// 2 to [`MAX_PIECES`].
    pub fn check(max_pieces: u32) -> Result<(), EgdbError> {
        if !Self::SUPPORTED {
            return Err(EgdbError::UnsupportedRuleSet { game: V::NAME });
        }
        if !(2..=MAX_PIECES).contains(&max_pieces) {
            return Err(EgdbError::BadPieceCount { pieces: max_pieces });
        }
        Ok(())
    }

    /// A database of the solved `tables`: every slice of up to `max_pieces`
    /// pieces ([`EndgameDatabase::slices`]), each with one value byte per
    /// index. What a builder hands over when it has solved them all.
    ///
    /// # Panics
    /// If a slice is missing or has the wrong length: a builder's bug, not
    /// bad input (files are read with [`EndgameDatabase::open`], which
    /// checks them and returns an error).
    pub fn from_tables(max_pieces: u32, tables: Tables) -> EndgameDatabase<V> {
        for slice in Self::slices(max_pieces) {
            let values = tables.get(&slice).map(Vec::len);
            assert_eq!(values, Some(slice.positions() as usize), "slice {slice} of the database");
        }
        EndgameDatabase { max_pieces, tables, variant: PhantomData }
    }

    /// Writes one solved slice's file into `dir` (a builder writes each
    /// slice as soon as it is solved, then [the table of
    /// contents](EndgameDatabase::write_contents)).
    pub fn write_slice(dir: &Path, slice: Slice, values: &[u8]) -> Result<(), EgdbError> {
        file::write_slice(dir, V::NAME, slice, values)
    }

    /// Reads one slice's file from `dir`, checked as [`open`](EndgameDatabase::open)
    /// checks it (what a resumed build reads back).
    ///
    /// # Errors
    /// As [`open`](EndgameDatabase::open): the file missing, damaged,
    /// truncated or of another slice or rule set.
    pub fn read_slice(dir: &Path, slice: Slice) -> Result<Vec<u8>, EgdbError> {
        file::read_slice(dir, V::NAME, slice)
    }

    /// Writes the table of contents of rule set `V` into `dir`: the files of
    /// up to `max_pieces` pieces are complete.
    pub fn write_contents(dir: &Path, max_pieces: u32) -> Result<(), EgdbError> {
        file::write_contents(dir, V::NAME, max_pieces)
    }

    /// Writes the files of this database into `dir` (which must exist).
    pub fn write(&self, dir: impl AsRef<Path>) -> Result<(), EgdbError> {
        let dir = dir.as_ref();
        for slice in Self::slices(self.max_pieces) {
            file::write_slice(dir, V::NAME, slice, &self.tables[&slice])?;
        }
        file::write_contents(dir, V::NAME, self.max_pieces)
    }

    /// Reads the database of rule set `V` from `dir`, every file checked.
    pub fn open(dir: impl AsRef<Path>) -> Result<EndgameDatabase<V>, EgdbError> {
        let dir = dir.as_ref();
        if !Self::SUPPORTED {
            return Err(EgdbError::UnsupportedRuleSet { game: V::NAME });
        }
        let max_pieces = file::read_contents(dir, V::NAME)?;
        let mut tables = Tables::new();
        for slice in Self::slices(max_pieces) {
            tables.insert(slice, file::read_slice(dir, V::NAME, slice)?);
        }
        Ok(EndgameDatabase { max_pieces, tables, variant: PhantomData })
    }

    /// The solved slices, by material (what [`lookup`] reads).
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The most pieces a position may have to be in the database (0 when
    /// empty).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// The bytes the values take in memory (and, plus 40 a slice, on disk).
    pub fn size_bytes(&self) -> u64 {
        self.tables.values().map(|t| t.len() as u64).sum()
    }

    /// The value of `position` by the move rules alone (its draw counters
    /// unread), with the distance to the end of the game; `None` when it has
    /// more pieces than the database.
    pub fn value(&self, position: &Draughts<V>) -> Option<Verdict> {
        let pieces = (position.bits(Color::White) | position.bits(Color::Black)).count_ones();
        if pieces > self.max_pieces {
            return None;
        }
        Some(match lookup(&self.tables, position)? {
            0 => Verdict::Draw,
            byte if byte % 2 == 1 => Verdict::Loss { plies: u32::from(byte) - 1 },
            byte => Verdict::Win { plies: u32::from(byte) - 1 },
        })
    }

    /// The value of `position` as the search may trust it, its draw
    /// counters included: the [value](EndgameDatabase::value), except that a
    /// win or loss of `n` plies is kept only if `n` fits the plies left by
    /// every counter rule of the position's material (`None` otherwise):
    /// - Russian (FSR): `n <= 30 - plies_since_capture_or_man_move` (13c),
    ///   with three kings or more against a lone king also
    ///   `n <= 29 - plies_since_material_change` (13b), and with kings on
    ///   both sides `n <= L - plies_since_material_change` where L is 10, 60
    ///   or 120 plies for 2–3, 4–5, 6–7 pieces (13d);
    /// - Russian (Olsen): with exactly three kings against one,
    ///   `n <= 29 - plies_since_material_change`;
    /// - English: `n <= 80 - plies_since_capture_or_man_move`;
    /// - Spanish: `n <= 40 - plies_since_capture_or_man_move`.
    ///
    /// Since the winner ends the game within `n` plies and a counter grows
    /// by at most one a ply, no rule can draw it first. (Repetitions cannot
    /// occur: the distance falls at every move of the winner's best line.)
    /// A capture or promotion on the way resets the counters; the position
    /// after it is probed afresh under the rules of its new material.
    pub fn probe(&self, position: &Draughts<V>) -> Option<Verdict> {
        let verdict = self.value(position)?;
        let plies = match verdict {
            Verdict::Draw => return Some(Verdict::Draw),
            Verdict::Win { plies } | Verdict::Loss { plies } => plies,
        };
        (plies <= draws::plies_left(position)).then_some(verdict)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use damero_draughts::RussianVariant;

    #[test]
    fn slices_come_after_the_slices_their_moves_reach() {
        let slices = EndgameDatabase::<RussianVariant>::slices(5);
        for (i, slice) in slices.iter().enumerate() {
            assert!(slice.is_canonical());
            let promotions = [
                (slice.white_men > 0).then(|| Slice {
                    white_men: slice.white_men - 1,
                    white_kings: slice.white_kings + 1,
                    ..*slice
                }),
                (slice.black_men > 0).then(|| Slice {
                    black_men: slice.black_men - 1,
                    black_kings: slice.black_kings + 1,
                    ..*slice
                }),
            ];
            for promoted in promotions.into_iter().flatten() {
                let canonical = if promoted.is_canonical() { promoted } else { promoted.flipped() };
                assert!(slices[..i].contains(&canonical), "{slice} before {canonical}");
            }
        }
    }
}
