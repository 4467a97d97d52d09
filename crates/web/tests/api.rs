//! The HTTP API over loopback, against a server started in-process on a
//! free port: pages, errors, the Host check, and games played through it.

mod common;

use common::{get, post, request, server, session};
use serde_json::Value;

fn error_line(reply: &common::Reply) -> String {
    assert!(
        reply.header("content-type").is_some_and(|c| c.starts_with("application/json")),
        "{:?}",
        reply.headers
    );
    assert_eq!(reply.body.trim_end().lines().count(), 1, "one line: {}", reply.body);
    reply.json()["error"].as_str().expect("an error message").to_owned()
}

#[test]
fn the_page_and_its_assets_are_served() {
    let server = server();
    let page = get(server.addr(), "/");
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").unwrap().starts_with("text/html"));
    assert!(page.body.contains("<title>damero</title>") && page.body.contains("/assets/app.js"));
    for asset in ["app.js", "board.js", "style.css", "favicon.svg"] {
        let reply = get(server.addr(), &format!("/assets/{asset}"));
        assert_eq!(reply.status, 200, "{asset}");
    }
    let missing = get(server.addr(), "/no/such/page");
    assert_eq!(missing.status, 404);
    assert_eq!(error_line(&missing), "no such page");
    assert_eq!(get(server.addr(), "/assets/secret.txt").status, 404);
    server.stop();
}

#[test]
fn a_foreign_host_header_is_refused() {
    let server = server();
    let addr = server.addr();
    for host in ["evil.example", "evil.example:80", &format!("evil.example:{}", addr.port()), "127.0.0.1:1"] {
        let reply = request(addr, "GET", "/", None, Some(host));
        assert_eq!(reply.status, 403, "{host}");
        assert!(error_line(&reply).contains("is not this server"));
        let api = request(addr, "POST", "/api/session", Some("{}"), Some(host));
        assert_eq!(api.status, 403, "{host}");
    }
    for host in [
        format!("localhost:{}", addr.port()),
        format!("127.0.0.1:{}", addr.port()),
        format!("[::1]:{}", addr.port()),
    ] {
        assert_eq!(request(addr, "GET", "/", None, Some(&host)).status, 200, "{host}");
    }
    server.stop();
}

