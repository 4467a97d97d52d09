//! Games that drive a draw counter to its limit, for tests of the draw rules.

use crate::{Game, GameRecord};

/// A game of `plies` moves from `start` in which every move makes
/// `counter` grow by one and the game is still on before the last move.
///
/// A depth-first search over the legal moves in their order, so the walk
/// never runs into a forced capture, a threefold repetition or any other
/// end before its last move; `None` when no such game exists.
pub fn walk_counter<G: Game>(start: G, plies: usize, counter: fn(&G) -> u32) -> Option<GameRecord<G>> {
    fn extend<G: Game>(record: &mut GameRecord<G>, plies: usize, counter: fn(&G) -> u32) -> bool {
        if record.moves().len() == plies {
            return true;
        }
        if record.outcome().is_some() {
            return false;
        }
        let before = *record.position();
        for text in before.legal_move_texts() {
            let mut next = record.clone();
            // A legal move's own text must play: a failure is a bug in the game.
            next.try_play(&text).unwrap_or_else(|e| panic!("legal move '{text}' does not play: {e}"));
            if counter(next.position()) == counter(&before) + 1 && extend(&mut next, plies, counter) {
                *record = next;
                return true;
            }
        }
        false
    }
    let mut record = GameRecord::new(start);
    extend(&mut record, plies, counter).then_some(record)
}
