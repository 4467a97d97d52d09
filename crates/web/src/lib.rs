//! # damero-web
//!
//! The web board behind `damero serve`: an HTTP server (axum on tokio) with
//! the page and its assets embedded, where each browser tab plays its own
//! game of any damero game against the engine, or analyses it.
//!
//! - [`Config`] says where to listen and how much the searches may take;
//!   [`Server::start`] binds (port 0: any free port) and serves on a thread
//!   of its own, [`Server::url`] is the address to open.
//!   [`service`] is the same routes without a socket, to call in process.
//! - The JSON API (`/api/...`, see `docs/web.md`) creates sessions, plays
//!   moves, takes back, sets levels and players, asks hints, analyses,
//!   reads and writes positions (FEN) and records (PDN, and the same tagged
//!   layout for the other games); `/api/session/{id}/events` streams the
//!   state and the search's progress as server-sent events.
//! - Searches run on threads of their own, off the request threads, within
//!   a server-wide cap on search threads and hash memory ([`pool::Pool`]);
//!   a tab that goes away stops its search, idle sessions expire.
//! - Safe by default: loopback unless told otherwise, a Host header check
//!   against DNS rebinding, size limits, and a one-line JSON error with a
//!   4xx status for every bad request.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use damero_core::{Evaluator, RuleSet};
use futures_util::stream::{self, Stream, StreamExt};
use serde_json::{Value, json};
use tokio::sync::oneshot;

mod assets;
pub mod engine;
pub mod error;
pub mod pool;
pub mod session;

pub use error::ApiError;
use pool::Pool;
use session::{NewSession, SessionApi};

/// Where the server listens and what it allows.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to bind: loopback unless the user says otherwise.
    pub host: IpAddr,
    /// The port; 0 takes any free one.
    pub port: u16,
    /// A session no tab has asked anything for this long is dropped.
    pub idle: Duration,
    /// The most sessions at once.
    pub max_sessions: usize,
    /// The search threads all sessions share.
    pub search_threads: usize,
    /// The hash memory all searches share, in MiB.
    pub hash_mib: usize,
    /// The largest request body, in bytes.
    pub max_body: usize,
    /// The seed of the engines' noise and book choices (`None`: the clock's).
    pub seed: Option<u64>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 0,
            idle: Duration::from_secs(30 * 60),
            max_sessions: 1000,
            search_threads: engine::max_threads(),
            hash_mib: 256,
            max_body: 1 << 20,
            seed: None,
        }
    }
}

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    shutdown: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

struct App {
    config: Config,
    port: u16,
    sessions: Mutex<HashMap<String, Arc<dyn SessionApi>>>,
    pool: Arc<Pool>,
    next: AtomicU64,
    salt: u64,
}

impl Server {
    /// Binds `config.host:config.port` and serves on a thread of its own.
    ///
    /// # Errors
    /// When the address cannot be bound, or the runtime cannot start.
    pub fn start(config: Config) -> std::io::Result<Server> {
        let listener = TcpListener::bind(SocketAddr::new(config.host, config.port))?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("damero-web")
            .enable_all()
            .build()?;
        let app = App::new(config, addr.port());
        let (shutdown, stopped) = oneshot::channel::<()>();
        let thread = std::thread::Builder::new().name("damero-serve".to_owned()).spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else { return };
                let reaper = tokio::spawn(reap(Arc::clone(&app)));
                let router = router(Arc::clone(&app));
                let (stopping, mut stop_seen) = tokio::sync::watch::channel(false);
                let mut grace = stopping.subscribe();
                let serve = axum::serve(listener, router).with_graceful_shutdown(async move {
                    let _ = stop_seen.changed().await;
                });
                tokio::select! {
                    _ = serve => {}
                    // Open event streams never end by themselves: give the
                    // other requests a moment, then stop anyway.
                    _ = async move {
                        let _ = stopped.await;
                        let _ = stopping.send(true);
                        let _ = grace.changed().await;
                        tokio::time::sleep(Duration::from_millis(500)).await;
                    } => {}
                }
                reaper.abort();
                for session in app.sessions.lock().unwrap_or_else(|e| e.into_inner()).drain() {
                    session.1.close();
                }
            });
            runtime.shutdown_timeout(Duration::from_secs(1));
        })?;
        Ok(Server { addr, shutdown: Some(shutdown), thread: Some(thread) })
    }

    /// The address bound.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The page's address: `http://127.0.0.1:PORT/` (a loopback address
    /// when the server listens on every address).
    pub fn url(&self) -> String {
        let mut addr = self.addr;
        if addr.ip().is_unspecified() {
            addr.set_ip(if addr.is_ipv4() {
                IpAddr::V4(Ipv4Addr::LOCALHOST)
            } else {
                IpAddr::V6(std::net::Ipv6Addr::LOCALHOST)
            });
        }
        format!("http://{addr}/")
    }

    /// Waits until the server stops (it runs until the process ends).
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    /// Stops serving and waits for the server thread.
    pub fn stop(mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }
}

