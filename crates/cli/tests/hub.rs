//! `damero hub` through its pipes, and the `bestmove` limits fixed with it
//! (issue 11; `--depth 0`/`--nodes 0` from issue 12).

use damero_core::testkit::ScratchDir;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

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
    let dir = ScratchDir::new("hub-egdb");
    let build = damero(&["egdb", "build", "russian", "--pieces", "2", "--out", dir.as_str(), "--quiet"]);
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
    hub.send(&format!("set-param name=egdb-path value=\"{}\"", dir.as_str()));
    hub.send("init");
    hub.expect("ready");
    let with = score_of(&mut hub);
    // Black to move loses, and the database knows in how many plies: a
    // proven loss, which Scan writes as -(100 - plies/100).
    assert!(with.starts_with("-99."), "with the database {with}, without it {without}");
    assert_ne!(without, with);

    // A directory without a database: one error, then it plays without.
    let empty = ScratchDir::new("hub-egdb-empty");
    hub.send(&format!("set-param name=egdb-path value=\"{}\"", empty.as_str()));
    hub.send("init");
    let error = hub.expect("");
    assert!(error.starts_with("error message=") && error.contains("missing"), "{error}");
    hub.expect("ready");
    assert_eq!(score_of(&mut hub), without);
    // Zisnella has no databases at all.
    hub.send(&format!("set-param name=egdb-path value=\"{}\"", dir.as_str()));
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

// Bad clients: an interface that goes away mid-search, sends garbage or
// floods lines. The engine's answers are read on a thread of their own, so
// that a test never blocks on a full pipe and every wait has a deadline.

/// A `damero hub` process whose output lines arrive on a channel.
struct Client {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    lines: std::sync::mpsc::Receiver<String>,
    stderr: std::thread::JoinHandle<String>,
}

/// How long any one answer may take in these tests.
const ANSWER_WITHIN: Duration = Duration::from_secs(20);

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
            .arg("hub")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start damero hub");
        let (sender, lines) = std::sync::mpsc::channel();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        std::thread::spawn(move || {
            let mut line = Vec::new();
            while stdout.read_until(b'\n', &mut line).is_ok_and(|n| n > 0) {
                let text = String::from_utf8_lossy(&line).trim_end_matches('\n').to_owned();
                if sender.send(text).is_err() {
                    break;
                }
                line.clear();
            }
        });
        let mut stderr = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = std::io::Read::read_to_string(&mut stderr, &mut text);
            text
        });
        let stdin = child.stdin.take();
        Client { child, stdin, lines, stderr }
    }

    fn write(&mut self, bytes: &[u8]) {
        self.stdin.as_mut().expect("stdin still open").write_all(bytes).expect("the engine reads its input");
    }

    fn send(&mut self, line: &str) {
        self.write(format!("{line}\n").as_bytes());
    }

    fn next_line(&self) -> String {
        self.lines.recv_timeout(ANSWER_WITHIN).expect("an answer in time (the engine is alive)")
    }

    /// The lines before the next `pong` (a `ping` is sent first).
    fn lines_before_pong(&mut self) -> Vec<String> {
        self.send("ping");
        let mut lines = Vec::new();
        loop {
            let line = self.next_line();
            if line == "pong" {
                return lines;
            }
            lines.push(line);
        }
    }

    /// The next line starting with `prefix`, skipping others.
    fn expect(&self, prefix: &str) -> String {
        loop {
            let line = self.next_line();
            if line.starts_with(prefix) {
                return line;
            }
        }
    }

    /// Closes the engine's input and waits at most `within` for it to end:
    /// its exit status and what it wrote on stderr.
    fn close_input_and_wait(mut self, within: Duration) -> (std::process::ExitStatus, String) {
        drop(self.stdin.take());
        let deadline = Instant::now() + within;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the engine was still running {within:?} after its input closed");
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        (status, self.stderr.join().unwrap())
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }
}

/// A number field (`Threads:`, `VmHWM:` in kB) of `/proc/PID/status`.
fn proc_status(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line[field.len()..].split_whitespace().next()?.parse().ok()
}

/// The bytes of a small deterministic generator (no dependency for a test).
struct Noise(u64);

