//! A minimal HTTP/1.1 client over loopback for the tests (one request per
//! connection), and a server started in-process on a free port.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use damero_web::{Config, Server};
use serde_json::Value;

/// A server on 127.0.0.1, any free port, with fixed engine seeds.
pub fn server() -> Server {
    Server::start(Config { seed: Some(7), ..Config::default() }).expect("the server starts")
}

/// A response: status, headers (lower-case names) and body.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Sends one request with `Host: 127.0.0.1:PORT` unless `host` says otherwise.
pub fn request(addr: SocketAddr, method: &str, path: &str, body: Option<&str>, host: Option<&str>) -> Reply {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let host = host.map_or_else(|| addr.to_string(), str::to_owned);
    let body = body.unwrap_or("");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status =
        lines.next().and_then(|l| l.split_whitespace().nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
        .collect();
    let chunked = headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked { dechunk(rest) } else { rest.to_owned() };
    Reply { status, headers, body }
}

fn dechunk(mut text: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = text.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else { break };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        text = rest[n..].trim_start_matches("\r\n");
    }
    out
}

pub fn get(addr: SocketAddr, path: &str) -> Reply {
    request(addr, "GET", path, None, None)
}

pub fn post(addr: SocketAddr, path: &str, body: &str) -> Reply {
    request(addr, "POST", path, Some(body), None)
}

/// Creates a session and gives its id and first state.
pub fn session(addr: SocketAddr, body: &str) -> (String, Value) {
    let reply = post(addr, "/api/session", body);
    assert_eq!(reply.status, 200, "{}", reply.body);
    let value = reply.json();
    (value["id"].as_str().unwrap().to_owned(), value["state"].clone())
}