impl Drop for App {
    /// No request can reach the sessions any more: their searches stop
    /// (a search thread holds its session, not the app).
    fn drop(&mut self) {
        for (_, session) in self.sessions.get_mut().unwrap_or_else(|e| e.into_inner()).drain() {
            session.close();
        }
    }
}

/// Drops sessions that have been idle too long (and have no tab listening).
async fn reap(app: Arc<App>) {
    let every = (app.config.idle / 4).clamp(Duration::from_millis(100), Duration::from_secs(30));
    loop {
        tokio::time::sleep(every).await;
        app.reap_now();
    }
}

/// The routes [`Server::start`] serves (the page, its assets and the JSON
/// API), as a tower service without a socket: for tests and fuzzing that
/// call the server in process. A request needs a `Host` header naming the
/// server (`localhost` will do). The searches of its sessions run on
/// threads of their own within `config`'s pool, as in the server, and stop
/// when their session is closed or the last clone of the router is dropped.
pub fn service(config: Config) -> Router {
    let port = config.port;
    router(App::new(config, port))
}

impl App {
    fn new(config: Config, port: u16) -> Arc<App> {
        let salt = std::collections::hash_map::RandomState::new().build_hasher().finish();
        Arc::new(App {
            pool: Pool::new(config.search_threads, config.hash_mib),
            port,
            config,
            sessions: Mutex::new(HashMap::new()),
            next: AtomicU64::new(1),
            salt,
        })
    }

    fn reap_now(&self) {
        let mut sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        let idle = self.config.idle;
        sessions.retain(|_, session| {
            let keep = session.listened() || session.idle_for() < idle;
            if !keep {
                session.close();
            }
            keep
        });
    }

    fn session(&self, id: &str) -> Result<Arc<dyn SessionApi>, ApiError> {
        let sessions = self.sessions.lock().unwrap_or_else(|e| e.into_inner());
        sessions
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::not_found(format!("no session '{id}' (it may have expired)")))
    }

    fn new_id(&self) -> String {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(n ^ self.salt);
        format!("{:016x}{n:x}", hasher.finish())
    }

    /// Whether a Host header names this server: the bound address, a
    /// loopback name, with this port or none.
    fn host_allowed(&self, host: &str) -> bool {
        let (name, port) = match host.rsplit_once(':') {
            Some((name, port)) if !name.is_empty() && !port.contains(']') => (name, Some(port)),
            _ => (host, None),
        };
        if port.is_some_and(|p| p.parse::<u16>() != Ok(self.port)) {
            return false;
        }
        let name = name.trim_start_matches('[').trim_end_matches(']');
        if name.eq_ignore_ascii_case("localhost") {
            return true;
        }
        match name.parse::<IpAddr>() {
            Ok(ip) => ip.is_loopback() || ip == self.config.host || self.config.host.is_unspecified(),
            Err(_) => false,
        }
    }
}

