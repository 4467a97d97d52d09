//! [`proptest`](mod@proptest) strategies over the games a [`Game`] can
//! play (features `testkit` and `proptest`).
//!
//! Every strategy draws a *seed* and a *number of plies* and plays the
//! seeded random game [`random_game`] of at most that many plies. So a case
//! is reproducible from its two numbers on every machine, and it shrinks in
//! two steps: the seed toward 0 (another, earlier-numbered game that still
//! fails), then the number of plies toward 0, which cuts the same game
//! shorter (a game of `n` plies is the first `n` plies of every longer game
//! of its seed). The reported game fails and the shorter prefixes of it that
//! shrinking tried pass. When a game fails as soon as any of its positions
//! does (as with [`invariants::game`](super::invariants::game), which checks
//! every position), failing is monotone in the plies and the binary search
//! over them ends at the shortest failing prefix: the game stops at the
//! first position where the property breaks.
//!
//! ```
//! use damero_core::testkit::strategies;
//! use damero_core::{Game, GameRecord};
//! # use damero_core::{Color, MoveList, NoRules};
//! # #[derive(Clone, Copy, Debug, PartialEq)]
//! # struct Pile(u8, Color);
//! # #[derive(Debug)]
//! # struct Bad;
//! # impl std::fmt::Display for Bad {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { f.write_str("bad") }
//! # }
//! # impl std::error::Error for Bad {}
//! # impl Game for Pile {
//! #     type Move = u8;
//! #     type Rules = NoRules;
//! #     type FenError = Bad;
//! #     type MoveError = Bad;
//! #     const NAME: &'static str = "pile";
//! #     fn start(_: NoRules) -> Pile { Pile(10, Color::White) }
//! #     fn rules(&self) -> NoRules { NoRules }
//! #     fn side_to_move(&self) -> Color { self.1 }
//! #     fn legal_moves(&self, moves: &mut MoveList<u8>) {
//! #         moves.clear();
//! #         moves.extend((1..=2).filter(|&k| k <= self.0));
//! #     }
//! #     fn play(&mut self, k: u8) { *self = Pile(self.0 - k, !self.1) }
//! #     fn is_capture(&self, _: u8) -> bool { false }
//! #     fn zobrist(&self) -> u64 { u64::from(self.0) * 2 + self.1.index() as u64 }
//! #     fn zobrist_from_scratch(&self) -> u64 { self.zobrist() }
//! #     fn fen(&self) -> String { format!("{} {}", self.0, self.1) }
//! #     fn from_fen(_: &str, _: NoRules) -> Result<Pile, Bad> { Err(Bad) }
//! #     fn format_move(&self, k: u8) -> String { k.to_string() }
//! #     fn parse_move(&self, _: &str) -> Result<u8, Bad> { Err(Bad) }
//! # }
//! # impl damero_core::Presentation for Pile {
//! #     fn diagram(&self) -> String { self.fen() + "\n" }
//! # }
//! use proptest::prelude::*;
//! use proptest::test_runner::TestRunner;
//!
//! // `Pile` is a game of taking one or two counters from a pile of ten.
//! let mut runner = TestRunner::new(ProptestConfig::with_cases(32));
//! runner.run(&strategies::records::<Pile>(NoRules, 20), |game: GameRecord<Pile>| {
//!     prop_assert!(game.moves().len() <= 10, "ten counters, one at least a ply");
//!     Ok(())
//! })?;
//!
//! // A seeded game is the same game wherever it is played again.
//! let game = strategies::random_game(Pile::start(NoRules), 6, 42);
//! assert_eq!(game.moves(), strategies::random_game(Pile::start(NoRules), 6, 42).moves());
//! # Ok::<(), proptest::test_runner::TestError<GameRecord<Pile>>>(())
//! ```

use proptest::prelude::*;

use crate::{Game, GameRecord, MoveList, splitmix64};

/// The seeded random game of at most `plies` plies from `start`.
///
/// Before each ply it stops when the game is over
/// ([`GameRecord::outcome`]: no legal move, a draw rule, or a repetition
/// draw) or when the position has no legal move; else it plays
/// [`Game::random_move`] of the next number of the [`splitmix64`] stream
/// seeded with `seed`. Whether to stop and which move to play depend only on
/// the moves so far, so the game of `plies` plies is the first `plies` plies
/// of the game of any larger count with the same seed.
pub fn random_game<G: Game>(start: G, plies: usize, seed: u64) -> GameRecord<G> {
    let mut record = GameRecord::new(start);
    let mut state = seed;
    while record.moves().len() < plies && record.outcome().is_none() {
        let (next, random) = splitmix64(state);
        state = next;
        // A game that breaks its contract (no move but no outcome) stops
        // here too; the invariants report it.
        let Some(mv) = record.position().random_move(random) else { break };
        record.play(mv);
    }
    record
}

/// Seeded random games from `start` of 0 to `max_plies` plies, each a
/// [`random_game`]: the game may have ended before its count (its last
/// position then has no legal move, or a draw rule or a repetition has ended
/// it). Shrinks the seed toward 0, then the plies toward 0 (see the
/// [module docs](self)).
pub fn records_from<G: Game>(start: G, max_plies: usize) -> impl Strategy<Value = GameRecord<G>> {
    (any::<u64>(), 0..=max_plies).prop_map(move |(seed, plies)| random_game(start, plies, seed))
}

/// [`records_from`] the start position of `rules`.
///
/// # Panics
/// When `rules` fail [`RuleSet::validate`](crate::RuleSet::validate) (as
/// [`Game::start`]).
pub fn records<G: Game>(rules: G::Rules, max_plies: usize) -> impl Strategy<Value = GameRecord<G>> {
    records_from(G::start(rules), max_plies)
}

/// Any position reached by [`records`], together with the game that reached
/// it (the record, whose [`position`](GameRecord::position) it is), so
/// properties that depend on history (repetition) can read it. Positions
/// that end the game are included.
///
/// # Panics
/// As [`records`].
pub fn positions<G: Game>(rules: G::Rules, max_plies: usize) -> impl Strategy<Value = (G, GameRecord<G>)> {
    records(rules, max_plies).prop_map(|record| (*record.position(), record))
}

/// A position reached by [`records`] with one of its legal moves, and the
/// game that reached it.
///
/// A position without a legal move has no move to give, so such a game is
/// cut back by its last ply (the position before it had a move: the one
/// played). No case is rejected, and the positions are those of
/// [`positions`] that have a legal move; a position ended by a draw rule or
/// a repetition is among them (its moves are legal by the move rules, which
/// draw rules never empty). The move is [`Game::random_move`] of a third
/// number, shrinking toward 0 (the first move in the game's order) after
/// the seed and the plies.
///
/// # Panics
/// As [`records`], and when the start position of `rules` has no legal
/// move.
pub fn positions_with_move<G: Game>(
    rules: G::Rules,
    max_plies: usize,
) -> impl Strategy<Value = (G, G::Move, GameRecord<G>)> {
    let start = G::start(rules);
    let mut moves = MoveList::new();
    start.legal_moves(&mut moves);
    assert!(!moves.is_empty(), "the start position {} has no legal move", start.fen());
    (any::<u64>(), 0..=max_plies, any::<u64>()).prop_map(move |(seed, plies, pick)| {
        let mut record = random_game(start, plies, seed);
        let mv = match record.position().random_move(pick) {
            Some(mv) => mv,
            None => {
                record.undo();
                record.position().random_move(pick).expect("the move played from here was legal")
            }
        };
        (*record.position(), mv, record)
    })
}
