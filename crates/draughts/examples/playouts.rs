//! Random playouts from the English start through `Game::random_playout`: a
//! profiling aid for the playout hot path of MCTS.
//!
//! `cargo run --release -p damero-draughts --example playouts -- 200000`

use std::time::Instant;

use damero_core::Game;
use damero_draughts::{English, EnglishRules};

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let start = English::start(EnglishRules);
    // xorshift64: a fixed, cheap stream of random bits.
    let mut state = 0x1234_5678_9abc_def0u64;
    let mut random = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut plies = 0u64;
    let started = Instant::now();
    for _ in 0..games {
        plies += u64::from(start.random_playout(u32::MAX, &mut random).plies);
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{games} playouts, {plies} plies: {:.0} playouts/s, {:.1} ns/ply",
        games as f64 / seconds,
        seconds * 1e9 / plies as f64
    );
}