fn router(app: Arc<App>) -> Router {
    let limit = app.config.max_body;
    Router::new()
        .route("/", get(|| async { assets::page("index.html") }))
        .route("/assets/{file}", get(|Path(file): Path<String>| async move { assets::page(&file) }))
        .route("/api/games", get(games))
        .route("/api/session", post(create))
        .route("/api/session/{id}", get(state).delete(close))
        .route("/api/session/{id}/events", get(events))
        .route("/api/session/{id}/close", post(close))
        .route("/api/session/{id}/{command}", post(command))
        .fallback(|| async { ApiError::not_found("no such page") })
        .layer(middleware::from_fn(json_errors))
        .layer(DefaultBodyLimit::max(limit))
        .layer(middleware::from_fn_with_state(Arc::clone(&app), check_host))
        .with_state(app)
}

/// Refuses a request whose Host header does not name this server: a page
/// of another site that rebinds its name to 127.0.0.1 must not reach it.
async fn check_host(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
    if !app.host_allowed(host) {
        return ApiError::new(StatusCode::FORBIDDEN, format!("host '{host}' is not this server"))
            .into_response();
    }
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    headers.insert("x-frame-options", HeaderValue::from_static("DENY"));
    headers.insert("referrer-policy", HeaderValue::from_static("no-referrer"));
    response
}

/// Gives every 4xx that is not JSON yet (an extractor's rejection, a body
/// over the limit, a wrong method) the one-line JSON error body.
async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !status.is_client_error() || json {
        return response;
    }
    let bytes = axum::body::to_bytes(response.into_body(), 4096).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    let reason = status.canonical_reason().unwrap_or("bad request").to_lowercase();
    let message = if text.trim().is_empty() { reason } else { format!("{reason}: {}", text.trim()) };
    ApiError::new(status, message).into_response()
}

fn json_body(body: &Bytes) -> Result<Value, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(json!({}));
    }
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| ApiError::bad_request(format!("the body is not JSON: {e}")))?;
    if value.is_object() { Ok(value) } else { Err(ApiError::bad_request("the body must be a JSON object")) }
}

fn ok(value: Value) -> Response {
    (StatusCode::OK, axum::Json(value)).into_response()
}

/// Each game's id, rule options and record format.
struct Describe;

impl engine::GameCommand for Describe {
    type Output = Value;
    fn run<G: engine::EngineGame, E: Evaluator<G>>(self, _: E) -> Value {
        let options: Vec<Value> = G::Rules::OPTIONS
            .iter()
            .map(|o| json!({ "key": o.key, "values": o.values, "default": o.default, "doc": o.doc }))
            .collect();
        json!({
            "id": G::NAME,
            "options": options,
            "numeric": G::NUMERIC_NOTATION,
            "record": match engine::record_format(G::NAME) {
                Some(engine::RecordFormat::Pdn) => "pdn",
                _ => "tagged",
            },
        })
    }
}

async fn games() -> Response {
    let games: Vec<Value> =
        engine::GAME_IDS.iter().filter_map(|id| engine::dispatch(id, Describe).ok()).collect();
    ok(json!({
        "games": games,
        "levels": (engine::MIN_LEVEL..=engine::MAX_LEVEL)
            .map(|l| json!({ "level": l, "ms": engine::level_budget(l).as_millis() as u64 }))
            .collect::<Vec<_>>(),
    }))
}

