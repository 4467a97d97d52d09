//! A test per numbered rule of `shared/rules/cross.md`, each on a position
//! built to exercise it.

mod common;

use common::{after, fen_of, moves, places, position, texts, texts_from};

/// The slides (square to square) of the piece on `from`.
fn slides(p: &Cross, from: &str) -> Vec<String> {
    texts_from(p, &format!("{from}-")).into_iter().filter(|t| t.len() == 5).collect()
}

/// The corner moves (square to vertex) of the piece on `from`.
fn corners(p: &Cross, from: &str) -> Vec<String> {
    texts_from(p, &format!("{from}-")).into_iter().filter(|t| t.len() == 7).collect()
}
use damero_core::{Color, Game, GameRecord, Outcome, RuleSet};
use damero_cross::{Cross, CrossRules, FenError, MoveError, PositionError, Vertex};

const START: &str = "wwwwwwww/wwwwwwww/8/8/8/8/bbbbbbbb/bbbbbbbb 7/7/7/7/7/7/7 b";

#[test]
fn rule_01_board_has_64_squares_and_49_interior_vertices() {
    assert_eq!(Vertex::all().count(), 49);
    let ab12: Vertex = "ab12".parse().unwrap();
    let guarded: Vec<String> = ab12.guarded_squares_names();
    assert_eq!(guarded, ["a1", "a2", "b1", "b2"]);
    // Vertex (i, j) touches (i, j), (i+1, j), (i, j+1), (i+1, j+1).
    let gh78: Vertex = "gh78".parse().unwrap();
    assert_eq!(gh78.guarded_squares_names(), ["g7", "g8", "h7", "h8"]);
    // Points on the edge are not vertices.
    for edge in ["ab01", "hi12", "ab89", "`a12"] {
        assert!(edge.parse::<Vertex>().is_err(), "{edge}");
    }
    // A corner square has one interior corner: a1 can only go to ab12.
    let p = position("a1", "h5", Color::Black);
    assert_eq!(texts_from(&p, "a1-"), ["a1-a2", "a1-ab12", "a1-b1"]);
}

trait Names {
    fn guarded_squares_names(self) -> Vec<String>;
}

impl Names for Vertex {
    fn guarded_squares_names(self) -> Vec<String> {
        let mut names: Vec<String> =
            damero_core::Bitboard(self.guarded_squares()).squares().map(|s| s.to_string()).collect();
        names.sort();
        names
    }
}

#[test]
fn rule_02_one_piece_per_place_and_vertex_pieces_guard() {
    let p = position("cd45 c4 c5", "f6 g2", Color::Black);
    let guarded: Vec<String> = p.guarded(Color::Black).squares().map(|s| s.to_string()).collect();
    assert_eq!(guarded, ["c4", "d4", "c5", "d5"]);
    assert!(p.guarded(Color::White).is_empty());
    // No move ends on an occupied place: c4 cannot go to its corner cd45
    // (own piece there) nor slide onto c5 (own piece: passed over).
    assert!(!texts(&p).contains(&"c4-cd45".to_owned()));
    assert!(!texts(&p).iter().any(|t| t.ends_with("-c5") || t.ends_with("-c4")));
    // The vertex piece moves only to its empty guarded squares d4 and d5.
    assert_eq!(texts_from(&p, "cd45-"), ["cd45-d4", "cd45-d5"]);
}

#[test]
fn rule_03_sixteen_pieces_each_spares_are_the_rest() {
    let start = Cross::start(CrossRules::default());
    assert_eq!((start.on_board(Color::Black), start.spares(Color::Black)), (16, 0));
    let p = position("a1 b1 cd45", "h8", Color::Black);
    assert_eq!(p.spares(Color::Black), 13);
    assert_eq!(p.spares(Color::White), 15);
    // A seventeenth piece cannot be on the board.
    let crowded = fen_of("a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 h2 a3", "h8", Color::Black);
    assert_eq!(
        Cross::from_fen(&crowded, CrossRules::default()),
        Err(FenError::Position(PositionError::TooManyPieces { color: Color::Black, count: 17 }))
    );
}

