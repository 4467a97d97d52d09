//! A game in progress with its history, for repetition draws and undo.

use crate::{Game, Outcome, Presentation};

/// A game from a start position: the moves played and every position reached
/// (small `Copy` values), so repetitions are found by comparing Zobrist keys
/// and undo is a pop.
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    start: G,
    positions: Vec<G>,
    moves: Vec<G::Move>,
}

impl<G: Game> GameRecord<G> {
    /// A record starting at `start`.
    pub fn new(start: G) -> GameRecord<G> {
        GameRecord { start, positions: vec![start], moves: Vec::new() }
    }

    /// The first position.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &G {
        self.positions.last().expect("a record always holds its start")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The Zobrist keys of every position so far, the start first.
    pub fn hashes(&self) -> impl DoubleEndedIterator<Item = u64> + ExactSizeIterator + '_ {
        self.positions.iter().map(Game::zobrist)
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: G::Move) {
        let mut next = *self.position();
        next.play(mv);
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Parses and plays a move given as text.
    ///
    /// # Errors
    /// The game's move error; nothing is played then.
    pub fn try_play(&mut self, text: &str) -> Result<G::Move, G::MoveError> {
        let mv = self.position().parse_move(text)?;
        self.play(mv);
        Ok(mv)
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        Some(mv)
    }

    /// How many times the current position (placement and side to move) has
    /// stood in this game, itself included.
    pub fn repetitions(&self) -> u32 {
        let current = self.position();
        let key = current.zobrist();
        let window = current.reversible_plies() as usize;
        self.positions.iter().rev().take(window.saturating_add(1)).filter(|p| p.zobrist() == key).count()
            as u32
    }

    /// The result, if the game is over: by the position, or a draw by
    /// repetition where the rules have one.
    pub fn outcome(&self) -> Option<Outcome> {
        let current = self.position();
        if let Some(outcome) = current.outcome() {
            return Some(outcome);
        }
        match current.repetition_limit() {
            Some(limit) if self.repetitions() >= limit => Some(Outcome::Draw),
            _ => None,
        }
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The same game cut back to its first `plies` moves (all of them when
    /// it has fewer).
    pub fn truncated(&self, plies: usize) -> GameRecord<G> {
        let keep = plies.min(self.moves.len());
        GameRecord {
            start: self.start,
            positions: self.positions[..=keep].to_vec(),
            moves: self.moves[..keep].to_vec(),
        }
    }

    /// The moves written out, each in the notation of the position it was
    /// played from.
    pub fn move_texts(&self) -> Vec<String> {
        self.positions.iter().zip(&self.moves).map(|(p, &m)| p.format_move(m)).collect()
    }
}

impl<G: Presentation> GameRecord<G> {
    /// Why the game is over, in a few words ("white has no legal move",
    /// "threefold repetition"), or `None` while it goes on: the reason for
    /// [`outcome`](GameRecord::outcome).
    pub fn end_reason(&self) -> Option<String> {
        let current = self.position();
        if let Some(reason) = current.end_reason() {
            return Some(reason);
        }
        match current.repetition_limit() {
            Some(limit) if self.repetitions() >= limit => Some(match limit {
                3 => "threefold repetition".to_owned(),
                n => format!("the position stood {n} times"),
            }),
            _ => None,
        }
    }
}
