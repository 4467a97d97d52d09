//! The Hub protocol's lines (version 2, Scan 3.1's `protocol.txt`): a pure
//! parser from a line to a [`Request`], and the writing of answers.
//!
//! A line is `command name=value name=value ...`; a value is a run of
//! characters other than blanks, `=` and `"`, or anything but `"` between
//! double quotes; an argument may be a bare flag (`level infinite`).
//! Commands and arguments the protocol does not define are ignored, as it
//! asks; a line that breaks the syntax, or a known argument with a bad
//! value, is a [`ProtocolError`] (the engine answers `error` and goes on).

use core::fmt;
use std::time::Duration;

/// One line from the interface, understood.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// `hub`: identify, declare the parameters, `wait`.
    Hub,
    /// `set-param name=... value=...`.
    SetParam {
        /// The parameter.
        name: String,
        /// Its new value.
        value: String,
    },
    /// `init`: get ready, answer `ready`.
    Init,
    /// `new-game`: forget the earlier searches.
    NewGame,
    /// `pos [pos=...] [start] [moves="..."]`.
    Pos {
        /// The position string; `None` for the start position.
        position: Option<String>,
        /// The moves played from it, in Hub notation.
        moves: Vec<String>,
    },
    /// `level ...`: one or more limits for the next search.
    Level(Level),
    /// `go think|ponder|analyze`.
    Go(GoMode),
    /// `stop`: answer `done` now.
    Stop,
    /// `ponder-hit`: the expected move was played, the clock runs.
    PonderHit,
    /// `ping`: answer `pong`.
    Ping,
    /// `quit`.
    Quit,
}

/// The limits one `level` line sets (the fields it does not name stay as
/// they were until the next search).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Level {
    /// `depth=` plies.
    pub depth: Option<u32>,
    /// `nodes=`.
    pub nodes: Option<u64>,
    /// `move-time=` seconds.
    pub move_time: Option<Duration>,
    /// `time=` seconds on the clock, the increment of this move not yet
    /// added. May be negative: pydraughts sends its clock less the
    /// increment, which is below zero when less than the increment is left.
    pub time: Option<f64>,
    /// `inc=` seconds, added before every move.
    pub inc: Option<Duration>,
    /// `moves=` to the next time control.
    pub moves: Option<u32>,
    /// `infinite`: until `stop`.
    pub infinite: bool,
}

/// How a search is launched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoMode {
    /// Play a move.
    Think,
    /// Think on the opponent's time until `ponder-hit` or `stop`.
    Ponder,
    /// Analysis: the score and the line matter, not the clock.
    Analyze,
}

/// Why a line was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    /// An empty line.
    MissingCommand,
    /// A `"` that is never closed.
    UnclosedQuote,
    /// A `=` or `"` where a name should start.
    ExpectedName {
        /// What was found.
        found: char,
    },
    /// A `=` with no value after it.
    MissingValue {
        /// The argument.
        name: String,
    },
    /// A command without an argument it needs.
    MissingArgument {
        /// The command.
        command: &'static str,
        /// What it needs.
        argument: &'static str,
    },
    /// An argument whose value is not what it takes.
    BadValue {
        /// The argument.
        name: String,
        /// The value given.
        value: String,
        /// What it takes.
        expected: &'static str,
    },
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::MissingCommand => f.write_str("missing command"),
            ProtocolError::UnclosedQuote => f.write_str("missing closing quote"),
            ProtocolError::ExpectedName { found } => write!(f, "expected a name, found '{found}'"),
            ProtocolError::MissingValue { name } => write!(f, "{name}= has no value"),
            ProtocolError::MissingArgument { command, argument } => write!(f, "{command} needs {argument}"),
            ProtocolError::BadValue { name, value, expected } => {
                write!(f, "bad value '{value}' for {name} (expected {expected})")
            }
        }
    }
}

impl std::error::Error for ProtocolError {}

