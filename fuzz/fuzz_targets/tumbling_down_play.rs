#![no_main]
//! From the start (either variant) or a parsed position, reads move texts
//! (one per line) and plays the legal ones, checking the hash, the piece
//! counts and that the move was listed. A line that is no legal move plays
//! the legal move its first byte indexes, so inputs reach deep positions.
//! Every position also checks the random-move path of playouts.
use damero_core::{Color, Game, MoveList};
use damero_tumbling_down::{TumblingDown, TumblingDownRules};
use libfuzzer_sys::fuzz_target;

#[allow(dead_code, reason = "each target uses part of it")]
mod common;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut lines = text.lines();
    let first = lines.next().unwrap_or("");
    let rules = if first.starts_with('B') { TumblingDownRules::boardspace() } else { TumblingDownRules::original() };
    let mut p = TumblingDown::from_fen(first, rules).unwrap_or_else(|_| TumblingDown::start(rules));
    let counts = [p.piece_count(Color::White), p.piece_count(Color::Black)];
    let mut moves = MoveList::new();
    for (i, line) in lines.enumerate() {
        p.legal_moves(&mut moves);
        common::check_random(&p, &moves, i as u64);
        let before = p;
        match p.try_play(line) {
            Ok(mv) => {
                before.legal_moves(&mut moves);
                assert!(moves.contains(&mv), "{line} parsed but is not listed");
                assert_eq!(before.format_move(mv), before.parse_move(line).map(|m| before.format_move(m)).unwrap());
                assert_eq!(p.zobrist(), p.zobrist_from_scratch());
                assert_eq!([p.piece_count(Color::White), p.piece_count(Color::Black)], counts);
                let undo_check = {
                    let mut q = before;
                    let undo = q.make(mv);
                    assert_eq!(q, p);
                    q.unmake(&undo);
                    q
                };
                assert_eq!(undo_check, before);
                if p.winner().is_some() {
                    assert!(p.legal_move_texts().is_empty());
                }
            }
            Err(_) => {
                assert_eq!(p, before, "a rejected move changed the position");
                p.legal_moves(&mut moves);
                if let (Some(&byte), false) = (line.as_bytes().first(), moves.is_empty()) {
                    let mv = moves[byte as usize % moves.len()];
                    let text = p.format_move(mv);
                    assert_eq!(p.parse_move(&text), Ok(mv));
                    p.play(mv);
                    assert_eq!(p.zobrist(), p.zobrist_from_scratch());
                    assert_eq!([p.piece_count(Color::White), p.piece_count(Color::Black)], counts);
                }
            }
        }
    }
});
