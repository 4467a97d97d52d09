//! The CLI contract of DESIGN.md, checked by running the `damero` binary.

use std::process::{Command, Output};

fn damero(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_damero")).args(args).output().expect("run damero")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("utf-8 stdout")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("utf-8 stderr")
}

/// Exit status 2 and exactly one line on stderr naming the problem.
fn assert_user_error(args: &[&str], needle: &str) {
    let out = damero(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: one line expected, got {err:?}");
    assert!(err.contains(needle), "{args:?}: {err:?} should mention {needle:?}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn games_lists_every_id() {
    let out = damero(&["games"]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out).lines().collect::<Vec<_>>(),
        ["russian", "zisnella", "spanish", "english", "eliminar", "tumbling-down", "cross"]
    );
}

#[test]
fn moves_are_sorted_one_per_line() {
    let out = damero(&["moves", "russian"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "a3-b4\nc3-b4\nc3-d4\ne3-d4\ne3-f4\ng3-f4\ng3-h4\n");
    let out = damero(&["moves", "english", "--moves", "11-15 22-18"]);
    assert_eq!(stdout(&out), "15x22\n");
}

#[test]
fn perft_prints_total_last_and_divide_lines() {
    let out = damero(&["perft", "russian", "4"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "total 1469\n");
    assert!(stderr(&out).contains("leaves/s"));
    let out = damero(&["perft", "russian", "3", "--divide", "--threads", "2"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8);
    assert_eq!(lines[7], "total 302");
    let sum: u64 = lines[..7].iter().map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 302);
    assert!(lines[0].starts_with("a3-b4 "));
    let out = damero(&["perft", "spanish", "5", "--threads", "2"]);
    assert_eq!(stdout(&out), "total 7361\n");
}

#[test]
fn show_draws_the_board_and_prints_the_fen() {
    let out = damero(&["show", "russian", "--fen", "W:WKa1:Bc3"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("1 | W"), "{text}");
    assert_eq!(text.lines().last(), Some("W:WKa1:Bc3"));
}

#[test]
fn rule_options_change_the_game() {
    let out = damero(&["perft", "zisnella", "6", "--rule", "men_capture_backward=true"]);
    assert_eq!(stdout(&out), "total 37986\n");
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    assert_user_error(&["moves", "chess"], "unknown game 'chess'");
    assert_user_error(&["moves", "russian", "--fen", "X:Wa1"], "side to move");
    assert_user_error(&["moves", "russian", "--fen", "W:Wb1"], "not a playing square");
    assert_user_error(&["moves", "russian", "--moves", "c3-c4"], "c4");
    assert_user_error(&["moves", "russian", "--moves", "c3-e5"], "illegal move 'c3-e5'");
    assert_user_error(&["moves", "russian", "--rule", "draws=never"], "invalid value 'never'");
    assert_user_error(&["moves", "russian", "--rule", "flying=no"], "unknown rule option 'flying'");
    assert_user_error(&["moves", "russian", "--rule", "draws"], "expected key=value");
    assert_user_error(&["moves", "russian", "--seed", "3"], "--seed does not apply");
    assert_user_error(&["perft", "russian", "2", "--threads", "0"], "--threads");
    // Unknown flags and missing arguments are clap's usage errors: status 2.
    assert_eq!(damero(&["perft", "russian"]).status.code(), Some(2));
    assert_eq!(damero(&["moves", "russian", "--colour", "red"]).status.code(), Some(2));
}
