//! The start positions (rule 2 and the Boardspace variant).

use damero_core::{Color, Square, Stack, StackBoard};

use crate::Variant;
use crate::setup::Setup;

/// Black's corner of the original set-up (rule 2): `(square, height)`.
const ORIGINAL_BLACK: [(&str, usize); 15] = [
    ("a1", 4),
    ("a2", 3),
    ("b1", 3),
    ("a3", 2),
    ("b2", 2),
    ("c1", 2),
    ("a4", 2),
    ("b3", 2),
    ("c2", 2),
    ("d1", 2),
    ("a5", 1),
    ("b4", 1),
    ("c3", 1),
    ("d2", 1),
    ("e1", 1),
];

/// White's stacks of the Boardspace revision; Black's are their 180° rotation.
const BOARDSPACE_WHITE: [(&str, usize); 15] = [
    ("a1", 2),
    ("b1", 3),
    ("c1", 4),
    ("d1", 3),
    ("e1", 2),
    ("f1", 1),
    ("a2", 1),
    ("b2", 2),
    ("c2", 3),
    ("d2", 2),
    ("e2", 1),
    ("b3", 1),
    ("c3", 2),
    ("d3", 1),
    ("c4", 1),
];

/// The start position of `variant`: its board and first player.
pub(crate) fn start_setup(variant: Variant) -> Setup {
    Setup { board: start_board(variant), side_to_move: variant.first_player(), winner: None }
}

/// The start board of `variant`: the listed side's stacks and the other side's
/// stacks on the squares rotated 180° about the centre.
fn start_board(variant: Variant) -> StackBoard {
    let (listed, table) = match variant {
        Variant::Original => (Color::Black, &ORIGINAL_BLACK),
        Variant::Boardspace => (Color::White, &BOARDSPACE_WHITE),
    };
    let mut board = StackBoard::EMPTY;
    for &(name, height) in table {
        let square: Square = name.parse().expect("set-up tables name valid squares");
        for (color, sq) in [(listed, square), (!listed, square.rotate())] {
            board.set(sq, Stack::pure(color, height).expect("set-up heights are small"));
        }
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_side_has_29_pieces() {
        for variant in [Variant::Original, Variant::Boardspace] {
            let board = start_board(variant);
            assert_eq!(board.count(Color::Black), 29, "{variant}");
            assert_eq!(board.count(Color::White), 29, "{variant}");
            assert_eq!(board.occupied().count(), 30, "{variant}");
        }
    }
}
