//! The numbers 1-32 of the dark squares of an 8x8 draughts board: PDN's
//! numbering, the Hub protocol's, and the English notation's, written once.

use crate::Square;

/// A numbering of the 32 playing squares of an 8x8 draughts board, four a
/// row, each row counted from the a-file side: from the top row (rank 8)
/// down or from the bottom row up, on a board whose a1 is dark (Russian,
/// English) or light (Spanish, Zisnella).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SquareNumbering {
    /// Square 1 is on rank 8 (else on rank 1).
    pub from_top: bool,
    /// The board's a1 is a light square (the Spanish orientation).
    pub light_a1: bool,
}

impl SquareNumbering {
    /// PDN's numbered board as damero draws it: 1 is b8, 4 is h8, 5 is a7,
    /// 32 is g1 (White at the bottom).
    pub const PDN: SquareNumbering = SquareNumbering { from_top: true, light_a1: false };

    /// The square numbered `n`, `None` outside 1..=32.
    pub fn square(self, n: u32) -> Option<Square> {
        if !(1..=32).contains(&n) {
            return None;
        }
        let row = ((n - 1) / 4) as u8;
        let rank = if self.from_top { 7 - row } else { row };
        // On a dark-a1 board the dark squares of a rank start on file a for
        // even ranks (from 0), on file b for odd ones; the reverse otherwise.
        let first_file = if self.light_a1 { (rank + 1) % 2 } else { rank % 2 };
        Square::from_coords(((n - 1) % 4) as u8 * 2 + first_file, rank)
    }

    /// The number of `square`, `None` for a square not played on.
    pub fn number(self, square: Square) -> Option<u32> {
        let dark = square.is_dark();
        if dark == self.light_a1 {
            return None;
        }
        let row = if self.from_top { 7 - square.rank() } else { square.rank() };
        Some(u32::from(row) * 4 + u32::from(square.file() / 2) + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdn_numbers_the_board_from_b8() {
        let name = |n| SquareNumbering::PDN.square(n).map(|s| s.to_string());
        assert_eq!(name(1).as_deref(), Some("b8"));
        assert_eq!(name(4).as_deref(), Some("h8"));
        assert_eq!(name(5).as_deref(), Some("a7"));
        assert_eq!(name(29).as_deref(), Some("a1"));
        assert_eq!(name(32).as_deref(), Some("g1"));
        assert_eq!(name(0), None);
        assert_eq!(name(33), None);
    }

    #[test]
    fn every_numbering_round_trips_on_its_playing_squares() {
        for from_top in [false, true] {
            for light_a1 in [false, true] {
                let numbering = SquareNumbering { from_top, light_a1 };
                let mut seen = 0;
                for square in Square::all() {
                    if let Some(n) = numbering.number(square) {
                        assert_eq!(numbering.square(n), Some(square), "{numbering:?} {square}");
                        seen += 1;
                    }
                }
                assert_eq!(seen, 32);
            }
        }
    }
}
