//! Property tests: notation round-trip, incremental hash, "Eliminar loses
//! exactly the jumped pieces", and the game-length bound of rule 7.

use damero_core::{Bitboard, Color, Game, MoveList};
use damero_eliminar::{Eliminar, EliminarRules, Move, Objective, Setup, StartSetup};
use proptest::prelude::*;

/// Random positions of varied density: `a` alone, `a & b` (sparse) or `a | b`
/// (dense), coloured by `c`.
fn arb_position() -> impl Strategy<Value = Eliminar> {
    (any::<u64>(), any::<u64>(), any::<u64>(), 0u8..3, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(
        |(a, b, c, density, black, stuck, most)| {
            let occupied = match density {
                0 => a,
                1 => a & b,
                _ => a | b,
            };
            let rules = EliminarRules {
                end_when_stuck: stuck,
                objective: if most { Objective::Most } else { Objective::Fewest },
                ..EliminarRules::default()
            };
            let side = if black { Color::Black } else { Color::White };
            Eliminar::from_setup(
                Setup { white: Bitboard(occupied & c), black: Bitboard(occupied & !c), side_to_move: side },
                rules,
            )
            .unwrap()
        },
    )
}

/// Start positions of every setup, with the removal and seed varied.
fn arb_start() -> impl Strategy<Value = Eliminar> {
    (0usize..4, 0u8..24, any::<u64>()).prop_map(|(setup, removed_per_side, seed)| {
        Eliminar::start(EliminarRules {
            setup: StartSetup::ALL[setup],
            removed_per_side,
            seed,
            ..EliminarRules::default()
        })
    })
}

fn pick(position: &Eliminar, choice: u16) -> Option<Move> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    (!moves.is_empty()).then(|| moves[choice as usize % moves.len()])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn notation_round_trips(position in prop_oneof![arb_position(), arb_start()], choices in prop::collection::vec(any::<u16>(), 0..40)) {
        let mut p = position;
        for choice in choices {
            let fen = p.fen();
            let reread = Eliminar::from_fen(&fen, p.rules()).unwrap();
            prop_assert_eq!(reread, p);
            let mut moves = MoveList::new();
            p.legal_moves(&mut moves);
            prop_assert_eq!(p.is_over(), moves.is_empty());
            for &mv in &moves {
                let text = p.format_move(mv);
                prop_assert_eq!(p.parse_move(&text), Ok(mv), "{} at {}", text, fen);
            }
            let Some(mv) = pick(&p, choice) else { break };
            p.play(mv);
        }
    }

    #[test]
    fn incremental_hash_equals_from_scratch(position in prop_oneof![arb_position(), arb_start()], choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let mut p = position;
        prop_assert_eq!(p.zobrist(), p.zobrist_from_scratch());
        for choice in choices {
            let Some(mv) = pick(&p, choice) else { break };
            p.play(mv);
            prop_assert_eq!(p.zobrist(), p.zobrist_from_scratch(), "{}", p.fen());
        }
    }

    #[test]
    fn eliminar_loses_exactly_the_jumped_pieces(position in prop_oneof![arb_position(), arb_start()], choices in prop::collection::vec(any::<u16>(), 1..80)) {
        let mut p = position;
        for choice in choices {
            let Some(mv) = pick(&p, choice) else { break };
            let before = p;
            p.play(mv);
            for c in Color::ALL {
                let jumped = (mv.jumped() & before.pieces(c)).count();
                prop_assert_eq!(p.count(c), before.count(c) - jumped, "{:?} {:?} at {}", c, mv, before.fen());
            }
            // Rule 3: every move other than the pass jumps at least one piece.
            prop_assert_eq!(mv.is_pass(), mv.jumped().is_empty());
        }
    }

    #[test]
    fn games_end_within_the_rule_7_bound(position in prop_oneof![arb_position(), arb_start()], seed in any::<u64>()) {
        let mut p = position;
        let pieces = p.occupied().count();
        let (mut plies, mut jumps, mut state) = (0u32, 0u32, seed);
        while let Some(mv) = {
            let (next, value) = damero_core::splitmix64(state);
            state = next;
            pick(&p, value as u16)
        } {
            p.play(mv);
            plies += 1;
            if !mv.is_pass() {
                jumps += 1;
            }
            // Each jump removes a piece and one always stays; each pass is
            // followed by a jump (or nothing, if that ends the game).
            prop_assert!(jumps < pieces.max(1));
            prop_assert!(plies <= 2 * jumps + 1 && plies <= 126);
        }
        // A game never ends right after a pass (the opponent had a jump).
        prop_assert!(plies <= 2 * jumps);
        prop_assert!(p.outcome().is_some());
    }
}
