//! `damero serve`: the address on stdout, the page on it, a foreign Host
//! refused, bad flags refused with status 2.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

fn get(addr: &str, path: &str, host: &str) -> String {
    let mut stream = TcpStream::connect(addr).expect("connect");
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    let mut reply = String::new();
    let _ = stream.read_to_string(&mut reply);
    reply
}

#[test]
fn serve_prints_its_address_and_serves_the_page() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_damero"))
        .args(["serve", "--port", "0", "--threads", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run damero serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.trim().to_owned();
    let addr = url.trim_start_matches("http://").trim_end_matches('/').to_owned();
    assert!(addr.starts_with("127.0.0.1:"), "{url}");
    let page = get(&addr, "/", &addr);
    let missing = get(&addr, "/nope", &addr);
    let evil = get(&addr, "/", "evil.example");
    let _ = child.kill();
    let _ = child.wait();
    assert!(page.starts_with("HTTP/1.1 200") && page.contains("<title>damero</title>"), "{page}");
    assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
    assert!(evil.starts_with("HTTP/1.1 403") && evil.contains("{\"error\":"), "{evil}");
}

#[test]
fn serve_refuses_bad_flags() {
    let out = Command::new(env!("CARGO_BIN_EXE_damero")).args(["serve", "--hash", "0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1);
    let out =
        Command::new(env!("CARGO_BIN_EXE_damero")).args(["serve", "--host", "nowhere"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}
