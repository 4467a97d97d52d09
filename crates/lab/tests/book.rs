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
