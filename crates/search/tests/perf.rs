//! Speed measurements (ignored by default: `cargo test --release -p
//! damero-search --test perf -- --ignored --nocapture`). They print medians.

mod common;

use std::time::{Duration, Instant};

use damero_core::Game;
use damero_draughts::{English, EnglishRules, Russian, RussianRules};
use damero_eval::DraughtsEvaluator;
use damero_search::{AlphaBeta, AlphaBetaConfig, Limits, Mcts, MctsConfig};

/// CPU time of this thread so far (Linux), to measure per CPU-second on a
/// shared machine; falls back to nothing elsewhere.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// CPU time of the whole process (user + system), from /proc (Linux).
fn process_cpu_seconds() -> f64 {
    let text = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = text.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks: f64 = fields.get(11..13).map_or(0.0, |f| f.iter().filter_map(|x| x.parse::<f64>().ok()).sum());
    ticks / 100.0
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Middlegame positions: 14-20 random plies from the start.
pub fn russian_middlegames() -> Vec<Russian> {
    let start = Russian::start(RussianRules::default());
    common::random_positions(start, 40, 20, 2024)
        .into_iter()
        .filter(|(p, h)| h.len() >= 12 && p.outcome().is_none())
        .map(|(p, _)| p)
        .take(8)
        .collect()
}

#[test]
#[ignore = "a speed measurement: run with --release --nocapture and read the figures"]
fn alphabeta_nodes_per_second_on_russian_middlegames() {
    let positions = russian_middlegames();
    for threads in [1, 2] {
        let mut rates = Vec::new();
        let mut total_nodes = 0;
        for p in &positions {
            let config = AlphaBetaConfig { threads, ..AlphaBetaConfig::default() };
            let mut search = AlphaBeta::new(config, DraughtsEvaluator::default());
            let r = search.search(p, &[], &Limits::movetime(Duration::from_millis(1500)), |_| {});
            rates.push(r.nps() as f64);
            total_nodes += r.nodes;
            println!("threads {threads}: depth {} nodes {} nps {} {}", r.depth, r.nodes, r.nps(), p.fen());
        }
        println!("threads {threads}: median nps {:.0} (total nodes {total_nodes})", median(rates));
    }
}

#[test]
#[ignore = "a speed measurement: run with --release --nocapture and read the figures"]
fn alphabeta_time_to_depth_from_the_russian_start() {
    let start = Russian::start(RussianRules::default());
    for threads in [1, 2] {
        let config = AlphaBetaConfig { threads, ..AlphaBetaConfig::default() };
        let mut search = AlphaBeta::new(config, DraughtsEvaluator::default());
        let t = Instant::now();
        let r = search.search(&start, &[], &Limits::depth(14), |i| println!("{}", i.line(&start)));
        println!("threads {threads}: depth 14 in {:?}, {} nodes, {} nps", t.elapsed(), r.nodes, r.nps());
    }
}

#[test]
#[ignore = "a speed measurement: run with --release --nocapture and read the figures"]
fn alphabeta_two_thread_speedup_to_fixed_depth() {
    let positions = russian_middlegames();
    let mut ratios = Vec::new();
    for p in &positions {
        let mut times = [0.0; 2];
        for (i, threads) in [1, 2].into_iter().enumerate() {
            let config = AlphaBetaConfig { threads, ..AlphaBetaConfig::default() };
            let mut search = AlphaBeta::new(config, DraughtsEvaluator::default());
            let t = Instant::now();
            let cpu = process_cpu_seconds();
            let r = search.search(p, &[], &Limits::depth(17), |_| {});
            times[i] = t.elapsed().as_secs_f64();
            println!(
                "{threads} thread(s): {:.3}s wall, {:.3}s CPU, {} nodes",
                times[i],
                process_cpu_seconds() - cpu,
                r.nodes
            );
        }
        ratios.push(times[0] / times[1]);
    }
    println!("median 2-thread speed-up (time to depth 17): {:.2}", median(ratios));
}

#[test]
#[ignore = "a speed measurement: run with --release --nocapture and read the figures"]
fn mcts_random_playouts_per_second_from_the_english_start() {
    let start = English::start(EnglishRules);
    let mut rates = Vec::new();
    for seed in 0..5 {
        let mut mcts = Mcts::new(MctsConfig { seed, ..MctsConfig::default() }, DraughtsEvaluator::default());
        let t = Instant::now();
        let cpu = thread_cpu_time();
        let r = mcts.search(&start, &[], &Limits::nodes(200_000), |_| {});
        let secs = t.elapsed().as_secs_f64();
        let cpu_secs = thread_cpu_time().zip(cpu).map_or(secs, |(b, a)| (b - a).as_secs_f64());
        rates.push(r.nodes as f64 / cpu_secs);
        println!("seed {seed}: {} playouts in {secs:.3}s wall, {cpu_secs:.3}s CPU", r.nodes);
    }
    println!("median playouts per CPU-second (1 thread): {:.0}", median(rates));
}

#[test]
#[ignore = "a speed measurement: run with --release --nocapture and read the figures"]
fn raw_random_playouts_per_second_from_the_english_start() {
    // The game's own speed, without any tree: the ceiling for MCTS. First
    // `Game::random_playout` (what MCTS calls), then a plain loop that lists
    // every move and plays one with `play`, for comparison.
    let start = English::start(EnglishRules);
    let n = 200_000;
    let mut rng = damero_search::SeededRng::new(1);
    let cpu = thread_cpu_time();
    let t = Instant::now();
    let mut plies = 0u64;
    for _ in 0..n {
        plies += u64::from(start.random_playout(u32::MAX, &mut || rng.next_u64()).plies);
    }
    let secs = thread_cpu_time().zip(cpu).map_or(t.elapsed().as_secs_f64(), |(b, a)| (b - a).as_secs_f64());
    println!(
        "random_playout: {:.0} playouts per CPU-second, {:.1} plies per playout, {:.1} ns per ply",
        n as f64 / secs,
        plies as f64 / n as f64,
        secs * 1e9 / plies as f64
    );
    let mut moves = damero_core::MoveList::new();
    let cpu = thread_cpu_time();
    let t = Instant::now();
    let mut plies = 0u64;
    for _ in 0..n {
        let mut p = start;
        loop {
            p.legal_moves(&mut moves);
            if moves.is_empty() || p.rule_draw() {
                break;
            }
            p.play(moves[rng.below(moves.len())]);
            plies += 1;
        }
    }
    let secs = thread_cpu_time().zip(cpu).map_or(t.elapsed().as_secs_f64(), |(b, a)| (b - a).as_secs_f64());
    println!(
        "listing every move: {:.0} playouts per CPU-second, {:.1} plies per playout",
        n as f64 / secs,
        plies as f64 / n as f64
    );
}

#[test]
#[ignore = "a speed measurement: run with --release --nocapture and read the figures"]
fn mcts_root_parallel_playouts_per_second() {
    let start = English::start(EnglishRules);
    for threads in [1, 2] {
        let mut rates = Vec::new();
        for seed in 0..3 {
            let config = MctsConfig { seed, threads, ..MctsConfig::default() };
            let mut mcts = Mcts::new(config, DraughtsEvaluator::default());
            let t = Instant::now();
            let cpu = process_cpu_seconds();
            let r = mcts.search(&start, &[], &Limits::nodes(200_000), |_| {});
            let secs = t.elapsed().as_secs_f64();
            println!("{threads} thread(s): {secs:.3}s wall, {:.2}s CPU", process_cpu_seconds() - cpu);
            rates.push(r.nodes as f64 / secs);
        }
        println!("{threads} thread(s): median {:.0} playouts per wall-second", median(rates));
    }
}

#[test]
#[ignore = "a speed measurement: run with --release --nocapture and read the figures"]
fn alphabeta_thread_scaling_of_nodes_per_second() {
    // Total nodes/s at 1 and 2 threads, with and without the shared table:
    // tells hardware scaling from table contention.
    let positions = russian_middlegames();
    for tt in [true, false] {
        for tt_mib in [1, 64] {
            for threads in [1, 2] {
                let mut rates = Vec::new();
                for p in positions.iter().take(4) {
                    let config = AlphaBetaConfig { threads, tt, tt_mib, ..AlphaBetaConfig::default() };
                    let mut search = AlphaBeta::new(config, DraughtsEvaluator::default());
                    let r = search.search(p, &[], &Limits::movetime(Duration::from_millis(500)), |_| {});
                    rates.push(r.nps() as f64);
                }
                println!("tt {tt} {tt_mib} MiB, {threads} thread(s): median {:.0} nodes/s", median(rates));
            }
            if !tt {
                break;
            }
        }
    }
}

#[test]
#[ignore = "a speed measurement: run with --release --nocapture and read the figures"]
fn mcts_playouts_per_cpu_second_in_play() {
    // As an engine in a game: one searcher, a new game before each search,
    // so the tree's memory is already mapped (steady state).
    let start = English::start(EnglishRules);
    let mut mcts = Mcts::new(MctsConfig::default(), DraughtsEvaluator::default());
    let mut rates = Vec::new();
    for seed in 0..6 {
        mcts.clear();
        let cpu = thread_cpu_time();
        let t = Instant::now();
        let r = mcts.search(&start, &[], &Limits::nodes(200_000 + seed), |_| {});
        let cpu_secs =
            thread_cpu_time().zip(cpu).map_or(t.elapsed().as_secs_f64(), |(b, a)| (b - a).as_secs_f64());
        println!("{} playouts, {cpu_secs:.3}s CPU, tree {} nodes", r.nodes, mcts.tree_size());
        if seed > 0 {
            rates.push(r.nodes as f64 / cpu_secs);
        }
    }
    println!("median playouts per CPU-second (1 thread, memory reused): {:.0}", median(rates));
}
