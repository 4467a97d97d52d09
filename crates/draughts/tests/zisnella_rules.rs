//! One test per numbered rule of `shared/rules/zisnella.md`, for Zisnella and
//! for classic Spanish draughts, each on a position built to exercise it.
//! Positions use the Spanish orientation: playing squares have file + rank odd.

use damero_core::{Color, Game, GameRecord, Outcome, RuleSet};
use damero_draughts::{Draughts, FenError, PositionError, Spanish, Variant, Zisnella, ZisnellaRules};

fn zisnella(fen: &str) -> Zisnella {
    Zisnella::from_fen(fen, ZisnellaRules::default()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn spanish(fen: &str) -> Spanish {
    Spanish::from_fen(fen, Default::default()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The sorted legal moves of `fen` under both rule sets.
fn both(fen: &str) -> (Vec<String>, Vec<String>) {
    (zisnella(fen).legal_move_texts(), spanish(fen).legal_move_texts())
}

fn assert_both(fen: &str, expected: &[&str]) {
    let (z, s) = both(fen);
    assert_eq!(z, expected, "zisnella {fen}");
    assert_eq!(s, expected, "spanish {fen}");
}

const START: &str = "W:Wb1,d1,f1,h1,a2,c2,e2,g2,b3,d3,f3,h3:Ba6,c6,e6,g6,b7,d7,f7,h7,a8,c8,e8,g8";

#[test]
fn rule_01_playing_squares_have_odd_file_plus_rank() {
    assert_eq!(
        Zisnella::from_fen("W:Wa1:Bb8", Default::default()),
        Err(FenError::Position(PositionError::NotPlayingSquare { square: "a1".parse().unwrap() }))
    );
    assert!(Spanish::from_fen("W:Wb1:Ba8", Default::default()).is_ok());
    // The near-right corner h1 is a playing square for White.
    assert_both("W:Wh1:Ba8", &["h1-g2"]);
}

#[test]
fn rule_02_start_position() {
    assert_eq!(Zisnella::start(Default::default()).fen(), START);
    assert_eq!(Spanish::start(Default::default()).fen(), START);
}

#[test]
fn rule_03_white_moves_first() {
    for side in [
        Zisnella::start(Default::default()).side_to_move(),
        Spanish::start(Default::default()).side_to_move(),
    ] {
        assert_eq!(side, Color::White);
    }
    let mut p = Zisnella::start(Default::default());
    p.try_play("b3-a4").unwrap();
    assert_eq!(p.side_to_move(), Color::Black);
}

#[test]
fn rule_04_men_move_forward_only() {
    assert_both("W:Wd3:Be6", &["d3-c4", "d3-e4"]);
    assert_both("B:Wd3:Be6", &["e6-d5", "e6-f5"]);
}

#[test]
fn rule_05_men_capture_forward_only_unless_the_option_is_set() {
    // d3 may take c4 (forward) but not c2 (backward).
    assert_both("W:Wd3:Bc4,c2,g8", &["d3:b5"]);
    let backward = ZisnellaRules::default().with_options(["men_capture_backward=true"]).unwrap();
    let p = Zisnella::from_fen("W:Wd3:Bc4,c2,g8", backward).unwrap();
    assert_eq!(p.legal_move_texts(), ["d3:b1", "d3:b5"]);
    // A sequence may turn between the two forward diagonals.
    assert_both("W:Wb3:Bc4,c6,g8", &["b3:d5:b7"]);
}

#[test]
fn rule_06_promotion_ends_the_move() {
    // c6 takes d7 and is crowned on e8; as a king it could take f7, but
    // reaching the far rank by a capture ends the move.
    assert_both("W:Wc6:Bd7,f7,a8", &["c6:e8"]);
    let mut p = zisnella("W:Wc6:Bd7,f7,a8");
    p.try_play("c6:e8").unwrap();
    assert_eq!(p.fen(), "B:WKe8:Bf7,a8");
    // A quiet move onto the far rank crowns too.
    let mut q = spanish("W:Wb7:Bg2");
    q.try_play("b7-c8").unwrap();
    assert_eq!(q.fen(), "B:WKc8:Bg2");
}

#[test]
fn rule_07_king_moves_any_distance() {
    assert_both("W:WKh1:Bg8", &["h1-a8", "h1-b7", "h1-c6", "h1-d5", "h1-e4", "h1-f3", "h1-g2"]);
}

#[test]
fn rule_08_flying_king_must_land_where_the_capture_continues() {
    // Without a continuation: any square beyond f3.
    assert_both("W:WKh1:Bf3", &["h1:a8", "h1:b7", "h1:c6", "h1:d5", "h1:e4"]);
    // From d5 the king can go on over c4: it must land there.
    assert_both("W:WKh1:Bf3,c4", &["h1:d5:a2", "h1:d5:b3"]);
    // Men may capture kings.
    assert_both("W:Wd3:BKc4,g8", &["d3:b5"]);
}

#[test]
fn rule_09_captured_pieces_block_and_are_jumped_once() {
    // The king takes f3, c4 and c2 and stops on d1: f3, still on the board,
    // blocks the way on to g4. (Spanish keeps only the longer capture.)
    let (z, s) = both("W:WKh1:Bf3,c4,c2,g4");
    assert_eq!(z, ["h1:d5:b3:d1", "h1:e4:b1"]);
    assert_eq!(s, ["h1:d5:b3:d1"]);
}

#[test]
fn rule_10_zisnella_free_choice_spanish_quantity_then_quality() {
    // One piece or two: Zisnella lets White choose, Spanish demands two.
    let (z, s) = both("W:Wh1,a2:Bg2,b3,d5");
    assert_eq!(z, ["a2:c4:e6", "h1:f3"]);
    assert_eq!(s, ["a2:c4:e6"]);
    // One man or one king: Spanish demands the king (quality).
    let (z, s) = both("W:Wd3,h3:Bc4,Kg4,g8");
    assert_eq!(z, ["d3:b5", "h3:f5"]);
    assert_eq!(s, ["h3:f5"]);
    // Capture is compulsory in both: no quiet move beside a capture.
    assert!(z.iter().all(|m| m.contains(':')));
}

#[test]
fn rule_11_same_squares_and_captures_are_one_move() {
    // Landing on e4 or d5 after f3, the king goes on over b7 to a8 either way:
    // one move, written with the square just behind f3.
    assert_both("W:WKh1:Bf3,b7", &["h1:e4:a8"]);
    let p = zisnella("W:WKh1:Bf3,b7");
    assert_eq!(p.parse_move("h1:d5:a8").unwrap(), p.parse_move("h1:e4:a8").unwrap());
}

#[test]
fn rule_12_capturing_every_piece_wins() {
    for outcome in [
        {
            let mut p = zisnella("W:Wd3:Bc4");
            p.try_play("d3:b5").unwrap();
            p.outcome()
        },
        {
            let mut p = spanish("W:Wd3:Bc4");
            p.try_play("d3:b5").unwrap();
            p.outcome()
        },
    ] {
        assert_eq!(outcome, Some(Outcome::Win(Color::White)));
    }
}

#[test]
fn rule_13_blocked_side_loses() {
    // White's b1 cannot move or take; Black can still move (c2-d1).
    let fen = "W:Wb1:Ba2,c2,d3";
    assert_eq!(zisnella(fen).outcome(), Some(Outcome::Win(Color::Black)));
    assert_eq!(spanish(fen).outcome(), Some(Outcome::Win(Color::Black)));
}

/// Both sides locked: White's rows 6-7 against Black's row 8 (8 v 4), and
/// White's row 1 against Black's rows 2-3 (4 v 8).
const TOP_LOCK_WHITE: &str = "b7,d7,f7,h7,a6,c6,e6,g6";
const TOP_LOCK_BLACK: &str = "a8,c8,e8,g8";
const BOTTOM_LOCK_WHITE: &str = "b1,d1,f1,h1";
const BOTTOM_LOCK_BLACK: &str = "a2,c2,e2,g2,b3,d3,f3,h3";

#[test]
fn rule_14_both_blocked_more_pieces_wins_zisnella_only() {
    // 8 v 4, both blocked: White wins whoever is to move (Zisnella).
    for side in ["W", "B"] {
        let fen = format!("{side}:W{TOP_LOCK_WHITE}:B{TOP_LOCK_BLACK}");
        assert_eq!(zisnella(&fen).outcome(), Some(Outcome::Win(Color::White)), "{fen}");
    }
    // 12 v 12, both blocked: a draw (Zisnella).
    let equal = format!("B:W{TOP_LOCK_WHITE},{BOTTOM_LOCK_WHITE}:B{TOP_LOCK_BLACK},{BOTTOM_LOCK_BLACK}");
    assert_eq!(zisnella(&equal).outcome(), Some(Outcome::Draw));
    // Spanish has no such rule: the blocked side to move loses.
    assert_eq!(spanish(&equal).outcome(), Some(Outcome::Win(Color::White)));
    let white_to_move = format!("W:W{TOP_LOCK_WHITE}:B{TOP_LOCK_BLACK}");
    assert_eq!(spanish(&white_to_move).outcome(), Some(Outcome::Win(Color::Black)));
}

fn with_counters<V: Variant>(fen: &str, counters: (u16, u16, u16)) -> Draughts<V> {
    let mut p = Draughts::<V>::from_fen(fen, Default::default()).unwrap();
    p.set_draw_counters(counters.0, counters.1, counters.2);
    p
}

#[test]
fn rule_15_draws_repetition_and_forty_moves() {
    // Threefold repetition, both rule sets.
    let mut record = GameRecord::new(zisnella("W:WKh1:BKa2"));
    for text in ["h1-g2", "a2-b1", "g2-h1", "b1-a2", "h1-g2", "a2-b1", "g2-h1", "b1-a2"] {
        assert_eq!(record.outcome(), None);
        record.try_play(text).unwrap();
    }
    assert_eq!(record.outcome(), Some(Outcome::Draw));
    // Zisnella: 40 plies without a capture, whatever moved.
    let men_moved = "W:Wb1,Kh1:Bg8,Ka2";
    assert!(with_counters::<damero_draughts::ZisnellaVariant>(men_moved, (40, 3, 40)).rule_draw());
    assert!(!with_counters::<damero_draughts::ZisnellaVariant>(men_moved, (39, 39, 39)).rule_draw());
    // Spanish: 40 plies of king moves only; a man move resets it.
    assert!(!with_counters::<damero_draughts::SpanishVariant>(men_moved, (40, 3, 40)).rule_draw());
    assert!(with_counters::<damero_draughts::SpanishVariant>(men_moved, (40, 40, 40)).rule_draw());
    let mut p = with_counters::<damero_draughts::SpanishVariant>(men_moved, (39, 39, 39));
    p.try_play("b1-c2").unwrap();
    assert_eq!(p.plies_since_capture_or_man_move(), 0);
    assert!(!p.rule_draw());
}