impl Noise {
    fn byte(&mut self) -> u8 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 32) as u8
    }

    /// A line of up to `max` random bytes, without a newline.
    fn line(&mut self, max: usize) -> Vec<u8> {
        let length = usize::from(self.byte()) * max / 256;
        (0..length).map(|_| self.byte()).filter(|&b| b != b'\n').collect()
    }
}

fn assert_no_panic(stderr: &str) {
    assert!(!stderr.contains("panicked") && !stderr.contains("RUST_BACKTRACE"), "{stderr}");
}

#[test]
fn hub_ends_promptly_when_the_interface_closes_during_a_search() {
    for engine in ["alphabeta", "mcts"] {
        let mut client = Client::start();
        client.send(&format!("set-param name=engine value={engine}"));
        client.send("level infinite");
        client.send("go analyze");
        client.expect("info ");
        let closed = Instant::now();
        let (status, stderr) = client.close_input_and_wait(Duration::from_secs(5));
        assert!(status.success(), "{engine}: {status:?} {stderr}");
        assert_no_panic(&stderr);
        eprintln!("{engine}: ended {:?} after its input closed", closed.elapsed());
    }
}

#[test]
fn hub_ends_with_status_2_when_the_interface_closes_both_pipes_during_a_search() {
    // A search to a depth it will not reach, on two threads. The interface
    // goes away whole: the engine's next line has no reader, and it ends
    // with the status of a closed output, without a panic.
    let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
        .arg("hub")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start damero hub");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"set-param name=book value=false\nset-param name=threads value=2\n").unwrap();
    stdin.write_all(b"level depth=60\ngo think\n").unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while !line.starts_with("info ") {
        line.clear();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "the engine closed its output");
    }
    drop(stdout);
    drop(stdin);
    let closed = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(closed.elapsed() < Duration::from_secs(5), "still running 5 s after the pipes closed");
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_no_panic(&stderr);
}

/// Asserts that every line is an `error` line, one line long (the reader
/// splits at `\n` only; a `\r` would split it for Python's reader).
fn assert_errors(what: &str, lines: &[String]) {
    for line in lines {
        assert!(line.starts_with("error message="), "{what}: {line:?}");
        assert!(!line.chars().any(char::is_control), "{what}: a control character in {line:?}");
    }
}

#[test]
fn hub_answers_garbage_bytes_with_errors_and_still_plays() {
    let mut client = Client::start();
    // What each input gets: the number of `error` lines. A line that reads
    // as a command the protocol does not define is ignored, as it asks;
    // bytes that are not UTF-8 read as U+FFFD, a name character.
    let cases: [(&str, Vec<u8>, usize); 9] = [
        ("not UTF-8", b"\xff\xfe\xfd".to_vec(), 0),
        ("not UTF-8 inside a command", b"pi\xc3ng".to_vec(), 0),
        ("a NUL byte", b"\0".to_vec(), 1),
        ("NUL bytes before a command", b"\0\0ping".to_vec(), 1),
        ("control characters in a value", b"level depth=\"\0\r\x1b[2J\"".to_vec(), 1),
        ("a carriage return alone", b"\r".to_vec(), 1),
        ("a bad value that is not UTF-8", b"level nodes=\xff".to_vec(), 1),
        ("10 MB without a newline", vec![b'x'; 10 << 20], 1),
        ("10 MB of NUL bytes", vec![0; 10 << 20], 1),
    ];
    for (what, mut bytes, errors) in cases {
        bytes.push(b'\n');
        client.write(&bytes);
        let answers = client.lines_before_pong();
        assert_errors(what, &answers);
        assert_eq!(answers.len(), errors, "{what}: {answers:?}");
    }
    client.write(&[b'y'; 10 << 20]);
    client.write(b"\n");
    let answers = client.lines_before_pong();
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert!(answers[0].contains("line too long (10485760 bytes, at most 65536)"), "{answers:?}");

    // Lines of random bytes: errors or nothing, never anything else.
    let mut noise = Noise(0x9e37_79b9_7f4a_7c15);
    let mut sent = 0;
    for _ in 0..500 {
        let mut line = noise.line(300);
        line.push(b'\n');
        client.write(&line);
        sent += 1;
    }
    let answers = client.lines_before_pong();
    assert_errors("random lines", &answers);
    assert!(answers.len() <= sent, "{} answers to {sent} lines", answers.len());

    // After all that, a game: the handshake and a search.
    client.send("hub");
    assert!(client.expect("id ").contains("name=damero"));
    client.expect("wait");
    client.send("init");
    client.expect("ready");
    client.send("pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"10-14 23-19\"");
    client.send("level depth=3");
    client.send("go think");
    assert!(client.expect("done").starts_with("done move=14x23x19"));
    client.send("quit");
    let (status, stderr) = client.close_input_and_wait(Duration::from_secs(5));
    assert!(status.success(), "{status:?}");
    assert_no_panic(&stderr);
}

