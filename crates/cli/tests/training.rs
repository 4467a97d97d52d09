//! `damero selfplay`, `damero tune`, `damero tune-network` and `eval=` in
//! engine specs: the training loop of the draughts evaluation, end to end
//! on tiny data.

use std::path::Path;
use std::process::{Command, Output};

use damero_core::testkit::ScratchDir;

fn damero(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_damero")).args(args).output().expect("run damero")
}

fn selfplay(out: &Path, extra: &[&str]) -> String {
    let mut args = vec!["selfplay", "russian", "--games", "6", "--nodes", "200", "--seed", "4", "--quiet"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--out", out.to_str().unwrap()]);
    let output = damero(&args);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    std::fs::read_to_string(out).unwrap()
}

/// The sample lines without the `#` header (which names the shard).
fn samples(text: &str) -> Vec<String> {
    text.lines().filter(|l| !l.starts_with('#')).map(str::to_owned).collect()
}

#[test]
fn selfplay_is_reproducible_and_shards_concatenate() {
    let dir = ScratchDir::new("training-selfplay");
    let whole = dir.join("whole.txt");
    let first = selfplay(&whole, &[]);
    let again = selfplay(&whole, &["--threads", "2"]);
    assert_eq!(first, again, "the same seed must give the same file whatever the threads");
    let lines = samples(&first);
    assert!(lines.len() > 20, "{} samples", lines.len());
    for line in &lines {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 3, "{line}");
        assert!(fields[1].parse::<i32>().is_ok(), "{line}");
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&fields[2]), "{line}");
    }
    let mut shards = Vec::new();
    for shard in ["0/3", "1/3", "2/3"] {
        let path = dir.join(format!("shard-{}.txt", &shard[..1]));
        shards.extend(samples(&selfplay(&path, &["--shard", shard])));
    }
    assert_eq!(shards, lines);
}

/// A Russian search at `depth` with `eval=FILE` plays a move; English
/// refuses the file (fitted for another rule set).
fn engine_specs_load_it_for_russian_only(file: &Path, depth: u32) {
    let spec = format!("alphabeta:depth={depth},eval={}", file.display());
    let output = damero(&["bestmove", "russian", "--engine", &spec]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stdout).contains("bestmove "));
    let output = damero(&["bestmove", "english", "--engine", &spec]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("fitted for russian"));
}

#[test]
fn tune_writes_weights_that_an_engine_spec_loads() {
    let dir = ScratchDir::new("training-tune");
    let data = dir.join("tune-data.txt");
    selfplay(&data, &[]);
    let weights = dir.join("tune.dew");
    let output = damero(&[
        "tune",
        "russian",
        "--data",
        data.to_str().unwrap(),
        "--out",
        weights.to_str().unwrap(),
        "--iterations",
        "50",
    ]);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(text.contains("held-out loss"), "{text}");
    engine_specs_load_it_for_russian_only(&weights, 2);
    // A start that is not Russian pattern weights is refused, naming the
    // file and why: English weights, and the shipped network.
    let start_from = |start: &str| {
        let args = ["tune", "english", "--data", data.to_str().unwrap(), "--out", "/nonexistent/x.dew"];
        let output = damero(&[&args[..], &["--start", start]].concat());
        assert_eq!(output.status.code(), Some(2));
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    let error = start_from(weights.to_str().unwrap());
    assert!(
        error.contains(&format!("--start {}: fitted for russian, not english", weights.display())),
        "{error}"
    );
    let shipped = concat!(env!("CARGO_MANIFEST_DIR"), "/../eval/weights/english.den");
    let error = start_from(shipped);
    assert!(error.contains("not a damero weights file (--start takes pattern weights)"), "{error}");
}

#[test]
fn tune_network_writes_a_network_that_an_engine_spec_loads() {
    let dir = ScratchDir::new("training-network");
    let data = dir.join("network-data.txt");
    selfplay(&data, &[]);
    let network = dir.join("network.den");
    let run = || {
        damero(&[
            "tune-network",
            "russian",
            "--data",
            data.to_str().unwrap(),
            "--out",
            network.to_str().unwrap(),
            "--epochs",
            "2",
            "--batch",
            "64",
        ])
    };
    let output = run();
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(text.contains("held-out loss") && text.contains("the shipped patterns"), "{text}");
    let first = std::fs::read(&network).unwrap();
    assert!(run().status.success());
    assert_eq!(std::fs::read(&network).unwrap(), first, "the same data and seed must give the same network");
    engine_specs_load_it_for_russian_only(&network, 3);
    for (flag, value) in [("--epochs", "0"), ("--batch", "0"), ("--learning-rate", "0"), ("--lambda", "2")] {
        let output = damero(&[
            "tune-network",
            "russian",
            "--data",
            data.to_str().unwrap(),
            "--out",
            "/tmp/never",
            flag,
            value,
        ]);
        assert_eq!(output.status.code(), Some(2), "{flag} {value}");
        assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    }
    let output = damero(&["tune-network", "cross", "--data", "x", "--out", "y"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("tune-network fits the draughts evaluation"));
}

#[test]
fn bad_training_input_is_a_clear_error() {
    let dir = ScratchDir::new("training-bad");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "W:Wa1:Bh8\tnot-a-number\t1-0\n").unwrap();
    let out = dir.join("never.dew");
    let output =
        damero(&["tune", "russian", "--data", bad.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains(":1: bad score"), "{err}");
    assert!(!out.exists());
    let output = damero(&["tune", "russian", "--data", "x", "--out", "y", "--l2-deviation", "-1"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--l2-deviation not negative"));
    for args in [
        &["tune", "cross", "--data", "x", "--out", "y"][..],
        &["selfplay", "russian", "--shard", "3/3", "--out", "/tmp/x"],
        &["selfplay", "russian", "--opening-plies", "5..2", "--out", "/tmp/x"],
        &["bestmove", "russian", "--engine", "alphabeta:depth=2,eval=nosuch"],
        &[
            "match",
            "russian",
            "--white",
            "alphabeta:depth=1,eval=hand",
            "--black",
            "alphabeta:depth=1,eval=x",
        ],
    ] {
        let output = damero(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
