//! The result of a game in words, written once for every command:
//! `1-0 (white wins)`, `1/2-1/2 (draw: threefold repetition)`.

use damero_core::{GameRecord, Outcome};
use damero_engine::EngineGame;

/// How a draw is named: `draw` (`bestmove`, `show`...) or `a draw` (the
/// sentences of `play`).
#[derive(Clone, Copy, Debug)]
pub enum DrawWord {
    /// `1/2-1/2 (draw)`.
    Draw,
    /// `1/2-1/2 (a draw)`.
    ADraw,
}

/// `1-0 (white wins)`, `1/2-1/2 (draw)`; with a reason, `0-1 (black wins:
/// white has no legal move)`.
pub fn result_text(outcome: Outcome, draw: DrawWord, reason: Option<&str>) -> String {
    let who = match (outcome, draw) {
        (Outcome::Win(color), _) => format!("{color} wins"),
        (Outcome::Draw, DrawWord::Draw) => "draw".to_owned(),
        (Outcome::Draw, DrawWord::ADraw) => "a draw".to_owned(),
    };
    match reason {
        Some(reason) => format!("{} ({who}: {reason})", outcome.result_text()),
        None => format!("{} ({who})", outcome.result_text()),
    }
}

/// `1-0 (white wins)` and so on.
pub fn describe_outcome(outcome: Outcome) -> String {
    result_text(outcome, DrawWord::Draw, None)
}

/// The reason the rules give for the end of `record`'s game.
pub fn end_reason<G: EngineGame>(record: &GameRecord<G>) -> String {
    record.end_reason().unwrap_or_else(|| "the game is over".to_owned())
}

/// The result and why, when the game is over: `1/2-1/2 (draw: threefold
/// repetition)`, `0-1 (black wins: white has no legal move)`.
pub fn describe_end<G: EngineGame>(record: &GameRecord<G>) -> Option<String> {
    let outcome = record.outcome()?;
    Some(result_text(outcome, DrawWord::Draw, Some(&end_reason(record))))
}