/// The threads of `damero hub` beyond its `threads` parameter: the protocol
/// loop, the search's own thread (its helpers make up the rest of
/// `threads`) and the clock a `ponder-hit` starts.
const THREADS_BEYOND_THE_PARAMETER: u64 = 2;

/// The memory of `damero hub` beyond its `hash` table, in MiB: the program,
/// the opening books, the evaluation's tables, the stacks of its threads
/// and the search's own structures (measured near 30 MiB in a debug build).
const MIB_BEYOND_THE_HASH: u64 = 96;

#[test]
fn hub_survives_a_flood_of_lines_with_memory_and_threads_within_its_parameters() {
    let mut client = Client::start();
    client.send("hub");
    let mut params = Vec::new();
    loop {
        match client.next_line() {
            line if line == "wait" => break,
            line => params.push(line),
        }
    }
    let param = |name: &str, key: &str| -> u64 {
        let line = params.iter().find(|l| l.starts_with(&format!("param name={name} ")));
        field(line.unwrap_or_else(|| panic!("no {name} in {params:?}")), key).unwrap().parse().unwrap()
    };
    let max_threads = param("threads", "max");
    let hash_mib = param("hash", "value");
    let threads = max_threads.min(2);
    client.send(&format!("set-param name=threads value={threads}"));
    client.send("set-param name=book value=false");
    client.send("init");
    client.expect("ready");
    client.send("level infinite");
    client.send("go analyze");
    client.expect("info ");

    // Every few lines a search starts; the next `pos` or `go` ends it. The
    // ponder searches get a clock of 1000 s at `ponder-hit`: a clock that
    // outlived its search would be a sleeping thread per search.
    let pid = client.pid();
    let sampling = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let sampler = {
        let sampling = std::sync::Arc::clone(&sampling);
        std::thread::spawn(move || {
            let mut most = 0;
            while sampling.load(std::sync::atomic::Ordering::Relaxed) {
                most = most.max(proc_status(pid, "Threads:").unwrap_or(0));
                std::thread::sleep(Duration::from_millis(2));
            }
            most
        })
    };
    let mut noise = Noise(0x2545_f491_4f6c_dd1d);
    let mut flood = Vec::new();
    const LINES: usize = 100_000;
    for i in 0..LINES {
        match i % 10 {
            0 => flood.extend_from_slice(b"level move-time=1000\n"),
            1 => flood.extend_from_slice(b"go ponder\n"),
            2 => flood.extend_from_slice(b"ponder-hit\n"),
            3 => {
                flood.extend_from_slice(b"pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"10-14 23-19\"\n")
            }
            4 => {
                flood.extend(noise.line(120));
                flood.push(b'\n');
            }
            5 => flood.extend_from_slice(b"level depth=abc\n"),
            6 => flood.extend_from_slice(b"go analyze\n"),
            7 => flood.extend_from_slice(b"pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwwx\n"),
            8 => flood.extend_from_slice(b"level depth=3 nodes=500\n"),
            _ => flood.extend_from_slice(b"set-param name=unknown value=1\n"),
        }
    }
    let started = Instant::now();
    client.write(&flood);
    client.send("stop");
    // Lines are answered in turn: the `pong` comes after the whole flood.
    let answers = client.lines_before_pong();
    let errors: Vec<String> =
        answers.iter().filter(|l| !l.starts_with("info ") && !l.starts_with("done")).cloned().collect();
    assert_errors("the flood", &errors);
    assert!(errors.len() >= LINES / 5, "each bad `level` and `pos` gets its error: {}", errors.len());
    let took = started.elapsed();
    sampling.store(false, std::sync::atomic::Ordering::Relaxed);
    let most_threads = sampler.join().unwrap();
    let peak_mib = proc_status(pid, "VmHWM:").expect("Linux's /proc") / 1024;
    let threads_now = proc_status(pid, "Threads:").unwrap();
    eprintln!(
        "{LINES} lines in {took:?}, {} answers; threads at most {most_threads}, now {threads_now}; \
         peak memory {peak_mib} MiB (hash {hash_mib} MiB)",
        answers.len()
    );
    // Not a speed test: the bound catches searches that outlive the line
    // that should end them. A ponder search left on its clock of 1000 s,
    // or the 20,000 searches running their second each (hours), exceed
    // it; ended by the next line, the flood takes seconds (42 s were seen
    // with a match beside it on a two-core machine, where a bound of 20 s
    // failed).
    assert!(took < Duration::from_secs(600), "the flood took {took:?}: a search outlived its line");
    assert!(
        most_threads <= threads + THREADS_BEYOND_THE_PARAMETER,
        "{most_threads} threads with threads={threads}"
    );
    assert!(peak_mib <= hash_mib + MIB_BEYOND_THE_HASH, "{peak_mib} MiB with a {hash_mib} MiB hash");
    client.send("quit");
    let (status, stderr) = client.close_input_and_wait(Duration::from_secs(5));
    assert!(status.success(), "{status:?}");
    assert_no_panic(&stderr);
}

