//! Property tests of Cross with the test kit's strategies (`damero-core`
//! features `testkit` and `proptest`): random games that shrink to the
//! shortest failing game, and ready-made checks of the `Game` contract. Run
//! them with `cargo test -p damero --example proptest_cross`.
//! (In a `tests/` file, the same without `mod tests` and `main`.)

fn main() {
    println!("property tests: cargo test -p damero --example proptest_cross");
}

#[cfg(test)]
mod tests {
    use damero::core::Game;
    use damero::core::testkit::{invariants, strategies};
    use damero::cross::{Cross, CrossRules};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Every position of a random game of up to 80 plies keeps the
        /// contract: FEN and hash, perft 2 divide, outcomes, undo.
        #[test]
        fn random_games_keep_the_contract(game in strategies::records::<Cross>(CrossRules::default(), 80)) {
            invariants::game(&game, 2)?;
        }

        /// A rule of the game: a capture removes enemy pieces from the board,
        /// and any other move leaves the enemy's pieces as they were.
        #[test]
        fn captures_remove_enemy_pieces(
            (position, mv, _) in strategies::positions_with_move::<Cross>(CrossRules::default(), 80)
        ) {
            let them = !position.side_to_move();
            let mut after = position;
            after.play(mv);
            prop_assert_eq!(position.is_capture(mv), after.on_board(them) < position.on_board(them));
            if !position.is_capture(mv) {
                prop_assert_eq!(after.squares(them), position.squares(them));
                prop_assert_eq!(after.vertices(them), position.vertices(them));
            }
        }
    }
}
