#![no_main]
//! A Hub session: any sequence of lines given to the Hub protocol reader
//! (`damero hub`), with the `pos` lines read as the engine reads them under
//! the rule set the session's `set-param name=variant` chose. Never a panic;
//! a line that reads as a request is one of the protocol's; a position that
//! reads is valid (hash exact, FEN round trip); a move that reads is legal,
//! and every legal move written in Hub notation reads back to itself; an
//! `error` answer is one line that reads back.
//!
//! The lines go through the `damero-hub` library's reader
//! (`protocol::parse_line`) and its position and move encoding
//! (`encoding`). The session itself (the engine, the search thread, `stop`
//! and `ping` during a search) is not reached here: `damero_hub::run`
//! searches on a clock, too slow for a fuzzer's executions.
use damero_core::{Game, MoveList};
use damero_draughts::{Draughts, EnglishVariant, RussianVariant, SpanishVariant, Variant, ZisnellaVariant};
use libfuzzer_sys::fuzz_target;

use damero_hub::{encoding, protocol};
use protocol::{Request, parse_line};

/// Reads `pos` as the engine does; checks what it reads.
fn position<V: Variant>(text: Option<&str>, moves: &[String]) {
    let start = match text {
        None => Draughts::<V>::start(Default::default()),
        Some(text) => match encoding::read_position::<V>(text, Default::default()) {
            Ok(position) => position,
            Err(message) => {
                let _ = protocol::error_line(&message);
                return;
            }
        },
    };
    let mut position = start;
    let mut legal = MoveList::new();
    for text in moves {
        position.legal_moves(&mut legal);
        for &mv in &legal {
            let written = encoding::write_move(&position, mv);
            assert_eq!(encoding::read_move(&position, &written), Ok(mv), "'{written}' at {}", position.fen());
        }
        match encoding::read_move(&position, text) {
            Ok(mv) => {
                assert!(legal.contains(&mv), "'{text}' read as an illegal move");
                position.play(mv);
                assert_eq!(position.zobrist(), position.zobrist_from_scratch());
            }
            Err(message) => {
                let _ = protocol::error_line(&message);
                return;
            }
        }
    }
    let fen = position.fen();
    let again = Draughts::<V>::from_fen(&fen, Default::default()).expect("own FEN reads");
    assert_eq!(again.zobrist(), position.zobrist());
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut variant = "russian";
    for line in text.lines().take(64) {
        match parse_line(line) {
            Ok(Some(Request::SetParam { name, value })) if name == "variant" => {
                if let Some(id) = ["russian", "zisnella", "spanish", "english"]
                    .into_iter()
                    .find(|id| id.eq_ignore_ascii_case(&value))
                {
                    variant = id;
                }
            }
            Ok(Some(Request::Pos { position: text, moves })) => match variant {
                "russian" => position::<RussianVariant>(text.as_deref(), &moves),
                "zisnella" => position::<ZisnellaVariant>(text.as_deref(), &moves),
                "spanish" => position::<SpanishVariant>(text.as_deref(), &moves),
                _ => position::<EnglishVariant>(text.as_deref(), &moves),
            },
            Ok(Some(Request::Level(level))) => {
                if let Some(time) = level.time {
                    assert!(time.is_finite());
                }
            }
            Ok(_) => {}
            Err(error) => {
                let line = protocol::error_line(&error.to_string());
                // One line for any reader: no control character, not even `\r`.
                assert!(!line.chars().any(char::is_control), "{line:?}");
                let (command, arguments) = protocol::tokenize(&line).expect("own error line reads");
                assert_eq!(command, "error");
                assert_eq!(arguments.len(), 1, "{line}");
            }
        }
    }
});
