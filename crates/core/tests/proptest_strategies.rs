//! The testkit's proptest strategies and invariants on a toy game: the
//! invariants hold on a correct game, and on a game with a planted bug
//! shrinking ends at the shortest failing game.

use std::fmt;

use damero_core::testkit::{invariants, strategies};
use damero_core::{Color, Game, GameRecord, MoveList, NoRules, Outcome, zobrist_keys};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestError, TestRng, TestRunner};

/// The counters in the pile at the start.
const FULL: u8 = 12;

/// A pile of counters. A move takes one to three counters, or puts one back
/// while the pile is neither empty nor full; a side facing an empty pile
/// has no move and loses. The third occurrence of a position is a draw, and
/// so is the 10th ply. With `BUG_AT` below `u16::MAX`, the move made at ply
/// `BUG_AT` forgets to switch the side-to-move key of the incremental hash,
/// which is wrong from then on.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Pile<const BUG_AT: u16 = { u16::MAX }> {
    counters: u8,
    side: Color,
    plies: u16,
    hash: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Move {
    Take(u8),
    Return,
}

#[derive(Debug)]
struct BadText(String);

impl fmt::Display for BadText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad text '{}'", self.0)
    }
}

impl std::error::Error for BadText {}

/// A key per pile size, then the key of Black to move.
const KEYS: [u64; FULL as usize + 2] = zobrist_keys(0x9113);
const BLACK: u64 = KEYS[FULL as usize + 1];

impl<const BUG_AT: u16> Pile<BUG_AT> {
    fn new(counters: u8, side: Color, plies: u16) -> Self {
        let mut pile = Pile { counters, side, plies, hash: 0 };
        pile.hash = pile.zobrist_from_scratch();
        pile
    }
}

impl<const BUG_AT: u16> Game for Pile<BUG_AT> {
    type Move = Move;

    type Rules = NoRules;

    type FenError = BadText;

    type MoveError = BadText;

    const NAME: &'static str = "pile";

    fn start(_: NoRules) -> Self {
        Pile::new(FULL, Color::White, 0)
    }

    fn rules(&self) -> NoRules {
        NoRules
    }

    fn side_to_move(&self) -> Color {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<Move>) {
        moves.clear();
        moves.extend((1..=3).filter(|&k| k <= self.counters).map(Move::Take));
        if (1..FULL).contains(&self.counters) {
            moves.push(Move::Return);
        }
    }

    fn play(&mut self, mv: Move) {
        self.hash ^= KEYS[usize::from(self.counters)];
        self.counters = match mv {
            Move::Take(k) => self.counters - k,
            Move::Return => self.counters + 1,
        };
        self.hash ^= KEYS[usize::from(self.counters)];
        if self.plies != BUG_AT {
            self.hash ^= BLACK;
        }
        self.side = !self.side;
        self.plies += 1;
    }

    fn is_capture(&self, _: Move) -> bool {
        false
    }

    fn rule_draw(&self) -> bool {
        self.plies >= 10
    }

    fn repetition_limit(&self) -> Option<u32> {
        Some(3)
    }

    fn zobrist(&self) -> u64 {
        self.hash
    }

    fn zobrist_from_scratch(&self) -> u64 {
        KEYS[usize::from(self.counters)] ^ if self.side == Color::Black { BLACK } else { 0 }
    }

    fn fen(&self) -> String {
        let side = if self.side == Color::White { 'w' } else { 'b' };
        format!("{} {side} {}", self.counters, self.plies)
    }

    fn from_fen(text: &str, _: NoRules) -> Result<Self, BadText> {
        let bad = || BadText(text.to_owned());
        let mut fields = text.split(' ');
        let counters = fields.next().and_then(|f| f.parse().ok()).filter(|&c| c <= FULL).ok_or_else(bad)?;
        let side = match fields.next() {
            Some("w") => Color::White,
            Some("b") => Color::Black,
            _ => return Err(bad()),
        };
        let plies = fields.next().and_then(|f| f.parse().ok()).ok_or_else(bad)?;
        if fields.next().is_some() {
            return Err(bad());
        }
        Ok(Pile::new(counters, side, plies))
    }

