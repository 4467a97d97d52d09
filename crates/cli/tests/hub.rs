//! `damero hub` through its pipes, and the `bestmove` limits fixed with it
//! (issue 11; `--depth 0`/`--nodes 0` from issue 12).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

fn damero(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_damero")).args(args).output().expect("run damero")
}

fn assert_user_error(args: &[&str], needle: &str) {
    let out = damero(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: one line expected, got {err:?}");
    assert!(err.contains(needle), "{args:?}: {err:?} should mention {needle:?}");
}

#[test]
fn bestmove_rejects_zero_limits() {
    assert_user_error(&["bestmove", "russian", "--depth", "0"], "--depth must be at least 1");
    assert_user_error(&["bestmove", "russian", "--nodes", "0"], "--nodes must be at least 1");
    assert_user_error(&["bestmove", "russian", "--movetime", "0"], "--movetime must be at least 1");
    assert_user_error(&["bestmove", "russian", "--time", "0"], "--time must be at least 1");
}

#[test]
fn bestmove_rejects_a_depth_for_mcts() {
    assert_user_error(
        &["bestmove", "russian", "--engine", "mcts", "--depth", "1"],
        "mcts has no depth limit",
    );
    assert_user_error(&["bestmove", "russian", "--engine", "mcts:depth=1"], "mcts has no setting 'depth'");
}

#[test]
fn bestmove_caps_the_hash_by_the_machine() {
    for hash in ["1099511627776", "18446744073709551615"] {
        let spec = format!("alphabeta:hash={hash},depth=1");
        assert_user_error(&["bestmove", "russian", "--engine", &spec], "more than this machine allows");
    }
}

#[test]
fn bestmove_on_a_clock_plays_a_move() {
    let out = damero(&["bestmove", "english", "--time", "2000", "--inc", "100", "--movestogo", "10"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().last().is_some_and(|l| l.starts_with("bestmove ") && l != "bestmove (none)"),
        "{text}"
    );
    assert_user_error(&["bestmove", "english", "--inc", "100"], "need --time");
}

#[test]
fn bestmove_in_a_position_drawn_by_repetition_says_the_game_is_over() {
    // Two kings each shuffle back and forth: the start position is back for
    // the third time after eight plies.
    let moves = "1-5 29-25 5-1 25-29 1-5 29-25 5-1 25-29";
    let out =
        damero(&["bestmove", "english", "--fen", "B:WK29,K30:BK1,K2", "--moves", moves, "--depth", "3"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "bestmove (none)");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the game is over") && err.contains("draw"), "{err}");
}

/// A `damero hub` process with a line reader on its output.
struct Hub {
    child: std::process::Child,
    lines: std::io::Lines<BufReader<std::process::ChildStdout>>,
}

impl Hub {
    fn start() -> Hub {
        let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
            .arg("hub")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start damero hub");
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        Hub { child, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.child.stdin.as_mut().unwrap(), "{line}").unwrap();
    }

    /// The next line starting with `prefix`, skipping others.
    fn expect(&mut self, prefix: &str) -> String {
        loop {
            let line = self.lines.next().expect("the engine closed its output").unwrap();
            if line.starts_with(prefix) {
                return line;
            }
        }
    }
}

#[test]
fn hub_answers_each_malformed_line_with_an_error_and_stays_up() {
    let mut hub = Hub::start();
    hub.send("hub");
    let id = hub.expect("id ");
    assert!(id.contains("name=damero"), "{id}");
    assert!(hub.expect("param name=variant").contains("values=\"russian zisnella spanish english\""));
    hub.expect("wait");
    hub.send("init");
    hub.expect("ready");
    for bad in [
        "",
        "level depth=abc",
        "level move-time=",
        "go",
        "pos pos=\"Wbbb",
        "pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwx",
        "pos moves=\"10-14 10-14\"",
        "set-param name=variant value=international",
        "set-param name=hash value=18446744073709551615",
    ] {
        hub.send(bad);
        let answer = hub.expect("");
        assert!(answer.starts_with("error message="), "{bad:?} got {answer:?}");
        hub.send("ping");
        assert_eq!(hub.expect(""), "pong", "after {bad:?}");
    }
    hub.send("unknown-command with=args");
    hub.send("ping");
    assert_eq!(hub.expect(""), "pong", "unknown commands are ignored silently");
    hub.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"10-14 23-19\"");
    hub.send("level depth=3");
    hub.send("go think");
    let done = hub.expect("done");
    assert!(done.starts_with("done move=14x23x19 "), "the only legal move, in Hub notation: {done}");
    hub.send("quit");
    assert!(hub.child.wait().unwrap().success());
}

#[test]
fn hub_ponders_until_ponder_hit_then_plays_on_the_clock() {
    let mut hub = Hub::start();
    hub.send("set-param name=variant value=english");
    hub.send("init");
    hub.expect("ready");
    hub.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"11-15\"");
    hub.send("level time=5 inc=0.1");
    hub.send("go ponder");
    hub.expect("info ");
    // Still pondering: it answers ping and has not given its move.
    hub.send("ping");
    assert_eq!(hub.expect("pong"), "pong");
    hub.send("ponder-hit");
    let done = hub.expect("done");
    assert!(done.starts_with("done move="), "{done}");
    hub.send("quit");
    assert!(hub.child.wait().unwrap().success());
}

#[test]
fn hub_quits_cleanly_during_a_search_and_on_a_closed_output() {
    let mut hub = Hub::start();
    hub.send("level infinite");
    hub.send("go analyze");
    hub.expect("info ");
    hub.send("quit");
    assert!(hub.child.wait().unwrap().success(), "quit during a search");

    let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let _ = writeln!(child.stdin.as_mut().unwrap(), "hub");
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

/// A temporary directory, removed when dropped.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("damero-hub-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("utf-8 path")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Hub {
    /// The lines up to and including the next `done`.
    fn search_lines(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.lines.next().expect("the engine closed its output").unwrap();
            let done = line.starts_with("done");
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().unwrap().success());
    }
}

