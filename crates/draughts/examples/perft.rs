//! Plain perft (one thread, bulk counting at the last ply) of the positions
//! the generator's speed is judged on, without the CLI: a profiling aid that
//! builds in a fraction of the CLI's time and runs under `valgrind
//! --tool=callgrind` or `perf record` as it is.
//!
//! `cargo run --release -p damero-draughts --example perft -- kings 9`
//! (`russian`, `english` or `kings`: the Russian and English starts and the
//! king middlegame `B:Wa1,c1,e1,h2,a3,f4,Kd8:BKg1,a5,b6,a7,c7,g7,b8,f8,h8`).

use std::time::Instant;

use damero_core::Game;
use damero_draughts::{English, Russian};
use damero_search::perft;

/// Flying kings make most of the moves and captures (perft 10 = 308,884,991).
const KING_MIDDLEGAME: &str = "B:Wa1,c1,e1,h2,a3,f4,Kd8:BKg1,a5,b6,a7,c7,g7,b8,f8,h8";

fn timed<G: Game>(position: &G, depth: u32) {
    let started = Instant::now();
    let leaves = perft(position, depth);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "perft {depth}: {leaves} leaves in {seconds:.3} s, {:.1} M leaves/s",
        leaves as f64 / seconds / 1e6
    );
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "kings".to_owned());
    let depth: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(8);
    match which.as_str() {
        "russian" => timed(&Russian::start(Default::default()), depth),
        "english" => timed(&English::start(Default::default()), depth),
        "kings" => timed(&Russian::from_fen(KING_MIDDLEGAME, Default::default()).expect("FEN"), depth),
        other => eprintln!("unknown position {other}: russian, english or kings"),
    }
}
