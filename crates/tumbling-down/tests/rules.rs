//! A test per numbered rule of `shared/rules/tumbling-down.md` (and its
//! Boardspace variant), each on a position built to exercise it, and every
//! option in both settings.

mod common;

use common::{at, play, setup};
use damero_core::{Color, Game, GameRecord, Outcome, RuleSet};
use damero_tumbling_down::{MoveError, TumblingDown, TumblingDownRules, Variant};

const ORIGINAL_START: &str = "...w[ww][ww][www][wwww]/....w[ww][ww][www]/.....w[ww][ww]/b.....w[ww]/\
                              [bb]b.....w/[bb][bb]b...../[bbb][bb][bb]b..../[bbbb][bbb][bb][bb]b... b";
const BOARDSPACE_START: &str = "..b[bb][bbb][bbbb][bbb][bb]/...b[bb][bbb][bb]b/....b[bb]b./.....b../\
                                ..w...../.w[ww]w..../w[ww][www][ww]w.../[ww][www][wwww][www][ww]w.. w";

fn texts(p: &TumblingDown) -> Vec<String> {
    p.legal_move_texts()
}

fn from(p: &TumblingDown, square: &str) -> Vec<String> {
    texts(p).into_iter().filter(|m| m.starts_with(square)).collect()
}

#[test]
fn rule_01_any_square_holds_a_stack_of_any_height() {
    // All 58 pieces on d4, alternating colours, bottom Black, top White.
    let letters: String = (0..58).map(|i| if i % 2 == 0 { 'b' } else { 'w' }).collect();
    let mut p = setup(&[("d4", &letters)], "w", TumblingDownRules::default());
    assert_eq!(p.stack("d4".parse().unwrap()).height(), 58);
    assert_eq!(TumblingDown::from_fen(&p.fen(), TumblingDownRules::default()).unwrap(), p);
    // Tumbling it east: e4 f4 g4 get one piece each, the other 55 drop on h4 (rule 6).
    play(&mut p, "d4^e4");
    assert_eq!(at(&p, "e4"), "b");
    assert_eq!(at(&p, "f4"), "w");
    assert_eq!(at(&p, "g4"), "b");
    assert_eq!(p.stack("h4".parse().unwrap()).height(), 55);
    assert_eq!(p.piece_count(Color::White) + p.piece_count(Color::Black), 58);
    // Each player has 29 pieces; a 30th is refused.
    let start = TumblingDown::start(TumblingDownRules::default());
    assert_eq!((start.piece_count(Color::Black), start.piece_count(Color::White)), (29, 29));
    let thirty: String = "b".repeat(30);
    assert!(
        TumblingDown::from_fen(
            &format!("[{thirty}]......./{0}/{0}/{0}/{0}/{0}/{0}/{0} b", common::EMPTY),
            TumblingDownRules::default()
        )
        .is_err()
    );
}

#[test]
fn rule_02_original_setup_is_two_corners_rotated() {
    let start = TumblingDown::start(TumblingDownRules::default());
    assert_eq!(start.fen(), ORIGINAL_START);
    for sq in damero_core::Square::all() {
        let black = start.stack(sq);
        let white = start.stack(sq.rotate());
        assert_eq!(black.height(), white.height(), "{sq}");
        if let Some(c) = black.pure_color() {
            assert_eq!(white.pure_color(), Some(!c));
        }
    }
    assert_eq!(at(&start, "a1"), "[bbbb]");
    assert_eq!(at(&start, "h8"), "[wwww]");
    assert_eq!(start.pure_stacks(Color::Black).count(), 15);
    assert_eq!(start.kings(Color::Black).squares().map(|s| s.to_string()).collect::<Vec<_>>(), ["a1"]);
}

