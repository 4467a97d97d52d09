//! The protocol loop over an in-memory reader and writer.

use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use damero_core::Game;
use damero_core::testkit::ScratchDir;
use damero_draughts::{Draughts, EnglishVariant, RussianVariant, Variant};
use damero_eval::Network;
use damero_eval::draughts::network::NETWORK_PARAMETERS;
use damero_hub::encoding::read_move;
use damero_hub::{HubOptions, Request, parse_line, run};

/// A writer whose bytes the test reads afterwards.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Shared {
    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }

    /// The `done` lines written whole so far.
    fn searches_done(&self) -> usize {
        let text = self.text();
        text.split_inclusive('\n').filter(|line| line.ends_with('\n') && line.starts_with("done")).count()
    }
}

/// The interface's side of a conversation: its lines, one at a time, each
/// after the `done` of every search started before it, so a search runs to
/// its end before the next command (and `quit`) comes.
struct Script {
    lines: VecDeque<String>,
    pending: Vec<u8>,
    out: Shared,
    searches: usize,
}

impl Read for Script {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            let deadline = Instant::now() + Duration::from_secs(120);
            while self.out.searches_done() < self.searches {
                assert!(Instant::now() < deadline, "no done within two minutes: {}", self.out.text());
                std::thread::sleep(Duration::from_millis(5));
            }
            let Some(line) = self.lines.pop_front() else { return Ok(0) };
            self.searches += usize::from(line.starts_with("go"));
            self.pending = format!("{line}\n").into_bytes();
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// The engine's lines in answer to `lines`, each search waited for.
fn converse(lines: &[String]) -> Vec<String> {
    let out = Shared::default();
    let script =
        Script { lines: lines.iter().cloned().collect(), pending: Vec::new(), out: out.clone(), searches: 0 };
    run(BufReader::new(script), out.clone(), &HubOptions::default()).unwrap();
    out.text().lines().map(str::to_owned).collect()
}

/// A search to depth 5 from the start of `variant` without the book, the
/// `eval` parameter set (before the variant, as an interface may) unless
/// `None`.
fn search_script(variant: &str, eval: Option<&str>) -> Vec<String> {
    let mut lines = vec!["hub".to_owned()];
    if let Some(eval) = eval {
        lines.push(format!("set-param name=eval value=\"{eval}\""));
    }
    lines.extend(
        [
            &format!("set-param name=variant value={variant}"),
            "set-param name=book value=false",
            "init",
            "level depth=5",
            "go think",
        ]
        .map(str::to_owned),
    );
    lines
}

/// What a search reported, the timing left out: its `info` lines without
/// `time=` and `nps=`, and its `done`.
fn search_report(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|line| line.starts_with("info") || line.starts_with("done"))
        .map(|line| {
            line.split(' ')
                .filter(|field| !field.starts_with("time=") && !field.starts_with("nps="))
                .collect()
        })
        .map(|fields: Vec<&str>| fields.join(" "))
        .collect()
}

/// The last `info` line's score and node count.
fn score_and_nodes(report: &[String]) -> (String, String) {
    let last = report.iter().rfind(|line| line.starts_with("info")).expect("an info line");
    let field =
        |name: &str| last.split(' ').find_map(|f| f.strip_prefix(name)).expect("the field").to_owned();
    (field("score="), field("nodes="))
}

fn errors(lines: &[String]) -> Vec<&String> {
    lines.iter().filter(|line| line.starts_with("error")).collect()
}

/// The move of the `done` line, checked legal from the start of `V`.
fn played_move<V: Variant>(lines: &[String]) -> String {
    let done = lines.iter().find(|line| line.starts_with("done")).expect("a done line");
    let text = done.split(' ').find_map(|f| f.strip_prefix("move=")).expect("a move").to_owned();
    let start = Draughts::<V>::start(Default::default());
    read_move(&start, &text).unwrap_or_else(|e| panic!("{done}: {e}"));
    text
}

/// A directory of its own under the system's temporary one, with a space
/// in its name as a path may have; removed when the test ends.
fn temp_dir(name: &str) -> ScratchDir {
    ScratchDir::new(&format!("hub {name}"))
}

