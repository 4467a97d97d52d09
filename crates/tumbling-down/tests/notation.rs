//! Position and move notation: round trips and typed errors.

mod common;

use common::{EMPTY, setup};
use damero_core::{Color, Game, Presentation};
use damero_tumbling_down::{
    FenError, MoveError, ParseFenError, PositionError, TumblingDown, TumblingDownRules,
};

fn err(text: &str) -> FenError {
    TumblingDown::from_fen(text, TumblingDownRules::default()).unwrap_err()
}

fn board(rank8: &str) -> String {
    format!("{rank8}/{EMPTY}/{EMPTY}/{EMPTY}/{EMPTY}/{EMPTY}/{EMPTY}/{EMPTY}")
}

#[test]
fn position_text_round_trips() {
    for rules in [TumblingDownRules::original(), TumblingDownRules::boardspace()] {
        let start = TumblingDown::start(rules);
        let reread = TumblingDown::from_fen(&start.fen(), rules).unwrap();
        assert_eq!(reread, start);
        assert_eq!(reread.fen(), start.fen());
    }
    let text = format!("{} w", board("[bwb]w.b[ww]..."));
    let p = TumblingDown::from_fen(&text, TumblingDownRules::default()).unwrap();
    assert_eq!(p.fen(), text);
    assert_eq!(common::at(&p, "a8"), "[bwb]");
    // Extra spaces between fields are accepted; the text written is canonical.
    let spaced = format!("  {}   w  ", board("[bwb]w.b[ww]..."));
    assert_eq!(TumblingDown::from_fen(&spaced, TumblingDownRules::default()).unwrap().fen(), text);
}

#[test]
fn result_field_marks_a_decided_game() {
    let text = format!("{} w 0-1", board("[wwb]......b"));
    let p = TumblingDown::from_fen(&text, TumblingDownRules::default()).unwrap();
    assert_eq!(p.winner(), Some(Color::Black));
    assert!(p.legal_move_texts().is_empty());
    assert_eq!(p.fen(), text);
    let open = TumblingDown::from_fen(&format!("{} w", board("[wwb]......b")), TumblingDownRules::default())
        .unwrap();
    assert_ne!(open.zobrist(), p.zobrist(), "the stored result is part of the key");
}

#[test]
fn position_errors_are_typed() {
    assert_eq!(err(""), FenError::Parse(ParseFenError::Empty));
    assert_eq!(err("   "), FenError::Parse(ParseFenError::Empty));
    assert_eq!(err(&board("........")), FenError::Parse(ParseFenError::MissingSide));
    assert_eq!(err("......../........ b"), FenError::Parse(ParseFenError::WrongRankCount { found: 2 }));
    assert_eq!(
        err(&format!("{} b", board("......."))),
        FenError::Parse(ParseFenError::WrongSquareCount { rank: 8, found: 7 })
    );
    assert_eq!(
        err(&format!("{} b", board("........."))),
        FenError::Parse(ParseFenError::WrongSquareCount { rank: 8, found: 9 })
    );
    assert_eq!(
        err(&format!("{} b", board("...x...."))),
        FenError::Parse(ParseFenError::InvalidCharacter { rank: 8, character: 'x' })
    );
    assert_eq!(
        err(&format!("{} b", board("[bx]......."))),
        FenError::Parse(ParseFenError::InvalidCharacter { rank: 8, character: 'x' })
    );
    assert_eq!(
        err(&format!("{} b", board("8"))),
        FenError::Parse(ParseFenError::InvalidCharacter { rank: 8, character: '8' })
    );
    assert_eq!(
        err(&format!("{} b", board("é......."))),
        FenError::Parse(ParseFenError::InvalidCharacter { rank: 8, character: 'é' })
    );
    assert_eq!(
        err(&format!("{} b", board(".......[bb"))),
        FenError::Parse(ParseFenError::UnclosedBracket { rank: 8 })
    );
    assert_eq!(
        err(&format!("{} b", board("[]......."))),
        FenError::Parse(ParseFenError::EmptyBrackets { rank: 8 })
    );
    assert_eq!(
        err(&format!("{} x", board("........"))),
        FenError::Parse(ParseFenError::InvalidSide { text: "x".into() })
    );
    assert_eq!(
        err(&format!("{} b 1/2", board("........"))),
        FenError::Parse(ParseFenError::InvalidResult { text: "1/2".into() })
    );
    assert_eq!(
        err(&format!("{} b 1-0 x", board("........"))),
        FenError::Parse(ParseFenError::TrailingText { text: "x".into() })
    );
    let many = format!("{} b", board(&format!("[{}].......", "w".repeat(30))));
    assert_eq!(
        err(&many),
        FenError::Position(PositionError::TooManyPieces { color: Color::White, count: 30 })
    );
    // Every error has a one-line message naming the problem.
    for e in [err(""), err(&many), err(&format!("{} b", board("[].......")))] {
        let message = e.to_string();
        assert!(message.starts_with("invalid position") && !message.contains('\n'), "{message}");
    }
}

