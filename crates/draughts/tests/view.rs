//! The board and moves as data (`Presentation::board_view`, `move_view`).

use damero_core::{Game, Place, Presentation, Square};
use damero_draughts::{English, Russian, Spanish};

fn sq(name: &str) -> Place {
    Place::Square(name.parse::<Square>().unwrap())
}

#[test]
fn the_board_view_holds_every_square_and_marks_the_playing_ones() {
    let start = Russian::start(Default::default());
    let view = start.board_view();
    assert_eq!(view.places.len(), 64);
    assert_eq!(view.places.iter().filter(|p| p.playable).count(), 32);
    assert_eq!(view.places.iter().map(|p| p.pieces.len()).sum::<usize>(), 24);
    let a1 = view.places.iter().find(|p| p.place == sq("a1")).unwrap();
    assert!(a1.playable && a1.pieces[0].color == damero_core::Color::White && !a1.pieces[0].king);
    assert!(view.places.iter().all(|p| p.number.is_none()), "Russian names squares, not numbers");
    // English numbers its squares; Spanish plays on the other colour.
    let english = English::start(Default::default()).board_view();
    let b8 = english.places.iter().find(|p| p.place == sq("b8")).unwrap();
    assert_eq!(b8.number, Some(1));
    let spanish = Spanish::start(Default::default()).board_view();
    assert!(!spanish.places.iter().find(|p| p.place == sq("a1")).unwrap().playable);
}

#[test]
fn a_multi_capture_passes_its_landings_and_takes_in_order() {
    let position = Russian::from_fen("W:Wc3:Bd4,f6", Default::default()).unwrap();
    let mut moves = damero_core::MoveList::new();
    position.legal_moves(&mut moves);
    let capture =
        moves.iter().copied().find(|&m| position.format_move(m) == "c3:e5:g7").expect("the double jump");
    let view = position.move_view(capture);
    assert_eq!(view.path, [sq("c3"), sq("e5"), sq("g7")]);
    assert_eq!(view.captured, [sq("d4"), sq("f6")]);
    let quiet = Russian::start(Default::default());
    let mv = quiet.parse_move("c3-d4").unwrap();
    assert_eq!(quiet.move_view(mv).path, [sq("c3"), sq("d4")]);
    assert!(quiet.move_view(mv).captured.is_empty());
}