/// A directory of its own for one test's files, removed when dropped.
fn scratch(name: &str) -> ScratchDir {
    ScratchDir::new(&format!("hub-match-{name}"))
}

/// The moves of a PDN file's games, tags left out.
fn pdn_moves(path: &std::path::Path) -> String {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines().filter(|line| !line.starts_with('[')).collect::<Vec<_>>().join("\n")
}

#[test]
fn a_damero_hub_engine_in_a_match_plays_the_games_the_same_engine_plays_in_process() {
    let exe = env!("CARGO_BIN_EXE_damero");
    for game in ["russian", "english"] {
        let dir = scratch(game);
        let (own, hub) = (dir.join("own.pdn"), dir.join("hub.pdn"));
        let engine = "alphabeta:depth=4,book=false";
        let external = format!("hub:command={exe},args=hub,depth=4,book=false");
        for (black, out) in [(engine.to_owned(), &own), (external.clone(), &hub)] {
            let path = out.to_str().unwrap();
            let run = damero(&[
                "match", game, "--white", engine, "--black", &black, "--games", "4", "--quiet", "--out", path,
            ]);
            assert!(run.status.success(), "{game}: {}", String::from_utf8_lossy(&run.stderr));
            assert!(String::from_utf8_lossy(&run.stdout).contains("Elo difference"));
        }
        // Same moves, move for move: positions and moves crossed the pipe
        // in the Hub encoding and came back as they went.
        let (a, b) = (pdn_moves(&own), pdn_moves(&hub));
        assert!(a.contains("1-0") || a.contains("0-1") || a.contains("1/2-1/2"), "{a}");
        assert_eq!(a, b, "{game}");
        assert!(std::fs::read_to_string(&hub).unwrap().contains(&format!("\"{external}\"")));
    }
}