#[test]
fn rule_03_black_moves_first_and_turns_alternate() {
    let mut p = TumblingDown::start(TumblingDownRules::default());
    assert_eq!(p.side_to_move(), Color::Black);
    // Every first move is Black's: its stacks are all on squares with file + rank <= 4.
    for m in texts(&p) {
        let sq: damero_core::Square = m[..2].parse().unwrap();
        assert_eq!(p.stack(sq).top(), Some(Color::Black), "{m}");
    }
    play(&mut p, "e1-f2");
    assert_eq!(p.side_to_move(), Color::White);
    assert!(p.parse_move("f2-g3").is_err(), "Black cannot move twice");
    play(&mut p, "d8-c7");
    assert_eq!(p.side_to_move(), Color::Black);
    // No passing: there is no null move, only moves of the side's own stacks.
    assert!(texts(&p).iter().all(|m| p.stack(m[..2].parse().unwrap()).top() == Some(Color::Black)));
}

#[test]
fn rule_04_only_the_owner_moves_a_stack() {
    // d4 is Black's (black on top), e4 White's; both sides keep a pure king.
    let p =
        setup(&[("d4", "wb"), ("e4", "bw"), ("a1", "bb"), ("h8", "ww")], "b", TumblingDownRules::default());
    assert_eq!(from(&p, "d4").len(), 16);
    assert!(from(&p, "e4").is_empty());
    assert_eq!(
        p.parse_move("e4-e5"),
        Err(MoveError::NotOwned { square: "e4".parse().unwrap(), owner: Color::White })
    );
    assert_eq!(p.parse_move("c4-c5"), Err(MoveError::EmptySquare { square: "c4".parse().unwrap() }));
    assert_eq!(p.owned_by(Color::Black).count(), 2);
}

#[test]
fn rule_05_single_piece_move_one_square_onto_anything() {
    let rules = TumblingDownRules::default();
    let base = [("d4", "wwb"), ("e5", "ww"), ("a1", "bbb"), ("h8", "www")];
    let p = setup(&base, "b", rules);
    // Eight directions, a single-piece move and a tumble each.
    let d4 = from(&p, "d4");
    assert_eq!(d4.iter().filter(|m| m.as_bytes()[2] == b'-').count(), 8);
    // Onto an empty square: the top piece leaves, d4 becomes White's.
    let mut q = p;
    play(&mut q, "d4-d5");
    assert_eq!((at(&q, "d4"), at(&q, "d5")), ("[ww]".to_owned(), "b".to_owned()));
    assert_eq!(q.owned_by(Color::White).count(), 2 + 1);
    // Onto a stack: the piece goes on top and Black now owns e5.
    let mut q = p;
    play(&mut q, "d4-e5");
    assert_eq!((at(&q, "d4"), at(&q, "e5")), ("[ww]".to_owned(), "[wwb]".to_owned()));
    assert!(q.owned_by(Color::Black).contains("e5".parse().unwrap()));
    assert_eq!(q.winner(), None);
    // In a corner only three squares are adjacent.
    assert_eq!(from(&p, "a1").iter().filter(|m| m.as_bytes()[2] == b'-').count(), 3);
}

#[test]
fn rule_06_tumble_one_piece_per_square_rest_on_the_edge() {
    let rules = TumblingDownRules::default();
    // e4 = b w b w b (bottom to top); g4 holds a white piece; kings far away.
    let p = setup(&[("e4", "bwbwb"), ("g4", "w"), ("a8", "bbb"), ("a1", "www")], "b", rules);
    // East: L = 3 (f4 g4 h4). Piece 1 -> f4, piece 2 -> g4, pieces 3..5 -> h4 in order.
    let mut q = p;
    play(&mut q, "e4^f4");
    assert_eq!(at(&q, "e4"), ".");
    assert_eq!(at(&q, "f4"), "b");
    assert_eq!(at(&q, "g4"), "[ww]");
    assert_eq!(at(&q, "h4"), "[bwb]");
    // South-west: L = 3 (d3 c2 b1); b1 receives pieces 3, 4, 5.
    let mut q = p;
    play(&mut q, "e4^d3");
    assert_eq!(
        (at(&q, "d3"), at(&q, "c2"), at(&q, "b1")),
        ("b".to_owned(), "w".to_owned(), "[bwb]".to_owned())
    );
    // North: L = 4 (e5..e8) holds all five: e5 e6 e7 get one, e8 the last two.
    let mut q = p;
    play(&mut q, "e4^e5");
    let north: Vec<String> = ["e5", "e6", "e7", "e8"].iter().map(|s| at(&q, s)).collect();
    assert_eq!(north, ["b", "w", "b", "[wb]"]);
    // Next to the edge (L = 1) the whole stack drops on the one square.
    let p = setup(&[("g2", "wb"), ("a8", "bbb"), ("a1", "www")], "b", rules);
    let mut q = p;
    play(&mut q, "g2^h1");
    assert_eq!((at(&q, "g2"), at(&q, "h1")), (".".to_owned(), "[wb]".to_owned()));
    // A short tumble in open board: one piece per square, the direction never changes.
    let p = setup(&[("c3", "bbb"), ("a8", "b"), ("h1", "www")], "b", rules);
    let mut q = p;
    play(&mut q, "c3^d4");
    let diag: Vec<String> = ["c3", "d4", "e5", "f6", "g7"].iter().map(|s| at(&q, s)).collect();
    assert_eq!(diag, [".", "b", "b", "b", "."]);
}