#[test]
fn bad_requests_get_a_4xx_and_one_line_of_json() {
    let server = server();
    let addr = server.addr();
    let bad = |method: &str, path: &str, body: Option<&str>, status: u16| {
        let reply = request(addr, method, path, body, None);
        assert_eq!(reply.status, status, "{method} {path} {body:?}: {}", reply.body);
        error_line(&reply)
    };
    assert!(bad("POST", "/api/session", Some("{\"game\":\"chess\"}"), 400).contains("unknown game 'chess'"));
    assert!(bad("POST", "/api/session", Some("not json"), 400).contains("not JSON"));
    assert!(bad("POST", "/api/session", Some("[1,2]"), 400).contains("JSON object"));
    assert!(
        bad("POST", "/api/session", Some("{\"rules\":[\"nope=1\"]}"), 400).contains("unknown rule option")
    );
    assert!(bad("POST", "/api/session", Some("{\"level\":11}"), 400).contains("level 11"));
    assert!(bad("POST", "/api/session", Some("{\"fen\":\"xyz\"}"), 400).len() > 3);
    bad("GET", "/api/session/nope", None, 404);
    bad("POST", "/api/session/nope/move", Some("{}"), 404);
    bad("DELETE", "/", None, 405);
    let huge = format!("{{\"pdn\":\"{}\"}}", "x".repeat(2 << 20));
    bad("POST", "/api/session", Some(&huge), 413);

    let (id, _) = session(addr, r#"{"game":"russian","engine":"none"}"#);
    let path = |command: &str| format!("/api/session/{id}/{command}");
    assert!(bad("POST", &path("move"), Some("{}"), 400).contains("'move'"));
    assert!(bad("POST", &path("move"), Some(r#"{"move":"a1-h8"}"#), 400).contains("illegal move"));
    assert!(bad("POST", &path("move"), Some(r#"{"move":"zz"}"#), 400).len() > 3);
    let long = format!(r#"{{"move":"{}"}}"#, "c3-d4".repeat(100));
    bad("POST", &path("move"), Some(&long), 413);
    assert!(bad("POST", &path("undo"), Some("{}"), 409).contains("no move"));
    bad("POST", &path("frobnicate"), Some("{}"), 404);
    bad("POST", &path("level"), Some(r#"{"level":-2}"#), 400);
    bad("POST", &path("level"), Some(r#"{"level":"high"}"#), 400);
    bad("POST", &path("goto"), Some(r#"{"node":99}"#), 400);
    bad("POST", &path("fen"), Some(r#"{"fen":"w:Wz9"}"#), 400);
    bad("POST", &path("pdn"), Some(r#"{"pdn":"1. a1-h8 *"}"#), 400);
    bad("POST", &path("players"), Some(r#"{"white":"robot"}"#), 400);
    bad("POST", &path("clock"), Some(r#"{"base":-5}"#), 400);
    // The session still plays after all that.
    let reply = post(addr, &path("move"), r#"{"move":"c3-d4"}"#);
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.json()["side"], "black");
    server.stop();
}

/// Plays the first legal move for the human until the game ends (or
/// `max` moves), the engine answering at level 1; gives the last state.
fn play_out(addr: std::net::SocketAddr, id: &str, max: usize) -> Value {
    let mut state = get(addr, &format!("/api/session/{id}")).json();
    for _ in 0..max {
        if !state["outcome"].is_null() {
            break;
        }
        let legal = state["legal"].as_array().expect("legal moves");
        let text = legal[legal.len() / 2]["text"].as_str().unwrap().to_owned();
        let body = serde_json::json!({ "move": text, "wait": true }).to_string();
        let reply = post(addr, &format!("/api/session/{id}/move"), &body);
        assert_eq!(reply.status, 200, "{text}: {}", reply.body);
        state = reply.json();
        assert!(
            state["thinking"].is_null() || state["outcome"].is_object() || state["thinking"] == "analysis"
        );
    }
    state
}

#[test]
fn a_russian_game_is_played_to_its_end_against_level_one() {
    let server = server();
    let addr = server.addr();
    let (id, first) = session(addr, r#"{"game":"russian","level":1,"engine":"black"}"#);
    assert_eq!(first["side"], "white");
    assert_eq!(first["legal"].as_array().unwrap().len(), 7);
    assert_eq!(first["board"]["places"].as_array().unwrap().len(), 64);
    let state = play_out(addr, &id, 300);
    let outcome = &state["outcome"];
    assert!(outcome.is_object(), "the game ended: {state}");
    let plies = state["line"].as_array().unwrap().len() - 1;
    assert!(plies > 10);

    // Export, then import into a new session: the same game comes back.
    let pdn =
        post(addr, &format!("/api/session/{id}/export"), "{}").json()["pdn"].as_str().unwrap().to_owned();
    assert!(pdn.contains("[GameType \"25\"]") && pdn.contains(outcome["result"].as_str().unwrap()));
    let (other, _) = session(addr, r#"{"game":"russian","engine":"none"}"#);
    let body = serde_json::json!({ "pdn": pdn }).to_string();
    let imported = post(addr, &format!("/api/session/{other}/pdn"), &body).json();
    assert_eq!(imported["fen"], state["fen"]);
    assert_eq!(imported["line"].as_array().unwrap().len(), plies + 1);
    server.stop();
}

#[test]
fn take_back_branches_levels_and_hints() {
    let server = server();
    let addr = server.addr();
    let (id, _) = session(addr, r#"{"game":"russian","level":0,"engine":"black"}"#);
    let path = |command: &str| format!("/api/session/{id}/{command}");
    let state = post(addr, &path("move"), r#"{"move":"c3-d4","wait":true}"#).json();
    assert_eq!(state["side"], "white", "the engine answered");
    assert_eq!(state["line"].as_array().unwrap().len(), 3);
    // Take back both moves, play another first move: two lines from the root.
    let back = post(addr, &path("undo"), "{}").json();
    assert_eq!(back["current"], 0);
    let level = post(addr, &path("level"), r#"{"level":2}"#).json();
    assert_eq!(level["level"], 2);
    let state = post(addr, &path("move"), r#"{"move":"g3-h4","wait":true}"#).json();
    assert_eq!(state["nodes"][0]["children"].as_array().unwrap().len(), 2);
    // A hint for White.
    post(addr, &path("hint"), "{}");
    let mut hint = Value::Null;
    for _ in 0..400 {
        let state = get(addr, &format!("/api/session/{id}")).json();
        if !state["hint"].is_null() {
            hint = state["hint"].clone();
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let legal: Vec<&str> =
        state["legal"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert!(legal.contains(&hint.as_str().expect("a hint came")), "{hint} in {legal:?}");
    // Navigation: back to the root and forward along the line.
    let root = post(addr, &path("goto"), r#"{"node":0}"#).json();
    assert_eq!(root["paused"], true);
    assert_eq!(root["line"].as_array().unwrap().len(), 3, "the line goes on past the current node");
    // The session can be closed, and is gone then.
    assert_eq!(request(addr, "DELETE", &format!("/api/session/{id}"), None, None).status, 200);
    assert_eq!(get(addr, &format!("/api/session/{id}")).status, 404);
    server.stop();
}

#[test]
fn every_game_starts_and_plays_a_few_moves() {
    let server = server();
    let addr = server.addr();
    let games = get(addr, "/api/games").json();
    let ids: Vec<String> =
        games["games"].as_array().unwrap().iter().map(|g| g["id"].as_str().unwrap().to_owned()).collect();
    assert_eq!(ids, ["russian", "zisnella", "spanish", "english", "eliminar", "tumbling-down", "cross"]);
    for id in &ids {
        let (session_id, first) = session(addr, &format!(r#"{{"game":"{id}","level":-1,"engine":"none"}}"#));
        let mut state = first;
        for _ in 0..6 {
            if state["outcome"].is_object() {
                break;
            }
            let m = &state["legal"][0];
            assert!(m["path"].is_array(), "{id}: {m}");
            let body = serde_json::json!({ "move": m["text"] }).to_string();
            let reply = post(addr, &format!("/api/session/{session_id}/move"), &body);
            assert_eq!(reply.status, 200, "{id}: {}", reply.body);
            state = reply.json();
            assert!(state["last"]["path"].is_array());
        }
        let export = post(addr, &format!("/api/session/{session_id}/export"), "{}").json();
        assert!(export["pdn"].as_str().unwrap().contains("[Result"), "{id}");
    }
    // Cross has its 49 vertices on the board; Tumbling Down its stacks.
    let (_, cross) = session(addr, r#"{"game":"cross","engine":"none"}"#);
    assert_eq!(cross["board"]["places"].as_array().unwrap().len(), 64 + 49);
    let (_, td) = session(addr, r#"{"game":"tumbling-down","engine":"none"}"#);
    let tall =
        td["board"]["places"].as_array().unwrap().iter().map(|p| p["pieces"].as_array().unwrap().len()).max();
    assert!(tall > Some(1), "stacks are drawn as stacks");
    // Rule options reach the game.
    let (_, eliminar) = session(addr, r#"{"game":"eliminar","rules":["setup=S3","seed=5"],"engine":"none"}"#);
    assert!(eliminar["fen"].is_string());
    server.stop();
}

#[test]
fn engine_against_engine_and_a_level_change_while_thinking() {
    let server = server();
    let addr = server.addr();
    let (id, _) = session(addr, r#"{"game":"cross","level":3,"engine":"both"}"#);
    // Change the level at once, while the first search runs.
    let reply = post(addr, &format!("/api/session/{id}/level"), r#"{"level":0}"#);
    assert_eq!(reply.status, 200);
    let mut plies = 0;
    for _ in 0..1500 {
        let state = get(addr, &format!("/api/session/{id}")).json();
        plies = state["line"].as_array().unwrap().len() - 1;
        if plies >= 6 || state["outcome"].is_object() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(plies >= 6, "the engines played {plies} plies");
    let stopped =
        post(addr, &format!("/api/session/{id}/players"), r#"{"white":"human","black":"human"}"#).json();
    assert_eq!(stopped["players"]["white"], "human");
    server.stop();
}

#[test]
fn analysis_streams_and_stops() {
    let server = server();
    let addr = server.addr();
    let (id, _) = session(addr, r#"{"game":"english","engine":"none"}"#);
    let on = post(addr, &format!("/api/session/{id}/analyse"), r#"{"on":true}"#).json();
    assert_eq!(on["thinking"], "analysis");
    let mut info = Value::Null;
    for _ in 0..300 {
        info = get(addr, &format!("/api/session/{id}")).json()["info"].clone();
        if info["depth"].as_u64().is_some_and(|d| d >= 4) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(info["depth"].as_u64().unwrap_or(0) >= 4, "{info}");
    assert!(!info["pv"].as_array().unwrap().is_empty());
    let off = post(addr, &format!("/api/session/{id}/stop"), "{}").json();
    assert_eq!(off["analysis"], false);
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(get(addr, &format!("/api/session/{id}")).json()["thinking"].is_null());
    server.stop();
}

#[test]
fn the_event_stream_starts_with_the_state() {
    use std::io::{BufRead, BufReader, Write};
    let server = server();
    let addr = server.addr();
    let (id, _) = session(addr, r#"{"game":"russian","engine":"none"}"#);
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
    write!(stream, "GET /api/session/{id}/events HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    let mut saw = false;
    for _ in 0..40 {
        line.clear();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            break;
        }
        if line.starts_with("data:") && line.contains("\"type\":\"state\"") {
            saw = true;
            break;
        }
    }
    assert!(saw, "an SSE state event");
    // The stream stays open; stopping the server does not wait for it.
    let started = std::time::Instant::now();
    server.stop();
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    drop(reader);
}

#[test]
fn clocks_run_and_a_closed_event_stream_stops_the_search() {
    use std::io::{BufRead, BufReader, Write};
    let server = server();
    let addr = server.addr();
    let (id, _) = session(addr, r#"{"game":"russian","engine":"none"}"#);
    let path = |command: &str| format!("/api/session/{id}/{command}");
    let clock = post(addr, &path("clock"), r#"{"base":60,"increment":1}"#).json();
    assert_eq!(clock["clock"]["white"], 60_000);
    assert!(clock["clock"]["running"].is_null());
    let running = post(addr, &path("go"), "{}").json();
    assert_eq!(running["clock"]["running"], "white");
    std::thread::sleep(std::time::Duration::from_millis(100));
    let moved = post(addr, &path("move"), r#"{"move":"c3-d4"}"#).json();
    let white = moved["clock"]["white"].as_u64().unwrap();
    assert!(white < 61_000 && white > 59_000, "white's time, its increment added: {white}");
    assert_eq!(moved["clock"]["running"], "black");

    // A tab listens, analysis runs; the tab goes away: the search stops.
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).unwrap();
    write!(stream, "GET /api/session/{id}/events HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    while reader.read_line(&mut line).unwrap_or(0) > 0 && !line.starts_with("data:") {
        line.clear();
    }
    let on = post(addr, &path("analyse"), r#"{"on":true}"#).json();
    assert_eq!(on["thinking"], "analysis");
    drop(reader);
    let mut stopped = false;
    for _ in 0..100 {
        std::thread::sleep(std::time::Duration::from_millis(50));
        let state = get(addr, &format!("/api/session/{id}")).json();
        if state["thinking"].is_null() {
            stopped = true;
            assert_eq!(state["analysis"], false);
            break;
        }
    }
    assert!(stopped, "the search stopped when its tab went away");
    server.stop();
}