#[test]
fn rule_04_start_black_on_ranks_1_2_white_on_7_8_black_first() {
    let start = Cross::start(CrossRules::default());
    assert_eq!(start.fen(), START);
    assert_eq!(start.side_to_move(), Color::Black);
    // 16 slides (every piece one square north of rank 2: a rank-1 piece passes
    // its own rank-2 piece) and 42 corner moves (rank 1: 1+6*2+1 = 14 corners,
    // rank 2: 2+6*4+2 = 28): 58 moves.
    assert_eq!(texts(&start).len(), 58);
    assert_eq!(texts(&start).iter().filter(|t| t.len() == 5).count(), 16);
    let black_turn = after(&start, "a2-a3");
    assert_eq!(black_turn.side_to_move(), Color::White);
    assert_eq!(texts(&black_turn).len(), 58, "White has the mirror moves");
}

#[test]
fn rule_05_slide_stops_at_the_first_unguarded_empty_square() {
    let p = position("a1", "h5", Color::Black);
    assert_eq!(slides(&p, "a1"), ["a1-a2", "a1-b1"]);
}

#[test]
fn rule_05_slide_passes_over_own_pieces_but_not_onto_them() {
    let p = position("d1 d2 d3 d5", "h5", Color::Black);
    // North from d1: d2, d3 passed, d4 is the first empty square and is
    // unguarded, so the walk stops there.
    assert_eq!(slides(&p, "d1"), ["d1-c1", "d1-d4", "d1-e1"]);
    // From d3: d4 stop; from d5 north d6 and south d4.
    assert_eq!(slides(&p, "d3"), ["d3-c3", "d3-d4", "d3-e3"]);
    assert_eq!(slides(&p, "d5"), ["d5-c5", "d5-d4", "d5-d6", "d5-e5"]);
}

#[test]
fn rule_05_slide_goes_on_through_guarded_empty_squares() {
    // ab34 guards a3, b3, a4, b4: from a2 the piece may stop on a3 or a4 and
    // goes on to a5, the first unguarded empty square.
    let p = position("a2 ab34", "h5", Color::Black);
    assert_eq!(slides(&p, "a2"), ["a2-a1", "a2-a3", "a2-a4", "a2-a5", "a2-b2"]);
    // Guard does not help the enemy: White's slide from a5 south stops at a4.
    let w = position("a2 ab34", "a5", Color::White);
    assert_eq!(slides(&w, "a5"), ["a5-a4", "a5-a6", "a5-b5"]);
}

#[test]
fn rule_05_slide_is_stopped_by_an_enemy_piece() {
    let p = position("a2 ab34", "a4", Color::Black);
    assert_eq!(slides(&p, "a2"), ["a2-a1", "a2-a3", "a2-b2"]);
    // An enemy piece directly ahead: no step at all that way.
    let q = position("a3", "a4 h5", Color::Black);
    assert_eq!(slides(&q, "a3"), ["a3-a2", "a3-b3"]);
}

#[test]
fn rule_06_corner_move_to_a_free_corner() {
    let p = position("d4 de45", "h7", Color::Black);
    assert_eq!(corners(&p, "d4"), ["d4-cd34", "d4-cd45", "d4-de34"]);
    let q = position("a1", "h7", Color::Black);
    assert_eq!(corners(&q, "a1"), ["a1-ab12"], "a board corner square has one interior corner");
}

#[test]
fn rule_06_corner_move_refused_for_double_guard() {
    // ef56 is diagonal to de45: the two would both guard e5.
    let diagonal = position("d4", "ef56 h7", Color::Black);
    assert_eq!(corners(&diagonal, "d4"), ["d4-cd34", "d4-cd45", "d4-de34"]);
    // ef45 is beside de45 and de34 (they would share e4/e5 and e3/e4).
    let beside = position("d4", "ef45 h7", Color::Black);
    assert_eq!(corners(&beside, "d4"), ["d4-cd34", "d4-cd45"]);
    assert!(matches!(beside.parse_move("d4-de45"), Err(MoveError::Illegal { .. })));
    // An own vertex piece next door is no obstacle.
    let own = position("d4 ef45", "h7", Color::Black);
    assert_eq!(corners(&own, "d4"), ["d4-cd34", "d4-cd45", "d4-de34", "d4-de45"]);
    // A position with a doubly guarded square is rejected.
    let fen = fen_of("de45", "ef56", Color::Black);
    assert!(matches!(
        Cross::from_fen(&fen, CrossRules::default()),
        Err(FenError::Position(PositionError::DoubleGuard { .. }))
    ));
}

#[test]
fn rule_07_vertex_piece_moves_to_an_empty_guarded_square() {
    let p = position("cd45 c4", "d5 h7", Color::Black);
    assert_eq!(texts_from(&p, "cd45-"), ["cd45-c5", "cd45-d4"]);
    let q = after(&p, "cd45-d4");
    assert_eq!(places(&q, Color::Black), ["c4", "d4"]);
    assert!(q.guarded(Color::Black).is_empty());
}