/// A line split into its command and `(name, value)` arguments (a flag has
/// the empty value).
pub fn tokenize(line: &str) -> Result<(String, Vec<(String, String)>), ProtocolError> {
    let mut scanner = Scanner { rest: line };
    let command = scanner.name()?.ok_or(ProtocolError::MissingCommand)?;
    let mut arguments = Vec::new();
    while let Some(name) = scanner.name()? {
        let value = if scanner.eat('=') {
            scanner.value().map_err(|e| match e {
                ProtocolError::ExpectedName { .. } => ProtocolError::MissingValue { name: name.clone() },
                other => other,
            })?
        } else {
            String::new()
        };
        arguments.push((name, value));
    }
    Ok((command, arguments))
}

struct Scanner<'a> {
    rest: &'a str,
}

fn is_name_char(c: char) -> bool {
    !c.is_control() && !c.is_whitespace() && c != '=' && c != '"'
}

impl Scanner<'_> {
    fn skip_blanks(&mut self) {
        self.rest = self.rest.trim_start();
    }

    fn eat(&mut self, c: char) -> bool {
        self.skip_blanks();
        match self.rest.strip_prefix(c) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    /// The next name, `None` at the end of the line.
    fn name(&mut self) -> Result<Option<String>, ProtocolError> {
        self.skip_blanks();
        let end = self.rest.find(|c| !is_name_char(c)).unwrap_or(self.rest.len());
        if end == 0 {
            return match self.rest.chars().next() {
                None => Ok(None),
                Some(found) if found.is_control() => Ok(None),
                Some(found) => Err(ProtocolError::ExpectedName { found }),
            };
        }
        let (name, rest) = self.rest.split_at(end);
        self.rest = rest;
        Ok(Some(name.to_owned()))
    }

    fn value(&mut self) -> Result<String, ProtocolError> {
        self.skip_blanks();
        if let Some(quoted) = self.rest.strip_prefix('"') {
            let end = quoted.find('"').ok_or(ProtocolError::UnclosedQuote)?;
            self.rest = &quoted[end + 1..];
            return Ok(quoted[..end].to_owned());
        }
        match self.name()? {
            Some(value) => Ok(value),
            None => Err(ProtocolError::ExpectedName { found: ' ' }),
        }
    }
}

fn bad(name: &str, value: &str, expected: &'static str) -> ProtocolError {
    ProtocolError::BadValue { name: name.to_owned(), value: value.to_owned(), expected }
}

fn positive<T: core::str::FromStr + PartialOrd + Default>(
    name: &str,
    value: &str,
) -> Result<T, ProtocolError> {
    match value.parse::<T>() {
        Ok(n) if n > T::default() => Ok(n),
        _ => Err(bad(name, value, "a positive integer")),
    }
}

fn seconds(name: &str, value: &str) -> Result<Duration, ProtocolError> {
    value
        .parse::<f64>()
        .ok()
        .and_then(|s| Duration::try_from_secs_f64(s).ok())
        .ok_or_else(|| bad(name, value, "seconds (a number ≥ 0)"))
}

fn signed_seconds(name: &str, value: &str) -> Result<f64, ProtocolError> {
    value.parse::<f64>().ok().filter(|s| s.is_finite()).ok_or_else(|| bad(name, value, "seconds (a number)"))
}

