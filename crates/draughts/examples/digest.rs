//! A digest of the generator's observable orders, for A/B checks of a
//! refactoring: per rule set, the plies and outcomes of seeded random
//! playouts (`Game::random_playout`) and a hash of the move lists, in
//! order, with the keys of the positions they lead to, along seeded random
//! games. Equal output before and after a change means the move-list order
//! (which the search's ties follow), the random-move order and the keys
//! are unchanged; it also checks that counting agrees with listing.
//!
//! `cargo run --release -p damero-draughts --example digest -- 4000`

use damero_core::{Game, MoveList, RuleSet};
use damero_draughts::{English, Russian, Spanish, Zisnella, ZisnellaRules};

/// Total plies, an outcome hash and a move-list hash over `games` games.
fn digest<G: Game>(rules: G::Rules, games: u64) -> (u64, u64, u64) {
    // xorshift64: a fixed, cheap stream of random bits.
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let start = G::start(rules);
    let (mut plies, mut outcomes) = (0u64, 0u64);
    for _ in 0..games {
        let playout = start.random_playout(u32::MAX, &mut random);
        plies += u64::from(playout.plies);
        let code = playout.outcome.map_or(0, |o| 1 + o.winner().map_or(0, |c| c.index() as u64 + 1));
        outcomes = outcomes.wrapping_mul(31).wrapping_add(code);
    }
    let mut lists = 0u64;
    let mut moves = MoveList::new();
    for _ in 0..games / 4 {
        let mut position = start;
        for _ in 0..200 {
            position.legal_moves(&mut moves);
            assert_eq!(moves.len() as u64, position.count_legal_moves(), "{}", position.fen());
            let Some(mv) = position.random_move(random()) else { break };
            for &listed in &moves {
                let mut child = position;
                child.play(listed);
                lists = lists.wrapping_mul(0x100_0000_01b3) ^ child.zobrist();
            }
            position.play(mv);
        }
    }
    (plies, outcomes, lists)
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let backward = ZisnellaRules::default().with_options(["men_capture_backward=true"]).expect("option");
    println!("russian {:?}", digest::<Russian>(Default::default(), games));
    println!("zisnella {:?}", digest::<Zisnella>(Default::default(), games));
    println!("zisnella-backward {:?}", digest::<Zisnella>(backward, games));
    println!("spanish {:?}", digest::<Spanish>(Default::default(), games));
    println!("english {:?}", digest::<English>(Default::default(), games));
}
