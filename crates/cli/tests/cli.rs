//! The CLI contract of DESIGN.md, checked by running the `damero` binary.

use std::process::{Command, Output};

use damero_core::testkit::ScratchDir;

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
    // The help text lists the same ids (both come from the registry).
    let help = stdout(&damero(&["--help"]));
    let listed = help.lines().skip_while(|l| !l.starts_with("Games")).nth(1).unwrap_or_default();
    assert_eq!(listed.trim(), stdout(&out).lines().collect::<Vec<_>>().join(", "), "{help}");
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
fn hashed_perft_counts_exactly_and_refuses_a_table_of_no_size() {
    let out = damero(&["perft", "russian", "6", "--hash", "1", "--threads", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "total 37986\n");
    assert!(stderr(&out).contains("1 MiB table"), "{}", stderr(&out));
    let out = damero(&["perft", "russian", "3", "--hash", "1", "--divide"]);
    assert_eq!(stdout(&out).lines().last(), Some("total 302"));
    assert_user_error(&["perft", "russian", "6", "--hash", "0"], "--hash must be between 1 and");
    // More than the machine can hold: refused before any allocation.
    assert_user_error(&["perft", "russian", "6", "--hash", "1000000000000"], "--hash must be between 1 and");
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

fn legal_moves(game: &str, fen_or_moves: &[&str]) -> Vec<String> {
    let mut args = vec!["moves", game];
    args.extend_from_slice(fen_or_moves);
    stdout(&damero(&args)).lines().map(str::to_owned).collect()
}

#[test]
fn bestmove_prints_info_lines_then_a_legal_move() {
    for (game, engine) in
        [("russian", "alphabeta"), ("english", "mcts"), ("cross", "alphabeta"), ("eliminar", "mcts")]
    {
        let out = damero(&["bestmove", game, "--engine", engine, "--nodes", "3000"]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        let last = lines.last().expect("some output");
        let mv = last.strip_prefix("bestmove ").expect("last line is bestmove");
        assert!(legal_moves(game, &[]).iter().any(|m| m == mv), "{game}: {mv} is not legal");
        for info in &lines[..lines.len() - 1] {
            assert!(info.starts_with("info depth="), "{info}");
            for key in ["score=", "nodes=", "nps=", "pv="] {
                assert!(info.contains(key), "{info} lacks {key}");
            }
        }
    }
    let out = damero(&[
        "bestmove",
        "russian",
        "--engine",
        "alphabeta:book=false",
        "--depth",
        "3",
        "--threads",
        "2",
    ]);
    assert!(stdout(&out).lines().filter(|l| l.starts_with("info depth=")).count() >= 3);
}

#[test]
fn bestmove_plays_from_the_opening_book_unless_told_not_to() {
    // In the book: an answer at once, no search.
    let out = damero(&["bestmove", "english", "--depth", "12"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    let mv = text.trim().strip_prefix("bestmove ").expect("bestmove");
    assert!(legal_moves("english", &[]).iter().any(|m| m == mv), "{mv}");
    let out = damero(&["bestmove", "english", "--engine", "alphabeta:book=false", "--depth", "2"]);
    assert!(stdout(&out).starts_with("info depth=1 "), "{}", stdout(&out));
}

#[test]
fn bestmove_on_a_finished_game_says_none() {
    let out = damero(&["bestmove", "russian", "--fen", "W:Wa1:Bb2,c3", "--depth", "2"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).lines().last(), Some("bestmove (none)"));
    assert!(stderr(&out).contains("0-1"));
}

#[test]
fn play_answers_illegal_input_with_the_legal_moves() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
        .args(["play", "russian", "--level", "1", "--engine-seed", "5"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn");
    child.stdin.take().expect("stdin").write_all(b"c3-c4\nc3-d4\nquit\n").expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("legal moves: a3-b4 c3-b4 c3-d4"), "{text}");
    assert!(text.contains("damero plays "), "{text}");
    assert!(text.contains("|"), "the board is drawn: {text}");
    assert_user_error(&["play", "russian", "--level", "11"], "level 11");
    assert_user_error(&["play", "russian", "--as", "red"], "--as");
}

/// Saved games with their `Date` tags blanked: two runs either side of
/// midnight UTC date the same games differently.
fn without_dates(games: &str) -> String {
    let lines: Vec<&str> =
        games.lines().map(|line| if line.starts_with("[Date \"") { "[Date \"?\"]" } else { line }).collect();
    lines.join("\n")
}

#[test]
fn match_prints_a_table_and_saves_the_games() {
    let dir = ScratchDir::new("cli-match");
    let pdn = dir.join("games.pdn");
    let out = damero(&[
        "match",
        "russian",
        "--white",
        "alphabeta:depth=3",
        "--black",
        "random",
        "--games",
        "4",
        "--threads",
        "2",
        "--quiet",
        "--out",
        pdn.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Elo difference"), "{text}");
    let pairs = text.lines().find(|l| l.starts_with("pairs (alphabeta:depth=3's two results")).expect(&text);
    let counts: Vec<u32> =
        pairs.split(", ").map(|part| part.rsplit(' ').next().unwrap().parse().unwrap()).collect();
    assert_eq!(counts.len(), 6, "{pairs}");
    assert_eq!(counts.iter().sum::<u32>(), 2, "four games are two pairs: {pairs}");
    assert!(text.contains("Elo difference by pairs"), "{text}");
    let table: Vec<&str> =
        text.lines().filter(|l| l.starts_with("alphabeta") || l.starts_with("random")).collect();
    assert_eq!(table.len(), 2, "{text}");
    let games = std::fs::read_to_string(&pdn).unwrap();
    assert_eq!(games.matches("[Event \"damero match\"]").count(), 4);
    assert!(games.contains("[GameType \"25\"]"));
    // Other games are saved as tagged move lists.
    let txt = dir.join("games.txt");
    let out = damero(&[
        "match",
        "eliminar",
        "--white",
        "random",
        "--black",
        "mcts:playouts=200",
        "--games",
        "2",
        "--quiet",
        "--out",
        txt.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read_to_string(&txt).unwrap().contains("[Game \"eliminar\"]"));
    // The same --seed gives the same games (engines limited by depth).
    let run = |name: &str| {
        let path = dir.join(name);
        let out = damero(&[
            "match",
            "english",
            "--white",
            "alphabeta:depth=2",
            "--black",
            "random:seed=4",
            "--games",
            "2",
            "--seed",
            "7",
            "--quiet",
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let games = std::fs::read_to_string(path).unwrap();
        assert_eq!(games.matches("[Date \"").count(), 2, "{games}");
        without_dates(&games)
    };
    assert_eq!(run("a.pdn"), run("b.pdn"));
    assert_user_error(&["match", "russian", "--white", "alphabeta:depht=3", "--black", "random"], "depht");
}

#[test]
fn match_plays_listed_openings_in_turn() {
    let dir = ScratchDir::new("cli-openings");
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, "# two openings\nc3-d4 f6-g5\n\ne3-f4 b6-a5 # a comment\n").unwrap();
    let pdn = dir.join("games.pdn");
    let args = |games: &str| {
        damero(&[
            "match",
            "russian",
            "--white",
            "alphabeta:depth=2",
            "--black",
            "random:seed=3",
            "--games",
            games,
            "--openings",
            openings.to_str().unwrap(),
            "--quiet",
            "--out",
            pdn.to_str().unwrap(),
        ])
    };
    let out = args("6");
    assert!(out.status.success(), "{}", stderr(&out));
    let games = std::fs::read_to_string(&pdn).unwrap();
    let starts: Vec<&str> = games
        .split("[Event ")
        .skip(1)
        .map(|game| {
            if game.contains("1. c3-d4 f6-g5") {
                "c3-d4"
            } else if game.contains("1. e3-f4 b6-a5") {
                "e3-f4"
            } else {
                "?"
            }
        })
        .collect();
    // Pairs in order, cycling: games 1-2 on line 1, 3-4 on line 2, 5-6 on line 1.
    let mut sorted = starts.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["c3-d4", "c3-d4", "c3-d4", "c3-d4", "e3-f4", "e3-f4"], "{games}");
    // Bad openings are refused before a game, naming the line.
    std::fs::write(&openings, "c3-d4\nc3-d4 f6-g5 z9-z8\n").unwrap();
    let out = args("2");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
    std::fs::write(&openings, "# nothing\n").unwrap();
    assert_eq!(args("2").status.code(), Some(2));
    // --openings replaces the random plies: giving both is an error.
    let out = damero(&[
        "match",
        "russian",
        "--white",
        "random",
        "--black",
        "random",
        "--openings",
        "x.txt",
        "--opening-plies",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn match_to_a_missing_directory_fails_before_the_first_game() {
    let missing = std::env::temp_dir().join(format!("damero-missing-{}", std::process::id())).join("x.pdn");
    let args = [
        "match",
        "russian",
        "--white",
        "alphabeta:depth=3",
        "--black",
        "random",
        "--games",
        "2",
        "--quiet",
        "--out",
        missing.to_str().unwrap(),
    ];
    assert_user_error(&args, "cannot write");
    // No game was played: no table, no Elo line.
    assert_eq!(stdout(&damero(&args)), "");
}

#[test]
fn a_huge_match_starts_at_once_and_keeps_its_games_when_interrupted() {
    // 4294967295 games are scheduled lazily, and each game is in the file as
    // soon as it is over: so games appear while the match runs, and killing
    // it leaves them whole.
    let dir = ScratchDir::new("cli-huge");
    let pdn = dir.join("games.pdn");
    let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
        .args(["match", "russian", "--white", "random", "--black", "random:seed=3", "--quiet"])
        .args(["--games", "4294967295", "--out", pdn.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run damero");
    let games = |text: &str| text.matches("[Event \"damero match\"]").count();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let text = loop {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the match ended ({status}) before writing games");
        }
        let text = std::fs::read_to_string(&pdn).unwrap_or_default();
        if games(&text) >= 3 {
            break text;
        }
        assert!(std::time::Instant::now() < deadline, "no games written while the match runs: {text:?}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    child.kill().unwrap();
    child.wait().unwrap();
    let after = std::fs::read_to_string(&pdn).unwrap();
    assert!(after.starts_with(&text), "the games written stay");
    // Every game in the file is complete: tags, moves and the result.
    for game in after.split("[Event ").skip(1).take(games(&text)) {
        let result = game.lines().find_map(|l| l.strip_prefix("[Result \"")).expect("a result tag");
        let result = result.trim_end_matches("\"]");
        assert!(game.trim_end().ends_with(result), "{game}");
    }
}

/// The node count of `damero bench` is a regression signature: it changes
/// only when a move generator, an evaluator or the search changes. Update it
/// deliberately, saying why in the commit.
const BENCH_SIGNATURE: u64 = 389_180;

#[test]
fn bench_signature_is_pinned() {
    let out = damero(&["bench"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let nodes: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("nodes "))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no nodes line in {text}"));
    assert_eq!(nodes, BENCH_SIGNATURE);
    assert!(text.lines().any(|l| l.starts_with("nps ")), "{text}");
    // One line per game on stderr.
    assert_eq!(stderr(&out).lines().count(), 7, "{}", stderr(&out));
}

#[test]
fn bench_movetime_reports_each_games_depth_and_keeps_the_signature() {
    let out = damero(&["bench", "--movetime", "30"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.lines().any(|l| l == format!("nodes {BENCH_SIGNATURE}")), "{text}");
    let depths: Vec<_> = text.lines().filter_map(|l| l.strip_prefix("depth ")).collect();
    assert_eq!(depths.len(), 7, "{text}");
    for line in depths {
        // "english 12 in 30 ms (123456 nodes)"
        let words: Vec<_> = line.split_whitespace().collect();
        let depth: u32 = words[1].parse().unwrap_or_else(|_| panic!("{line}"));
        assert!(depth >= 1, "{line}");
        assert_eq!((words[2], words[4]), ("in", "ms"), "{line}");
    }
    assert!(text.contains("depth english "), "{text}");
}
