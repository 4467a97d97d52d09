//! A bounded load test over loopback: 100 sessions at once, each playing
//! 20 moves against level 1 (every request waits for the engine's reply).
//! No request may fail; the latency percentiles are printed. A benchmark,
//! not a timed test:
//!
//! ```text
//! cargo test --release -p damero-web --test load -- --ignored --nocapture
//! ```

mod common;

use std::time::{Duration, Instant};

use common::{get, post, server, session};

const SESSIONS: usize = 100;
const MOVES: usize = 20;

#[test]
#[ignore = "a benchmark: run it with --ignored --nocapture"]
fn a_hundred_sessions_play_twenty_moves_each() {
    let server = server();
    let addr = server.addr();
    let started = Instant::now();
    let workers: Vec<_> = (0..SESSIONS)
        .map(|i| {
            std::thread::spawn(move || -> Result<Vec<Duration>, String> {
                let game = if i % 2 == 0 { "russian" } else { "english" };
                let (id, _) = session(addr, &format!(r#"{{"game":"{game}","level":1,"engine":"black"}}"#));
                // English starts with Black: wait for the engine's first move.
                let mut state = post(addr, &format!("/api/session/{id}/state"), r#"{"wait":true}"#).json();
                let mut latencies = Vec::with_capacity(MOVES);
                for ply in 0..MOVES {
                    if state["outcome"].is_object() {
                        state = post(addr, &format!("/api/session/{id}/new"), r#"{"wait":true}"#).json();
                    }
                    let legal = state["legal"].as_array().ok_or("no legal moves")?;
                    let text = legal[(i + ply) % legal.len()]["text"].as_str().ok_or("no move text")?;
                    let body = serde_json::json!({ "move": text, "wait": true }).to_string();
                    let sent = Instant::now();
                    let reply = post(addr, &format!("/api/session/{id}/move"), &body);
                    latencies.push(sent.elapsed());
                    if reply.status != 200 {
                        return Err(format!(
                            "session {i} move {ply} ({text}): {} {}",
                            reply.status, reply.body
                        ));
                    }
                    state = reply.json();
                    if !state["thinking"].is_null() {
                        return Err(format!("session {i}: the engine had not moved"));
                    }
                }
                let last = get(addr, &format!("/api/session/{id}"));
                if last.status != 200 {
                    return Err(format!("session {i}: {}", last.body));
                }
                Ok(latencies)
            })
        })
        .collect();
    let mut all = Vec::new();
    let mut errors = Vec::new();
    for worker in workers {
        match worker.join() {
            Ok(Ok(latencies)) => all.extend(latencies),
            Ok(Err(error)) => errors.push(error),
            Err(_) => errors.push("a client thread panicked".to_owned()),
        }
    }
    let wall = started.elapsed();
    assert!(errors.is_empty(), "{} errors, the first: {}", errors.len(), errors[0]);
    all.sort();
    let at = |p: f64| all[((all.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1000.0;
    println!(
        "{SESSIONS} sessions x {MOVES} moves against level 1: {} requests, 0 errors, {:.1} s wall, {:.0} moves/s",
        all.len(),
        wall.as_secs_f64(),
        all.len() as f64 / wall.as_secs_f64()
    );
    println!(
        "latency of a move and the engine's reply (ms): p50 {:.1}  p90 {:.1}  p99 {:.1}  max {:.1}",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
    assert_eq!(all.len(), SESSIONS * MOVES);
    server.stop();
}
