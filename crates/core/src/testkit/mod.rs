//! A conformance suite every game runs in its own tests (feature `testkit`).
//!
//! [`check_conformance`] plays random games and, at every position, checks the
//! [`Game`] contract: generated moves are unique and play, notation
//! round-trips, the incremental hash equals the one computed from scratch,
//! the move order is a function of the position, and the outcome agrees
//! with "no legal move". [`perft`] reads and runs perft suites, in one data
//! format for every game. With the `serde` feature too,
//! `check_serde_round_trip` and `check_serde_refuses_an_illegal_record`
//! check a game's `serde` feature. [`ScratchDir`] is a test's directory
//! of files, removed when the test ends. With the `proptest` feature,
//! `strategies` generates random games that shrink toward fewer plies
//! (their items are re-exported here too), and `invariants` has the checks
//! of the contract as `Result`s for `?` inside `proptest!`.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::{Game, GameRecord, MoveList, Outcome, Playout};

#[cfg(feature = "proptest")]
pub mod invariants;
pub mod perft;
mod samples;
mod scratch;
#[cfg(feature = "serde")]
mod serde_checks;
#[cfg(feature = "proptest")]
pub mod strategies;
mod walk;

pub use perft::{PerftCase, read_perft_suite, run_perft_suite};
pub use samples::random_positions;
pub use scratch::ScratchDir;
#[cfg(feature = "serde")]
pub use serde_checks::{check_serde_refuses_an_illegal_record, check_serde_round_trip};
#[cfg(feature = "proptest")]
pub use strategies::{positions, positions_with_move, random_game, records, records_from};
pub use walk::walk_counter;

/// What the suite saw, so a caller can assert that it really explored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConformanceReport {
    /// Positions checked.
    pub positions: u64,
    /// Moves played (and checked for notation round-trip).
    pub moves: u64,
    /// Games that reached an outcome before the ply limit.
    pub finished_games: u64,
}

/// Texts no game accepts as a move.
const JUNK_MOVES: &[&str] =
    &["", " ", "-", "zz", "a9-a10", "\u{1f600}", "xyzzy", "a1-a1-a1-a1-a1-a1-a1-a1-i9"];

/// Checks one position against the [`Game`] contract; returns its legal moves.
///
/// # Panics
/// With a message naming the position and the broken property.
pub fn check_position<G: Game>(position: &G) -> MoveList<G::Move> {
    let fen = position.fen();
    hash_matches(position, &fen).unwrap_or_else(|e| panic!("{e}"));
    let reread = reread_fen(position, &fen).unwrap_or_else(|e| panic!("{e}"));

    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    // The move order is a function of the position (the Game contract): a
    // second generation, and the same position rebuilt from its FEN, list
    // the same moves in the same order.
    let mut again = MoveList::new();
    position.legal_moves(&mut again);
    assert_eq!(moves, again, "two generations list the moves in different orders at {fen}");
    let mut reread_moves = MoveList::new();
    reread.legal_moves(&mut reread_moves);
    assert_eq!(moves, reread_moves, "the position rebuilt from its FEN orders its moves differently: {fen}");
    assert!(
        moves.len() <= G::MAX_LEGAL_MOVES,
        "{} legal moves at {fen}, above MAX_LEGAL_MOVES = {}",
        moves.len(),
        G::MAX_LEGAL_MOVES
    );

    assert_eq!(position.count_legal_moves(), moves.len() as u64, "count_legal_moves disagrees at {fen}");
    // count_three_plies is left to the perft suites: a perft 3 at every
    // position would dwarf the rest of the check in wide games.
    let replies: u64 = moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play_board_only(mv);
            child.count_legal_moves()
        })
        .sum();
    assert_eq!(position.count_two_plies(), replies, "count_two_plies disagrees at {fen}");
    for (i, a) in moves.iter().enumerate() {
        assert!(!moves[..i].contains(a), "duplicate move {a:?} at {fen}");
    }

    let mut texts = Vec::with_capacity(moves.len());
    for &mv in &moves {
        let text = position.format_move(mv);
        let parsed = position
            .parse_move(&text)
            .unwrap_or_else(|e| panic!("own move text '{text}' rejected at {fen}: {e}"));
        assert_eq!(parsed, mv, "move text '{text}' parses to another move at {fen}");
        let mut child = *position;
        child.play(mv);
        assert_eq!(child.zobrist(), child.zobrist_from_scratch(), "hash drifts after {text} at {fen}");
        texts.push(text);
    }
    let mut sorted = texts.clone();
    sorted.sort_by(|a, b| crate::natural_cmp(a, b));
    sorted.dedup();
    assert_eq!(sorted.len(), texts.len(), "two moves print alike at {fen}: {texts:?}");
    assert_eq!(position.legal_move_texts(), sorted, "legal_move_texts not in natural order at {fen}");

    // random_move is uniform: the value picking index i of n is
    // ceil(i * 2^64 / n), so n such values must give n different legal moves.
    let n = moves.len() as u128;
    let mut picked = Vec::with_capacity(moves.len());
    for i in 0..n {
        let random = ((i << 64).div_ceil(n)) as u64;
        let mv = position.random_move(random);
        assert!(mv.is_some_and(|m| moves.contains(&m)), "random_move gives an illegal move at {fen}");
        picked.push(mv);
    }
    picked.sort_by_key(|m| moves.iter().position(|x| Some(*x) == *m));
    picked.dedup();
    assert_eq!(picked.len(), moves.len(), "random_move is not uniform over the moves at {fen}");
    if moves.is_empty() {
        assert_eq!(position.random_move(0), None, "random_move finds a move where there is none at {fen}");
        assert_eq!(
            position.random_move(u64::MAX),
            None,
            "random_move finds a move where there is none at {fen}"
        );
    }

    // random_playout, which games override for speed, must return what the
    // plain loop over random_move returns for the same numbers.
    for (seed, max_plies) in [(1u64, 0u32), (2, 3), (3, 40)] {
        let mut stream = NumberStream(position.zobrist() ^ seed);
        let expected = reference_playout(*position, max_plies, &mut stream.clone());
        let got = position.random_playout(max_plies, &mut || stream.next());
        assert_eq!(got, expected, "random_playout({max_plies} plies) differs from its definition at {fen}");
    }

    for junk in JUNK_MOVES {
        assert!(position.parse_move(junk).is_err(), "junk move text '{junk}' accepted at {fen}");
    }

    outcome_agrees(position, &moves, &fen).unwrap_or_else(|e| panic!("{e}"));
    moves
}