#[test]
fn rule_08_split_fills_every_empty_guarded_square_when_spares_suffice() {
    let p = position("cd45 c4", "h7", Color::Black);
    assert_eq!(texts_from(&p, "cd45*"), ["cd45*"]);
    let q = after(&p, "cd45*");
    assert_eq!(places(&q, Color::Black), ["c4", "c5", "d4", "d5"]);
    // 3 spares placed, the splitting piece became a spare: 16 - 4 = 12.
    assert_eq!(q.spares(Color::Black), 12);
    // Naming all the squares is accepted too.
    assert_eq!(p.parse_move("cd45*c5,d4,d5"), p.parse_move("cd45*"));
}

#[test]
fn rule_08_split_with_too_few_spares_lets_the_player_choose() {
    // 15 black pieces on the board: one spare for three empty squares.
    let black = "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 cd45";
    let p = position(black, "h7", Color::Black);
    assert_eq!(p.spares(Color::Black), 1);
    assert_eq!(texts_from(&p, "cd45*"), ["cd45*c4", "cd45*c5", "cd45*d4", "cd45*d5"]);
    assert!(matches!(p.parse_move("cd45*"), Err(MoveError::SplitNeedsSquares { .. })));
    let q = after(&p, "cd45*d5");
    assert_eq!(q.on_board(Color::Black), 15);
    assert!(q.squares(Color::Black).contains("d5".parse().unwrap()));
    // Two spares: every pair of the four squares, six moves.
    let two = position("a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 cd45", "h7", Color::Black);
    assert_eq!(texts_from(&two, "cd45*").len(), 6);
    assert_eq!(
        texts_from(&two, "cd45*"),
        [
            "cd45*c4,c5",
            "cd45*c4,d4",
            "cd45*c4,d5",
            "cd45*c5,d4", // sorted as strings, not by square index (d4 < c5)
            "cd45*c5,d5",
            "cd45*d4,d5"
        ]
    );
    // Input in any order is accepted; the printed form is sorted.
    assert_eq!(two.parse_move("cd45*d4,c5"), two.parse_move("cd45*c5,d4"));
    assert_eq!(two.format_move(two.parse_move("cd45*d4,c5").unwrap()), "cd45*c5,d4");
}

#[test]
fn rule_08_split_needs_a_spare_and_an_empty_guarded_square() {
    // All 16 on the board: no spare, no split.
    let full = position("a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 c2 d2 e2 f2 g2 cd45", "h7", Color::Black);
    assert!(texts_from(&full, "cd45*").is_empty());
    assert_eq!(texts_from(&full, "cd45-").len(), 4);
    // Every guarded square occupied: nothing to fill.
    let blocked = position("cd45 c4 d4 c5 d5", "h7", Color::Black);
    assert!(texts_from(&blocked, "cd45").is_empty());
}

#[test]
fn rule_09_pattern_a_square_piece_with_two_enemy_corners() {
    // White d4 has one black corner (cd34); e5 moves to de45, a second one.
    let p = position("cd34 e5 a1", "d4 h7", Color::Black);
    let q = after(&p, "e5-de45");
    // Removed: d4 and both black corner pieces; e5 had left for de45.
    assert_eq!(places(&q, Color::Black), ["a1"]);
    assert_eq!(places(&q, Color::White), ["h7"]);
    assert!(p.is_capture(p.parse_move("e5-de45").unwrap()));
    // Stepping between two enemy corners is legal and removes the mover's
    // piece with them.
    let into = position("c3 a1", "bc34 cd45 h7", Color::Black);
    let r = after(&into, "c3-c4");
    assert_eq!(places(&r, Color::Black), ["a1"]);
    assert_eq!(places(&r, Color::White), ["h7"]);
}

#[test]
fn rule_09_pattern_b_vertex_piece_with_two_enemy_squares() {
    // White de45 guards d4, e4, d5, e5; black d4 is one enemy square, e6-e5
    // makes the second.
    let p = position("d4 e6 a1", "de45 h7", Color::Black);
    let q = after(&p, "e6-e5");
    assert_eq!(places(&q, Color::Black), ["a1"]);
    assert_eq!(places(&q, Color::White), ["h7"]);
}