#[test]
fn a_hub_engine_stays_up_from_pair_to_pair_and_a_split_match_plays_the_games_of_the_whole() {
    let exe = env!("CARGO_BIN_EXE_damero");
    let dir = scratch("kept");
    // damero's Hub engine behind a wrapper that notes each start.
    let wrapper = dir.join("engine.sh");
    let starts = dir.join("starts");
    let script = format!("#!/bin/sh\necho started >> '{}'\nexec '{exe}' hub\n", starts.display());
    std::fs::write(&wrapper, script).unwrap();
    assert!(Command::new("chmod").arg("+x").arg(&wrapper).status().unwrap().success());
    let black = format!("hub:command={},depth=3,book=false", wrapper.display());
    let white = "alphabeta:depth=2,book=false";
    let run = |name: &str, extra: &[&str]| {
        let pdn = dir.join(name);
        let mut args = vec!["match", "english", "--white", white, "--black", &black, "--quiet"];
        args.extend_from_slice(&["--out", pdn.to_str().unwrap()]);
        args.extend_from_slice(extra);
        let out = damero(&args);
        assert!(out.status.success(), "{extra:?}: {}", String::from_utf8_lossy(&out.stderr));
        std::fs::read_to_string(&pdn).unwrap()
    };
    let whole = run("whole.pdn", &["--games", "6"]);
    // Started once, to check that it runs, and then kept for all three
    // pairs.
    assert_eq!(std::fs::read_to_string(&starts).unwrap().lines().count(), 1);
    assert_eq!(whole.matches("[Event \"damero match\"]").count(), 6);
    // The same match in two runs: pairs 0 and 1, then pair 2 on.
    let head = run("head.pdn", &["--games", "4"]);
    let tail = run("tail.pdn", &["--games", "2", "--first-pair", "2"]);
    let moves = |pdn: &str| -> Vec<String> {
        pdn.lines().filter(|line| !line.starts_with('[') && !line.is_empty()).map(str::to_owned).collect()
    };
    assert_eq!(moves(&whole), [moves(&head), moves(&tail)].concat());
    let rounds = |pdn: &str| -> Vec<String> {
        pdn.lines().filter(|l| l.starts_with("[Round ")).map(str::to_owned).collect()
    };
    assert_eq!(rounds(&tail), ["[Round \"5\"]", "[Round \"6\"]"]);
    // Game numbers past a u32 are refused before anything is played.
    assert_user_error(
        &[
            "match",
            "english",
            "--white",
            white,
            "--black",
            white,
            "--first-pair",
            "2147483647",
            "--games",
            "2",
        ],
        "--first-pair",
    );
}

/// A Hub engine that starts and then plays `answer` to every `go`, or
/// never answers when `answer` is empty.
fn fake_engine(dir: &std::path::Path, answer: &str) -> String {
    let go = if answer.is_empty() { String::from("sleep 30") } else { format!("echo '{answer}'") };
    fake_engine_going(dir, &go)
}

/// A Hub engine that starts and then runs the shell command `go` on
/// every `go`.
fn fake_engine_going(dir: &std::path::Path, go: &str) -> String {
    let path = dir.join("fake-engine.sh");
    let script = format!(
        "#!/bin/sh\necho started >> '{starts}'\nwhile read -r line; do\n  case \"$line\" in\n    \
         hub*) echo 'id name=fake'; echo 'wait' ;;\n    init*) echo 'ready' ;;\n    go*) {go} ;;\n    \
         quit*) exit 0 ;;\n  esac\ndone\n",
        starts = dir.join("starts").display()
    );
    std::fs::write(&path, script).unwrap();
    let status = Command::new("chmod").arg("+x").arg(&path).status().unwrap();
    assert!(status.success());
    path.to_str().unwrap().to_owned()
}

/// Two English games of `alphabeta:depth=2` against `black`, saved to `pdn`.
fn two_games_against(black: &str, pdn: &std::path::Path) -> Output {
    let white = "alphabeta:depth=2";
    let out = pdn.to_str().unwrap();
    damero(&["match", "english", "--white", white, "--black", black, "--games", "2", "--quiet", "--out", out])
}

/// The first engine's wins, draws and losses in `match`'s table.
fn first_engine_results(stdout: &str) -> Vec<String> {
    let row = stdout.lines().find(|l| l.starts_with("alphabeta:depth=2")).expect(stdout);
    row.split_whitespace().skip(1).take(3).map(str::to_owned).collect()
}

