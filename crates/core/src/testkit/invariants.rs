//! The [`Game`] contract as checks that return a [`TestCaseError`] instead
//! of panicking, for `?` inside `proptest!` (features `testkit` and
//! `proptest`). Each names the position (its FEN) and, for a game, its
//! moves in the message.
//!
//! - [`fen_round_trip`], [`hash_matches_scratch`] and [`perft_divide_sums`]
//!   read one position;
//! - [`undo_restores`] and [`no_move_iff_decided`] read a game record (its
//!   history: repetitions, the moves from the start);
//! - [`position`] runs the three position checks, and [`game`] runs
//!   everything at every position of a game, so a game fails exactly when
//!   one of its positions does and shrinking (see
//!   [`strategies`](super::strategies)) ends at the first one.
//!
//! The FEN, hash and outcome checks are the ones
//! [`check_position`](super::check_position) panics with.
//!
//! ```
//! use damero_core::testkit::{invariants, strategies};
//! # use damero_core::{Color, Game, MoveList, NoRules};
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
//! #     fn fen(&self) -> String { format!("{} {}", self.0, if self.1 == Color::White { 'w' } else { 'b' }) }
//! #     fn from_fen(text: &str, _: NoRules) -> Result<Pile, Bad> {
//! #         let (pile, side) = text.split_once(' ').ok_or(Bad)?;
//! #         let side = match side { "w" => Color::White, "b" => Color::Black, _ => return Err(Bad) };
//! #         Ok(Pile(pile.parse().map_err(|_| Bad)?, side))
//! #     }
//! #     fn format_move(&self, k: u8) -> String { k.to_string() }
//! #     fn parse_move(&self, text: &str) -> Result<u8, Bad> {
//! #         text.parse().ok().filter(|&k| (1..=2).contains(&k) && k <= self.0).ok_or(Bad)
//! #     }
//! # }
//! # impl damero_core::Presentation for Pile {
//! #     fn diagram(&self) -> String { self.fen() + "\n" }
//! # }
//! use proptest::prelude::*;
//!
//! // `Pile` is a game of taking one or two counters from a pile of ten.
//! proptest! {
//!     #![proptest_config(ProptestConfig::with_cases(16))]
//!     // In a test file, `#[test]` here (a doctest runs the function instead).
//!     fn pile_keeps_the_contract(game in strategies::records::<Pile>(NoRules, 12)) {
//!         invariants::game(&game, 2)?;
//!     }
//! }
//! pile_keeps_the_contract();
//! ```

use proptest::test_runner::TestCaseError;

use super::{hash_matches, outcome_agrees, reread_fen};
use crate::{Game, GameRecord, MoveList, Outcome};

/// The game in a message: its start and its moves, each in the notation of
/// the position it was played from.
fn describe<G: Game>(record: &GameRecord<G>) -> String {
    format!("the game from '{}' with moves [{}]", record.start().fen(), record.move_texts().join(" "))
}

/// Reads `position` back from its own FEN under its rules: the FEN is
/// accepted and written the same, and the position read has the same hash,
/// side to move and rules and lists the same legal moves in the same order
/// (the move order is a function of the position).
///
/// # Errors
/// A failed test case naming the FEN and what changed.
pub fn fen_round_trip<G: Game>(position: &G) -> Result<(), TestCaseError> {
    let fen = position.fen();
    let reread = reread_fen(position, &fen).map_err(TestCaseError::fail)?;
    if reread.rules() != position.rules() {
        return Err(TestCaseError::fail(format!(
            "the rules changed through the FEN {fen}: {:?} read back as {:?}",
            position.rules(),
            reread.rules()
        )));
    }
    let (mut moves, mut reread_moves) = (MoveList::new(), MoveList::new());
    position.legal_moves(&mut moves);
    reread.legal_moves(&mut reread_moves);
    if moves != reread_moves {
        return Err(TestCaseError::fail(format!(
            "the position rebuilt from its FEN orders its moves differently: {fen}"
        )));
    }
    Ok(())
}

/// The incremental [`Game::zobrist`] equals [`Game::zobrist_from_scratch`].
///
/// # Errors
/// A failed test case naming the FEN and both keys.
pub fn hash_matches_scratch<G: Game>(position: &G) -> Result<(), TestCaseError> {
    hash_matches(position, &position.fen()).map_err(TestCaseError::fail)
}

