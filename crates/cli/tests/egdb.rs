//! `damero egdb build` and `--egdb DIR` / `DAMERO_EGDB` in `bestmove`.

use std::path::Path;
use std::process::{Command, Output};

fn damero(args: &[&str], env_dir: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_damero"));
    command.args(args).env_remove("DAMERO_EGDB");
    if let Some(dir) = env_dir {
        command.env("DAMERO_EGDB", dir);
    }
    command.output().expect("run damero")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

/// Three kings against one, won in a few plies.
const WON: &str = "W:WKc3,Kd2,Ke1:BKh8";

#[test]
fn built_databases_answer_bestmove_by_flag_or_environment() {
    let dir = std::env::temp_dir().join(format!("damero-cli-egdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_text = dir.to_str().expect("utf-8 path");
    let build = damero(&["egdb", "build", "russian", "--pieces", "4", "--out", dir_text, "--quiet"], None);
    assert!(build.status.success(), "{}", text(&build.stderr));
    assert!(text(&build.stdout).contains("up to 4 pieces"));
    assert!(dir.join("russian.egdb-toc").exists());

    let search = ["bestmove", "russian", "--depth", "2", "--fen", WON];
    let by_flag = damero(&[&search[..], &["--egdb", dir_text]].concat(), None);
    let by_env = damero(&search, Some(&dir));
    let without = damero(&search, None);
    for output in [&by_flag, &by_env, &without] {
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert!(text(&output.stdout).contains("bestmove "));
    }
    assert!(text(&by_flag.stdout).contains("from the endgame database"), "{}", text(&by_flag.stdout));
    assert!(text(&by_flag.stdout).contains("score=dbwin"));
    assert!(text(&by_env.stdout).contains("from the endgame database"));
    assert!(!text(&without.stdout).contains("from the endgame database"));
    // `egdb=false` in the engine spec ignores the database it was given.
    let switched_off =
        damero(&[&search[..], &["--egdb", dir_text, "--engine", "alphabeta:egdb=false"]].concat(), None);
    assert!(switched_off.status.success(), "{}", text(&switched_off.stderr));
    assert!(
        !text(&switched_off.stdout).contains("from the endgame database"),
        "{}",
        text(&switched_off.stdout)
    );
    assert!(!text(&switched_off.stdout).contains("dbwin"));

    // English has no files there: it plays without, with a note.
    let english = damero(&["bestmove", "english", "--depth", "2", "--egdb", dir_text], None);
    assert!(english.status.success());
    assert!(text(&english.stderr).contains("playing without"));

    // A damaged file is an error, in one line.
    let slice = dir.join("russian-0301.egdb");
    let bytes = std::fs::read(&slice).unwrap();
    std::fs::write(&slice, &bytes[..100]).unwrap();
    let damaged = damero(&[&search[..], &["--egdb", dir_text]].concat(), None);
    assert_eq!(damaged.status.code(), Some(2));
    assert!(text(&damaged.stderr).contains("truncated"), "{}", text(&damaged.stderr));
    assert_eq!(text(&damaged.stderr).trim_end().lines().count(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn egdb_build_rejects_games_without_databases() {
    let out = damero(&["egdb", "build", "cross", "--pieces", "3", "--out", "/nonexistent"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no endgame databases for 'cross'"));
    let out = damero(&["egdb", "build", "russian", "--pieces", "9", "--out", "/nonexistent"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("2 to 6 pieces"), "{}", text(&out.stderr));
}