    fn format_move(&self, mv: Move) -> String {
        match mv {
            Move::Take(k) => format!("t{k}"),
            Move::Return => "r".to_owned(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Move, BadText> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.into_iter().find(|&mv| self.format_move(mv) == text).ok_or_else(|| BadText(text.to_owned()))
    }
}

impl<const BUG_AT: u16> damero_core::Presentation for Pile<BUG_AT> {
    fn diagram(&self) -> String {
        format!("{}\n", self.fen())
    }
}

/// A runner that does the same on every run and saves no failure file.
fn runner(cases: u32) -> TestRunner {
    let config = Config { cases, failure_persistence: None, ..Config::default() };
    TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha))
}

#[test]
fn the_random_games_reach_every_ending() {
    let (mut won, mut by_rule, mut by_repetition) = (0, 0, 0);
    for seed in 0..200 {
        let game = strategies::random_game(Pile::<{ u16::MAX }>::start(NoRules), 60, seed);
        match (game.position().outcome(), game.outcome()) {
            (Some(Outcome::Win(_)), _) => won += 1,
            (Some(Outcome::Draw), _) => by_rule += 1,
            (None, Some(Outcome::Draw)) => by_repetition += 1,
            other => panic!("a 60-ply game of Pile ends by ply 10: {other:?}"),
        }
    }
    assert!(
        won > 0 && by_rule > 0 && by_repetition > 0,
        "{won} won, {by_rule} by rule, {by_repetition} repeated"
    );
}

#[test]
fn a_seed_plays_one_game_and_fewer_plies_cut_it_short() {
    let start = Pile::<{ u16::MAX }>::start(NoRules);
    for seed in [0, 1, 7, u64::MAX] {
        let long = strategies::random_game(start, 30, seed);
        assert_eq!(long.moves(), strategies::random_game(start, 30, seed).moves());
        for plies in 0..=long.moves().len() {
            assert_eq!(strategies::random_game(start, plies, seed).moves(), long.truncated(plies).moves());
        }
    }
}

#[test]
fn the_invariants_hold_on_a_correct_game() {
    let result = runner(64).run(&strategies::records::<Pile>(NoRules, 60), |game| invariants::game(&game, 3));
    result.unwrap();

    let result = runner(64).run(&strategies::positions::<Pile>(NoRules, 60), |(position, game)| {
        prop_assert_eq!(&position, game.position());
        invariants::position(&position, 2)
    });
    result.unwrap();

    let result =
        runner(64).run(&strategies::positions_with_move::<Pile>(NoRules, 60), |(position, mv, game)| {
            prop_assert_eq!(&position, game.position());
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            prop_assert!(moves.contains(&mv), "{mv:?} is not legal at {}", position.fen());
            let mut next = game.clone();
            next.play(mv);
            invariants::undo_restores(&next)
        });
    result.unwrap();
}

#[test]
fn shrinking_ends_at_the_first_broken_ply() {
    // The hash goes wrong with the move made at ply 5, so a game fails
    // exactly when it has 6 plies or more.
    type Buggy = Pile<5>;
    let outcome =
        runner(32).run(&strategies::records::<Buggy>(NoRules, 60), |game| invariants::game(&game, 2));
    let Err(TestError::Fail(reason, minimal)) = outcome else {
        panic!("the planted bug was not found: {outcome:?}");
    };
    assert_eq!(minimal.moves().len(), 6, "shrunk to {minimal:?} ({reason})");
    assert!(reason.message().contains("incremental hash differs"), "{reason}");
    assert!(invariants::game(&minimal.truncated(5), 2).is_ok());
}

#[test]
fn shrinking_a_move_property_ends_at_the_first_move() {
    // A property that fails on a move once the game has 3 plies: the
    // shrunk case is a 3-ply game with the first move of its position.
    let strategy = strategies::positions_with_move::<Pile>(NoRules, 60);
    let outcome = runner(32).run(&strategy, |(_, _, game): (Pile, Move, GameRecord<Pile>)| {
        prop_assert!(game.moves().len() < 3);
        Ok(())
    });
    let Err(TestError::Fail(_, (position, mv, game))) = outcome else {
        panic!("the property did not fail: {outcome:?}");
    };
    assert_eq!(game.moves().len(), 3);
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    assert_eq!(mv, moves[0]);
}
