//! The board and moves as data: squares and the 49 vertices.

use damero_core::{Game, Place, Presentation, Square};
use damero_cross::Cross;

#[test]
fn vertices_are_places_and_corner_moves_reach_them() {
    let start = Cross::start(Default::default());
    let view = start.board_view();
    assert_eq!(view.places.len(), 64 + 49);
    let vertex = Place::Vertex { file: 0, rank: 0 };
    assert_eq!(vertex.name(), "ab12");
    assert_eq!(vertex.half_units(), (2, 2));
    let mv = start.parse_move("b2-bc23").unwrap();
    let moved = start.move_view(mv);
    assert_eq!(
        moved.path,
        [Place::Square("b2".parse::<Square>().unwrap()), Place::Vertex { file: 1, rank: 1 }]
    );
    let mut after = start;
    after.play(mv);
    let on_vertex = after
        .board_view()
        .places
        .into_iter()
        .find(|p| p.place == Place::Vertex { file: 1, rank: 1 })
        .unwrap();
    assert_eq!(on_vertex.pieces.len(), 1);
}
