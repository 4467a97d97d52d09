//! PDN in the library (read, write, errors) and in the CLI (`replay`,
//! `--pdn`), and the defects found on the way.

use std::process::{Command, Output};

use damero_core::testkit::ScratchDir;
use damero_core::{Color, Game, GameRecord, Outcome, PdnErrorKind, PdnGame, read_pdn, write_pdn};
use damero_draughts::{English, EnglishRules, Russian, RussianRules};
use damero_eliminar::Eliminar;

fn damero(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_damero")).args(args).output().expect("run damero")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("utf-8 stdout")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("utf-8 stderr")
}

/// A directory of its own for one test's file, and the file's path in it.
fn temp(name: &str) -> (ScratchDir, std::path::PathBuf) {
    let dir = ScratchDir::new(&format!("pdn-test-{name}"));
    let path = dir.join(name);
    (dir, path)
}

const RUSSIAN_GAMES: &str = r#"
[Event "Club"]
[White "A"]
[Black "B"]
[Result "1-0"]
[GameType "25"]

1. g3-f4 {the usual} d6-e5 (1... b6-a5 (1... f6-g5) 2. f4-e5) 2. f4xd6 $1 c7:e5 ; a capture
3. e3-f4! e5xg3 4.h2:f4 b6-a5 5. a3-b4 1-0

[Event "Second"]
[SetUp "1"]
[FEN "W:Wc3:Bd4,d6"]
1. c3:e5:c7 *
"#;

#[test]
fn reads_tags_moves_comments_variations_and_many_games() {
    let games = read_pdn::<Russian>(RUSSIAN_GAMES, RussianRules::default()).unwrap();
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(first.tag("White"), Some("A"));
    assert_eq!(first.result, Some(Outcome::Win(Color::White)));
    assert_eq!(
        first.record.move_texts(),
        ["g3-f4", "d6-e5", "f4:d6", "c7:e5", "e3-f4", "e5:g3", "h2:f4", "b6-a5", "a3-b4"]
    );
    let second = &games[1];
    assert_eq!(second.record.start().fen(), "W:Wc3:Bd4,d6");
    assert_eq!(second.record.moves().len(), 1);
    assert_eq!(second.result, None);
}

#[test]
fn writes_what_it_reads_and_fen_only_for_another_start() {
    let games = read_pdn::<Russian>(RUSSIAN_GAMES, RussianRules::default()).unwrap();
    let text: String = games.iter().map(write_pdn).collect();
    let again = read_pdn::<Russian>(&text, RussianRules::default()).unwrap();
    assert_eq!(again.len(), 2);
    for (a, b) in games.iter().zip(&again) {
        assert_eq!(a.record.move_texts(), b.record.move_texts());
        assert_eq!(a.record.start(), b.record.start());
        assert_eq!(a.result, b.result);
        assert_eq!(a.tag("Event"), b.tag("Event"));
    }
    let first = write_pdn(&games[0]);
    assert!(
        first.starts_with("[Event \"Club\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"),
        "{first}"
    );
    assert!(first.contains("[Result \"1-0\"]\n[GameType \"25\"]\n"), "{first}");
    assert!(!first.contains("FEN") && !first.contains("SetUp"), "{first}");
    assert!(first.contains("\n1. g3-f4 d6-e5 2. f4xd6 c7xe5 3. e3-f4 "), "{first}");
    let second = write_pdn(&games[1]);
    assert!(second.contains("[SetUp \"1\"]\n[FEN \"W:Wc3:Bd4,d6\"]"), "{second}");
    // English: Black moves first, numbered from 1 as PDN does.
    let mut record = GameRecord::new(English::start(EnglishRules));
    for m in ["11-15", "23-19", "8-11"] {
        record.try_play(m).unwrap();
    }
    let english = write_pdn(&PdnGame::new(record));
    assert!(
        english.contains("[GameType \"21\"]") && english.contains("\n1. 11-15 23-19 2. 8-11 *\n"),
        "{english}"
    );
    // A game that begins with the second player: `1...`.
    let start = Russian::from_fen("B:Wc3:Bf6", RussianRules::default()).unwrap();
    let mut record = GameRecord::new(start);
    record.try_play("f6-g5").unwrap();
    record.try_play("c3-d4").unwrap();
    assert!(write_pdn(&PdnGame::new(record)).contains("\n1... f6-g5 2. c3-d4 *\n"));
    // Other games: a Game tag and their own notation.
    let mut record = GameRecord::new(Eliminar::start(Default::default()));
    let first_move = record.position().legal_move_texts()[0].clone();
    record.try_play(&first_move).unwrap();
    let text = write_pdn(&PdnGame::new(record));
    assert!(text.contains("[Game \"eliminar\"]"), "{text}");
    let back = read_pdn::<Eliminar>(&text, Default::default()).unwrap();
    assert_eq!(back[0].record.move_texts(), [first_move]);
}

