//! The board and moves as data: stacks bottom to top, where a tumble lands.

use damero_core::{Game, Presentation};
use damero_tumbling_down::TumblingDown;

#[test]
fn stacks_are_listed_bottom_to_top_and_tumbles_name_their_landings() {
    let start = TumblingDown::start(Default::default());
    let view = start.board_view();
    assert_eq!(view.places.len(), 64);
    let tall = view.places.iter().max_by_key(|p| p.pieces.len()).unwrap();
    assert!(tall.pieces.len() > 1);
    assert!(tall.pieces.last().unwrap().king, "the tallest pure stack is the king");
    let mut moves = damero_core::MoveList::new();
    start.legal_moves(&mut moves);
    let tumble = moves.iter().copied().find(|&m| m.is_tumble()).expect("a tumble");
    let view = start.move_view(tumble);
    assert_eq!(view.path.len(), 2);
    assert!(!view.lands.is_empty() && view.lands.contains(&view.path[1]));
}