/// Perft of `depth` by the game's bulk counters (as the search crate's
/// `perft`): [`Game::count_legal_moves`], [`Game::count_two_plies`],
/// [`Game::count_three_plies`], and below those a loop over
/// [`Game::play_board_only`].
fn bulk_perft<G: Game>(position: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        2 => position.count_two_plies(),
        3 => position.count_three_plies(),
        _ => each_child(position, Game::play_board_only, |child| bulk_perft(child, depth - 1)).sum(),
    }
}

/// Perft of `depth` by listing every move and playing it with
/// [`Game::play`]: no bulk counting, no board-only play.
fn plain_perft<G: Game>(position: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    each_child(position, Game::play, |child| plain_perft(child, depth - 1)).sum()
}

/// `count` of the position after each legal move of `position`, played by
/// `play`, in move order.
fn each_child<G: Game, T>(
    position: &G,
    play: fn(&mut G, G::Move),
    count: impl Fn(&G) -> T,
) -> impl Iterator<Item = T> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let position = *position;
    moves.into_iter().map(move |mv| {
        let mut child = position;
        play(&mut child, mv);
        count(&child)
    })
}

/// Perft divide sums to perft: for every legal move, the leaf count of
/// `depth - 1` plies below it by the game's bulk counters (the move played
/// by [`Game::play_board_only`]) equals the count made by listing and
/// playing every move with [`Game::play`], and those counts sum to the bulk
/// perft of `depth` at `position` (so [`Game::count_two_plies`] and
/// [`Game::count_three_plies`] agree with their definitions). The plain
/// count lists the whole tree: keep `depth` small (1 to 3). Depth 0 checks
/// nothing.
///
/// # Errors
/// A failed test case naming the FEN, the depth and the move whose counts
/// differ, or both totals.
pub fn perft_divide_sums<G: Game>(position: &G, depth: u32) -> Result<(), TestCaseError> {
    if depth == 0 {
        return Ok(());
    }
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let board_only = each_child(position, Game::play_board_only, |child| bulk_perft(child, depth - 1));
    let played = each_child(position, Game::play, |child| plain_perft(child, depth - 1));
    let mut sum = 0;
    for ((&mv, bulk), plain) in moves.iter().zip(board_only).zip(played) {
        if bulk != plain {
            return Err(TestCaseError::fail(format!(
                "perft {} below {} at {}: {bulk} by the bulk counters, {plain} by playing every move",
                depth - 1,
                position.format_move(mv),
                position.fen()
            )));
        }
        sum += bulk;
    }
    let total = bulk_perft(position, depth);
    if sum != total {
        return Err(TestCaseError::fail(format!(
            "perft {depth} at {}: the divide sums to {sum}, perft says {total}",
            position.fen()
        )));
    }
    Ok(())
}

/// Undo restores, as this crate has it. Positions are `Copy` values played
/// on copies, and undo is [`GameRecord::undo`], a pop of the positions the
/// record keeps: there is no unmake to get wrong, so what can break is a
/// position that is not a function of its start and its moves. Checked:
///
/// - playing the record's moves again from its start gives the same move
///   list at each step (each move legal there) and equal positions (`==`:
///   placement, side to move, counters, hash);
/// - undoing the last move gives the record cut back by one ply (the same
///   positions, moves, repetition count and outcome), and playing the move
///   again gives the record back;
/// - playing any legal move of the current position and undoing it gives
///   the record back.
///
/// # Errors
/// A failed test case naming the game and the step that differs.
pub fn undo_restores<G: Game>(record: &GameRecord<G>) -> Result<(), TestCaseError> {
    let same = |a: &GameRecord<G>, b: &GameRecord<G>| {
        a.positions() == b.positions()
            && a.moves() == b.moves()
            && a.repetitions() == b.repetitions()
            && a.outcome() == b.outcome()
    };
    let fail = |what: String| Err(TestCaseError::fail(format!("{what}, in {}", describe(record))));

    let mut replay = GameRecord::new(*record.start());
    let mut moves = MoveList::new();
    for (ply, &mv) in record.moves().iter().enumerate() {
        replay.position().legal_moves(&mut moves);
        if !moves.contains(&mv) {
            return fail(format!("move {} ({mv:?}) is not legal when played again", ply + 1));
        }
        replay.play(mv);
        if replay.position() != &record.positions()[ply + 1] {
            return fail(format!("playing the moves again gives another position after move {}", ply + 1));
        }
    }

    if let Some(&last) = record.moves().last() {
        let mut undone = record.clone();
        if undone.undo() != Some(last) {
            return fail("undo takes back another move than the last".to_owned());
        }
        if !same(&undone, &record.truncated(record.moves().len() - 1)) {
            return fail("undoing the last move does not give the game one ply shorter".to_owned());
        }
        undone.play(last);
        if !same(&undone, record) {
            return fail("undoing the last move and playing it again changes the game".to_owned());
        }
    }

    // Undo pops what play pushed: the current position and the length say
    // that the record is back (the earlier positions are not touched).
    record.position().legal_moves(&mut moves);
    let mut copy = record.clone();
    for &mv in &moves {
        copy.play(mv);
        let undone = copy.undo();
        if undone != Some(mv)
            || copy.position() != record.position()
            || copy.moves().len() != record.moves().len()
        {
            return fail(format!(
                "playing {} and undoing it changes the game",
                record.position().format_move(mv)
            ));
        }
    }
    Ok(())
}

