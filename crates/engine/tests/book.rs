//! Opening books: the shipped ones parse, cover a tree of legal moves from
//! the start, and the choice is reproducible by seed; a book's lines are the
//! moves it can choose.

use damero_core::{Game, MoveList};
use damero_draughts::{English, Russian};
use damero_engine::EngineGame;
use damero_eval::DraughtsEvaluator;
use damero_search::book::{BOOK_MARGIN, BookMove};
use damero_search::{AlphaBeta, AlphaBetaConfig, Book, Limits};

/// Every line of the book is reached from the start by legal book moves.
fn check_shipped<G: EngineGame>() {
    let book = G::book().expect("a shipped book");
    assert_eq!(book.game(), G::NAME);
    assert!(book.len() >= 20, "{} has only {} positions", G::NAME, book.len());
    let start = G::start(Default::default());
    let reached = book.positions_from(&start).expect("every book move is legal where it is");
    assert_eq!(reached.len(), book.len(), "{}: some book positions are not reached from the start", G::NAME);
    for position in &reached {
        let mut legal = MoveList::new();
        position.legal_moves(&mut legal);
        for candidate in book.candidates(position.zobrist()) {
            let mv = position.parse_move(&candidate.text).expect("legal");
            assert!(legal.contains(&mv));
        }
    }
}

#[test]
fn shipped_russian_book_is_a_tree_of_legal_moves() {
    check_shipped::<Russian>();
}

#[test]
fn shipped_english_book_is_a_tree_of_legal_moves() {
    check_shipped::<English>();
}

#[test]
fn the_choice_is_reproducible_by_seed_and_near_the_best() {
    let book = Russian::book().unwrap();
    let start = Russian::start(Default::default());
    let candidates = book.candidates(start.zobrist());
    let best = candidates[0].score;
    let mut chosen = std::collections::HashSet::new();
    for seed in 0..40 {
        let (mv, score) = book.choose(&start, seed).expect("the start is in the book");
        assert_eq!(book.choose(&start, seed), Some((mv, score)), "same seed, same move");
        assert!(score >= best - BOOK_MARGIN);
        chosen.insert(mv);
    }
    let near = candidates.iter().filter(|c| c.score >= best - BOOK_MARGIN).count();
    assert_eq!(chosen.len(), near, "the seeds reach every near-equal move");
}

#[test]
fn a_book_round_trips_through_its_text() {
    let book = English::book().unwrap();
    let again: Book = book.to_string().parse().unwrap();
    assert_eq!(again, *book);
}

#[test]
fn bad_book_lines_are_rejected_with_their_number() {
    for (text, line) in [
        ("0123 c3-d4 5", 1),
        ("game russian\n\nzz c3-d4 5", 3),
        ("game russian\n0123 c3-d4", 2),
        ("game russian\n0123 c3-d4 x", 2),
        ("game russian\n0123 c3-d4 1\n0123 e3-f4 1", 3),
        ("", 1),
    ] {
        let error = text.parse::<Book>().unwrap_err();
        assert_eq!(error.line, line, "{text:?}: {error}");
    }
}

#[test]
fn the_searcher_plays_from_the_book_only_when_asked() {
    let start = Russian::start(Default::default());
    let book = Russian::book().unwrap();
    let config = AlphaBetaConfig { book: Some(true), seed: 3, ..AlphaBetaConfig::default() };
    let r = AlphaBeta::new(config.clone(), DraughtsEvaluator::default())
        .with_book(Some(book.clone()))
        .search(&start, &[], &Limits::depth(4), |_| {});
    assert_eq!(r.nodes, 0);
    assert_eq!(r.best_move, book.choose(&start, 3).map(|c| c.0));
    let r = AlphaBeta::new(AlphaBetaConfig::default(), DraughtsEvaluator::default())
        .with_book(Some(book))
        .search(&start, &[], &Limits::depth(4), |_| {});
    assert!(r.nodes > 0);
    // The switch on but no book handed over: the search searches.
    let r =
        AlphaBeta::new(config, DraughtsEvaluator::default()).search(&start, &[], &Limits::depth(4), |_| {});
    assert!(r.nodes > 0);
}

fn candidates(moves: &[(&str, i32)]) -> Vec<BookMove> {
    moves.iter().map(|&(text, score)| BookMove { text: text.to_owned(), score }).collect()
}

fn texts<G: Game>(lines: &[damero_core::GameRecord<G>]) -> Vec<String> {
    lines.iter().map(|line| line.move_texts().join(" ")).collect()
}

