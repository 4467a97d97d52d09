//! `damero play` driven through a pipe, as a player would use it.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use damero_core::testkit::ScratchDir;

/// Runs `damero ARGS` with `input` on stdin.
fn play(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run damero");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("write the session");
    drop(stdin);
    child.wait_with_output().expect("wait for damero")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8 output")
}

#[test]
fn a_scripted_game_with_every_command() {
    let dir = ScratchDir::new("play-session");
    let saved = dir.join("game.pdn");
    let saved = saved.to_str().unwrap();
    let script = format!(
        "help\nlevel 0\nc3d4\nhint\nsing\nundo\nC3-B4\nflip\nsave {saved}\nnew\nload {saved}\nmoves\neval\nresign\nquit\n"
    );
    let out = play(&["play", "russian", "--level", "-1", "--engine-seed", "5"], script.as_bytes());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let screen = text(&out.stdout);
    assert!(screen.contains("commands:") && screen.contains("level N"), "help: {screen}");
    assert!(screen.contains("level 0 (instant) from the engine's next move"), "{screen}");
    // The engine answered at the new level; the last move is marked.
    assert!(screen.contains("thinking… (level 0)"), "{screen}");
    assert!(screen.contains("moves: 1. c3-d4 "), "{screen}");
    assert!(screen.contains("(w)"), "the last move is marked: {screen}");
    assert!(screen.contains("hint: "), "{screen}");
    assert!(screen.contains("unknown command; type help"), "{screen}");
    // After undo the game starts again and c3-b4 (typed in capitals) is played.
    assert!(screen.contains("moves: 1. c3-b4 "), "{screen}");
    // Flipped: rank 1 on top, files from h.
    assert!(screen.contains("    h g f e d c b a"), "{screen}");
    let first_rank_line = screen.lines().position(|l| l.starts_with("1 |")).unwrap();
    let eighth_rank_line = screen.lines().skip(first_rank_line).position(|l| l.starts_with("8 |")).unwrap();
    assert!(eighth_rank_line > 0);
    assert!(screen.contains(&format!("game saved to {saved}")), "{screen}");
    let pdn = std::fs::read_to_string(dir.join("game.pdn")).unwrap();
    assert!(pdn.contains("[GameType \"25\"]") && pdn.contains("1. c3-b4 "), "{pdn}");
    assert!(!pdn.contains("[FEN"), "standard start: no FEN tag: {pdn}");
    assert!(screen.contains("a new game"), "{screen}");
    assert!(screen.contains("loaded game 1 of"), "{screen}");
    assert!(screen.contains("legal moves: "), "{screen}");
    assert!(screen.contains("eval: ") && screen.contains("for you"), "{screen}");
    assert!(screen.contains("Game over: 0-1 (black wins) — you resigned."), "{screen}");
    assert!(screen.contains("'save FILE'") && screen.contains("'new' to play again"), "{screen}");
}

