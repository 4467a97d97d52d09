//! The protocol loop over an in-memory reader and writer.

use std::io::Write;
use std::sync::{Arc, Mutex};

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