/// The incremental hash of `position` (written `fen`) equals the one computed
/// from scratch; else the message saying it does not.
fn hash_matches<G: Game>(position: &G, fen: &str) -> Result<(), String> {
    let (incremental, scratch) = (position.zobrist(), position.zobrist_from_scratch());
    if incremental == scratch {
        Ok(())
    } else {
        Err(format!(
            "incremental hash differs from the hash computed from scratch at {fen}: \
             {incremental:#018x} != {scratch:#018x}"
        ))
    }
}

/// `position` read back from its own FEN `fen` under its rules, checked to
/// write the same FEN and to have the same hash and side to move.
fn reread_fen<G: Game>(position: &G, fen: &str) -> Result<G, String> {
    let reread = G::from_fen(fen, position.rules()).map_err(|e| format!("own FEN '{fen}' rejected: {e}"))?;
    if reread.fen() != fen {
        return Err(format!("FEN does not round-trip: '{fen}' reads back as '{}'", reread.fen()));
    }
    if reread.zobrist() != position.zobrist() {
        return Err(format!("re-read FEN hashes differently: {fen}"));
    }
    if reread.side_to_move() != position.side_to_move() {
        return Err(format!("side to move lost in FEN: {fen}"));
    }
    Ok(reread)
}

/// [`Game::outcome`] agrees with the legal `moves` of `position` (written
/// `fen`): no legal move gives [`Game::terminal_outcome`], and a position
/// with moves is over only by a [`Game::rule_draw`], as a draw.
fn outcome_agrees<G: Game>(position: &G, moves: &[G::Move], fen: &str) -> Result<(), String> {
    match position.outcome() {
        Some(outcome) if moves.is_empty() => {
            if outcome == position.terminal_outcome() {
                Ok(())
            } else {
                Err(format!("outcome() ignores terminal_outcome at {fen}"))
            }
        }
        Some(outcome) if outcome != Outcome::Draw => {
            Err(format!("a position with moves can only be a rule draw: {fen}"))
        }
        Some(_) if !position.rule_draw() => Err(format!("draw without a draw rule at {fen}")),
        None if moves.is_empty() => Err(format!("no legal move but no outcome at {fen}")),
        None if position.rule_draw() => Err(format!("a draw rule holds but outcome() is None at {fen}")),
        _ => Ok(()),
    }
}

/// A fixed stream of random numbers (xorshift64*) for the playout check.
#[derive(Clone)]
struct NumberStream(u64);

impl NumberStream {
    fn next(&mut self) -> u64 {
        // xorshift needs a non-zero state.
        let mut x = self.0 | 1;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// [`Game::random_playout`] as its documentation defines it.
fn reference_playout<G: Game>(start: G, max_plies: u32, stream: &mut NumberStream) -> Playout {
    let mut position = start;
    for plies in 0..=max_plies {
        let chosen = position.random_move(stream.next());
        let outcome = match chosen {
            None => Some(position.terminal_outcome()),
            Some(_) if position.rule_draw() => Some(Outcome::Draw),
            Some(_) => None,
        };
        match chosen {
            Some(mv) if outcome.is_none() && plies < max_plies => position.play(mv),
            _ => return Playout { outcome, plies },
        }
    }
    unreachable!("the last pass returns")
}

/// Plays `games` random games of at most `max_plies` plies from `start`,
/// checking every position with [`check_position`] and the game's record
/// (repetition) logic. Deterministic for a given `seed`.
///
/// # Panics
/// On the first broken property.
pub fn check_games_from<G: Game>(start: G, games: usize, max_plies: usize, seed: u64) -> ConformanceReport {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut report = ConformanceReport::default();
    for _ in 0..games {
        let mut record = GameRecord::new(start);
        for _ in 0..max_plies {
            let moves = check_position(record.position());
            report.positions += 1;
            if record.outcome().is_some() {
                report.finished_games += 1;
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            let text = record.position().format_move(mv);
            let mut by_text = *record.position();
            by_text.try_play(&text).unwrap_or_else(|e| panic!("try_play('{text}') failed: {e}"));
            record.play(mv);
            report.moves += 1;
            assert_eq!(&by_text, record.position(), "try_play and play disagree on {text}");
            assert!(record.repetitions() >= 1);
        }
    }
    report
}

/// [`check_games_from`] the start position of `rules`.
pub fn check_conformance<G: Game>(
    rules: G::Rules,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> ConformanceReport {
    check_games_from(G::start(rules), games, max_plies, seed)
}