/// Reads one line. `Ok(None)` for a command the protocol does not define
/// (ignored, as the protocol says).
pub fn parse_line(line: &str) -> Result<Option<Request>, ProtocolError> {
    let (command, arguments) = tokenize(line)?;
    let argument = |wanted: &str| arguments.iter().find(|(n, _)| n == wanted).map(|(_, v)| v.as_str());
    let request = match command.as_str() {
        "hub" => Request::Hub,
        "init" => Request::Init,
        "new-game" => Request::NewGame,
        "stop" => Request::Stop,
        "ponder-hit" => Request::PonderHit,
        "ping" => Request::Ping,
        "quit" => Request::Quit,
        "set-param" => {
            let name = argument("name")
                .filter(|n| !n.is_empty())
                .ok_or(ProtocolError::MissingArgument { command: "set-param", argument: "name=" })?;
            let value = argument("value")
                .ok_or(ProtocolError::MissingArgument { command: "set-param", argument: "value=" })?;
            Request::SetParam { name: name.to_owned(), value: value.to_owned() }
        }
        "pos" => {
            let mut position = None;
            let mut moves = Vec::new();
            for (name, value) in &arguments {
                match name.as_str() {
                    "start" => position = None,
                    "pos" if value.is_empty() => {
                        return Err(ProtocolError::MissingValue { name: name.clone() });
                    }
                    "pos" => position = Some(value.clone()),
                    "moves" => moves = value.split_whitespace().map(str::to_owned).collect(),
                    _ => {}
                }
            }
            Request::Pos { position, moves }
        }
        "level" => {
            let mut level = Level::default();
            for (name, value) in &arguments {
                match name.as_str() {
                    "depth" => level.depth = Some(positive(name, value)?),
                    "nodes" => level.nodes = Some(positive(name, value)?),
                    "move-time" => level.move_time = Some(seconds(name, value)?),
                    "time" => level.time = Some(signed_seconds(name, value)?),
                    "inc" => level.inc = Some(seconds(name, value)?),
                    "moves" => level.moves = Some(positive(name, value)?),
                    "infinite" => level.infinite = true,
                    _ => {}
                }
            }
            Request::Level(level)
        }
        "go" => {
            let mode = arguments.iter().find_map(|(name, _)| match name.as_str() {
                "think" => Some(GoMode::Think),
                "ponder" => Some(GoMode::Ponder),
                "analyze" | "analyse" => Some(GoMode::Analyze),
                _ => None,
            });
            Request::Go(mode.ok_or(ProtocolError::MissingArgument {
                command: "go",
                argument: "think, ponder or analyze",
            })?)
        }
        _ => return Ok(None),
    };
    Ok(Some(request))
}