#[test]
fn errors_name_the_line_and_column() {
    let err = |text: &str| read_pdn::<Russian>(text, RussianRules::default()).unwrap_err();
    let e = err("[Event \"x\"]\n\n1. c3-d4 f6-g5\n2. c3-d4 *");
    assert_eq!((e.line, e.column, e.game), (4, 4, 1));
    assert!(matches!(e.kind, PdnErrorKind::IllegalMove { ply: 3, .. }), "{e:?}");
    assert!(e.to_string().starts_with("PDN line 4, column 4 (game 1): move 2 ('c3-d4', ply 3): "), "{e}");
    let e = err("1. c3-d4 *\n[GameType \"21\"]\n1. 11-15 *");
    assert_eq!((e.line, e.column, e.game), (2, 1, 2));
    assert!(matches!(e.kind, PdnErrorKind::WrongGameType { .. }));
    let e = err("[FEN \"W:Wz9\"]\n*");
    assert!(matches!(e.kind, PdnErrorKind::BadFen { .. }), "{e:?}");
    let e = err("1. c3-d4 { never closed");
    assert_eq!((e.line, e.column), (1, 10));
    assert_eq!(e.kind, PdnErrorKind::UnterminatedComment);
    let e = err("[Game \"cross\"]\n*");
    assert!(matches!(e.kind, PdnErrorKind::WrongGame { .. }));
}

#[test]
fn replay_checks_and_prints_every_position() {
    let (_dir, path) = temp("replay.pdn");
    std::fs::write(&path, RUSSIAN_GAMES).unwrap();
    let file = path.to_str().unwrap();
    let out = damero(&["replay", "russian", file]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("game 1: A - B, 9 moves") && text.contains("game 2: ? - ?, 1 moves"), "{text}");
    assert!(text.contains("ply 9: white plays a3-b4"), "{text}");
    assert!(text.contains("result 1-0"), "{text}");
    let out = damero(&["replay", "russian", file, "--game", "2", "--last"]);
    let text = stdout(&out);
    assert!(!text.contains("game 1") && !text.contains("ply 1:"), "{text}");
    assert!(text.contains("B:Wc7:B\n"), "{text}");
    assert!(text.contains("game over, 1-0 (white wins: black has no pieces left)"), "{text}");
    // A bad move: one line naming where.
    let (_bad_dir, bad) = temp("bad.pdn");
    std::fs::write(&bad, "1. c3-d4 d4-e5 *").unwrap();
    let out = damero(&["replay", "russian", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("line 1, column 10"), "{}", stderr(&out));
    let out = damero(&["replay", "russian", file, "--game", "3"]);
    assert!(out.status.code() == Some(2) && stderr(&out).contains("holds 2 game"), "{}", stderr(&out));
}

#[test]
fn commands_start_from_a_pdn_game() {
    let (_dir, path) = temp("start.pdn");
    std::fs::write(&path, RUSSIAN_GAMES).unwrap();
    let file = path.to_str().unwrap();
    let out = damero(&["show", "russian", "--pdn", file, "--ply", "1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).lines().last(),
        Some("B:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,f4:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8")
    );
    let out = damero(&["moves", "russian", "--pdn", file, "--game", "2", "--ply", "0"]);
    assert_eq!(stdout(&out), "c3:e5:c7\n");
    let out = damero(&["bestmove", "russian", "--pdn", file, "--ply", "1", "--depth", "2"]);
    assert!(stdout(&out).lines().last().is_some_and(|l| l.starts_with("bestmove ")), "{}", stdout(&out));
    let out = damero(&["show", "russian", "--pdn", file, "--ply", "99"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("has only 9 moves"), "{}", stderr(&out));
    let out = damero(&["show", "russian", "--ply", "3"]);
    assert_eq!(out.status.code(), Some(2), "--ply needs --pdn");
}

#[test]
fn numeric_moves_sort_by_square_number() {
    let out = damero(&["moves", "english"]);
    assert_eq!(stdout(&out), "9-13\n9-14\n10-14\n10-15\n11-15\n11-16\n12-16\n");
    let mut texts = vec!["12-16", "9-13", "10-14", "9-14"];
    texts.sort_by(|a, b| damero_core::natural_cmp(a, b));
    assert_eq!(texts, ["9-13", "9-14", "10-14", "12-16"]);
}

#[test]
fn show_and_moves_name_a_draw_by_rule() {
    // Threefold repetition with kings shuffling: the position stands a third time.
    let moves = "h2-g1 a7-b8 g1-h2 b8-a7 h2-g1 a7-b8 g1-h2 b8-a7";
    let out = damero(&["show", "russian", "--fen", "W:WKh2:BKa7", "--moves", moves]);
    assert!(stdout(&out).contains("game over: 1/2-1/2 (draw: threefold repetition)"), "{}", stdout(&out));
    let out = damero(&["moves", "russian", "--fen", "W:WKh2:BKa7", "--moves", moves]);
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains("the game is over: 1/2-1/2 (draw: threefold repetition)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn moves_after_the_end_of_the_game_are_refused() {
    // The threefold repetition ends the game at ply 8: a ninth move is refused,
    // not played on.
    let moves = "h2-g1 a7-b8 g1-h2 b8-a7 h2-g1 a7-b8 g1-h2 b8-a7 h2-g1";
    let out = damero(&["show", "russian", "--fen", "W:WKh2:BKa7", "--moves", moves]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("'h2-g1' comes after the end of the game"), "{}", stderr(&out));
    assert!(stderr(&out).contains("after 8 moves"), "{}", stderr(&out));
}
