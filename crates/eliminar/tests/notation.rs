//! Position and move text: round trips, lenient input, and every error.

use damero_core::{Color, Game, Square};
use damero_eliminar::{Eliminar, EliminarRules, FenError, MoveError, ParseFenError, PositionError, Setup};

fn fen_err(text: &str) -> ParseFenError {
    match Eliminar::from_fen(text, EliminarRules::default()).unwrap_err() {
        FenError::Parse(error) => error,
        other => panic!("'{text}': expected a syntax error, got {other:?}"),
    }
}

#[test]
fn fen_round_trips_and_reads_leniently() {
    let fen = "b2bb1bb/bbb1bbbb/bbbbbbbb/8/8/1wwwwwww/2wwwwww/ww1wwwww w";
    let p = Eliminar::from_fen(fen, EliminarRules::default()).unwrap();
    assert_eq!(p.fen(), fen);
    assert_eq!(p, Eliminar::start(EliminarRules::default()));
    let lenient = Eliminar::from_fen(
        "  b11bb1bb/bbb1bbbb/bbbbbbbb/44/8/1wwwwwww/2wwwwww/ww1wwwww   white ",
        EliminarRules::default(),
    );
    assert_eq!(lenient.unwrap(), p);
    let empty = Eliminar::from_fen("8/8/8/8/8/8/8/8 b", EliminarRules::default()).unwrap();
    assert_eq!(empty.side_to_move(), Color::Black);
    assert_eq!(empty.fen(), "8/8/8/8/8/8/8/8 b");
}

#[test]
fn fen_errors_name_the_problem() {
    assert_eq!(fen_err(""), ParseFenError::Empty);
    assert_eq!(fen_err("8/8/8/8/8/8/8/8"), ParseFenError::MissingSide);
    assert_eq!(fen_err("8/8/8/8/8/8/8/8 w 0"), ParseFenError::TrailingText { text: "0".into() });
    assert_eq!(fen_err("8/8/8/8/8/8/8 w"), ParseFenError::WrongRankCount { found: 7 });
    assert_eq!(fen_err("8/8/8/8/8/8/8/8/8 w"), ParseFenError::WrongRankCount { found: 9 });
    assert_eq!(fen_err("8/8/7/8/8/8/8/8 w"), ParseFenError::BadRankLength { rank: 6, squares: 7 });
    assert_eq!(fen_err("8/8/8/8/8/8/8/w8 w"), ParseFenError::BadRankLength { rank: 1, squares: 9 });
    assert_eq!(fen_err("8/8/8/8/8/8/8/wwwwwwwww w"), ParseFenError::BadRankLength { rank: 1, squares: 9 });
    assert_eq!(fen_err("8/8/8/8/8/8/8/0w7 w"), ParseFenError::InvalidChar { rank: 1, ch: '0' });
    assert_eq!(fen_err("8/8/8/x7/8/8/8/8 w"), ParseFenError::InvalidChar { rank: 5, ch: 'x' });
    assert_eq!(fen_err("8/8/8/8/8/8/8/8 x"), ParseFenError::InvalidSide { text: "x".into() });
    // Every message is one readable line.
    for e in [fen_err(""), fen_err("8 w"), fen_err("8/8/8/8/8/8/8/9 w")] {
        let text = e.to_string();
        assert!(text.starts_with("invalid position") && !text.contains('\n'), "{text}");
    }
}

#[test]
fn moves_accept_every_path_and_print_the_smallest() {
    // c1 round b1, a2, b3, c2 either way, then on over d1: two paths, one move.
    let p = Eliminar::from_fen("8/8/8/8/8/1b6/b1b5/1bwb4 w", EliminarRules::default()).unwrap();
    assert_eq!(p.legal_move_texts(), ["c1-a1-a3-c3-c1-e1", "c1-e1"]);
    let small = p.parse_move("c1-a1-a3-c3-c1-e1").unwrap();
    let large = p.parse_move("c1-c3-a3-a1-c1-e1").unwrap();
    assert_eq!(small, large);
    assert_eq!(p.format_move(large), "c1-a1-a3-c3-c1-e1");
    // `pass` is read with surrounding spaces too (and refused here: White can jump).
    assert_eq!(p.parse_move("  pass "), Err(MoveError::PassNotAllowed { text: "  pass ".into() }));
}

#[test]
fn move_errors_name_the_problem() {
    let p = Eliminar::from_fen("8/8/8/8/2b5/1w6/1w6/8 w", EliminarRules::default()).unwrap();
    let e = |t: &str| p.parse_move(t).unwrap_err();
    let sq = |s: &str| s.parse::<Square>().unwrap();
    for bad in ["", "b2", "b2-", "b2-b9", "b2b4", "B2-B4", "b2-b4-d4-", "pass-b2", "xyz"] {
        assert_eq!(e(bad), MoveError::Malformed { text: bad.into() }, "{bad}");
    }
    assert_eq!(e("c4-c2"), MoveError::NotOwnPiece { text: "c4-c2".into(), square: sq("c4") });
    assert_eq!(e("a1-a3"), MoveError::NotOwnPiece { text: "a1-a3".into(), square: sq("a1") });
    assert_eq!(e("b2-b3"), MoveError::NotAJump { text: "b2-b3".into(), from: sq("b2"), to: sq("b3") });
    assert_eq!(e("b2-d4"), MoveError::NotAJump { text: "b2-d4".into(), from: sq("b2"), to: sq("d4") });
    assert_eq!(e("b2-b4-b6"), MoveError::NotAJump { text: "b2-b4-b6".into(), from: sq("b4"), to: sq("b6") });
    assert_eq!(e("b2-b4"), MoveError::Incomplete { text: "b2-b4".into() });
    assert_eq!(e("pass"), MoveError::PassNotAllowed { text: "pass".into() });
    assert_eq!(p.parse_move(" b2-b4-d4 ").map(|m| p.format_move(m)), Ok("b2-b4-d4".to_owned()));
    let over = Eliminar::from_fen("8/8/8/8/8/8/8/w6b w", EliminarRules::default()).unwrap();
    assert_eq!(over.parse_move("a1-a3"), Err(MoveError::GameOver { text: "a1-a3".into() }));
    for err in [e(""), e("c4-c2"), e("b2-b3"), e("b2-b4"), e("pass")] {
        let text = err.to_string();
        assert!(text.contains("move") && !text.contains('\n'), "{text}");
    }
}

#[test]
fn a_well_formed_text_gives_a_setup_and_legality_is_checked_apart() {
    let setup = Setup::from_fen("8/8/8/8/8/8/8/wb6 b").unwrap();
    assert_eq!(setup.side_to_move, Color::Black);
    assert_eq!(setup.to_fen(), "8/8/8/8/8/8/8/wb6 b");
    let position = Eliminar::from_setup(setup, EliminarRules::default()).unwrap();
    assert_eq!(position.to_setup(), setup);
    let a1: Square = "a1".parse().unwrap();
    let overlap = Setup { white: a1.into(), black: a1.into(), side_to_move: Color::White };
    assert_eq!(
        Eliminar::from_setup(overlap, EliminarRules::default()),
        Err(PositionError::Overlap { square: a1 })
    );
    let bad_rules = EliminarRules { removed_per_side: 24, ..EliminarRules::default() };
    assert!(matches!(Eliminar::from_setup(setup, bad_rules), Err(PositionError::InvalidRules(_))));
    assert!(matches!(
        Eliminar::from_fen("8/8/8/8/8/8/8/wb6 b", bad_rules),
        Err(FenError::Position(PositionError::InvalidRules(_)))
    ));
}