#[test]
fn rule_07_lone_piece_tumble_is_its_single_piece_move() {
    for rules in [TumblingDownRules::original(), TumblingDownRules::boardspace()] {
        let p = setup(&[("d4", "b"), ("a8", "bb"), ("h1", "ww")], "b", rules);
        let d4 = from(&p, "d4");
        assert_eq!(d4.len(), 8, "{:?}", rules.variant);
        assert!(d4.iter().all(|m| m.as_bytes()[2] == b'-'));
        // Both spellings name the one move.
        assert_eq!(p.parse_move("d4^e5").unwrap(), p.parse_move("d4-e5").unwrap());
        assert_eq!(p.format_move(p.parse_move("d4^e5").unwrap()), "d4-e5");
    }
}

#[test]
fn rule_08_kings_are_the_tallest_pure_stacks() {
    let rules = TumblingDownRules::default();
    // Black: pure 3, 3, 2 and a mixed 5 (never a king). White: pure 1s only.
    let p = setup(
        &[("a1", "bbb"), ("c1", "bbb"), ("e1", "bb"), ("g1", "bbwbb"), ("h8", "w"), ("a8", "w")],
        "b",
        rules,
    );
    let names = |c| p.kings(c).squares().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(names(Color::Black), ["a1", "c1"]);
    assert_eq!(p.king_height(Color::Black), Some(3));
    assert_eq!(names(Color::White), ["a8", "h8"]);
    assert_eq!(p.king_height(Color::White), Some(1));
    // min_king_height = 2: a lone piece is never a king.
    let p2 = setup(
        &[("a1", "bbb"), ("h8", "w"), ("a8", "w")],
        "b",
        TumblingDownRules { min_king_height: 2, ..rules },
    );
    assert!(p2.kings(Color::White).is_empty());
    assert_eq!(p2.king_height(Color::White), None);
    assert_eq!(p2.king_height(Color::Black), Some(3));
}

#[test]
fn rule_09_covering_a_king_captures_it() {
    let rules = TumblingDownRules::default();
    // White's king [ww] on f4; Black's single-piece move e4-f4 covers it.
    let p = setup(&[("e4", "bwb"), ("f4", "ww"), ("g4", "ww"), ("h4", "w"), ("a1", "bbbb")], "b", rules);
    let mut q = p;
    play(&mut q, "e4-f4");
    assert_eq!(at(&q, "f4"), "[wwb]");
    assert_eq!(q.winner(), Some(Color::Black));
    assert!(texts(&q).is_empty());
}

#[test]
fn rule_09_a_taller_pure_stack_made_by_the_same_move_saves_the_king() {
    let rules = TumblingDownRules::default();
    // The same position: tumbling e4 = b w b east drops b on f4 (a king, covered),
    // w on g4 (White's [ww] becomes [www], taller than 2) and b on h4.
    let p = setup(&[("e4", "bwb"), ("f4", "ww"), ("g4", "ww"), ("h4", "w"), ("a1", "bbbb")], "b", rules);
    let mut q = p;
    play(&mut q, "e4^f4");
    assert_eq!((at(&q, "f4"), at(&q, "g4"), at(&q, "h4")), ("[wwb]".into(), "[www]".into(), "[wb]".into()));
    assert_eq!(q.winner(), None);
    assert_eq!(q.outcome(), None);
    assert_eq!(q.king_height(Color::White), Some(3));
    assert_eq!(q.kings(Color::White).squares().map(|s| s.to_string()).collect::<Vec<_>>(), ["g4"]);
}

