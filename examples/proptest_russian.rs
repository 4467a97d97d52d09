//! Property tests of Russian draughts with the test kit's strategies
//! (`damero-core` features `testkit` and `proptest`): random games that
//! shrink to the shortest failing game, and ready-made checks of the `Game`
//! contract. Run them with `cargo test -p damero --example proptest_russian`.
//! (In a `tests/` file, the same without `mod tests` and `main`.)

fn main() {
    println!("property tests: cargo test -p damero --example proptest_russian");
}

#[cfg(test)]
mod tests {
    use damero::core::Game;
    use damero::core::testkit::{invariants, strategies};
    use damero::draughts::{Russian, RussianRules};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(32))]

        /// Every position of a random game of up to 120 plies keeps the
        /// contract: FEN and hash, perft 2 divide, outcomes, undo.
        #[test]
        fn random_games_keep_the_contract(game in strategies::records::<Russian>(RussianRules::default(), 120)) {
            invariants::game(&game, 2)?;
        }

        /// A rule of the game: capturing is compulsory, and a capture takes
        /// at least one enemy piece while any other move takes none.
        #[test]
        fn captures_take_pieces(
            (position, mv, _) in strategies::positions_with_move::<Russian>(RussianRules::default(), 120)
        ) {
            let them = !position.side_to_move();
            let count = |p: &Russian| { let (men, kings) = p.material(them); men + kings };
            let mut after = position;
            after.play(mv);
            prop_assert_eq!(position.is_capture(mv), position.must_capture());
            prop_assert_eq!(position.is_capture(mv), count(&after) < count(&position));
        }
    }
}