#[test]
fn rule_09_pattern_c_cross_of_five_of_any_colours() {
    // d6 slides south over its own d5 to d4, closing a cross of mixed colours.
    let p = position("d5 d6 c4 a1", "e4 d3 h7", Color::Black);
    let q = after(&p, "d6-d4");
    assert_eq!(places(&q, Color::Black), ["a1"]);
    assert_eq!(places(&q, Color::White), ["h7"]);
    // Never on the edge: a4 filled between a3, a5 and b4 has only three
    // neighbours, so nothing is removed.
    let edge = position("a3 a5 b4 ab45", "h7", Color::Black);
    let filled = after(&edge, "ab45-a4");
    assert_eq!(places(&filled, Color::Black), ["a3", "a4", "a5", "b4"]);
}

#[test]
fn rule_09_overlapping_crosses_two_orders_two_moves() {
    // cd45-d4 closes the cross round d4 (c4 e4 d3 d5) and the one round e4
    // (d4 f4 e3 e5): removing either first breaks the other.
    let p = position("cd45 d3 d5 e3 e5 f4 e4 a1", "c4 h7", Color::Black);
    let both = texts_from(&p, "cd45-d4");
    assert_eq!(both, ["cd45-d4xc4,d3,d4,d5,e4", "cd45-d4xd4,e3,e4,e5,f4"]);
    assert!(matches!(p.parse_move("cd45-d4"), Err(MoveError::NeedsCaptureOrder { .. })));
    assert!(matches!(p.parse_move("cd45-d4xd4"), Err(MoveError::NoSuchCaptureOrder { .. })));
    let first = after(&p, "cd45-d4xc4,d3,d4,d5,e4");
    assert_eq!(places(&first, Color::Black), ["a1", "e3", "e5", "f4"]);
    assert_eq!(places(&first, Color::White), ["h7"]);
    let second = after(&p, "cd45-d4xd4,e3,e4,e5,f4");
    assert_eq!(places(&second, Color::Black), ["a1", "d3", "d5"]);
    assert_eq!(places(&second, Color::White), ["c4", "h7"]);
    // White lost c4 in the first order only: a capture for White's material.
    assert!(p.is_capture(p.parse_move("cd45-d4xc4,d3,d4,d5,e4").unwrap()));
    assert!(!p.is_capture(p.parse_move("cd45-d4xd4,e3,e4,e5,f4").unwrap()));
}

#[test]
fn rule_09_three_orders_of_a_and_b_formations() {
    // d1 slides over its own d2 and d3 to d4, between White's cd34 and de45:
    // A on d4 (two white corners), B on cd34 (d3, d4) and B on de45 (d4, e5).
    // Every removal takes d4, which breaks the other two: three final boards.
    let p = position("d1 d2 d3 e5 a1", "cd34 de45 h7", Color::Black);
    assert_eq!(texts_from(&p, "d1-d4"), ["d1-d4xcd34,d3,d4", "d1-d4xcd34,d4,de45", "d1-d4xd4,de45,e5"]);
    let a_first = after(&p, "d1-d4xcd34,d4,de45");
    assert_eq!(places(&a_first, Color::Black), ["a1", "d2", "d3", "e5"]);
    assert_eq!(places(&a_first, Color::White), ["h7"]);
    let b_first = after(&p, "d1-d4xcd34,d3,d4");
    assert_eq!(places(&b_first, Color::White), ["de45", "h7"]);
}

#[test]
fn rule_09_orders_reaching_the_same_board_are_one_move() {
    // The split fills c4 and d5, closing two separate crosses (round b4 and
    // round e5): both are removed whatever the order, so one move, no x.
    let p = position("cd45 d4 c5", "b4 a4 b3 b5 e5 f5 e4 e6", Color::Black);
    let splits = texts_from(&p, "cd45*");
    assert_eq!(splits, ["cd45*"]);
    let q = after(&p, "cd45*");
    assert_eq!(places(&q, Color::Black), ["c5", "d4"]);
    assert!(places(&q, Color::White).is_empty());
    // Captured pieces became spares again.
    assert_eq!(q.spares(Color::Black), 14);
    assert_eq!(q.spares(Color::White), 16);
}

#[test]
fn rule_10_far_rank_win_when_the_reply_leaves_the_piece() {
    let p = position("d7 a1", "h2 h5", Color::Black);
    let arrived = after(&p, "d7-d8");
    // White still plays: the arrival wins only if it survives the reply.
    assert!(arrived.outcome().is_none());
    // White reaches its own far rank too, but Black's arrival came first.
    let replied = after(&arrived, "h2-h1");
    assert!(moves(&replied).is_empty());
    assert_eq!(replied.outcome(), Some(Outcome::Win(Color::Black)));
    assert!(replied.far_rank_win());
}

