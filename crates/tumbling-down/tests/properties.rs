//! Properties over random games and random scattered positions: notation
//! round trips, incremental hash equals the hash from scratch, piece
//! conservation (29 + 29 always on the board), make/unmake equals copy-make.

mod common;

use common::{rng, scattered};
use damero_core::{Color, Game, MoveList};
use damero_tumbling_down::{TumblingDown, TumblingDownRules, Variant};
use proptest::prelude::*;
use rand::Rng;

fn rules_strategy() -> impl Strategy<Value = TumblingDownRules> {
    (any::<bool>(), 1u8..4).prop_map(|(boardspace, min_king_height)| TumblingDownRules {
        min_king_height,
        variant: if boardspace { Variant::Boardspace } else { Variant::Original },
        ..TumblingDownRules::default()
    })
}

/// Plays a random game of up to `plies` plies, calling `check` on every position.
fn walk(start: TumblingDown, seed: u64, plies: usize, mut check: impl FnMut(&TumblingDown)) {
    let mut r = rng(seed);
    let mut p = start;
    let mut moves = MoveList::new();
    check(&p);
    for _ in 0..plies {
        p.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        p.play(moves[r.random_range(0..moves.len())]);
        check(&p);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn notation_round_trips(rules in rules_strategy(), seed in any::<u64>(), plies in 0usize..200) {
        walk(TumblingDown::start(rules), seed, plies, |p| {
            let reread = TumblingDown::from_fen(&p.fen(), rules).unwrap();
            assert_eq!(reread.fen(), p.fen());
            assert_eq!(reread.board(), p.board());
            assert_eq!(reread.winner(), p.winner());
            assert_eq!(reread.zobrist(), p.zobrist());
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            for &mv in &moves {
                assert_eq!(p.parse_move(&p.format_move(mv)).unwrap(), mv);
            }
        });
    }

    #[test]
    fn incremental_hash_equals_hash_from_scratch(rules in rules_strategy(), seed in any::<u64>(), squares in 1usize..30) {
        let mut r = rng(seed);
        for start in [TumblingDown::start(rules), scattered(&mut r, squares, 29, rules)] {
            walk(start, seed, 200, |p| assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "{}", p.fen()));
        }
    }

    #[test]
    fn pieces_are_never_lost(rules in rules_strategy(), seed in any::<u64>()) {
        walk(TumblingDown::start(rules), seed, 300, |p| {
            assert_eq!(p.piece_count(Color::White), 29);
            assert_eq!(p.piece_count(Color::Black), 29);
        });
    }

    #[test]
    fn make_unmake_equals_copy_make(rules in rules_strategy(), seed in any::<u64>(), squares in 1usize..30) {
        let mut r = rng(seed);
        let start = if squares % 2 == 0 { TumblingDown::start(rules) } else { scattered(&mut r, squares, 29, rules) };
        walk(start, seed, 100, |p| {
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            let mut inplace = *p;
            for &mv in &moves {
                let mut copy = *p;
                copy.play(mv);
                let undo = inplace.make(mv);
                assert_eq!(inplace, copy);
                inplace.unmake(&undo);
                assert_eq!(&inplace, p);
            }
        });
    }
}
