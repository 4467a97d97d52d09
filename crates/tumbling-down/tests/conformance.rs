//! The core conformance suite over many random games, and the fast move
//! generator and `play` checked against the slow reference model on random
//! positions (from random games and scattered tall mixed stacks).

mod common;

use common::{Reference, random_game_position, rng, scattered};
use damero_core::testkit::{check_conformance, check_games_from};
use damero_core::{Game, MoveList};
use damero_tumbling_down::{TumblingDown, TumblingDownRules};
use rand::Rng;

fn rule_sets() -> Vec<TumblingDownRules> {
    vec![
        TumblingDownRules::original(),
        TumblingDownRules::boardspace(),
        TumblingDownRules { min_king_height: 2, ..TumblingDownRules::original() },
        TumblingDownRules { min_king_height: 3, ..TumblingDownRules::boardspace() },
        TumblingDownRules { max_plies: Some(40), repetition_draw: true, ..TumblingDownRules::original() },
    ]
}

#[test]
fn conformance_from_the_start_positions() {
    let mut finished = 0;
    for (i, rules) in rule_sets().into_iter().enumerate() {
        let report = check_conformance::<TumblingDown>(rules, 60, 400, 0x7d00 + i as u64);
        assert!(report.moves > 1_000, "{rules:?}: {report:?}");
        finished += report.finished_games;
    }
    assert!(finished > 100, "random games should mostly end in a capture: {finished}");
}

#[test]
fn conformance_from_scattered_positions() {
    let mut r = rng(11);
    for i in 0..120 {
        let rules = rule_sets()[i % 5];
        let start = scattered(&mut r, 2 + i % 20, 29 - i % 7, rules);
        let report = check_games_from(start, 2, 200, i as u64);
        assert!(report.positions >= 1);
    }
}

/// Compares every legal move and every child with the reference model.
fn agree_with_reference(p: &TumblingDown) -> usize {
    let reference = Reference::of(p);
    assert_eq!(reference.fen(), p.fen(), "reference writes the position differently");
    let texts = p.legal_move_texts();
    assert_eq!(texts, reference.moves(), "move lists differ at {}", p.fen());
    let mut moves = MoveList::new();
    p.legal_moves(&mut moves);
    for &mv in &moves {
        let text = p.format_move(mv);
        let mut child = *p;
        child.play(mv);
        let expected = reference.play(&text);
        assert_eq!(child.fen(), expected.fen(), "{text} from {}", p.fen());
        assert_eq!(child.winner(), expected.winner);
    }
    moves.len()
}

#[test]
fn movegen_and_play_agree_with_the_reference_on_random_positions() {
    let mut r = rng(5);
    let mut checked = 0;
    let mut decided_children = 0;
    for i in 0..400 {
        let rules = rule_sets()[i % 5];
        let p = if i % 2 == 0 {
            let plies = r.random_range(0..120);
            random_game_position(&mut r, rules, plies)
        } else {
            let (squares, per_side) = (r.random_range(1..24), r.random_range(1..=29));
            scattered(&mut r, squares, per_side, rules)
        };
        checked += agree_with_reference(&p);
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        decided_children += moves
            .iter()
            .filter(|&&m| {
                let mut c = p;
                c.play(m);
                c.winner().is_some()
            })
            .count();
    }
    assert!(checked > 10_000, "{checked}");
    assert!(decided_children > 100, "the sample must exercise rules 9-10: {decided_children}");
}
