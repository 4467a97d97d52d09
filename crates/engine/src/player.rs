//! A side of a match ([`MatchPlayer`]): damero's own [`Engine`], or
//! anything else that picks moves, such as an external engine spoken to
//! over a protocol (`damero_hub::HubPlayer`).

use core::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use damero_core::{Evaluator, Game, GameRecord};

use crate::engine::Engine;
use crate::matches::MatchProgress;

/// One side of a match: told when a game starts, asked for a move.
pub trait MatchPlayer<G: Game> {
    /// Gets ready for a new game.
    ///
    /// # Errors
    /// The player cannot play (an external engine that stopped answering):
    /// it forfeits the game.
    fn new_game(&mut self) -> Result<(), PlayerError>;

    /// The move for the current position of `record` (its history counts
    /// for repetition); `None` only when the position has no legal move.
    ///
    /// # Errors
    /// No legal move could be had (an external engine that died, hung or
    /// answered with a move that is not legal): the player forfeits.
    fn choose(&mut self, record: &GameRecord<G>) -> Result<Option<G::Move>, PlayerError>;

    /// Whether the player ran out of time on its game clock (it loses).
    fn flagged(&self) -> bool {
        false
    }

    /// A flag that, once set, asks a search in progress to stop (a match
    /// that ends early sets it). Players that cannot be stopped ignore it.
    fn set_stop_flag(&mut self, _stop: Arc<AtomicBool>) {}

    /// Whether the match may keep this player for the next pair its
    /// thread plays instead of making a fresh one (asked after each
    /// pair). A player that says yes must come out of
    /// [`new_game`](MatchPlayer::new_game) as a fresh one would.
    ///
    /// No by default: damero's own engines cost nothing to make, and made
    /// afresh for every pair they keep each pair's games independent of
    /// the pairs its thread played before. An external engine says yes
    /// while it works: its process may spend seconds loading endgame
    /// databases before it can play.
    fn keep_between_pairs(&self) -> bool {
        false
    }
}

/// Makes a fresh player for a pair of a match (for each pair, unless the
/// player asks to be kept: [`MatchPlayer::keep_between_pairs`]); an error
/// (a program that cannot be started) ends the match.
pub type PlayerFactory<'a, G> = dyn Fn() -> Result<Box<dyn MatchPlayer<G> + 'a>, PlayerError> + Sync + 'a;

/// Why a player could not start or give a move: a one-line message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerError {
    message: String,
}

impl PlayerError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> PlayerError {
        PlayerError { message: message.into() }
    }
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PlayerError {}

/// A match ended because a player could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchError {
    /// The games finished before it ended.
    pub progress: MatchProgress,
    /// Why the player could not be made.
    pub error: PlayerError,
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (after {} games)", self.error, self.progress.played)
    }
}

impl std::error::Error for MatchError {}

impl<G: Game, E: Evaluator<G>> MatchPlayer<G> for Engine<G, E> {
    fn new_game(&mut self) -> Result<(), PlayerError> {
        Engine::new_game(self);
        Ok(())
    }

    fn choose(&mut self, record: &GameRecord<G>) -> Result<Option<G::Move>, PlayerError> {
        Ok(self.think(record, |_| {}).best_move)
    }

    fn flagged(&self) -> bool {
        Engine::flagged(self)
    }

    fn set_stop_flag(&mut self, stop: Arc<AtomicBool>) {
        Engine::set_stop_flag(self, stop);
    }
}