#[test]
fn rule_10_far_rank_arrival_captured_at_once() {
    // Black reaches d8 next to White's cd78; White's e7-de78 makes the second
    // enemy corner of d8 and pattern A removes it.
    let p = position("d7 a1", "cd78 e7 h5", Color::Black);
    let arrived = after(&p, "d7-d8");
    let reply = arrived.parse_move("e7-de78").unwrap();
    assert!(arrived.is_capture(reply));
    let replied = after(&arrived, "e7-de78");
    assert_eq!(places(&replied, Color::Black), ["a1"]);
    assert!(replied.outcome().is_none(), "the arrival was removed: no win");
    assert!(!moves(&replied).is_empty());
}

#[test]
fn rule_11_no_legal_move_loses() {
    // Black a4 is boxed in: a3, a5, b4 are White, ab34 is White, and ab45
    // would double guard with ab34.
    let p = position("a4", "a3 a5 b4 ab34", Color::Black);
    assert!(moves(&p).is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Win(Color::White)));
    // No piece on the board at all: no move either.
    let bare = position("", "h7", Color::Black);
    assert_eq!(bare.outcome(), Some(Outcome::Win(Color::White)));
}

#[test]
fn rule_12_no_draw_by_default() {
    let rules = CrossRules::default();
    assert_eq!((rules.max_plies, rules.repetition_draw), (None, false));
    let mut record = GameRecord::new(Cross::start(rules));
    for _ in 0..3 {
        for text in ["a2-ab12", "h7-gh67", "ab12-a2", "gh67-h7"] {
            record.try_play(text).unwrap();
        }
    }
    assert_eq!(record.repetitions(), 4);
    assert_eq!(record.outcome(), None);
    assert!(!record.position().rule_draw());
}

#[test]
fn rule_12_repetition_draw_option() {
    let rules = CrossRules::default().with_options(["repetition_draw=true"]).unwrap();
    let mut record = GameRecord::new(Cross::start(rules));
    assert_eq!(record.position().repetition_limit(), Some(3));
    for round in 0..2 {
        for text in ["a2-ab12", "h7-gh67", "ab12-a2", "gh67-h7"] {
            assert_eq!(record.outcome(), None, "round {round}");
            record.try_play(text).unwrap();
        }
    }
    assert_eq!(record.repetitions(), 3);
    assert_eq!(record.outcome(), Some(Outcome::Draw));
    // Perft and move lists ignore it: the position still has its moves.
    assert_eq!(record.position().count_legal_moves(), 58);
}

#[test]
fn rule_12_max_plies_option() {
    let rules = CrossRules::default().with_options(["max_plies=2"]).unwrap();
    let mut p = Cross::start(rules);
    p.try_play("a2-a3").unwrap();
    assert_eq!(p.outcome(), None);
    p.try_play("a7-a6").unwrap();
    assert!(p.rule_draw());
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    let unlimited = Cross::from_fen(&p.fen(), CrossRules::default()).unwrap();
    assert_eq!(p.count_legal_moves(), unlimited.count_legal_moves(), "draw rules never empty the move list");
    assert!(p.count_legal_moves() > 0);
    // The ply count restarts from a FEN, and a FEN keeps the rules given.
    let q = Cross::from_fen(&p.fen(), rules).unwrap();
    assert_eq!((q.plies(), q.rule_draw()), (0, false));
}

#[test]
fn options_parse_and_reject() {
    let rules = CrossRules::default()
        .with_options(["setup=reconstructed", "max_plies=none", "repetition_draw=off"])
        .unwrap();
    assert_eq!(rules, CrossRules::default());
    assert_eq!(CrossRules::default().with_options(["max_plies=300"]).unwrap().max_plies, Some(300));
    for bad in ["setup=random", "max_plies=0", "max_plies=-3", "repetition_draw=maybe", "colour=red", "nokey"]
    {
        let err = CrossRules::default().with_options([bad]).unwrap_err();
        assert!(!err.to_string().is_empty(), "{bad}");
    }
    let zero = CrossRules { max_plies: Some(0), ..CrossRules::default() };
    assert!(zero.validate().is_err());
    assert_eq!(Cross::try_start(zero).unwrap_err(), zero.validate().unwrap_err(), "never clamped");
    let fen = Cross::start(CrossRules::default()).fen();
    assert!(matches!(Cross::from_fen(&fen, zero), Err(FenError::Position(PositionError::InvalidRules(_)))));
}