/// An English network of made-up weights: not the shipped one, so it
/// searches otherwise.
fn write_english_network(dir: &Path) -> PathBuf {
    let mut state = 7;
    let params: Vec<f32> = (0..NETWORK_PARAMETERS)
        .map(|_| {
            let (next, value) = damero_core::splitmix64(state);
            state = next;
            ((value >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * 0.5
        })
        .collect();
    let path = dir.join("made up.den");
    std::fs::write(&path, Network::quantize("english", &params, 150.0).to_bytes()).unwrap();
    path
}

fn shipped_english_network() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../eval/weights/english.den")
}

/// A writer that is always closed.
struct Closed;

impl Write for Closed {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn the_loop_identifies_itself_answers_pings_and_reports_errors() {
    let out = Shared::default();
    let input = &b"hub\nping\nbogus x=\"\nset-param name=variant value=english\ninit\nquit\nping\n"[..];
    run(input, out.clone(), &HubOptions { version: "9.9".to_owned(), ..HubOptions::default() }).unwrap();
    let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "id name=damero version=9.9 author=\"the damero authors\"");
    assert!(lines.contains(&"wait") && lines.contains(&"ready"), "{text}");
    assert_eq!(lines.iter().filter(|l| **l == "pong").count(), 1, "nothing after quit: {text}");
    assert!(lines.contains(&"error message=\"missing closing quote\""), "{text}");
}

#[test]
fn a_closed_output_ends_the_loop_with_its_error() {
    let error = run(&b"hub\nping\n"[..], Closed, &HubOptions::default()).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe);
}

#[test]
fn the_line_parser_is_public() {
    assert_eq!(parse_line("ping"), Ok(Some(Request::Ping)));
    assert!(parse_line("pos pos=\"unclosed").is_err());
}

#[test]
fn eval_is_a_parameter() {
    let lines = converse(&["hub".to_owned()]);
    assert!(lines.contains(&"param name=eval value=\"\" type=string".to_owned()), "{lines:?}");
}

#[test]
fn eval_hand_searches_otherwise_than_the_default() {
    let default = converse(&search_script("english", None));
    let named_default = converse(&search_script("english", Some("default")));
    let hand = converse(&search_script("english", Some("hand")));
    for lines in [&default, &named_default, &hand] {
        assert!(errors(lines).is_empty(), "{lines:?}");
        played_move::<EnglishVariant>(lines);
    }
    // The search is deterministic: `default` is the default.
    assert_eq!(search_report(&default), search_report(&named_default));
    // Another evaluation, another tree (and here another move).
    let default = search_report(&default);
    let hand = search_report(&hand);
    assert_ne!(score_and_nodes(&default), score_and_nodes(&hand), "{default:?}\n{hand:?}");
}

#[test]
fn a_changed_eval_rebuilds_the_engine() {
    let hand = search_report(&converse(&search_script("english", Some("hand"))));
    let mut script = search_script("english", None);
    script.extend(["set-param name=eval value=hand", "level depth=5", "go think"].map(str::to_owned));
    let lines = converse(&script);
    let report = search_report(&lines);
    let second = report.iter().position(|line| line.starts_with("done")).unwrap() + 1;
    assert_ne!(report[..second], report[second..], "{lines:?}");
    assert_eq!(report[second..], hand[..], "{lines:?}");
}

#[test]
fn a_network_file_for_the_rule_set_is_used() {
    let dir = temp_dir("network");
    let path = write_english_network(&dir);
    let lines = converse(&search_script("english", Some(path.to_str().unwrap())));
    assert!(errors(&lines).is_empty(), "{lines:?}");
    played_move::<EnglishVariant>(&lines);
    let report = search_report(&lines);
    assert_ne!(report, search_report(&converse(&search_script("english", None))));
    assert_ne!(report, search_report(&converse(&search_script("english", Some("hand")))));
    // The shipped network, read from its file, is the one `network` names.
    let shipped = converse(&search_script("english", Some(shipped_english_network().to_str().unwrap())));
    assert!(errors(&shipped).is_empty(), "{shipped:?}");
    assert_eq!(search_report(&shipped), search_report(&converse(&search_script("english", Some("network")))));
}

/// One `error` line naming `eval` and saying `why`, before `ready`; then
/// the engine plays, with the default evaluator.
fn check_refused<V: Variant>(variant: &str, eval: &str, why: &str) {
    let lines = converse(&search_script(variant, Some(eval)));
    let errors = errors(&lines);
    assert_eq!(errors.len(), 1, "{lines:?}");
    assert!(errors[0].starts_with("error message=\"eval: ") && errors[0].contains(why), "{}", errors[0]);
    let at = |line: &String| lines.iter().position(|l| l == line).unwrap();
    assert!(at(errors[0]) < at(&"ready".to_owned()), "{lines:?}");
    played_move::<V>(&lines);
    assert_eq!(search_report(&lines), search_report(&converse(&search_script(variant, None))));
}

#[test]
fn an_eval_file_that_is_not_there_is_an_error() {
    check_refused::<EnglishVariant>("english", "/nonexistent/net.den", "/nonexistent/net.den");
}

#[test]
fn an_unknown_eval_name_is_an_error() {
    check_refused::<EnglishVariant>("english", "neural", "'neural'");
}

#[test]
fn a_network_of_another_rule_set_is_an_error() {
    let shipped = shipped_english_network();
    check_refused::<RussianVariant>("russian", shipped.to_str().unwrap(), "fitted for english");
}
