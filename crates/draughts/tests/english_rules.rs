//! English checkers as `shared/rules/russian.md` (last section) describes it,
//! one test per rule, on numbered squares (1 = b8, 32 = g1).

use damero_core::{Color, Game, GameRecord, Outcome};
use damero_draughts::{English, EnglishRules, MoveError};

fn position(fen: &str) -> English {
    English::from_fen(fen, EnglishRules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(fen: &str) -> Vec<String> {
    position(fen).legal_move_texts()
}

#[test]
fn english_board_setup_and_black_moves_first() {
    let start = English::start(EnglishRules);
    assert_eq!(start.fen(), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    assert_eq!(start.side_to_move(), Color::Black);
    assert_eq!(start.legal_move_texts(), ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
    // FEN ranges are accepted.
    assert_eq!(position("B:W21-32:B1-12").fen(), start.fen());
}

#[test]
fn english_men_capture_forward_only() {
    // White man on 18 (d4): Black on 14 (c5) ahead and 22 (c3) behind.
    assert_eq!(moves("W:W18:B14,22"), ["18x9"]);
}

#[test]
fn english_kings_move_and_capture_one_square_at_a_time() {
    // A king on 29 (a1): one step only, to 25 (b2).
    assert_eq!(moves("W:WK29:B1"), ["29-25"]);
    // A king on 29 with a man on 25 and 22 empty: it takes and stops on 22;
    // a flying king could also have landed further.
    assert_eq!(moves("W:WK29:B25,1"), ["29x22"]);
    // Kings capture backward too.
    assert_eq!(moves("W:WK22:B25,1"), ["22x29"]);
}

#[test]
fn english_crowning_during_a_capture_ends_the_move() {
    // 11 (f6) takes 7 (e7) and is crowned on 2 (d8); as a king it could go on
    // over 6 (c7) to 9 (b6), but the move ends on the crowning row.
    let p = position("W:W11:B7,6,28");
    assert_eq!(p.legal_move_texts(), ["11x2"]);
    let mut after = p;
    after.try_play("11x2").unwrap();
    assert_eq!(after.fen(), "B:WK2:B6,28");
}

#[test]
fn english_capture_is_compulsory_with_free_choice() {
    // 24 (g3) can take one piece (19), 30 (c1) two (26 and 19): both are
    // legal, and no quiet move is.
    assert_eq!(moves("W:W30,24:B26,19,1"), ["24x15", "30x23x16"]);
}

#[test]
fn english_draw_by_repetition_and_forty_moves_each() {
    let mut record = GameRecord::new(position("W:WK29:BK4"));
    for text in ["29-25", "4-8", "25-29", "8-4", "29-25", "4-8", "25-29"] {
        record.try_play(text).unwrap();
        assert_eq!(record.outcome(), None);
    }
    record.try_play("8-4").unwrap();
    assert_eq!(record.outcome(), Some(Outcome::Draw));
    let mut p = position("W:WK29,21:BK4");
    p.set_draw_counters(80, 79, 80);
    assert!(!p.rule_draw());
    p.set_draw_counters(80, 80, 80);
    assert!(p.rule_draw());
    p.set_draw_counters(79, 79, 79);
    p.try_play("21-17").unwrap();
    assert!(!p.rule_draw(), "a man move resets the count");
}

#[test]
fn english_numeric_and_algebraic_notation() {
    let mut p = English::start(EnglishRules);
    // Algebraic input is accepted: 11-15 is c6... f6-e5.
    let by_number = p.parse_move("11-15").unwrap();
    assert_eq!(p.parse_move("f6-e5").unwrap(), by_number);
    assert_eq!(p.format_move(by_number), "11-15");
    p.play(by_number);
    assert!(matches!(p.parse_move("11-15"), Err(MoveError::Illegal { .. })));
    assert!(matches!(p.parse_move("33-15"), Err(MoveError::InvalidSquare { .. })));
    // Algebraic FEN squares are accepted too.
    assert_eq!(position("W:Wa1:Bb8").fen(), "W:W29:B1");
}

#[test]
fn a_fen_is_read_into_a_setup_then_checked() {
    use damero_core::{Color, Square};
    use damero_draughts::{EnglishVariant, FenError, ParseFenError, Piece, PositionError, Setup};
    let start = English::start(Default::default());
    let setup = Setup::from_fen::<EnglishVariant>(&start.fen()).unwrap();
    assert_eq!(setup, start.to_setup());
    assert_eq!(setup.to_fen::<EnglishVariant>(), start.fen());
    assert_eq!(English::from_setup(setup, Default::default()).unwrap(), start);
    // Syntax and legality are separate errors.
    assert!(matches!(
        English::from_fen("B:W1,1:B32", Default::default()),
        Err(FenError::Parse(ParseFenError::DuplicateSquare { .. }))
    ));
    let a1: Square = "a1".parse().unwrap();
    let man = Piece { color: Color::White, king: false };
    let overlap = Setup { black: a1.into(), ..Setup::with_pieces(Color::White, [(a1, man)]) };
    assert_eq!(English::from_setup(overlap, Default::default()), Err(PositionError::Overlap { square: a1 }));
    let crowded = Setup::with_pieces(
        Color::White,
        Square::all().filter(|s| s.is_dark() && s.rank() < 4).map(|s| (s, man)),
    );
    assert_eq!(
        English::from_setup(crowded, Default::default()),
        Err(PositionError::TooManyPieces { color: Color::White, count: 16 })
    );
}
