#![no_main]
//! The web board's JSON API (`damero serve`) in process, through the
//! router `damero_web::service` builds, without a socket. Each line of the
//! input is one request: its first byte picks the route (below), the rest
//! is the body, sent as it is. Every answer is a 200 with a JSON body or a
//! 4xx with the one-line `{"error": ...}` body; never a panic, never a 5xx.
//!
//! Routes: `c` creates a session (the body is the game, rules, FEN, level
//! and engine); the session commands `m` move, `u` undo, `g` goto, `o` go,
//! `n` new, `l` level, `p` players, `h` hint, `a` analyse, `s` stop, `f`
//! FEN, `d` PDN, `e` export, `k` clock, `t` state go to the last session
//! created (one with no engine is created first when there is none); `x`
//! posts the body as a command name, `G` gets the state, `D` deletes the
//! session, `H` sends the body as the Host header, `L` lists the games. Any
//! other first byte picks a route by its value.
//!
//! Searches run as in the server, on threads of their own, on one search
//! thread and 1 MiB of hash; a body's `wait` (answer once the engine has
//! moved) is taken out, and the router's sessions close when it is dropped
//! at the end of the input, which stops their searches.
use std::sync::OnceLock;

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tower::ServiceExt;

/// The most requests one input sends.
const MAX_REQUESTS: usize = 32;

const COMMANDS: [(u8, &str); 15] = [
    (b'm', "move"),
    (b'u', "undo"),
    (b'g', "goto"),
    (b'o', "go"),
    (b'n', "new"),
    (b'l', "level"),
    (b'p', "players"),
    (b'h', "hint"),
    (b'a', "analyse"),
    (b's', "stop"),
    (b'f', "fen"),
    (b'd', "pdn"),
    (b'e', "export"),
    (b'k', "clock"),
    (b't', "state"),
];

/// Routes other than the session commands.
const OTHERS: &[u8] = b"cxGDHL";

fn runtime() -> &'static tokio::runtime::Runtime {
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread().enable_time().build().expect("a tokio runtime")
    })
}

/// `body` without a top-level `wait`, which would hold the answer until
/// the engine has moved; a body that is not a JSON object goes as it is.
fn without_wait(body: &[u8]) -> Vec<u8> {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(mut map)) if map.contains_key("wait") => {
            map.remove("wait");
            serde_json::to_vec(&Value::Object(map)).expect("a JSON value writes")
        }
        _ => body.to_vec(),
    }
}

/// `bytes` as one path segment, every byte but the unreserved ones escaped.
fn path_segment(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|&b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

struct Client {
    router: axum::Router,
    session: Option<String>,
}

impl Client {
    /// Sends one request; checks the answer's status and body, and gives
    /// the body as JSON when the status is 200.
    async fn send(&mut self, method: Method, path: &str, host: &[u8], body: Vec<u8>) -> Option<Value> {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .header("host", host)
            .header("content-type", "application/json")
            .body(Body::from(body))
            .ok()?;
        let response = self.router.clone().oneshot(request).await.expect("the router is infallible");
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 64 << 20).await.expect("a body in memory");
        assert!(status == StatusCode::OK || status.is_client_error(), "{status} for {path}");
        let text = std::str::from_utf8(&bytes).expect("a UTF-8 body");
        let value: Value =
            serde_json::from_str(text).unwrap_or_else(|e| panic!("{status} {path}: not JSON ({e}): {text}"));
        if status == StatusCode::OK {
            return Some(value);
        }
        let message =
            value.get("error").and_then(Value::as_str).unwrap_or_else(|| panic!("{status}: {text}"));
        assert!(!message.is_empty() && !message.contains('\n'), "{status}: {text}");
        assert_eq!(text.trim_end_matches('\n').lines().count(), 1, "{status}: {text}");
        None
    }

    /// The session the commands go to: the last one created, or a new one.
    async fn session(&mut self) -> String {
        if self.session.is_none() {
            self.create(br#"{"engine":"none"}"#.to_vec()).await;
        }
        self.session.clone().unwrap_or_else(|| "none".to_owned())
    }

    async fn create(&mut self, body: Vec<u8>) {
        let answer = self.send(Method::POST, "/api/session", b"localhost", body).await;
        if let Some(answer) = answer {
            let id = answer.get("id").and_then(Value::as_str).expect("a new session has an id");
            assert!(answer.get("state").and_then(|s| s.get("fen")).is_some_and(Value::is_string), "{answer}");
            self.session = Some(id.to_owned());
        }
    }

    async fn request(&mut self, route: u8, body: &[u8]) {
        let routes = COMMANDS.len() + OTHERS.len();
        let route = if COMMANDS.iter().any(|&(c, _)| c == route) || OTHERS.contains(&route) {
            route
        } else {
            match usize::from(route) % routes {
                i if i < COMMANDS.len() => COMMANDS[i].0,
                i => OTHERS[i - COMMANDS.len()],
            }
        };
        let body = without_wait(body);
        if let Some(&(_, command)) = COMMANDS.iter().find(|&&(c, _)| c == route) {
            let id = self.session().await;
            let path = format!("/api/session/{id}/{command}");
            if let Some(answer) = self.send(Method::POST, &path, b"localhost", body).await {
                let state_or_export = answer.get("fen").is_some() || answer.get("pdn").is_some();
                assert!(state_or_export, "{command}: {answer}");
            }
            return;
        }
        match route {
            b'c' => self.create(body).await,
            b'x' => {
                let id = self.session().await;
                let path = format!("/api/session/{id}/{}", path_segment(&body));
                self.send(Method::POST, &path, b"localhost", b"{}".to_vec()).await;
            }
            b'G' => {
                let id = self.session().await;
                self.send(Method::GET, &format!("/api/session/{id}"), b"localhost", Vec::new()).await;
            }
            b'D' => {
                let id = self.session().await;
                self.send(Method::DELETE, &format!("/api/session/{id}"), b"localhost", Vec::new()).await;
                self.session = None;
            }
            b'H' => {
                self.send(Method::GET, "/api/games", &body, Vec::new()).await;
            }
            _ => {
                let games = self.send(Method::GET, "/api/games", b"localhost", Vec::new()).await;
                assert!(games.is_some_and(|g| g["games"].is_array()), "the games are listed");
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let config = damero_web::Config { search_threads: 1, hash_mib: 1, seed: Some(7), ..Default::default() };
    let mut client = Client { router: damero_web::service(config), session: None };
    runtime().block_on(async {
        for line in data.split(|&b| b == b'\n').take(MAX_REQUESTS) {
            let Some((&route, body)) = line.split_first() else { continue };
            client.request(route, body).await;
        }
    });
});