#[test]
fn rule_09_a_king_that_moves_away_is_not_captured() {
    let rules = TumblingDownRules::default();
    // Black's only king [bb] on d4 tumbles away (d4 ends empty): no capture.
    let p = setup(&[("d4", "bb"), ("b2", "b"), ("h8", "ww")], "b", rules);
    let mut q = p;
    play(&mut q, "d4^e4");
    assert_eq!(q.winner(), None);
    assert_eq!(q.king_height(Color::Black), Some(1));
    // Its top piece stepping onto a white stack leaves a pure [b] behind: no capture.
    let p = setup(&[("d4", "bb"), ("e4", "w"), ("h8", "ww")], "b", rules);
    let mut q = p;
    play(&mut q, "d4-e4");
    assert_eq!((at(&q, "d4"), at(&q, "e4")), ("b".into(), "[wb]".into()));
    assert_eq!(q.winner(), None);
}

#[test]
fn rule_09_no_pure_stack_at_all_loses_the_king() {
    let rules = TumblingDownRules::default();
    // White's last pure stack, c3, steps onto a black piece: White has no pure
    // stack left and loses its own game (Black's king a1 is untouched).
    let p = setup(&[("c3", "w"), ("d4", "b"), ("e5", "bw"), ("a1", "bb")], "w", rules);
    let mut q = p;
    play(&mut q, "c3-d4");
    assert_eq!(q.pure_stacks(Color::White).count(), 0);
    assert_eq!(q.winner(), Some(Color::Black));
    // With min_king_height = 2 Black's lone pieces are no kings, yet covering the
    // last of them leaves Black without pure stacks: White wins.
    let rules2 = TumblingDownRules { min_king_height: 2, ..rules };
    let p = setup(&[("c3", "ww"), ("d4", "b"), ("e5", "wb")], "w", rules2);
    let mut q = p;
    play(&mut q, "c3-d4");
    assert_eq!(q.winner(), Some(Color::White));
}

#[test]
fn rule_10_covering_the_enemy_king_wins_even_if_yours_falls_too() {
    let rules = TumblingDownRules::default();
    // c4 = w b: tumbling east puts w on Black's king d4 and b on White's king e4.
    let p = setup(&[("c4", "wb"), ("d4", "bb"), ("e4", "ww"), ("a8", "b"), ("h1", "w")], "b", rules);
    let mut q = p;
    play(&mut q, "c4^d4");
    assert_eq!((at(&q, "d4"), at(&q, "e4")), ("[bbw]".into(), "[wwb]".into()));
    assert_eq!(q.winner(), Some(Color::Black));
    assert_eq!(q.terminal_outcome(), Outcome::Win(Color::Black));
    assert_eq!(q.outcome(), Some(Outcome::Win(Color::Black)));
}

#[test]
fn rule_10_covering_your_own_king_loses() {
    let rules = TumblingDownRules::default();
    // The same tumble with White's king elsewhere: only Black's king is covered.
    let p = setup(&[("c4", "wb"), ("d4", "bb"), ("g7", "ww"), ("a8", "b"), ("h1", "w")], "b", rules);
    let mut q = p;
    play(&mut q, "c4^d4");
    assert_eq!(q.winner(), Some(Color::White));
    assert_eq!(q.outcome(), Some(Outcome::Win(Color::White)));
    assert_eq!(q.fen().split(' ').nth(2), Some("1-0"));
    assert!(matches!(q.parse_move("g7-g6"), Err(MoveError::GameOver { winner: Color::White })));
}

#[test]
fn rule_10_otherwise_play_goes_on() {
    let rules = TumblingDownRules::default();
    let p = setup(&[("c4", "wb"), ("d4", "bb"), ("g7", "ww"), ("a8", "b"), ("h1", "w")], "b", rules);
    let mut q = p;
    play(&mut q, "c4-c5");
    assert_eq!(q.winner(), None);
    assert_eq!(q.outcome(), None);
    assert!(!texts(&q).is_empty());
}