async fn create(State(app): State<Arc<App>>, body: Bytes) -> Result<Response, ApiError> {
    let args = json_body(&body)?;
    let game = args.get("game").and_then(Value::as_str).unwrap_or("russian");
    let rules: Vec<String> = match args.get("rules") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| {
                v.as_str()
                    .map(str::to_owned)
                    .ok_or_else(|| ApiError::bad_request("'rules' is a list of key=value strings"))
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(ApiError::bad_request("'rules' is a list of key=value strings")),
    };
    if rules.len() > 32 || rules.iter().any(|r| r.len() > 200) {
        return Err(ApiError::too_large("too many or too long rule options"));
    }
    let fen = args.get("fen").and_then(Value::as_str).filter(|f| !f.trim().is_empty()).map(str::to_owned);
    if fen.as_ref().is_some_and(|f| f.len() > 4096) {
        return Err(ApiError::too_large("a position text is at most 4096 bytes"));
    }
    let level = args.get("level").and_then(Value::as_i64).unwrap_or(1);
    let level = i32::try_from(level).map_err(|_| ApiError::bad_request("level out of range"))?;
    let engine = match args.get("engine").and_then(Value::as_str).unwrap_or("black") {
        "white" => [true, false],
        "black" => [false, true],
        "both" => [true, true],
        "none" => [false, false],
        other => {
            return Err(ApiError::bad_request(format!(
                "'engine' is white, black, both or none, not '{other}'"
            )));
        }
    };
    {
        let full = app.sessions.lock().unwrap_or_else(|e| e.into_inner()).len() >= app.config.max_sessions;
        if full {
            app.reap_now();
            if app.sessions.lock().unwrap_or_else(|e| e.into_inner()).len() >= app.config.max_sessions {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too many sessions; try again later",
                ));
            }
        }
    }
    let seed = app.config.seed.unwrap_or_else(|| app.next.load(Ordering::Relaxed) ^ app.salt);
    let new = NewSession { rules, fen, level, engine, seed, pool: Arc::clone(&app.pool) };
    let session = engine::dispatch(game, new).map_err(|e| ApiError::bad_request(e.to_string()))??;
    let id = app.new_id();
    app.sessions.lock().unwrap_or_else(|e| e.into_inner()).insert(id.clone(), Arc::clone(&session));
    Ok(ok(json!({ "id": id, "state": session.state() })))
}

async fn state(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let session = app.session(&id)?;
    session.touch();
    Ok(ok(session.state()))
}

async fn close(State(app): State<Arc<App>>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let session = app.sessions.lock().unwrap_or_else(|e| e.into_inner()).remove(&id);
    let session = session.ok_or_else(|| ApiError::not_found(format!("no session '{id}'")))?;
    session.close();
    Ok(ok(json!({ "closed": id })))
}

async fn command(
    State(app): State<Arc<App>>,
    Path((id, name)): Path<(String, String)>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let session = app.session(&id)?;
    let args = json_body(&body)?;
    let wait = args.get("wait").and_then(Value::as_bool).unwrap_or(false);
    let answer = Arc::clone(&session).command(&name, &args)?;
    if !wait {
        return Ok(ok(answer));
    }
    // `wait`: answer once the engine has made its move (for scripts and
    // tests; the page listens to the events instead).
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    loop {
        let state = session.state();
        let thinking = state.get("thinking").and_then(Value::as_str).is_some_and(|k| k != "analysis");
        if !thinking || tokio::time::Instant::now() >= deadline {
            return Ok(ok(state));
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Stops a session's search when its tab has gone: run when an event
/// stream ends, it waits a moment for the tab to reconnect.
struct Listener {
    session: Arc<dyn SessionApi>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        let session = Arc::clone(&self.session);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                tokio::time::sleep(Duration::from_secs(2)).await;
                if !session.listened() {
                    session.detach();
                }
            });
        }
    }
}

async fn events(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, std::convert::Infallible>>>, ApiError> {
    let session = app.session(&id)?;
    session.touch();
    let receiver = session.subscribe();
    let first = json!({ "type": "state", "state": session.state() }).to_string();
    let guard = Listener { session };
    let rest = stream::unfold((receiver, guard), |(mut receiver, guard)| async move {
        loop {
            match receiver.recv().await {
                Ok(message) => {
                    guard.session.touch();
                    return Some((Ok(Event::default().data(message.as_ref())), (receiver, guard)));
                }
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    let stream = stream::once(async move { Ok(Event::default().data(first)) }).chain(rest);
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
