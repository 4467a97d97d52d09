//! Squares `a1`..`h8` and the eight directions between them.

use core::fmt;
use core::str::FromStr;

/// One of the 64 squares of an 8x8 board, `a1` = 0 .. `h8` = 63
/// (`index = rank * 8 + file`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// `a1`.
    pub const A1: Square = Square(0);
    /// `h8`.
    pub const H8: Square = Square(63);

    /// The square with this index, if `index < 64`.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 { Some(Square(index)) } else { None }
    }

    /// The square with index `index & 63`: for tables that already know their
    /// index is in range.
    #[inline]
    pub const fn from_index_wrapping(index: usize) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on `file` (0 = a) and `rank` (0 = rank 1), if both are below 8.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 { Some(Square(rank * 8 + file)) } else { None }
    }

    /// The index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) ..= 7 (h).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 (rank 1) ..= 7 (rank 8).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square one step away in `direction`, or `None` off the board.
    #[inline]
    pub const fn offset(self, direction: Direction) -> Option<Square> {
        let (df, dr) = direction.delta();
        let file = self.file() as i8 + df;
        let rank = self.rank() as i8 + dr;
        if file < 0 || rank < 0 || file > 7 || rank > 7 {
            None
        } else {
            Some(Square((rank * 8 + file) as u8))
        }
    }

    /// The square seen from the other side of the board (rotated 180°).
    #[inline]
    pub const fn rotate(self) -> Square {
        Square(63 - self.0)
    }

    /// The square mirrored left to right (`a1` <-> `h1`).
    #[inline]
    pub const fn mirror_file(self) -> Square {
        Square(self.0 ^ 7)
    }

    /// Whether this square is dark in the Russian/English orientation
    /// (`a1` dark: file + rank even, counting from 1).
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// Chebyshev (king-move) distance.
    #[inline]
    pub const fn distance(self, other: Square) -> u8 {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        if df > dr { df } else { dr }
    }

    /// All 64 squares, `a1` first.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..64u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, (b'1' + self.rank()) as char)
    }
}

/// A square name that is not `a1`..`h8`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError {
    /// The text that was read.
    pub text: String,
}

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid square '{}': expected a file a-h and a rank 1-8, like e4", self.text)
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(text: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError { text: text.to_owned() };
        match text.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Square((r - b'1') * 8 + (f - b'a'))),
            _ => Err(err()),
        }
    }
}

/// One of the eight directions on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// Towards rank 8.
    North,
    /// Towards rank 8 and file h.
    NorthEast,
    /// Towards file h.
    East,
    /// Towards rank 1 and file h.
    SouthEast,
    /// Towards rank 1.
    South,
    /// Towards rank 1 and file a.
    SouthWest,
    /// Towards file a.
    West,
    /// Towards rank 8 and file a.
    NorthWest,
}

impl Direction {
    /// All eight, clockwise from North.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Direction; 4] =
        [Direction::North, Direction::East, Direction::South, Direction::West];
    /// The four diagonal directions.
    pub const DIAGONAL: [Direction; 4] =
        [Direction::NorthEast, Direction::SouthEast, Direction::SouthWest, Direction::NorthWest];

    /// `(file step, rank step)`.
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, -1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// The change of square index for one step (ignoring the edges).
    #[inline]
    pub const fn index_step(self) -> i8 {
        let (df, dr) = self.delta();
        dr * 8 + df
    }

    /// The direction pointing the other way.
    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// The direction from `from` to the adjacent square `to`, if they touch.
    pub fn between(from: Square, to: Square) -> Option<Direction> {
        Direction::ALL.into_iter().find(|&d| from.offset(d) == Some(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().unwrap(), Square::A1);
        assert_eq!("h8".parse::<Square>().unwrap(), Square::H8);
        for bad in ["", "a", "i1", "a9", "a0", "A1", "a10", "1a"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn offsets_respect_edges() {
        let a1 = Square::A1;
        assert_eq!(a1.offset(Direction::North).unwrap().to_string(), "a2");
        assert_eq!(a1.offset(Direction::NorthEast).unwrap().to_string(), "b2");
        assert_eq!(a1.offset(Direction::West), None);
        assert_eq!(a1.offset(Direction::South), None);
        assert_eq!(Square::H8.offset(Direction::NorthEast), None);
        for sq in Square::all() {
            for d in Direction::ALL {
                if let Some(next) = sq.offset(d) {
                    assert_eq!(next.offset(d.opposite()), Some(sq));
                    assert_eq!(Direction::between(sq, next), Some(d));
                    assert_eq!(sq.distance(next), 1);
                    assert_eq!(next.index() as i32 - sq.index() as i32, d.index_step() as i32);
                }
            }
        }
    }

    #[test]
    fn geometry_helpers() {
        let e4: Square = "e4".parse().unwrap();
        assert_eq!(e4.rotate().to_string(), "d5");
        assert_eq!(e4.mirror_file().to_string(), "d4");
        assert!(Square::A1.is_dark());
        assert!(!"b1".parse::<Square>().unwrap().is_dark());
        assert_eq!(Square::A1.distance(Square::H8), 7);
    }
}
