//! One test per numbered rule of `shared/rules/russian.md`, each on a position
//! built to exercise it.

use damero_core::{Color, Game, GameRecord, Outcome, RuleSet};
use damero_draughts::{FenError, MoveError, PositionError, Russian, RussianDraws, RussianRules};

fn position(fen: &str) -> Russian {
    Russian::from_fen(fen, RussianRules::default()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(fen: &str) -> Vec<String> {
    position(fen).legal_move_texts()
}

const START: &str = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";

#[test]
fn rule_01_only_dark_squares_are_used() {
    // a1 is dark and on White's left; b1 is light and never holds a piece.
    assert!(Russian::from_fen("W:Wa1:Bb8", RussianRules::default()).is_ok());
    // A white man on rank 8 would already be a king.
    assert_eq!(
        Russian::from_fen("W:Wb8:Ba7", RussianRules::default()),
        Err(FenError::Position(PositionError::ManOnCrowningRow { square: "b8".parse().unwrap() }))
    );
    assert_eq!(
        Russian::from_fen("W:Wb1:Bb8", RussianRules::default()),
        Err(FenError::Position(PositionError::NotPlayingSquare { square: "b1".parse().unwrap() }))
    );
    assert_eq!(
        position("W:Wa1:Bb8").parse_move("a1-a2"),
        Err(MoveError::NotPlayingSquare { square: "a2".into() })
    );
}

#[test]
fn rule_02_start_position() {
    let start = Russian::start(RussianRules::default());
    assert_eq!(start.fen(), START);
    assert_eq!(start.material(Color::White), (12, 0));
    assert_eq!(start.material(Color::Black), (12, 0));
}

#[test]
fn rule_03_white_moves_first_and_turns_alternate() {
    let mut p = Russian::start(RussianRules::default());
    assert_eq!(p.side_to_move(), Color::White);
    p.try_play("c3-d4").unwrap();
    assert_eq!(p.side_to_move(), Color::Black);
    p.try_play("f6-g5").unwrap();
    assert_eq!(p.side_to_move(), Color::White);
}

#[test]
fn rule_04_man_moves_one_square_diagonally_forward() {
    assert_eq!(moves("W:Wc3:Bf6"), ["c3-b4", "c3-d4"]);
    assert_eq!(moves("B:Wc3:Bf6"), ["f6-e5", "f6-g5"]);
    // Never backward, never onto an occupied square.
    assert_eq!(moves("W:Wc3,b4:Bh8"), ["b4-a5", "b4-c5", "c3-d4"]);
}

#[test]
fn rule_05_man_captures_forward_and_backward() {
    // d4 can take c5 (forward) and e3 (backward).
    assert_eq!(moves("W:Wd4:Bc5,e3"), ["d4:b6", "d4:f2"]);
    // No capture when the square beyond is occupied.
    assert_eq!(
        moves("W:Wd4,b6:Bc5,h8"),
        ["b6-a7", "b6-c7", "d4-c5", "d4-e5"]
            .map(|s| s.to_string())
            .into_iter()
            .filter(|m| m != "d4-c5")
            .collect::<Vec<_>>()
    );
}

#[test]
fn rule_06_king_moves_any_number_of_empty_squares() {
    assert_eq!(moves("W:WKa1:Bh2"), ["a1-b2", "a1-c3", "a1-d4", "a1-e5", "a1-f6", "a1-g7", "a1-h8"]);
    // Stopped by a piece of its own.
    assert_eq!(moves("W:WKa1,e5:Bh2"), ["a1-b2", "a1-c3", "a1-d4", "e5-d6", "e5-f6"]);
}

#[test]
fn rule_07_king_lands_where_capture_continues() {
    // Without a continuation the king may land on any square beyond c3.
    assert_eq!(moves("W:WKa1:Bc3"), ["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]);
    // With f4 to take from e5, it must land on e5 and go on (then free choice
    // of g3 or h2 beyond f4).
    assert_eq!(moves("W:WKa1:Bc3,f4"), ["a1:e5:g3", "a1:e5:h2"]);
}

#[test]
fn rule_08_captured_pieces_block_until_the_move_ends() {
    // a1 takes c3, f4 and f2 and arrives on e1. Were c3 lifted at once, the
    // king could go on over b4 to a5; the captured c3 still blocks (Turkish
    // strike), so the capture ends on e1.
    let p = position("W:WKa1:Bc3,f4,f2,b4");
    assert_eq!(p.legal_move_texts(), ["a1:d4:g1", "a1:e5:g3:e1"]);
    let mut after = p;
    after.try_play("a1:e5:g3:e1").unwrap();
    assert_eq!(after.fen(), "B:WKe1:Bb4");
}

#[test]
fn rule_09_promotion_mid_capture_continues_as_king() {
    // f6 takes e7, is crowned on d8 and goes on as a king over c7, landing
    // on b6 or a5 (flying).
    let p = position("W:Wf6:Be7,c7,h8");
    assert_eq!(p.legal_move_texts(), ["f6:d8:a5", "f6:d8:b6"]);
    let mut after = p;
    after.try_play("f6:d8:a5").unwrap();
    assert_eq!(after.fen(), "B:WKa5:Bh8");
    // A man that ends its move on the far rank is crowned too.
    let mut quiet = position("W:Wc7:Bh8");
    quiet.try_play("c7-d8").unwrap();
    assert_eq!(quiet.fen(), "B:WKd8:Bh8");
}

#[test]
fn rule_10_capture_is_compulsory_with_free_choice() {
    // a1 can take one piece, h2 two: both are legal (no majority rule), and
    // no quiet move is.
    assert_eq!(moves("W:Wa1,h2:Bb2,g3,e5"), ["a1:c3", "h2:f4:d6"]);
    // A king never jumps its own piece...
    assert_eq!(moves("W:WKa1,b2,d4:Bc3,h8"), ["b2-a3", "d4-c5", "d4-e5"]);
    // ...nor two pieces in a row.
    assert!(moves("W:WKa1:Bc3,d4,h8").iter().all(|m| !m.contains(':')));
}

#[test]
fn rule_11_two_paths_with_the_same_captures_are_one_move() {
    // Reached at depth 7 from the start: d6 takes c5, c3, e3, e5 round a
    // ring, either way, back to d6: one move (why perft(8) is 929,899).
    let p = position("B:Wa1,c1,e1,g1,b2,f2,h2,c3,e3,g3,c5,e5:Bb8,d8,f8,h8,a7,e7,g7,b6,d6,f6,h6");
    assert_eq!(p.legal_move_texts(), ["b6:d4", "d6:b4:d2:f4:d6", "f6:d4"]);
    // Both paths are accepted as input and name the same move.
    assert_eq!(p.parse_move("d6:b4:d2:f4:d6").unwrap(), p.parse_move("d6:f4:d2:b4:d6").unwrap());
    // Different captured sets are different moves: the king from a1 over c3
    // may stop on any of d4..h8.
    assert_eq!(moves("W:WKa1:Bc3").len(), 5);
}

#[test]
fn rule_12_no_legal_move_loses() {
    // White's only man is blocked.
    let blocked = position("W:Wa1:Bb2,c3");
    assert_eq!(blocked.legal_move_texts(), Vec::<String>::new());
    assert_eq!(blocked.outcome(), Some(Outcome::Win(Color::Black)));
    // No pieces at all.
    assert_eq!(position("W:W:Bb2").outcome(), Some(Outcome::Win(Color::Black)));
    // A side that can move is not lost.
    assert_eq!(position("W:Wa1:Bc3").outcome(), None);
}

#[test]
fn rule_13a_threefold_repetition_draws() {
    let mut record = GameRecord::new(position("W:WKa1:BKh2"));
    for text in ["a1-b2", "h2-g1", "b2-a1", "g1-h2", "a1-b2", "h2-g1", "b2-a1"] {
        record.try_play(text).unwrap();
        assert_eq!(record.outcome(), None, "after {text}");
    }
    record.try_play("g1-h2").unwrap();
    assert_eq!(record.repetitions(), 3);
    assert_eq!(record.outcome(), Some(Outcome::Draw));
}

/// `fen` with its counters set: (since capture, since capture or man move,
/// since capture or promotion).
fn with_counters(fen: &str, rules: RussianRules, counters: (u16, u16, u16)) -> Russian {
    let mut p = Russian::from_fen(fen, rules).unwrap();
    p.set_draw_counters(counters.0, counters.1, counters.2);
    p
}

#[test]
fn rule_13b_three_kings_against_a_lone_king() {
    let fsr = RussianRules::default();
    let fen = "B:WKc1,Ke1,Kg1:BKh8";
    // Black (the lone king) to move after White's 15th move: draw.
    assert!(with_counters(fen, fsr, (29, 29, 29)).rule_draw());
    assert_eq!(with_counters(fen, fsr, (29, 29, 29)).outcome(), Some(Outcome::Draw));
    assert!(!with_counters(fen, fsr, (28, 28, 28)).rule_draw());
    // With the stronger side to move the 15th move is still to come.
    assert!(!with_counters("W:WKc1,Ke1,Kg1:BKh8", fsr, (29, 29, 29)).rule_draw());
    // A lone king with a man beside it is not alone.
    assert!(!with_counters("B:WKc1,Ke1,Kg1:BKh8,a7", fsr, (29, 29, 29)).rule_draw());
    // Play it out from the moment the material arose (White just captured,
    // Black to move): after 29 plies White has made 14 moves, after 30 its 15th.
    let mut p = with_counters(fen, fsr, (0, 0, 0));
    let cycle = ["h8-g7", "c1-d2", "g7-h8", "d2-c1"];
    for i in 0..29 {
        assert!(!p.rule_draw(), "ply {i}");
        p.try_play(cycle[i % 4]).unwrap();
    }
    assert!(!p.rule_draw());
    p.try_play(cycle[29 % 4]).unwrap();
    assert_eq!(p.plies_since_material_change(), 30);
    assert!(p.rule_draw());
}

#[test]
fn rule_13c_fifteen_moves_of_kings_only() {
    let fsr = RussianRules::default();
    // Men on the board, but only kings moved and nothing was taken.
    let fen = "W:WKa1,c3:BKh8,f8";
    assert!(with_counters(fen, fsr, (30, 30, 30)).rule_draw());
    assert!(!with_counters(fen, fsr, (29, 29, 29)).rule_draw());
    // A man move resets the count.
    let mut p = with_counters(fen, fsr, (29, 29, 29));
    p.try_play("c3-d4").unwrap();
    assert_eq!(p.plies_since_capture_or_man_move(), 0);
    assert_eq!(p.plies_since_capture(), 30);
}

#[test]
fn rule_13d_both_sides_with_kings_and_unchanged_material() {
    let fsr = RussianRules::default();
    // 2-3 pieces: 5 moves each.
    assert!(with_counters("W:WKa1,c3:BKh8", fsr, (10, 0, 10)).rule_draw());
    assert!(!with_counters("W:WKa1,c3:BKh8", fsr, (9, 0, 9)).rule_draw());
    // 4-5 pieces: 30 moves each.
    assert!(with_counters("W:WKa1,c3:BKh8,f8", fsr, (60, 0, 60)).rule_draw());
    assert!(!with_counters("W:WKa1,c3:BKh8,f8", fsr, (59, 0, 59)).rule_draw());
    // 6-7 pieces: 60 moves each.
    assert!(with_counters("W:WKa1,c3,e3:BKh8,f8,d8", fsr, (120, 0, 120)).rule_draw());
    assert!(!with_counters("W:WKa1,c3,e3:BKh8,f8,d8", fsr, (119, 0, 119)).rule_draw());
    // 8 pieces: no such rule.
    assert!(!with_counters("W:WKa1,c3,e3,g3:BKh8,f8,d8,b8", fsr, (500, 0, 500)).rule_draw());
    // Only one side has kings: no such rule.
    assert!(!with_counters("W:WKa1,c3:Bh8", fsr, (200, 0, 200)).rule_draw());
    // A promotion resets the count.
    let mut p = with_counters("W:WKa1,c7:BKh8", fsr, (9, 0, 9));
    p.try_play("c7-b8").unwrap();
    assert_eq!(p.plies_since_material_change(), 0);
}

#[test]
fn rule_13_olsen_draw_option() {
    let olsen = RussianRules::default().with_options(["draws=olsen"]).unwrap();
    assert_eq!(olsen.draws, RussianDraws::Olsen);
    // Exactly 3 kings against 1 king, no men: 15 moves.
    assert!(with_counters("B:WKa1,Kc1,Ke1:BKh8", olsen, (29, 29, 29)).rule_draw());
    // 4 kings: a draw under FSR 13b but not under Olsen.
    let four = "B:WKa1,Kc1,Ke1,Kg1:BKh8";
    assert!(with_counters(four, RussianRules::default(), (29, 29, 29)).rule_draw());
    assert!(!with_counters(four, olsen, (29, 29, 29)).rule_draw());
    // FSR 13c and 13d do not apply under Olsen.
    assert!(!with_counters("W:WKa1,c3:BKh8,f8", olsen, (100, 100, 100)).rule_draw());
    // Repetition still does.
    assert_eq!(with_counters("W:WKa1:BKh8", olsen, (0, 0, 0)).repetition_limit(), Some(3));
    // Unknown values and keys are typed errors.
    assert!(RussianRules::default().with_options(["draws=sometimes"]).is_err());
    assert!(RussianRules::default().with_options(["flying=no"]).is_err());
}

/// A game of `plies` moves from `fen` (its counters at zero) in which every
/// move keeps `counter` growing by one, and the game goes on until the last
/// move: a depth-first search over the legal moves, so it never runs into a
/// forced capture or a threefold repetition.
fn walk(fen: &str, plies: usize, counter: fn(&Russian) -> u32) -> GameRecord<Russian> {
    damero_core::testkit::walk_counter(position(fen), plies, counter)
        .unwrap_or_else(|| panic!("no walk of {plies} plies from {fen}"))
}

/// The walk ends the game on its last move, a draw for `rule`'s reason.
fn assert_ends_by(record: &GameRecord<Russian>, rule: &str) {
    assert_eq!(record.outcome(), Some(Outcome::Draw), "{:?}", record.move_texts());
    let reason = record.end_reason().expect("a reason");
    assert!(reason.contains(&format!("(rule {rule})")), "{reason}");
    let before = record.truncated(record.moves().len() - 1);
    assert_eq!((before.outcome(), before.end_reason()), (None, None), "one move earlier the game goes on");
}

#[test]
fn end_reason_rule13b_names_three_kings_against_a_lone_king() {
    // White to move: its 15th move is ply 29, then the lone king is to move.
    let record = walk("W:WKc1,Ke1,Kg1:BKh8", 29, Russian::plies_since_material_change);
    assert_ends_by(&record, "13b");
    assert!(record.end_reason().unwrap().contains("three kings"));
}

#[test]
fn end_reason_rule13c_names_fifteen_moves_of_kings_only() {
    // The men stay put on their edges: 30 plies of king moves, fewer than
    // 13d's 60.
    let record = walk("W:WKe1,a3:BKd8,h6", 30, Russian::plies_since_capture_or_man_move);
    assert_ends_by(&record, "13c");
    assert!(record.end_reason().unwrap().contains("kings only"));
}

#[test]
fn end_reason_rule13d_names_unchanged_material_with_kings_on_both_sides() {
    // Three pieces: 5 moves each; a man may move, it changes no material.
    let record = walk("W:WKe1,a3:BKh8", 10, Russian::plies_since_material_change);
    assert_ends_by(&record, "13d");
    assert!(record.end_reason().unwrap().contains("material unchanged"));
}