#[test]
fn rule_11_no_draw_rule_by_default_but_options_add_them() {
    // Two lone kings shuffle: the start placement recurs every 4 plies.
    let cycle = ["a1-a2", "h8-h7", "a2-a1", "h7-h8"];
    let run = |rules: TumblingDownRules, plies: usize| {
        let mut record = GameRecord::new(setup(&[("a1", "b"), ("h8", "w")], "b", rules));
        for text in cycle.iter().cycle().take(plies) {
            record.try_play(text).unwrap();
        }
        record
    };
    // Default: no draw at all, however often the position repeats.
    let record = run(TumblingDownRules::default(), 12);
    assert_eq!(record.repetitions(), 4);
    assert_eq!(record.outcome(), None);
    assert_eq!(record.position().repetition_limit(), None);
    assert!(!record.position().rule_draw());
    // repetition_draw: the third occurrence (after 8 plies) is a draw, not the second.
    let on = TumblingDownRules { repetition_draw: true, ..TumblingDownRules::default() };
    assert_eq!(run(on, 4).outcome(), None);
    let record = run(on, 8);
    assert_eq!(record.repetitions(), 3);
    assert_eq!(record.outcome(), Some(Outcome::Draw));
    assert_eq!(record.position().repetition_limit(), Some(3));
    // max_plies = 6: a draw once 6 plies are played, though moves remain.
    let capped = TumblingDownRules { max_plies: Some(6), ..TumblingDownRules::default() };
    let five = run(capped, 5);
    assert!(!five.position().rule_draw());
    let six = run(capped, 6);
    assert!(six.position().rule_draw());
    assert_eq!(six.position().outcome(), Some(Outcome::Draw));
    assert!(!texts(six.position()).is_empty(), "draw rules never empty the move list");
}

#[test]
fn boardspace_setup_white_first_tumbles_only() {
    let p = TumblingDown::start(TumblingDownRules::boardspace());
    assert_eq!(p.fen(), BOARDSPACE_START);
    assert_eq!(p.side_to_move(), Color::White);
    assert_eq!((p.piece_count(Color::White), p.piece_count(Color::Black)), (29, 29));
    for sq in damero_core::Square::all() {
        assert_eq!(p.stack(sq).height(), p.stack(sq.rotate()).height());
    }
    let moves = texts(&p);
    assert_eq!(moves.len(), 97);
    // Tall stacks only tumble; lone pieces (f1 a2 e2 b3 d3 c4) move as a1-b2.
    for m in &moves {
        let tall = p.stack(m[..2].parse().unwrap()).height() >= 2;
        assert_eq!(m.as_bytes()[2] == b'^', tall, "{m}");
    }
    assert_eq!(
        p.parse_move("c1-c2"),
        Err(MoveError::SinglePieceMoveNotAllowed { from: "c1".parse().unwrap(), to: "c2".parse().unwrap() })
    );
    // The same position under the original rules has single-piece moves too.
    let original = TumblingDown::from_fen(BOARDSPACE_START, TumblingDownRules::original()).unwrap();
    assert!(original.parse_move("c1-c2").is_ok());
    // Its nine tall stacks (55 neighbours in all) get both kinds: 2 * 55 + 42 = 152.
    assert_eq!(texts(&original).len(), 2 * 55 + 42);
}

#[test]
fn boardspace_end_rules_are_the_original_ones() {
    let rules = TumblingDownRules::boardspace();
    // c2 = w w w tumbling north-east reaches f5 (d3 e4 f5): covering Black's lone f5
    // is no capture (Black's king is f8, 4 high) and the game goes on.
    let mut p = TumblingDown::start(rules);
    play(&mut p, "c2^d3");
    assert_eq!(at(&p, "f5"), "[bw]");
    assert_eq!(p.winner(), None);
    // A tumble that covers the enemy king wins, as in rule 10.
    let p = setup(&[("c4", "ww"), ("e4", "bbb"), ("h1", "w")], "w", rules);
    let mut q = p;
    play(&mut q, "c4^d4");
    assert_eq!(at(&q, "e4"), "[bbbw]");
    assert_eq!(q.winner(), Some(Color::White));
}

