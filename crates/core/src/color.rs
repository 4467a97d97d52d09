//! The two sides of a game.

use core::fmt;
use core::ops::Not;

/// One of the two players. Every damero game calls its sides White and Black,
/// whichever of them moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// The white side.
    White,
    /// The black side.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// `0` for White, `1` for Black: an index into per-colour tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour whose [`index`](Color::index) is `index & 1`.
    #[inline]
    pub const fn from_index(index: usize) -> Color {
        if index & 1 == 0 { Color::White } else { Color::Black }
    }

    /// The lower-case letter used in most notations: `w` or `b`.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Reads `w`/`W`/`white` or `b`/`B`/`black`.
    pub fn from_name(text: &str) -> Option<Color> {
        match text {
            "w" | "W" | "white" | "White" => Some(Color::White),
            "b" | "B" | "black" | "Black" => Some(Color::Black),
            _ => None,
        }
    }

    /// `+1` for White and `-1` for Black: turns a White-relative score into
    /// a side-to-move-relative one.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_swaps_and_index_round_trips() {
        for c in Color::ALL {
            assert_ne!(!c, c);
            assert_eq!(!!c, c);
            assert_eq!(Color::from_index(c.index()), c);
            assert_eq!(Color::from_name(&c.letter().to_string()), Some(c));
            assert_eq!(Color::from_name(&c.to_string()), Some(c));
        }
        assert_eq!(Color::from_name("x"), None);
        assert_eq!(Color::White.sign() + Color::Black.sign(), 0);
    }
}