/// No legal move exactly when the position decides the game, and the
/// record's outcome adds only repetition. For the current position `p` of
/// `record`, with its legal moves:
///
/// - no legal move: [`p.outcome()`](Game::outcome) and
///   [`record.outcome()`](GameRecord::outcome) are both
///   `Some(p.terminal_outcome())`, and [`Game::random_move`] finds none;
/// - some legal move: `p.outcome()` is `Some(Draw)` when [`Game::rule_draw`]
///   holds and `None` otherwise (draw rules end a game but never empty the
///   move list), and `record.outcome()` is `p.outcome()`, or else
///   `Some(Draw)` exactly when the position has stood
///   [`repetition_limit`](Game::repetition_limit) times
///   ([`GameRecord::repetitions`]).
///
/// So "no legal move" is "the game is over, and not by a draw rule or a
/// repetition".
///
/// # Errors
/// A failed test case naming the game and the outcome that disagrees.
pub fn no_move_iff_decided<G: Game>(record: &GameRecord<G>) -> Result<(), TestCaseError> {
    let position = record.position();
    let fail = |what: String| Err(TestCaseError::fail(format!("{what}, in {}", describe(record))));
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    outcome_agrees(position, &moves, &position.fen()).map_err(TestCaseError::fail)?;
    let expected = if moves.is_empty() {
        if position.random_move(0).is_some() || position.random_move(u64::MAX).is_some() {
            return fail("random_move finds a move where there is none".to_owned());
        }
        Some(position.terminal_outcome())
    } else {
        let repeated = position.repetition_limit().is_some_and(|limit| record.repetitions() >= limit);
        position.outcome().or(repeated.then_some(Outcome::Draw))
    };
    if record.outcome() != expected {
        return fail(format!("the record's outcome is {:?}, expected {expected:?}", record.outcome()));
    }
    Ok(())
}

/// [`hash_matches_scratch`], [`fen_round_trip`] and
/// [`perft_divide_sums`] of `perft_depth` at `position`.
///
/// # Errors
/// The first check's failure.
pub fn position<G: Game>(position: &G, perft_depth: u32) -> Result<(), TestCaseError> {
    hash_matches_scratch(position)?;
    fen_round_trip(position)?;
    perft_divide_sums(position, perft_depth)
}

/// Every check at every position of `record`, the start first: [`position`]
/// (with `perft_depth`), then [`no_move_iff_decided`] and [`undo_restores`]
/// of the game up to there. The whole game is checked once per position, so
/// the cost grows with the square of its length; wide games want a small
/// `perft_depth` (1 counts the moves, 2 checks
/// [`Game::count_two_plies`]).
///
/// # Errors
/// The first failure, naming the position and the game up to it.
pub fn game<G: Game>(record: &GameRecord<G>, perft_depth: u32) -> Result<(), TestCaseError> {
    for ply in 0..=record.moves().len() {
        let prefix = record.truncated(ply);
        position(prefix.position(), perft_depth).map_err(|error| match error {
            TestCaseError::Fail(reason) => {
                TestCaseError::fail(format!("{}, in {}", reason.message(), describe(&prefix)))
            }
            other => other,
        })?;
        no_move_iff_decided(&prefix)?;
        undo_restores(&prefix)?;
    }
    Ok(())
}
