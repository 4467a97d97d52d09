//! Faults that lose nothing: an interrupted `damero selfplay` resumed with
//! `--resume` ends with the file an uninterrupted run writes, and every
//! command that writes a file says so in one line when the disk is full
//! (`/dev/full`). (`book build` and `egdb build`: tests/book.rs and
//! tests/egdb.rs.)

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use damero_core::testkit::ScratchDir;

fn damero(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_damero")).args(args).output().expect("run damero")
}

/// A directory of the test's own, removed when the test ends (failed or not).
fn scratch(name: &str) -> ScratchDir {
    ScratchDir::new(&format!("cli-faults-{name}"))
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

const SELFPLAY: [&str; 9] =
    ["selfplay", "russian", "--games", "8", "--nodes", "200", "--seed", "4", "--quiet"];

fn selfplay(out: &Path, extra: &[&str]) -> Output {
    damero(&[&SELFPLAY[..], &["--out", out.to_str().unwrap()], extra].concat())
}

#[test]
fn selfplay_resumed_after_a_cut_anywhere_writes_the_file_of_an_uninterrupted_run() {
    let dir = scratch("selfplay");
    let whole = dir.join("whole.txt");
    let output = selfplay(&whole, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let expected = std::fs::read_to_string(&whole).unwrap();
    let markers: Vec<usize> = expected.match_indices("# end of game ").map(|(i, _)| i).collect();
    assert_eq!(markers.len(), 8, "{expected}");
    let header = expected.find('\n').unwrap();
    // Cut in the header, after it, in a sample line, just after a game's
    // end line, in an end line, and not at all.
    let after_third = markers[2] + expected[markers[2]..].find('\n').unwrap() + 1;
    let cuts = [10, header + 1, header + 20, after_third, markers[5] + 6, expected.len()];
    let cut = dir.join("cut.txt");
    for at in cuts {
        std::fs::write(&cut, &expected[..at]).unwrap();
        let output = selfplay(&cut, &["--resume"]);
        assert!(output.status.success(), "cut at {at}: {}", stderr(&output));
        assert_eq!(std::fs::read_to_string(&cut).unwrap(), expected, "cut at {at}");
    }
    // Killed once a game is on disk, then resumed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
        .args([&SELFPLAY[..], &["--out", cut.to_str().unwrap()]].concat())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !std::fs::read_to_string(&cut).is_ok_and(|t| t.contains("# end of game 0")) {
        assert!(started.elapsed() < Duration::from_secs(60), "no game was written");
        std::thread::sleep(Duration::from_millis(1));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let output = selfplay(&cut, &["--resume"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), expected);
    // Another batch's file is not resumed (and not touched).
    let other = damero(&[
        "selfplay",
        "russian",
        "--games",
        "8",
        "--nodes",
        "200",
        "--seed",
        "5",
        "--quiet",
        "--resume",
        "--out",
        cut.to_str().unwrap(),
    ]);
    assert_eq!(other.status.code(), Some(2));
    assert!(stderr(&other).contains("another batch's file"), "{}", stderr(&other));
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), expected);
}

/// The one-line error of a command whose output is `/dev/full` (after any
/// progress lines the command printed before it wrote).
fn assert_full_disk_error(args: &[&str]) {
    let output = damero(args);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {}", stderr(&output));
    let text = stderr(&output);
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 1, "{args:?}: {text}");
    assert!(
        errors[0].contains("cannot write /dev/full") && errors[0].contains("No space left"),
        "{args:?}: {text}"
    );
    assert_eq!(text.trim_end().lines().last(), Some(errors[0]), "{args:?}: {text}");
    assert!(!text.contains("panicked"), "{args:?}: {text}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_a_one_line_error_for_every_command_that_writes_a_file() {
    let dir = scratch("full");
    let data = dir.join("data.txt");
    assert!(selfplay(&data, &[]).status.success());
    let data = data.to_str().unwrap();
    assert_full_disk_error(&[
        "selfplay",
        "russian",
        "--games",
        "2",
        "--nodes",
        "100",
        "--quiet",
        "--out",
        "/dev/full",
    ]);
    assert_full_disk_error(&["tune", "russian", "--data", data, "--iterations", "2", "--out", "/dev/full"]);
    assert_full_disk_error(&[
        "tune-network",
        "russian",
        "--data",
        data,
        "--epochs",
        "1",
        "--out",
        "/dev/full",
    ]);
    assert_full_disk_error(&[
        "match",
        "russian",
        "--white",
        "alphabeta:depth=1",
        "--black",
        "alphabeta:depth=1",
        "--games",
        "2",
        "--quiet",
        "--out",
        "/dev/full",
    ]);
    assert!(std::fs::metadata("/dev/full").is_ok_and(|m| !m.is_file()), "/dev/full is still the device");
}

/// A full disk under stdout is a one-line error, not a silent exit.
#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_a_one_line_error() {
    for args in [&["moves", "russian"][..], &["book", "lines", "russian", "--plies", "6"]] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_damero"))
            .args(args)
            .stdout(full)
            .output()
            .expect("run damero");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let text = stderr(&output);
        assert_eq!(text.lines().count(), 1, "{args:?}: {text}");
        assert!(text.starts_with("error: cannot write stdout: No space left"), "{args:?}: {text}");
    }
}