#[test]
fn black_sees_the_board_from_its_side_and_english_shows_numbers() {
    let out =
        play(&["play", "english", "--as", "black", "--level", "-1", "--engine-seed", "1"], b"9-13\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let screen = text(&out.stdout);
    assert!(screen.contains("    h g f e d c b a"), "{screen}");
    // Rank 1 on top, with its square numbers (32 31 30 29 from Black's side).
    let first = screen.lines().find(|l| l.starts_with("1 |")).unwrap();
    assert!(first.trim_end().ends_with("32    31    30    29"), "{first:?}");
    assert!(screen.contains("PDN numbers"), "{screen}");
    assert!(screen.contains("moves: 1. 9-13 "), "{screen}");
}

#[test]
fn numeric_squares_and_partial_capture_paths_for_russian() {
    // The man on c3 takes d4, then only d6: c3:e5 says enough.
    let fen = "W:Wc3:Bd4,d6";
    let out =
        play(&["play", "russian", "--fen", fen, "--level", "-1", "--engine-seed", "1"], b"c3:e5\nquit\n");
    let screen = text(&out.stdout);
    assert!(screen.contains("moves: 1. c3:e5:c7"), "{screen}");
    // Two ways on from e5: the short path is ambiguous and lists both.
    let fen = "W:Wc3:Bd4,f6,d6,h8";
    let out =
        play(&["play", "russian", "--fen", fen, "--level", "-1", "--engine-seed", "1"], b"c3:e5\nquit\n");
    let screen = text(&out.stdout);
    assert!(screen.contains("ambiguous move 'c3:e5': it could be c3:e5:c7 or c3:e5:g7"), "{screen}");
    // 22-17 is c3-b4 in the PDN numbering.
    let out = play(&["play", "russian", "--level", "-1", "--engine-seed", "1"], b"22-17\nquit\n");
    assert!(text(&out.stdout).contains("moves: 1. c3-b4 "), "{}", text(&out.stdout));
}

#[test]
fn an_illegal_move_lists_the_legal_moves_once() {
    let out = play(&["play", "russian", "--level", "-1"], b"a3-a4\nquit\n");
    let screen = text(&out.stdout);
    assert_eq!(screen.matches("legal moves:").count(), 1, "{screen}");
    assert!(screen.contains("illegal move 'a3-a4'; legal moves: a3-b4 c3-b4"), "{screen}");
}

#[test]
fn long_and_non_utf8_lines_get_one_short_error() {
    let mut input = vec![b'x'; 1 << 20];
    input.extend_from_slice(b"\n\xff\xfe c3-d4\nquit\n");
    let out = play(&["play", "russian", "--level", "-1"], &input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let screen = text(&out.stdout);
    assert!(screen.len() < 20_000, "the long line is not echoed");
    assert_eq!(screen.matches("too long").count(), 1, "{screen}");
    assert_eq!(screen.matches("not UTF-8").count(), 1, "{screen}");
}

#[test]
fn a_closed_stdout_exits_with_status_2() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
        .args(["play", "russian", "--level", "-1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run damero");
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().unwrap();
    // Many commands, each printing: some print after every copy of the
    // pipe's read end (a test thread's fork) is gone.
    let _ = stdin.write_all("moves\n".repeat(2000).as_bytes());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!text(&out.stderr).contains("panicked"), "{}", text(&out.stderr));
    // The same for a command printing with println!.
    let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
        // Deep enough that the first line comes after any other test
        // thread's fork has let go of the pipe.
        .args(["perft", "russian", "9", "--divide"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!text(&out.stderr).contains("panicked"), "{}", text(&out.stderr));
}

#[test]
fn the_game_ends_with_its_reason() {
    // White to move with no piece that can move: black wins, and why.
    let out = play(&["play", "russian", "--fen", "W:Wa1:Bb2,c3", "--level", "-1"], b"quit\n");
    let screen = text(&out.stdout);
    assert!(screen.contains("Game over: 0-1 (black wins) — white has no legal move."), "{screen}");
}

/// The moves of a game from `fen` in which every move keeps `counter`
/// growing by one and the game goes on until the last of `plies` moves
/// (found by a depth-first search with the library, so it never meets a
/// forced capture or a threefold repetition).
fn walk(fen: &str, plies: usize, counter: fn(&damero_draughts::Russian) -> u32) -> String {
    use damero_core::Game;
    let start = damero_draughts::Russian::from_fen(fen, Default::default()).unwrap();
    let record = damero_core::testkit::walk_counter(start, plies, counter)
        .unwrap_or_else(|| panic!("no walk of {plies} plies from {fen}"));
    record.move_texts().join(" ")
}

/// `damero play` from `fen` (White to move) after `moves`: the screen must
/// give the draw and `reason`; one move fewer, with the player to move (so
/// the engine plays nothing), the game goes on.
fn assert_play_ends_by(fen: &str, moves: &str, reason: &str) {
    let run = |moves: &str| {
        let side = if moves.split(' ').count().is_multiple_of(2) { "white" } else { "black" };
        let args = ["play", "russian", "--fen", fen, "--moves", moves, "--level", "-1", "--as", side];
        let out = play(&args, b"quit\n");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let screen = run(moves);
    let expected = format!("Game over: 1/2-1/2 (a draw) — {reason}.");
    assert!(screen.contains(&expected), "{expected:?} not in {screen}");
    let earlier = moves.rsplit_once(' ').expect("more than one move").0;
    let screen = run(earlier);
    assert!(!screen.contains("Game over"), "one move earlier the game goes on: {screen}");
}

#[test]
fn play_names_rule13b_three_kings_against_a_lone_king() {
    let fen = "W:WKc1,Ke1,Kg1:BKh8";
    let moves = walk(fen, 29, damero_draughts::Russian::plies_since_material_change);
    assert_play_ends_by(fen, &moves, "three kings or more against a lone king for 15 moves (rule 13b)");
}

#[test]
fn play_names_rule13c_fifteen_moves_of_kings_only() {
    let fen = "W:WKe1,a3:BKd8,h6";
    let moves = walk(fen, 30, damero_draughts::Russian::plies_since_capture_or_man_move);
    assert_play_ends_by(fen, &moves, "15 moves each of kings only, without a capture (rule 13c)");
}

#[test]
fn play_names_rule13d_unchanged_material_with_kings_on_both_sides() {
    let fen = "W:WKe1,a3:BKh8";
    let moves = walk(fen, 10, damero_draughts::Russian::plies_since_material_change);
    assert_play_ends_by(fen, &moves, "kings on both sides, material unchanged for too long (rule 13d)");
}