/// The value of `name=` in a Hub line.
fn field<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    line.split(' ').find_map(|part| part.strip_prefix(name)?.strip_prefix('='))
}

/// A white king on h2 against a black man on b6, Black to move: the king
/// catches the man (a database win for White), but not within a 2-ply search.
/// (Characters 9 and 28 of the position string are b6 and h2.)
const KING_AGAINST_MAN: &str = "BeeeeeeeebeeeeeeeeeeeeeeeeeeWeeee";

#[test]
fn hub_probes_the_endgame_database_of_egdb_path_and_survives_a_bad_one() {
    let dir = TempDir::new("egdb");
    let build = damero(&["egdb", "build", "russian", "--pieces", "2", "--out", dir.path(), "--quiet"]);
    assert!(build.status.success(), "{}", String::from_utf8_lossy(&build.stderr));

    let mut hub = Hub::start();
    hub.send("hub");
    assert_eq!(hub.expect("param name=egdb-path"), "param name=egdb-path value=\"\" type=string");
    hub.expect("wait");
    let score_of = |hub: &mut Hub| {
        hub.send(&format!("pos pos={KING_AGAINST_MAN}"));
        hub.send("level depth=2");
        hub.send("go think");
        let lines = hub.search_lines();
        let info = lines.iter().rev().find(|l| l.starts_with("info ")).expect("an info line").clone();
        field(&info, "score").expect("a score").to_owned()
    };
    hub.send("init");
    hub.expect("ready");
    let without = score_of(&mut hub);
    hub.send(&format!("set-param name=egdb-path value=\"{}\"", dir.path()));
    hub.send("init");
    hub.expect("ready");
    let with = score_of(&mut hub);
    // Black to move loses: -80 is "known from the database".
    assert_eq!(with, "-80.00", "without the database the score was {without}");
    assert_ne!(without, with);

    // A directory without a database: one error, then it plays without.
    let empty = TempDir::new("egdb-empty");
    hub.send(&format!("set-param name=egdb-path value=\"{}\"", empty.path()));
    hub.send("init");
    let error = hub.expect("");
    assert!(error.starts_with("error message=") && error.contains("missing"), "{error}");
    hub.expect("ready");
    assert_eq!(score_of(&mut hub), without);
    // Zisnella has no databases at all.
    hub.send(&format!("set-param name=egdb-path value=\"{}\"", dir.path()));
    hub.send("set-param name=variant value=zisnella");
    hub.send("init");
    let error = hub.expect("");
    assert!(error.contains("no endgame databases for zisnella"), "{error}");
    hub.expect("ready");
    hub.send("ping");
    assert_eq!(hub.expect(""), "pong");
    hub.quit();
}

#[test]
fn hub_info_lines_carry_a_mean_depth_equal_to_the_iteration_depth() {
    let mut hub = Hub::start();
    hub.send("set-param name=book value=false");
    hub.send("level depth=4");
    hub.send("go think");
    let infos: Vec<String> = hub.search_lines().into_iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 4, "{infos:?}");
    for (iteration, info) in infos.iter().enumerate() {
        let depth: u32 = field(info, "depth").unwrap().parse().unwrap();
        let mean: f64 = field(info, "mean-depth").unwrap_or_else(|| panic!("{info}")).parse().unwrap();
        assert_eq!((depth, mean), (iteration as u32 + 1, f64::from(depth)), "{info}");
    }
    // MCTS has no mean depth: the field is left out.
    hub.send("set-param name=engine value=mcts");
    hub.send("level nodes=200");
    hub.send("go think");
    let lines = hub.search_lines();
    assert!(lines.iter().any(|l| l.starts_with("info ")), "{lines:?}");
    assert!(lines.iter().all(|l| field(l, "mean-depth").is_none()), "{lines:?}");
    hub.quit();
}

#[test]
fn hub_plays_from_the_opening_book_unless_book_is_false() {
    let mut hub = Hub::start();
    hub.send("hub");
    assert_eq!(hub.expect("param name=book"), "param name=book value=true type=bool");
    hub.expect("wait");
    let search = |hub: &mut Hub| {
        hub.send("pos start");
        hub.send("level depth=3");
        hub.send("go think");
        hub.search_lines()
    };
    for variant in ["russian", "english"] {
        hub.send(&format!("set-param name=variant value={variant}"));
        hub.send("set-param name=book value=true");
        // A book move is answered without searching: no info line.
        let lines = search(&mut hub);
        assert_eq!(lines.len(), 1, "{variant}: {lines:?}");
        assert!(lines[0].starts_with("done move="), "{lines:?}");
        hub.send("set-param name=book value=false");
        let lines = search(&mut hub);
        assert!(lines.len() > 1 && lines[0].starts_with("info "), "{variant}: {lines:?}");
    }
    // Zisnella ships no book: it searches with the book on.
    hub.send("set-param name=variant value=zisnella");
    hub.send("set-param name=book value=true");
    assert!(search(&mut hub)[0].starts_with("info "));
    hub.send("set-param name=book value=maybe");
    assert!(hub.expect("").starts_with("error message="));
    hub.quit();
}
