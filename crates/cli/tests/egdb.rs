//! `damero egdb build` and `--egdb DIR` / `DAMERO_EGDB` in `bestmove`.

use std::path::Path;
use std::process::{Command, Output};

use damero_core::testkit::ScratchDir;

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
    let dir = ScratchDir::new("cli-egdb");
    let dir_text = dir.as_str();
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
    assert!(text(&by_flag.stdout).contains("score=win"), "{}", text(&by_flag.stdout));
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

    // `egdb convert`: with its own database the engine wins every sample at
    // exactly the database's distance (margin 0); without one, a random
    // mover does not; a table line per game.
    let convert = ["egdb", "convert", "russian", "--egdb", dir_text, "--min-pieces", "4", "--count", "6"];
    let exact = damero(
        &[&convert[..], &["--engine", "alphabeta:depth=2", "--engine-egdb", dir_text, "--margin", "0"]]
            .concat(),
        None,
    );
    assert!(exact.status.success(), "{}", text(&exact.stderr));
    assert!(text(&exact.stdout).contains("with its own database"), "{}", text(&exact.stdout));
    assert!(
        text(&exact.stdout).contains("converted 6 of 6; slipped 0, drawn 0, too slow 0"),
        "{}",
        text(&exact.stdout)
    );
    assert!(text(&exact.stdout).contains("median 0, most 0"), "{}", text(&exact.stdout));
    let random = damero(&[&convert[..], &["--engine", "random", "--table"]].concat(), None);
    assert!(random.status.success(), "{}", text(&random.stderr));
    let lines: Vec<String> = text(&random.stdout).lines().map(str::to_owned).collect();
    assert!(lines[0].contains("without a database"), "{lines:?}");
    assert_eq!(lines[1], "game\tfen\tdistance\tplies\tending\textra_plies\tnodes\tmoves");
    let games: Vec<Vec<&str>> =
        lines[2..8].iter().map(|l| l.split('\t').collect()).filter(|f: &Vec<&str>| f.len() == 8).collect();
    assert_eq!(games.len(), 6, "{lines:?}");
    for game in &games {
        // As many moves as plies played.
        let plies: usize = game[3].parse().unwrap();
        assert_eq!(game[7].split_whitespace().count(), plies, "{game:?}");
    }
    assert!(!lines.iter().any(|l| l.starts_with("converted 6 of 6")), "{lines:?}");
    // `--from 4 --count 2` plays games 4 and 5 of the same draw again, alone,
    // as they went in the run of all six (the alpha-beta engine starts each
    // game afresh; the random mover's choices run on from game to game).
    let table = |extra: &[&str]| {
        let out = damero(
            &[&convert[..5], &["--min-pieces", "4", "--engine", "alphabeta:depth=3", "--table"], extra]
                .concat(),
            None,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout).lines().map(str::to_owned).collect::<Vec<_>>()
    };
    let (all, again) = (table(&["--count", "6"]), table(&["--count", "2", "--from", "4"]));
    assert_eq!(again[2..4], all[5..7], "{again:?}");
    assert!(again[2].starts_with("4\t"), "{again:?}");
    // Bad requests: no such wins, a game without databases, --nps without --level.
    let none = damero(
        &["egdb", "convert", "russian", "--egdb", dir_text, "--min-pieces", "5", "--level", "1"],
        None,
    );
    assert_eq!(none.status.code(), Some(2));
    assert!(text(&none.stderr).contains("has no wins of 5 pieces or more"), "{}", text(&none.stderr));
    let cross = damero(&["egdb", "convert", "cross", "--egdb", dir_text], None);
    assert!(!cross.status.success());
    assert!(text(&cross.stderr).contains("no endgame databases for 'cross'"), "{}", text(&cross.stderr));
    let nps = damero(&["egdb", "convert", "russian", "--egdb", dir_text, "--nps", "1000"], None);
    assert!(!nps.status.success());

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

/// The files of `dir`, sorted by name, with their bytes.
fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("read dir")
        .map(|entry| {
            let path = entry.expect("entry").path();
            (path.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&path).expect("read"))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn egdb_build_resume_after_an_interrupt_gives_the_same_files() {
    let base = ScratchDir::new("cli-egdb-resume");
    let (whole, cut, killed) = (base.join("whole"), base.join("cut"), base.join("killed"));
    let build = |dir: &Path, extra: &[&str]| {
        let out = damero(
            &[
                &["egdb", "build", "english", "--pieces", "4", "--quiet", "--out", dir.to_str().unwrap()][..],
                extra,
            ]
            .concat(),
            None,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
    };
    build(&whole, &[]);
    let expected = files(&whole);
    assert!(expected.len() > 10, "{} files", expected.len());

    // What an interrupt leaves: the table of contents not yet written, the
    // last slices missing, one cut short, a `.part` file half written.
    build(&cut, &[]);
    std::fs::remove_file(cut.join("english.egdb-toc")).unwrap();
    let slices: Vec<_> = expected.iter().map(|(name, _)| name).filter(|n| n.ends_with(".egdb")).collect();
    for name in &slices[slices.len() - 3..] {
        std::fs::remove_file(cut.join(name)).unwrap();
    }
    let damaged = cut.join(slices[1]);
    let bytes = std::fs::read(&damaged).unwrap();
    std::fs::write(&damaged, &bytes[..bytes.len() / 2]).unwrap();
    std::fs::write(cut.join(format!("{}.part", slices[slices.len() - 1])), &bytes[..10]).unwrap();
    build(&cut, &["--resume"]);
    let mut resumed = files(&cut);
    resumed.retain(|(name, _)| !name.ends_with(".part"));
    assert!(resumed == expected, "resumed files differ from an uninterrupted build");

    // A build killed at some moment, then resumed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
        .args(["egdb", "build", "english", "--pieces", "4", "--quiet", "--out", killed.to_str().unwrap()])
        .env_remove("DAMERO_EGDB")
        .spawn()
        .expect("spawn");
    std::thread::sleep(std::time::Duration::from_millis(150));
    let _ = child.kill();
    let _ = child.wait();
    build(&killed, &["--resume"]);
    let mut resumed = files(&killed);
    resumed.retain(|(name, _)| !name.ends_with(".part"));
    assert!(resumed == expected, "files resumed after a kill differ from an uninterrupted build");
}