#[test]
fn a_hub_engine_that_plays_an_illegal_move_or_hangs_forfeits_the_game() {
    // A timeout too long to be a deadline waits without one.
    let forever = u64::MAX.to_string();
    for (name, answer, timeout, reason) in [
        ("illegal", "done move=1-2", "1", "played an illegal move"),
        ("garbled", "done ponder=1-2", "1", "without a move"),
        ("erring", "error message=\"out of memory\"", "1", "out of memory"),
        ("erring-untimed", "error message=\"out of memory\"", forever.as_str(), "out of memory"),
        ("hanging", "", "1", "no 'done' within 1 s"),
    ] {
        let dir = scratch(name);
        let engine = fake_engine(&dir, answer);
        let pdn = dir.join("games.pdn");
        let black = format!("hub:command={engine},movetime=10,timeout={timeout}");
        let out = two_games_against(&black, &pdn);
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{name}: {stderr}");
        // The external engine lost both games, and says why.
        assert_eq!(first_engine_results(&stdout), ["2", "0", "0"], "{name}: {stdout}");
        assert!(stdout.contains("forfeits: 2"), "{name}: {stdout}");
        assert_eq!(stderr.matches(reason).count(), 2, "{name}: {stderr}");
        let games = std::fs::read_to_string(&pdn).unwrap();
        assert_eq!(games.matches("[Termination \"forfeit: ").count(), 2, "{name}: {games}");
        // Started once to check it (that process plays the first game),
        // and afresh for the second game: an engine that failed a move may
        // still be searching, and its late answer must not meet the next
        // game.
        let starts = std::fs::read_to_string(dir.join("starts")).unwrap();
        assert_eq!(starts.lines().count(), 2, "{name}");
    }
}

#[test]
fn a_hub_engine_that_cannot_start_ends_the_match_with_a_clear_error() {
    let dir = scratch("start");
    // A program that is not there.
    let out = damero(&[
        "match",
        "russian",
        "--white",
        "random",
        "--black",
        "hub:command=/no/such/engine",
        "--games",
        "2",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("cannot run Hub engine '/no/such/engine'"), "{err}");
    // A parameter the engine refuses.
    let exe = env!("CARGO_BIN_EXE_damero");
    let black = format!("hub:command={exe},args=hub,engine=nonsense,depth=1");
    let pdn = dir.join("games.pdn");
    let out = damero(&[
        "match",
        "russian",
        "--white",
        "random",
        "--black",
        &black,
        "--games",
        "2",
        "--out",
        pdn.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("said 'error"), "{err}");
    // A spec without a program, and a game the protocol does not cover.
    assert_user_error(&["match", "russian", "--white", "random", "--black", "hub:args=hub"], "command=");
    let black = format!("hub:command={exe},args=hub");
    assert_user_error(
        &["match", "eliminar", "--white", "random", "--black", &black],
        "draughts rule sets only",
    );
}

#[test]
fn a_hub_engine_on_a_clock_plays_its_games_and_loses_when_its_time_runs_out() {
    let exe = env!("CARGO_BIN_EXE_damero");
    // damero over the Hub on a 5-second clock with 100 ms a move added, for
    // 20 plies: a flag would take a stall of seconds, even on a loaded
    // machine.
    let dir = scratch("clock");
    let pdn = dir.join("games.pdn");
    let black = format!("hub:command={exe},args=hub,tc=5+0.1");
    let out = damero(&[
        "match",
        "russian",
        "--white",
        "alphabeta:tc=5+0.1",
        "--black",
        &black,
        "--games",
        "2",
        "--max-plies",
        "20",
        "--quiet",
        "--out",
        pdn.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!stdout.contains("forfeits"), "{stdout}");
    let games = std::fs::read_to_string(&pdn).unwrap();
    assert_eq!(games.matches("[Event \"damero match\"]").count(), 2);
    // Neither side lost on time: each game went on to the ply cap or to an
    // end on the board.
    let read = damero_core::read_pdn::<damero_draughts::Russian>(&games, Default::default()).unwrap();
    assert_eq!(read.len(), 2);
    for game in &read {
        let record = &game.record;
        assert!(record.outcome().is_some() || record.moves().len() == 20, "{:?}", record.moves().len());
    }

    // An engine that takes 1.5 s a move on a 1-second clock loses each game
    // on time, after its first move: not a forfeit.
    let dir = scratch("flag");
    let engine = fake_engine_going(&dir, "sleep 1.5; echo 'done move=1-2'");
    let pdn = dir.join("games.pdn");
    let black = format!("hub:command={engine},tc=1+0");
    let out = two_games_against(&black, &pdn);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(first_engine_results(&stdout), ["2", "0", "0"], "{stdout}");
    assert!(!stdout.contains("forfeits"), "lost on time, not forfeited: {stdout}");
}
