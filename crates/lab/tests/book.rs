//! Building opening books: a built book scores its moves as the search does.

use damero_core::Game;
use damero_draughts::Russian;
use damero_eval::DraughtsEvaluator;
use damero_lab::book::build;
use damero_search::{AlphaBeta, AlphaBetaConfig, Limits};

#[test]
fn a_built_book_scores_moves_like_the_search() {
    let start = Russian::start(Default::default());
    let book = build(&start, DraughtsEvaluator::default(), 2, 3, 0, 2, |_, _| {});
    // With no margin only the best moves are kept; the best has the score
    // of a search of its child one ply shallower.
    let first = &book.candidates(start.zobrist())[0];
    let mut child = start;
    child.try_play(&first.text).unwrap();
    let mut search = AlphaBeta::new(AlphaBetaConfig::default(), DraughtsEvaluator::default());
    assert_eq!(-search.search(&child, &[], &Limits::depth(2), |_| {}).score.0, first.score);
    assert_eq!(book.positions_from(&start).unwrap().len(), book.len());
}

/// A whole build from `start`, and each position's candidates in the order
/// the build finished them (what its journal holds).
fn build_in_order<G: damero_core::Game, E: damero_core::Evaluator<G>>(
    start: &G,
    evaluator: E,
    options: damero_lab::book::BookOptions,
) -> (damero_search::Book, Vec<(u64, Vec<damero_search::BookMove>)>) {
    let mut order = Vec::new();
    let book = damero_lab::book::build_from(
        start,
        evaluator,
        options,
        &damero_search::Book::new(G::NAME),
        |key, moves| {
            order.push((key, moves.to_vec()));
            Ok::<(), ()>(())
        },
        |_, _| {},
    )
    .unwrap();
    (book, order)
}

#[test]
fn a_build_resumed_from_any_prefix_of_its_positions_ends_with_the_same_book() {
    use damero_lab::book::{BookOptions, build_from};
    use damero_search::Book;
    let start = Russian::start(Default::default());
    let options = BookOptions { plies: 3, depth: 2, margin: 20, width: 2, threads: 1 };
    let (whole, order) = build_in_order(&start, DraughtsEvaluator::default(), options);
    assert!(order.len() > 5, "{} positions", order.len());
    assert_eq!(order.len(), whole.len());
    for cut in [1, order.len() / 2, order.len() - 1] {
        // What a journal of an interrupted build holds: the first `cut`
        // positions it finished.
        let mut known = Book::new("russian");
        for (key, moves) in &order[..cut] {
            known.insert(*key, moves.clone());
        }
        let mut searched = Vec::new();
        // Resumed with another thread count, as `--threads` allows.
        let resumed = build_from(
            &start,
            DraughtsEvaluator::default(),
            BookOptions { threads: 2, ..options },
            &known,
            |key, _| {
                searched.push(key);
                Ok::<(), ()>(())
            },
            |_, _| {},
        )
        .unwrap();
        assert_eq!(resumed, whole, "resumed after {cut} positions");
        assert_eq!(searched, order[cut..].iter().map(|(key, _)| *key).collect::<Vec<_>>());
        assert_eq!(resumed.to_string(), whole.to_string());
    }
}

#[test]
fn a_build_stops_at_the_first_error_of_its_journal() {
    use damero_lab::book::{BookOptions, build_from};
    use damero_search::Book;
    let start = Russian::start(Default::default());
    let options = BookOptions { plies: 3, depth: 2, margin: 20, width: 2, threads: 1 };
    let mut written = 0;
    let result = build_from(
        &start,
        DraughtsEvaluator::default(),
        options,
        &Book::new("russian"),
        |_, _| {
            written += 1;
            if written == 3 { Err("disk full") } else { Ok(()) }
        },
        |_, _| {},
    );
    assert_eq!(result, Err("disk full"));
    assert_eq!(written, 3, "no position is searched after the failed write");
}

#[test]
fn a_build_on_several_threads_writes_the_same_book_in_the_same_order() {
    use damero_draughts::English;
    use damero_lab::book::BookOptions;
    let start = English::start(Default::default());
    // Depth 5 and margin 30, so that the threads share out real searches
    // and several moves are kept where their order matters.
    let run = |threads| {
        build_in_order(
            &start,
            DraughtsEvaluator::default(),
            BookOptions { plies: 3, depth: 5, margin: 30, width: 3, threads },
        )
    };
    let (one, one_order) = run(1);
    assert!(one.len() > 5, "{} positions", one.len());
    for threads in [2, 3] {
        let (book, order) = run(threads);
        assert_eq!(book.to_string(), one.to_string(), "{threads} threads");
        assert_eq!(order, one_order, "{threads} threads");
    }
}
