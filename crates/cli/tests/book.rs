//! `damero book build`: the book is written whole at the end, each finished
//! position goes to a journal first, and `--resume` goes on from the
//! journal an interrupted build left, to the same book. `damero book
//! lines`: a book's lines, as an openings file.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use damero_core::testkit::ScratchDir;

fn damero(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_damero")).args(args).output().expect("run damero")
}

/// A directory of the test's own, removed when the test ends (failed or not).
fn scratch(name: &str) -> ScratchDir {
    ScratchDir::new(&format!("cli-book-{name}"))
}

const BUILD: [&str; 10] =
    ["book", "build", "russian", "--plies", "6", "--depth", "8", "--margin", "20", "--quiet"];

fn build(out: &Path, extra: &[&str]) -> Output {
    damero(&[&BUILD[..], &["--out", out.to_str().unwrap()], extra].concat())
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn book_build_resumed_after_a_kill_writes_the_book_an_uninterrupted_build_writes() {
    let dir = scratch("resume");
    let whole = dir.join("whole.book");
    let output = build(&whole, &[]);
    assert!(output.status.success(), "{}", stderr(&output));
    let expected = std::fs::read_to_string(&whole).unwrap();
    assert!(expected.lines().count() > 10, "{expected}");
    assert!(!dir.join("whole.book.journal").exists(), "a finished build leaves no journal");
    let book: damero_search::Book = expected.parse().expect("the written book reads back");
    assert!(book.len() > 5);
    // The book plays within the margin it was built with: every move it
    // stores is one play may choose.
    assert_eq!(book.margin(), 20);
    use damero_core::Game;
    for position in book.positions_from(&damero_draughts::Russian::start(Default::default())).unwrap() {
        assert_eq!(book.playable(&position).len(), book.candidates(position.zobrist()).len());
    }

    // Killed once a few positions are in the journal.
    let cut = dir.join("cut.book");
    let journal = dir.join("cut.book.journal");
    let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
        .args([&BUILD[..], &["--out", cut.to_str().unwrap()]].concat())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::fs::read_to_string(&journal).map_or(0, |t| t.lines().count()) < 6 {
        assert!(started.elapsed() < Duration::from_secs(60), "the journal never grew");
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!cut.exists(), "an interrupted build writes no book");
    // And its last line cut in the middle, as a kill during a write leaves it.
    let mut text = std::fs::read_to_string(&journal).unwrap();
    text.truncate(text.len() - 3);
    std::fs::write(&journal, &text).unwrap();

    let again = build(&cut, &[]);
    assert!(!again.status.success());
    assert!(stderr(&again).contains("--resume"), "{}", stderr(&again));
    let other = damero(&[
        "book",
        "build",
        "russian",
        "--plies",
        "3",
        "--quiet",
        "--resume",
        "--out",
        cut.to_str().unwrap(),
    ]);
    assert!(!other.status.success());
    assert!(stderr(&other).contains("journal of another build"), "{}", stderr(&other));

    // Resumed on two threads: the thread count is not part of the build.
    let resumed = build(&cut, &["--resume", "--threads", "2"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert_eq!(std::fs::read_to_string(&cut).unwrap(), expected);
    assert!(!journal.exists());
    // `--resume` with no journal is a whole build, on any thread count.
    let fresh = dir.join("fresh.book");
    assert!(build(&fresh, &["--resume", "--threads", "3"]).status.success());
    assert_eq!(std::fs::read_to_string(&fresh).unwrap(), expected);
}

/// A two-ply, depth-2 build written to `out`.
fn tiny_build(out: &str) -> Output {
    damero(&["book", "build", "russian", "--plies", "2", "--depth", "2", "--quiet", "--out", out])
}

#[test]
fn book_build_where_nothing_can_be_written_is_a_one_line_error() {
    let output = tiny_build("/proc/damero.book");
    assert!(!output.status.success());
    let text = stderr(&output);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(text.contains("cannot write /proc/damero.book.journal"), "{text}");
    // A device has no room beside it for the journal: refused, nothing created.
    let output = tiny_build("/dev/null");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--out /dev/null is not a file"), "{}", stderr(&output));
    assert!(!Path::new("/dev/null.journal").exists());
}

#[test]
fn book_build_on_no_threads_is_refused() {
    let dir = scratch("threads");
    let out = dir.join("none.book");
    let output = build(&out, &["--threads", "0"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--threads must be at least 1"), "{}", stderr(&output));
    assert!(!out.exists() && !dir.join("none.book.journal").exists());
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn book_lines_prints_the_shipped_books_lines_and_those_of_a_book_file() {
    use damero_core::Game;
    use damero_engine::EngineGame;
    let output = damero(&["book", "lines", "english", "--plies", "4"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let book = damero_draughts::English::book().unwrap();
    let expected: Vec<String> = book
        .lines(&damero_draughts::English::start(Default::default()), 4)
        .iter()
        .map(|line| line.move_texts().join(" "))
        .collect();
    assert!(!expected.is_empty());
    assert_eq!(stdout(&output).lines().collect::<Vec<_>>(), expected);

    // A book file's lines, as the openings of a match.
    let dir = scratch("lines");
    let start = damero_draughts::Russian::start(Default::default());
    let mut book = damero_search::Book::new("russian");
    let moves = |list: &[&str]| {
        list.iter().map(|&text| damero_search::book::BookMove { text: text.to_owned(), score: 0 }).collect()
    };
    book.insert(start.zobrist(), moves(&["c3-d4", "e3-f4"]));
    for first in ["c3-d4", "e3-f4"] {
        let mut after = start;
        after.try_play(first).unwrap();
        book.insert(after.zobrist(), moves(&["f6-g5", "b6-a5"]));
    }
    let built = dir.join("four.book");
    std::fs::write(&built, book.to_string()).unwrap();
    let output = damero(&["book", "lines", "russian", "--plies", "2", "--book", built.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    let lines = stdout(&output);
    assert_eq!(lines, "c3-d4 f6-g5\nc3-d4 b6-a5\ne3-f4 f6-g5\ne3-f4 b6-a5\n");
    let openings = dir.join("lines.txt");
    std::fs::write(&openings, &lines).unwrap();
    let games = (2 * lines.lines().count()).to_string();
    let pgn = dir.join("games.pdn");
    let output = damero(&[
        "match",
        "russian",
        "--white",
        "alphabeta:depth=1",
        "--black",
        "alphabeta:depth=1",
        "--games",
        &games,
        "--openings",
        openings.to_str().unwrap(),
        "--out",
        pgn.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn book_lines_without_a_book_or_a_line_long_enough_is_a_one_line_error() {
    let dir = scratch("lines-errors");
    let cases: [(&[&str], &str); 4] = [
        (&["zisnella"], "zisnella ships no book: give one with --book FILE"),
        (&["english", "--plies", "40"], "the english book plays no line of 40 plies"),
        (&["english", "--plies", "0"], "--plies must be at least 1"),
        (&["english", "--book", "/nonexistent/x.book"], "cannot read /nonexistent/x.book"),
    ];
    for (args, message) in cases {
        let output = damero(&[&["book", "lines"], args].concat());
        let text = stderr(&output);
        assert!(!output.status.success() && text.contains(message), "{args:?}: {text}");
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(output.stdout.is_empty());
    }
    // A Russian book given for English, and a file that is no book.
    let built = dir.join("tiny.book");
    assert!(tiny_build(built.to_str().unwrap()).status.success());
    let output = damero(&["book", "lines", "english", "--book", built.to_str().unwrap()]);
    assert!(stderr(&output).contains("is a book for russian, not english"), "{}", stderr(&output));
    let junk = dir.join("junk.book");
    std::fs::write(&junk, "not a book\n").unwrap();
    let output = damero(&["book", "lines", "english", "--book", junk.to_str().unwrap()]);
    assert!(!output.status.success() && stderr(&output).contains("book line 1"), "{}", stderr(&output));
}
