//! Property tests over random games: notation round-trips, the incremental
//! hash, piece conservation and the no-double-guard invariant.

use damero_core::{Color, Game, MoveList};
use damero_cross::{Cross, CrossRules, VERTEX_MASK};
use proptest::prelude::*;

/// Plays `choices` as indices into the legal move lists from the start,
/// calling `check` on every position reached (and its move list).
fn walk(choices: &[u16], mut check: impl FnMut(&Cross, &MoveList<damero_cross::Move>)) {
    let mut p = Cross::start(CrossRules::default());
    let mut moves = MoveList::new();
    for &choice in choices {
        p.legal_moves(&mut moves);
        check(&p, &moves);
        if moves.is_empty() {
            return;
        }
        p.play(moves[choice as usize % moves.len()]);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn notation_round_trips(choices in proptest::collection::vec(any::<u16>(), 0..160)) {
        walk(&choices, |p, moves| {
            let fen = p.fen();
            let reread = Cross::from_fen(&fen, CrossRules::default()).unwrap();
            assert_eq!(reread.fen(), fen);
            assert_eq!(reread.zobrist(), p.zobrist());
            for &mv in moves {
                let text = p.format_move(mv);
                assert_eq!(p.parse_move(&text), Ok(mv), "{text} at {fen}");
            }
        });
    }

    #[test]
    fn incremental_hash_matches_scratch(choices in proptest::collection::vec(any::<u16>(), 0..200)) {
        walk(&choices, |p, _| assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "{}", p.fen()));
    }

    #[test]
    fn on_board_plus_spares_is_sixteen(choices in proptest::collection::vec(any::<u16>(), 0..200)) {
        walk(&choices, |p, _| {
            for color in Color::ALL {
                let on_board = p.squares(color).count() + (p.vertices(color) & VERTEX_MASK).count_ones();
                assert!(on_board <= 16, "{}", p.fen());
                assert_eq!(on_board + p.spares(color), 16);
                assert_eq!(p.vertices(color) & !VERTEX_MASK, 0);
            }
            assert!((p.squares(Color::Black) & p.squares(Color::White)).is_empty());
            assert_eq!(p.vertices(Color::Black) & p.vertices(Color::White), 0);
        });
    }

    #[test]
    fn no_square_guarded_by_both(choices in proptest::collection::vec(any::<u16>(), 0..200)) {
        walk(&choices, |p, _| {
            assert!((p.guarded(Color::Black) & p.guarded(Color::White)).is_empty(), "{}", p.fen());
        });
    }
}
