//! A test per numbered rule of `shared/rules/eliminar.md`, each on a position
//! built to exercise it.

mod common;

use common::{TestRng, position};
use damero_core::{Bitboard, Color, Game, MoveList, Outcome, RuleSet, Square};
use damero_eliminar::{Eliminar, EliminarRules, Move, MoveError, Objective, StartSetup};

fn rules(settings: &[&str]) -> EliminarRules {
    EliminarRules::default().with_options(settings.iter().copied()).unwrap()
}

fn ranks(from: u8, to: u8) -> Bitboard {
    (from..=to).fold(Bitboard::EMPTY, |bb, r| bb | Bitboard::rank(r))
}

// ---------------------------------------------------------------- rule 1

#[test]
fn rule_01_white_moves_first_in_every_setup() {
    for setup in StartSetup::ALL {
        for seed in 0..5 {
            let rules = EliminarRules { setup, seed, ..EliminarRules::default() };
            assert_eq!(Eliminar::start(rules).side_to_move(), Color::White, "{setup} seed {seed}");
        }
    }
}

#[test]
fn rule_01_all_64_squares_are_used_corners_and_edges_included() {
    // A corner piece jumps along the top rank and down the h-file.
    let p = position(&["h8"], &["g8", "h7"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["h8-f8", "h8-h6"]);
    // Light and dark squares alike: a1 (dark) and b1 (light) both jump (a1
    // also over its own b1; b1 cannot jump a1 off the board).
    let p = position(&["a1", "b1"], &["a2", "b2"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["a1-a3", "a1-c1", "b1-b3"]);
}

#[test]
fn rule_01_the_board_has_edges_no_wrapping() {
    // g4 over h4 would land off the board (not on a5, the next index).
    let p = position(&["g4"], &["h4"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["pass"]);
    let mut black = p;
    black.play(Move::Pass);
    assert_eq!(black.legal_move_texts(), ["h4-f4"]);
}

// ---------------------------------------------------------------- rule 2

#[test]
fn rule_02_s1_standard_is_three_ranks_each_then_n_removed() {
    let full = Eliminar::start(rules(&["removed_per_side=0"]));
    assert_eq!(full.fen(), "bbbbbbbb/bbbbbbbb/bbbbbbbb/8/8/wwwwwwww/wwwwwwww/wwwwwwww w");
    for n in [1u8, 4, 12, 23] {
        for seed in 0..20 {
            let p = Eliminar::start(EliminarRules { removed_per_side: n, seed, ..EliminarRules::default() });
            let (w, b) = (p.pieces(Color::White), p.pieces(Color::Black));
            assert_eq!(w & !ranks(0, 2), Bitboard::EMPTY);
            assert_eq!(b & !ranks(5, 7), Bitboard::EMPTY);
            assert_eq!((w.count(), b.count()), (24 - n as u32, 24 - n as u32), "n {n} seed {seed}");
        }
    }
    // Default: 20 v 20.
    let p = Eliminar::start(EliminarRules::default());
    assert_eq!((p.count(Color::White), p.count(Color::Black)), (20, 20));
}

#[test]
fn rule_02_s2_thirty_two_fills_the_board_then_n_removed() {
    let full = Eliminar::start(rules(&["setup=S2", "removed_per_side=0"]));
    assert_eq!(full.fen(), "bbbbbbbb/bbbbbbbb/bbbbbbbb/bbbbbbbb/wwwwwwww/wwwwwwww/wwwwwwww/wwwwwwww w");
    for seed in 0..20 {
        let p = Eliminar::start(rules(&["setup=S2", &format!("seed={seed}")]));
        assert_eq!(p.pieces(Color::White) & !ranks(0, 3), Bitboard::EMPTY);
        assert_eq!(p.pieces(Color::Black) & !ranks(4, 7), Bitboard::EMPTY);
        assert_eq!((p.count(Color::White), p.count(Color::Black)), (28, 28));
    }
}

#[test]
fn rule_02_s3_random_24_places_24_each_and_removes_none() {
    let mut seen = Vec::new();
    for seed in 0..20 {
        let p = Eliminar::start(rules(&["setup=S3", &format!("seed={seed}")]));
        assert_eq!((p.count(Color::White), p.count(Color::Black)), (24, 24));
        // No removal in S3, whatever removed_per_side says (even values other
        // setups reject).
        for n in ["0", "10", "40"] {
            let other = Eliminar::start(rules(&[
                "setup=S3",
                &format!("seed={seed}"),
                &format!("removed_per_side={n}"),
            ]));
            assert_eq!(other.fen(), p.fen());
        }
        seen.push(p.fen());
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 20, "seeds give different placements");
}

#[test]
fn rule_02_s4_random_full_covers_all_64_then_n_removed() {
    let mut empty_seen = Bitboard::EMPTY;
    for seed in 0..20 {
        let full = Eliminar::start(rules(&["setup=S4", "removed_per_side=0", &format!("seed={seed}")]));
        assert_eq!(full.occupied(), Bitboard::FULL);
        assert_eq!((full.count(Color::White), full.count(Color::Black)), (32, 32));
        let p = Eliminar::start(rules(&["setup=S4", &format!("seed={seed}")]));
        assert_eq!((p.count(Color::White), p.count(Color::Black)), (28, 28));
        empty_seen |= !p.occupied();
    }
    // Colours are mixed over the whole board, so holes appear everywhere.
    assert!(empty_seen.count() > 50, "{empty_seen:?}");
}

#[test]
fn rule_02_same_seed_same_setup_pinned_forever() {
    // These FENs are part of the crate's promise: a seed gives this setup on
    // every machine and in every version. Changing them breaks saved games.
    let pinned = [
        ("S1", "1bbbb1bb/1bbbbbbb/b1bbbbbb/8/8/1w1wwwww/1wwwwwww/w1wwwwww w"),
        ("S2", "1bbbb1bb/1bbbbbbb/bbbbb1bb/bbbbbbbb/1w1wwwww/wwwwwwww/ww1wwwww/wwwww1ww w"),
        ("S3", "wwwwwb1w/w1bbb1wb/bbbbbb1w/w1bbwww1/wbbw1w1w/wbbwb2b/w1bwwb1w/b1w2bb1 w"),
        ("S4", "ww1wwbb1/wbbwbbwb/b1bwbbbw/2wbwwwb/wb1wbwbw/wbb1bbbw/wbwwwwbw/wbwbbbw1 w"),
    ];
    for (setup, fen) in pinned {
        let rules = rules(&[&format!("setup={setup}"), "seed=1"]);
        assert_eq!(Eliminar::start(rules).fen(), fen, "{setup} seed 1");
        assert_eq!(Eliminar::start(rules), Eliminar::start(rules));
    }
}

#[test]
fn rule_02_removal_is_uniform_over_the_pieces() {
    // One piece removed per side, 2400 seeds: each of the 24 squares should be
    // hit about 100 times; a biased draw (say modulo bias or a fixed square)
    // would fall outside a generous band.
    let mut hits = [0u32; 64];
    for seed in 0..2400 {
        let p = Eliminar::start(rules(&["removed_per_side=1", &format!("seed={seed}")]));
        let removed = ranks(0, 2) & !p.pieces(Color::White);
        assert_eq!(removed.count(), 1);
        hits[removed.first().unwrap().index()] += 1;
    }
    for sq in ranks(0, 2) {
        assert!((55..150).contains(&hits[sq.index()]), "{sq}: {}", hits[sq.index()]);
    }
}

#[test]
fn rule_02_removing_a_whole_side_is_an_error_never_clamped() {
    for (setup, limit) in [("S1", 24), ("S2", 32), ("S4", 32)] {
        let ok = EliminarRules::default()
            .with_options([&*format!("setup={setup}"), &*format!("removed_per_side={}", limit - 1)]);
        let ok = ok.unwrap();
        let p = Eliminar::start(ok);
        assert_eq!((p.count(Color::White), p.count(Color::Black)), (1, 1));
        let mut bad = ok;
        bad.removed_per_side = limit;
        assert!(matches!(bad.validate(), Err(damero_core::OptionError::Inconsistent { .. })));
        bad.removed_per_side = 255;
        // The error reaches the caller: no start position is clamped into being.
        assert_eq!(Eliminar::try_start(bad).unwrap_err(), bad.validate().unwrap_err());
        assert!(
            std::panic::catch_unwind(|| Eliminar::start(bad)).is_err(),
            "start must refuse invalid rules"
        );
    }
    let err = EliminarRules::default().with_options(["removed_per_side=24"]).unwrap_err();
    assert!(err.to_string().contains("removed_per_side=24"), "{err}");
}

// ---------------------------------------------------------------- rule 3

#[test]
fn rule_03_jumps_are_orthogonal_never_diagonal() {
    // e5 is diagonal to d4: nobody can jump, the game is over.
    let p = position(&["d4"], &["e5"], Color::White, EliminarRules::default());
    assert!(p.legal_move_texts().is_empty());
    let p = position(&["d4"], &["e5", "d5"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["d4-d6"]);
}

#[test]
fn rule_03_jumps_over_pieces_of_either_colour() {
    let p = position(&["d4", "d5"], &["e4"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["d4-d6", "d4-f4", "d5-d3"]);
}

#[test]
fn rule_03_landing_square_must_be_empty() {
    // d4 over d5 is blocked by d6 (any colour); east is free.
    let p = position(&["d4", "d6"], &["d5", "e4"], Color::White, EliminarRules::default());
    let texts = p.legal_move_texts();
    assert!(texts.contains(&"d4-f4".to_owned()));
    assert!(!texts.iter().any(|t| t.starts_with("d4-d6")), "{texts:?}");
}

#[test]
fn rule_03_chain_must_go_on_and_may_turn() {
    let p = position(&["b2", "b3"], &["c4"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["b2-b4-d4", "b3-b1"]);
    assert!(matches!(p.parse_move("b2-b4"), Err(MoveError::Incomplete { .. })));
}

#[test]
fn rule_03_mover_chooses_between_continuations() {
    let p = position(&["a1"], &["a2", "a4", "b3"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["a1-a3-a5", "a1-a3-c3"]);
}

#[test]
fn rule_03_a_piece_is_jumped_at_most_once() {
    // Without the rule a1-a3-a1-a3... would jump a2 back and forth.
    let p = position(&["a1"], &["a2"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["a1-a3"]);
    assert!(matches!(p.parse_move("a1-a3-a1"), Err(MoveError::NotAJump { .. })));
}

#[test]
fn rule_03_every_jumped_piece_own_and_enemy_is_removed_at_the_end() {
    let mut p = position(&["a1", "a2"], &["b3"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["a1-a3-c3"]);
    p.try_play("a1-a3-c3").unwrap();
    assert_eq!(p.fen(), "8/8/8/8/8/2w5/8/8 b");
}

#[test]
fn rule_03_jumped_pieces_stay_on_the_board_until_the_chain_ends() {
    // A jumped piece never frees a landing square for the rest of its chain:
    // a piece lands only on squares of its own file and rank parity and jumps
    // squares of another parity, so "blocking" cannot change a chain, and
    // removal at the end is all that is seen. Checked on random positions:
    // jumped squares are occupied before the move and empty after, the mover
    // never lands on one, and nothing else changes.
    let mut rng = TestRng::new(3);
    let mut moves = MoveList::new();
    let mut checked = 0;
    for i in 0..2000 {
        let p = common::random_position(&mut rng, 30 + i % 50, EliminarRules::default());
        p.legal_moves(&mut moves);
        for &mv in &moves {
            let Move::Jump { from, to, jumped } = mv else { continue };
            assert!(!jumped.contains(to));
            assert_eq!(jumped & !p.occupied(), Bitboard::EMPTY);
            let mut q = p;
            q.play(mv);
            let mover = Bitboard::from_square(from) | Bitboard::from_square(to) | jumped;
            assert_eq!(q.occupied() & jumped, Bitboard::EMPTY);
            assert_eq!(q.occupied() & !mover, p.occupied() & !mover);
            for sq in jumped {
                let (f, r) = (sq.file() ^ from.file(), sq.rank() ^ from.rank());
                assert_eq!((f & 1) + (r & 1), 1, "jumped square of another parity");
            }
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn rule_03_start_square_is_empty_during_the_chain() {
    // c1 goes round b1, a2, b3, c2, comes back over its own start square and
    // goes on over d1. Going round either way is the same move; the smaller
    // path string is printed and both are read.
    let p = position(&["c1"], &["b1", "a2", "b3", "c2", "d1"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["c1-a1-a3-c3-c1-e1", "c1-e1"]);
    let one = p.parse_move("c1-a1-a3-c3-c1-e1").unwrap();
    let other = p.parse_move("c1-c3-a3-a1-c1-e1").unwrap();
    assert_eq!(one, other);
    // A chain may also end on its start square.
    let mut p = position(&["a1"], &["a2", "b3", "c2", "b1"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["a1-a3-c3-c1-a1"]);
    p.try_play("a1-c1-c3-a3-a1").unwrap();
    assert_eq!(p.fen(), "8/8/8/8/8/8/8/w7 b");
}

#[test]
fn rule_03_chains_with_same_start_end_and_jumped_set_are_one_move() {
    let p = position(&["a1"], &["a2", "b3", "c2", "b1"], Color::White, EliminarRules::default());
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    let a1: Square = "a1".parse().unwrap();
    assert_eq!(moves[0], Move::Jump { from: a1, to: a1, jumped: p.pieces(Color::Black) });
}

// ---------------------------------------------------------------- rule 4

#[test]
fn rule_04_pass_only_when_stuck_and_the_opponent_can_jump() {
    let p = position(&["a1"], &["d4", "d5"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["pass"]);
    let mut q = p;
    assert_eq!(q.try_play("pass").unwrap(), Move::Pass);
    assert_eq!(q.side_to_move(), Color::Black);
    assert_eq!(q.occupied(), p.occupied());
    assert_ne!(q.zobrist(), p.zobrist());
    assert_eq!(q.zobrist(), q.zobrist_from_scratch());
    // Black can jump, so Black may not pass back.
    assert_eq!(q.legal_move_texts(), ["d4-d6", "d5-d3"]);
    assert!(matches!(q.parse_move("pass"), Err(MoveError::PassNotAllowed { .. })));
}

// ---------------------------------------------------------------- rule 5

#[test]
fn rule_05_game_ends_when_neither_side_can_jump() {
    let p = position(&["a1", "c3"], &["h8"], Color::White, EliminarRules::default());
    assert!(p.legal_move_texts().is_empty());
    assert!(p.outcome().is_some());
    assert!(matches!(p.parse_move("pass"), Err(MoveError::GameOver { .. })));
    // One side stuck while the other can jump is not the end (rule 4).
    let p = position(&["a1"], &["d4", "d5"], Color::White, EliminarRules::default());
    assert_eq!(p.outcome(), None);
}

// ---------------------------------------------------------------- rule 6

#[test]
fn rule_06_fewest_pieces_wins_by_default() {
    let p = position(&["a1"], &["h8", "f8"], Color::White, EliminarRules::default());
    assert_eq!(p.outcome(), Some(Outcome::Win(Color::White)));
    let p = position(&["a1"], &["h8", "f8"], Color::Black, EliminarRules::default());
    assert_eq!(p.outcome(), Some(Outcome::Win(Color::White)));
}

#[test]
fn rule_06_most_pieces_wins_as_an_option() {
    let most = EliminarRules { objective: Objective::Most, ..EliminarRules::default() };
    let p = position(&["a1"], &["h8", "f8"], Color::White, most);
    assert_eq!(p.outcome(), Some(Outcome::Win(Color::Black)));
}

#[test]
fn rule_06_equal_counts_draw() {
    for objective in [Objective::Fewest, Objective::Most] {
        let r = EliminarRules { objective, ..EliminarRules::default() };
        assert_eq!(position(&["a1"], &["h8"], Color::White, r).outcome(), Some(Outcome::Draw));
        assert_eq!(position(&[], &[], Color::Black, r).outcome(), Some(Outcome::Draw));
    }
}

// ---------------------------------------------------------------- rule 7

#[test]
fn rule_07_every_jump_removes_a_piece_so_games_are_short() {
    let mut rng = TestRng::new(7);
    let mut moves = MoveList::new();
    let mut longest = 0;
    for setup in StartSetup::ALL {
        for seed in 0..60 {
            let mut p = Eliminar::start(EliminarRules {
                setup,
                seed,
                removed_per_side: (seed % 8) as u8,
                ..EliminarRules::default()
            });
            let (mut plies, mut jumps, mut last_was_pass) = (0, 0, false);
            loop {
                p.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u64) as usize];
                let before = p.occupied().count();
                p.play(mv);
                plies += 1;
                if mv.is_pass() {
                    assert!(!last_was_pass, "two passes in a row");
                } else {
                    jumps += 1;
                    assert!(p.occupied().count() < before);
                }
                last_was_pass = mv.is_pass();
                assert!(jumps <= 63 && plies <= 126, "{setup} seed {seed}");
            }
            assert!(p.outcome().is_some());
            longest = longest.max(plies);
        }
    }
    assert!(longest > 10, "games did go on: {longest}");
}

// ---------------------------------------------------------------- rule 8

#[test]
fn rule_08_end_when_stuck_ends_instead_of_passing() {
    let stuck = EliminarRules { end_when_stuck: true, ..EliminarRules::default() };
    let p = position(&["a1"], &["d4", "d5"], Color::White, stuck);
    assert!(p.legal_move_texts().is_empty());
    // Decided by counting (rule 6): 1 v 2, fewest wins.
    assert_eq!(p.outcome(), Some(Outcome::Win(Color::White)));
    assert!(matches!(p.parse_move("pass"), Err(MoveError::GameOver { .. })));
    // Off (default): the same position is a pass.
    let p = position(&["a1"], &["d4", "d5"], Color::White, EliminarRules::default());
    assert_eq!(p.legal_move_texts(), ["pass"]);
    // A side that can jump plays on either way.
    let p = position(&["a1"], &["d4", "d5"], Color::Black, stuck);
    assert_eq!(p.legal_move_texts(), ["d4-d6", "d5-d3"]);
}