#[test]
fn move_text_round_trips_and_errors_are_typed() {
    let p =
        setup(&[("d4", "wb"), ("e4", "bw"), ("a1", "b"), ("h8", "ww")], "b", TumblingDownRules::default());
    for text in p.legal_move_texts() {
        let mv = p.parse_move(&text).unwrap();
        assert_eq!(p.format_move(mv), text);
    }
    let sq = |s: &str| s.parse().unwrap();
    assert_eq!(p.parse_move("d4-f6"), Err(MoveError::NotAdjacent { from: sq("d4"), to: sq("f6") }));
    assert_eq!(p.parse_move("d4^d4"), Err(MoveError::NotAdjacent { from: sq("d4"), to: sq("d4") }));
    assert_eq!(p.parse_move("c1-c2"), Err(MoveError::EmptySquare { square: sq("c1") }));
    assert_eq!(p.parse_move("e4^e5"), Err(MoveError::NotOwned { square: sq("e4"), owner: Color::White }));
    for junk in ["", "d4", "d4 d5", "d4xd5", "D4-D5", "d4-d5 ", "i1-h1", "d4—d5"] {
        assert!(matches!(p.parse_move(junk), Err(MoveError::Malformed { .. })), "{junk}");
    }
    assert!(p.parse_move("d4-d5").unwrap() != p.parse_move("d4^d5").unwrap());
    let message = p.parse_move("e4^e5").unwrap_err().to_string();
    assert!(message.contains("belongs to white"), "{message}");
}

#[test]
fn diagram_shows_owners_heights_kings_and_mixed_stacks() {
    let p = setup(&[("a1", "bbb"), ("b1", "wb"), ("h8", "ww")], "b", TumblingDownRules::default());
    let d = p.diagram();
    assert!(d.contains("B3*"), "{d}");
    assert!(d.contains("b2 "), "{d}");
    assert!(d.contains("W2*"), "{d}");
    assert!(d.contains("b1[wb]"), "{d}");
    assert!(d.ends_with("black to move\n"), "{d}");
}

#[test]
fn a_setup_is_read_then_checked() {
    let start = TumblingDown::start(TumblingDownRules::default());
    let setup = damero_tumbling_down::Setup::from_fen(&start.fen()).unwrap();
    assert_eq!(setup, start.to_setup());
    assert_eq!(setup.to_fen(), start.fen());
    assert_eq!(TumblingDown::from_setup(setup, TumblingDownRules::default()).unwrap(), start);
    // A stack taller than two armies cannot even be described.
    let tall = format!("{} b", board(&format!("[{}].......", "w".repeat(59))));
    assert_eq!(err(&tall), FenError::Parse(ParseFenError::StackTooTall { rank: 8 }));
    let zero = TumblingDownRules { max_plies: Some(0), ..TumblingDownRules::default() };
    assert!(matches!(TumblingDown::from_setup(setup, zero), Err(PositionError::InvalidRules(_))));
}
