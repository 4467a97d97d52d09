//! The board and moves as data: a jump chain's path and the pieces it jumps.

use damero_core::{Game, Place, Presentation, Square};
use damero_eliminar::{Eliminar, EliminarRules};

fn sq(name: &str) -> Place {
    Place::Square(name.parse::<Square>().unwrap())
}

#[test]
fn a_chain_passes_its_squares_and_jumps_in_order() {
    let position = Eliminar::from_fen("8/8/8/8/2b5/1w6/1w6/8 w", EliminarRules::default()).unwrap();
    let mv = position.parse_move("b2-b4-d4").unwrap();
    let view = position.move_view(mv);
    assert_eq!(view.path, [sq("b2"), sq("b4"), sq("d4")]);
    assert_eq!(view.captured, [sq("b3"), sq("c4")]);
    let board = position.board_view();
    assert_eq!(board.places.iter().map(|p| p.pieces.len()).sum::<usize>(), 3);
}