#[test]
fn option_variant_both_settings() {
    assert_eq!(TumblingDownRules::default().variant, Variant::Original);
    assert_eq!(TumblingDown::start(TumblingDownRules::default()).fen(), ORIGINAL_START);
    let rules = TumblingDownRules::default().with_options(["variant=boardspace"]).unwrap();
    assert_eq!(TumblingDown::start(rules).fen(), BOARDSPACE_START);
    assert_eq!(
        TumblingDownRules::default().with_options(["variant=original"]).unwrap(),
        TumblingDownRules::default()
    );
}

#[test]
fn option_min_king_height_both_settings() {
    // White's only pure stacks are lone pieces (h8, h1); Black covers h8.
    let stacks = [("g8", "b"), ("h8", "w"), ("h1", "w"), ("a1", "bb")];
    let mut one = setup(&stacks, "b", TumblingDownRules::default());
    play(&mut one, "g8-h8");
    assert_eq!(one.winner(), Some(Color::Black), "a lone piece is a king by default");
    let two = TumblingDownRules::default().with_options(["min_king_height=2"]).unwrap();
    let mut q = setup(&stacks, "b", two);
    play(&mut q, "g8-h8");
    assert_eq!(q.winner(), None, "with min_king_height=2 a lone piece is no king");
}

#[test]
fn option_max_plies_both_settings() {
    let mut p = TumblingDown::start(TumblingDownRules::default());
    let mut q = TumblingDown::start(TumblingDownRules::default().with_options(["max_plies=2"]).unwrap());
    for m in ["e1-f2", "d8-c7"] {
        play(&mut p, m);
        play(&mut q, m);
    }
    assert!(!p.rule_draw());
    assert_eq!(p.outcome(), None);
    assert!(q.rule_draw());
    assert_eq!(q.outcome(), Some(Outcome::Draw));
}

#[test]
fn option_repetition_draw_both_settings() {
    assert_eq!(TumblingDown::start(TumblingDownRules::default()).repetition_limit(), None);
    let on = TumblingDownRules::default().with_options(["repetition_draw=true"]).unwrap();
    assert_eq!(TumblingDown::start(on).repetition_limit(), Some(3));
}

#[test]
fn options_are_typed_and_checked() {
    let defaults: Vec<(&str, &str)> = TumblingDownRules::OPTIONS.iter().map(|o| (o.key, o.default)).collect();
    assert_eq!(
        defaults,
        [
            ("min_king_height", "1"),
            ("max_plies", "none"),
            ("repetition_draw", "false"),
            ("variant", "original")
        ]
    );
    let all = TumblingDownRules::default()
        .with_options(["min_king_height=3", "max_plies=50", "repetition_draw=on", "variant=Boardspace"])
        .unwrap();
    assert_eq!(
        all,
        TumblingDownRules {
            min_king_height: 3,
            max_plies: Some(50),
            repetition_draw: true,
            variant: Variant::Boardspace
        }
    );
    assert_eq!(TumblingDownRules::default().with_options(["max_plies=none"]).unwrap().max_plies, None);
    for bad in [
        "min_king_height=0",
        "min_king_height=30",
        "max_plies=0",
        "max_plies=-1",
        "repetition_draw=2",
        "variant=x",
    ] {
        let err = TumblingDownRules::default().with_options([bad]).unwrap_err();
        assert!(matches!(err, damero_core::OptionError::InvalidValue { .. }), "{bad}: {err}");
    }
    assert!(matches!(
        TumblingDownRules::default().with_options(["kings=1"]),
        Err(damero_core::OptionError::UnknownOption { .. })
    ));
    assert!(TumblingDownRules { min_king_height: 0, ..TumblingDownRules::default() }.validate().is_err());
    // Out-of-range values are refused, never clamped.
    let zero = TumblingDownRules { min_king_height: 0, ..TumblingDownRules::default() };
    assert_eq!(TumblingDown::try_start(zero).unwrap_err(), zero.validate().unwrap_err());
    assert!(
        std::panic::catch_unwind(|| TumblingDown::start(zero)).is_err(),
        "start must refuse invalid rules"
    );
}
