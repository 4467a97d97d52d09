//! `damero suite make` and `damero suite run`: a suite drawn from a small
//! endgame database holds what it says (each `bm` move the only winning or
//! only drawing one, by the database), and the engine's run over it reports
//! a line per position and the share solved.

use std::process::{Command, Output};

use damero_core::testkit::ScratchDir;
use damero_core::{Game, MoveList, Verdict};
use damero_draughts::{English, EnglishVariant};
use damero_engine::suite::Suite;
use damero_eval::egdb::EndgameDatabase;

fn damero(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_damero"))
        .args(args)
        .env_remove("DAMERO_EGDB")
        .output()
        .expect("run damero")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A directory of the test's own, removed when the test ends (failed or not).
fn scratch(name: &str) -> ScratchDir {
    ScratchDir::new(&format!("cli-suite-{name}"))
}

#[test]
fn a_suite_from_the_database_holds_only_moves_and_runs() {
    let dir = scratch("egdb");
    let egdb = dir.join("egdb");
    let build =
        damero(&["egdb", "build", "english", "--pieces", "4", "--out", egdb.to_str().unwrap(), "--quiet"]);
    assert!(build.status.success(), "{}", stderr(&build));
    let file = dir.join("english.suite");
    let make = damero(&[
        "suite",
        "make",
        "english",
        "--egdb",
        egdb.to_str().unwrap(),
        "--count",
        "24",
        "--seed",
        "3",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(make.status.success(), "{}", stderr(&make));
    let suite: Suite = std::fs::read_to_string(&file).unwrap().parse().unwrap();
    assert_eq!(suite.positions.len(), 24);
    let checked = suite.check::<English>().unwrap();
    let database = EndgameDatabase::<EnglishVariant>::open(&egdb).unwrap();
    let (mut wins, mut draws) = (0, 0);
    for (entry, position) in suite.positions.iter().zip(&checked) {
        let mut moves = MoveList::new();
        position.position.legal_moves(&mut moves);
        assert!(moves.len() >= 2, "{}", entry.fen);
        let value = database.value(&position.position).unwrap();
        for &mv in &moves {
            let mut child = position.position;
            child.play(mv);
            let keeps = match (value, database.value(&child).unwrap()) {
                (Verdict::Win { .. }, Verdict::Loss { .. }) | (Verdict::Draw, Verdict::Draw) => true,
                (Verdict::Win { .. } | Verdict::Draw, _) => false,
                (Verdict::Loss { .. }, _) => panic!("a lost position in the suite: {}", entry.fen),
            };
            assert_eq!(
                keeps,
                position.best.contains(&mv),
                "{} {}",
                entry.fen,
                position.position.format_move(mv)
            );
        }
        assert_eq!(position.best.len(), 1, "{}", entry.fen);
        match value {
            Verdict::Win { plies } => {
                assert!(plies >= damero_lab::suite::MIN_WIN_PLIES);
                wins += 1;
            }
            _ => draws += 1,
        }
    }
    assert!(wins > 0 && draws > 0, "{wins} wins, {draws} draws");

    let run = damero(&["suite", "run", file.to_str().unwrap(), "--nodes", "3000", "--table"]);
    assert!(run.status.success(), "{}", stderr(&run));
    let text = String::from_utf8_lossy(&run.stdout);
    let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("egdb-english-")).collect();
    assert_eq!(rows.len(), 24, "{text}");
    let solved = rows.iter().filter(|r| r.split('\t').nth(1) == Some("yes")).count();
    assert!(text.contains(&format!("solved {solved} of 24 (")), "{text}");
}

#[test]
fn bad_suites_and_flags_are_one_line_errors() {
    let dir = scratch("bad");
    let file = dir.join("bad.suite");
    std::fs::write(&file, "game russian\nW:Wc3:Be5; bm c3-c4\n").unwrap();
    let path = file.to_str().unwrap();
    for (args, needle) in [
        (vec!["suite", "run", path, "--nodes", "100"], "suite line 2: bm c3-c4"),
        (vec!["suite", "run", "/nonexistent.suite"], "cannot read /nonexistent.suite"),
        (vec!["suite", "run", path, "--time", "1000"], "not --time"),
        (vec!["suite", "make", "cross", "--egdb", "/tmp", "--out", "/tmp/x.suite"], "no endgame databases"),
    ] {
        let output = damero(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let text = stderr(&output);
        assert_eq!(text.trim_end().lines().count(), 1, "{args:?}: {text}");
        assert!(text.contains(needle), "{args:?}: {text}");
    }
}

#[test]
fn shots_from_a_selfplay_file_are_its_positions_with_a_legal_best_move_and_reproducible() {
    let dir = scratch("shots");
    let data = dir.join("data.txt");
    let selfplay = damero(&[
        "selfplay",
        "russian",
        "--games",
        "6",
        "--nodes",
        "300",
        "--seed",
        "2",
        "--quiet",
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(selfplay.status.success(), "{}", stderr(&selfplay));
    let make = |out: &std::path::Path| {
        damero(&[
            "suite",
            "make",
            "russian",
            "--from-selfplay",
            data.to_str().unwrap(),
            "--count",
            "5",
            "--depth",
            "3",
            "--check-depth",
            "5",
            "--margin",
            "50",
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let (first, second) = (dir.join("a.suite"), dir.join("b.suite"));
    assert!(make(&first).status.success());
    assert!(make(&second).status.success());
    let text = std::fs::read_to_string(&first).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&second).unwrap(),
        "the same file and options give the same suite"
    );
    let suite: Suite = text.parse().unwrap();
    assert!(!suite.positions.is_empty(), "{text}");
    let data_text = std::fs::read_to_string(&data).unwrap();
    for (entry, checked) in suite.positions.iter().zip(suite.check::<damero_draughts::Russian>().unwrap()) {
        assert!(data_text.contains(&format!("{}\t", entry.fen)), "{} is not from the file", entry.fen);
        assert_eq!(checked.best.len(), 1);
        assert!(entry.comment.as_deref().unwrap().contains("at depth 5"));
    }
    let bad = damero(&[
        "suite",
        "make",
        "russian",
        "--from-selfplay",
        data.to_str().unwrap(),
        "--depth",
        "6",
        "--check-depth",
        "6",
        "--out",
        "/tmp/never.suite",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("--check-depth must be above --depth"));
}