/// `value`, quoted when it is empty or holds a character a bare value
/// cannot (a `"` inside becomes `'`: the protocol has no escape). A control
/// character is written as its Rust escape (`\r`, `\u{0}`): an error line
/// quotes what the interface sent, and a carriage return in it would split
/// the line for a reader with universal newlines (Python's).
pub fn quote(value: &str) -> String {
    if !value.is_empty() && value.chars().all(is_name_char) {
        return value.to_owned();
    }
    let mut quoted = String::with_capacity(value.len() + 2);
    quoted.push('"');
    for c in value.chars() {
        match c {
            '"' => quoted.push('\''),
            c if c.is_control() => quoted.extend(c.escape_debug()),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

/// The `error` answer for `message`.
pub fn error_line(message: &str) -> String {
    format!("error message={}", quote(message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_lines_stay_one_line_whatever_the_line_held() {
        // A value in quotes may hold any character but `"`, and the error
        // names the value: every control character must come out escaped.
        let controls: String = (0u8..0x20).chain([0x7f]).map(char::from).filter(|&c| c != '\n').collect();
        let line = format!("level depth=\"{controls}\"");
        let error = parse_line(&line).unwrap_err();
        let answer = error_line(&error.to_string());
        assert!(!answer.chars().any(char::is_control), "{answer:?}");
        assert!(answer.contains("\\r") && answer.contains("\\u{7f}"), "{answer:?}");
        let (command, arguments) = tokenize(&answer).unwrap();
        assert_eq!((command.as_str(), arguments.len()), ("error", 1), "{answer:?}");
    }

    fn ok(line: &str) -> Request {
        parse_line(line)
            .unwrap_or_else(|e| panic!("{line:?}: {e}"))
            .unwrap_or_else(|| panic!("{line:?} ignored"))
    }

    #[test]
    fn the_protocol_examples_parse() {
        assert_eq!(ok("hub"), Request::Hub);
        assert_eq!(
            ok("set-param name=variant value=english"),
            Request::SetParam { name: "variant".into(), value: "english".into() }
        );
        assert_eq!(
            ok(r#"pos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves="10-14 23-19 14x23x19""#),
            Request::Pos {
                position: Some("Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww".into()),
                moves: vec!["10-14".into(), "23-19".into(), "14x23x19".into()],
            }
        );
        assert_eq!(ok("pos start"), Request::Pos { position: None, moves: vec![] });
        assert_eq!(
            ok("level move-time=1"),
            Request::Level(Level { move_time: Some(Duration::from_secs(1)), ..Level::default() })
        );
        assert_eq!(
            ok("level moves=9 time=291.587 inc=0.5"),
            Request::Level(Level {
                moves: Some(9),
                time: Some(291.587),
                inc: Some(Duration::from_millis(500)),
                ..Level::default()
            })
        );
        // pydraughts' clock less the increment can be below zero.
        assert_eq!(
            ok("level time=-0.04 inc=0.05"),
            Request::Level(Level {
                time: Some(-0.04),
                inc: Some(Duration::from_millis(50)),
                ..Level::default()
            })
        );
        assert_eq!(ok("level infinite"), Request::Level(Level { infinite: true, ..Level::default() }));
        assert_eq!(ok("go think"), Request::Go(GoMode::Think));
        assert_eq!(ok("go ponder"), Request::Go(GoMode::Ponder));
        assert_eq!(ok("  go   analyze  "), Request::Go(GoMode::Analyze));
        assert_eq!(ok("ping"), Request::Ping);
    }

    #[test]
    fn unknown_commands_and_arguments_are_ignored() {
        assert_eq!(parse_line("xboard"), Ok(None));
        assert_eq!(parse_line("register later=true"), Ok(None));
        assert_eq!(
            ok("level depth=5 ponder colour=red"),
            Request::Level(Level { depth: Some(5), ..Level::default() })
        );
        assert_eq!(ok("go think now"), Request::Go(GoMode::Think));
    }

    #[test]
    fn malformed_lines_are_errors() {
        let cases: &[(&str, ProtocolError)] = &[
            ("", ProtocolError::MissingCommand),
            ("   ", ProtocolError::MissingCommand),
            ("=x", ProtocolError::ExpectedName { found: '=' }),
            (r#"pos pos="Wbbb"#, ProtocolError::UnclosedQuote),
            ("level depth=", ProtocolError::MissingValue { name: "depth".into() }),
            ("pos pos=", ProtocolError::MissingValue { name: "pos".into() }),
            ("level depth=abc", bad("depth", "abc", "a positive integer")),
            ("level depth=0", bad("depth", "0", "a positive integer")),
            ("level nodes=-5", bad("nodes", "-5", "a positive integer")),
            ("level move-time=soon", bad("move-time", "soon", "seconds (a number ≥ 0)")),
            ("level inc=-1", bad("inc", "-1", "seconds (a number ≥ 0)")),
            ("level time=inf", bad("time", "inf", "seconds (a number)")),
            ("level time=NaN", bad("time", "NaN", "seconds (a number)")),
            ("go", ProtocolError::MissingArgument { command: "go", argument: "think, ponder or analyze" }),
            ("set-param value=3", ProtocolError::MissingArgument { command: "set-param", argument: "name=" }),
            (
                "set-param name=hash",
                ProtocolError::MissingArgument { command: "set-param", argument: "value=" },
            ),
        ];
        for (line, expected) in cases {
            assert_eq!(parse_line(line).as_ref(), Err(expected), "{line:?}");
            assert!(!error_line(&expected.to_string()).contains('\n'));
        }
    }

    #[test]
    fn answers_quote_what_needs_quoting() {
        assert_eq!(quote("damero"), "damero");
        assert_eq!(quote(""), "\"\"");
        assert_eq!(quote("a b"), "\"a b\"");
        assert_eq!(quote("x=1"), "\"x=1\"");
        assert_eq!(error_line("bad \"pos\""), "error message=\"bad 'pos'\"");
        assert_eq!(quote("a\r\0b"), "\"a\\r\\0b\"");
        // What we write, we read back.
        let (command, args) = tokenize(&format!("info pv={} score=0.5", quote("10-14 23-19"))).unwrap();
        assert_eq!(command, "info");
        assert_eq!(
            args,
            [("pv".to_owned(), "10-14 23-19".to_owned()), ("score".to_owned(), "0.5".to_owned())]
        );
    }
}