#[test]
fn a_books_lines_follow_every_move_it_can_choose_and_end_where_it_does() {
    let start = Russian::start(Default::default());
    let mut book = Book::new("russian");
    // Beyond the margin (a3-b4) or not legal here (c5-d6): never chosen.
    book.insert(start.zobrist(), candidates(&[("c3-d4", 10), ("e3-f4", 5), ("c5-d6", 8), ("a3-b4", -20)]));
    let mut after = start;
    after.try_play("c3-d4").unwrap();
    book.insert(after.zobrist(), candidates(&[("f6-g5", 0), ("b6-a5", -3)]));
    // e3-f4 leads out of the book.
    assert_eq!(texts(&book.lines(&start, 1)), ["c3-d4", "e3-f4"]);
    assert_eq!(texts(&book.lines(&start, 2)), ["c3-d4 f6-g5", "c3-d4 b6-a5"]);
    assert!(book.lines(&start, 3).is_empty(), "no line of the book is 3 plies long");
    // What the lines hold is what the seeds choose.
    let chosen: std::collections::HashSet<String> =
        (0..64).map(|seed| start.format_move(book.choose(&start, seed).unwrap().0)).collect();
    assert_eq!(chosen, ["c3-d4", "e3-f4"].map(str::to_owned).into());
}

#[test]
fn the_margin_is_measured_from_the_best_legal_move() {
    let start = Russian::start(Default::default());
    let mut book = Book::new("russian");
    // c5-d6 is Black's move, not White's: were its 40 the best, every legal
    // move here (10 and below) would be more than the margin under it.
    book.insert(start.zobrist(), candidates(&[("c5-d6", 40), ("c3-d4", 10), ("e3-f4", 5), ("a3-b4", -20)]));
    let playable: Vec<String> =
        book.playable(&start).into_iter().map(|(mv, _)| start.format_move(mv)).collect();
    assert_eq!(playable, ["c3-d4", "e3-f4"]);
    assert_eq!(texts(&book.lines(&start, 1)), ["c3-d4", "e3-f4"]);
    assert!(book.choose(&start, 7).is_some());
    // A position whose every candidate is illegal is out of the book.
    book.insert(start.zobrist(), candidates(&[("c5-d6", 40), ("h6-g5", 0)]));
    assert!(book.playable(&start).is_empty());
    assert!(book.choose(&start, 7).is_none());
}

#[test]
fn a_book_plays_within_its_own_margin() {
    let start = Russian::start(Default::default());
    let moves = candidates(&[("c3-d4", 10), ("e3-f4", 5), ("a3-b4", -20), ("g3-h4", -25)]);
    let mut book = Book::new("russian");
    book.insert(start.zobrist(), moves);
    let played = |book: &Book| texts(&book.lines(&start, 1));
    assert_eq!(book.margin(), BOOK_MARGIN);
    assert_eq!(played(&book), ["c3-d4", "e3-f4"]);
    // A book built with --margin 30 keeps a3-b4 and plays it; the margin
    // survives the file.
    let wide: Book = book.clone().with_margin(30).to_string().parse().unwrap();
    assert_eq!(played(&wide), ["c3-d4", "e3-f4", "a3-b4"]);
    let chosen: std::collections::HashSet<String> =
        (0..64).map(|seed| start.format_move(wide.choose(&start, seed).unwrap().0)).collect();
    assert_eq!(chosen, ["c3-d4", "e3-f4", "a3-b4"].map(str::to_owned).into());
    // Margin 0: only the best.
    assert_eq!(played(&book.clone().with_margin(0)), ["c3-d4"]);
    // The widest margin under the lowest score: every move, no overflow.
    let mut extreme = Book::new("russian").with_margin(i32::MAX);
    extreme.insert(start.zobrist(), candidates(&[("c3-d4", i32::MIN + 1), ("e3-f4", i32::MIN)]));
    assert_eq!(played(&extreme), ["c3-d4", "e3-f4"]);
}

#[test]
fn the_shipped_books_lines_are_legal_and_every_position_on_them_is_in_the_book() {
    fn check<G: EngineGame>(plies: usize) {
        let book = G::book().unwrap();
        let lines = book.lines(&G::start(Default::default()), plies);
        assert!(!lines.is_empty(), "{}", G::NAME);
        for line in &lines {
            assert_eq!(line.moves().len(), plies);
            for (position, mv) in line.positions().iter().zip(line.moves()) {
                assert!(book.playable(position).iter().any(|(m, _)| m == mv), "{}", G::NAME);
            }
        }
        let distinct: std::collections::HashSet<String> = texts(&lines).into_iter().collect();
        assert_eq!(distinct.len(), lines.len(), "{}: a line twice", G::NAME);
    }
    check::<Russian>(4);
    check::<English>(4);
}
