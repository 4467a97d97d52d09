#![no_main]
//! Any text given as an opening-book file (sealed by its `end` line) or a
//! build's journal (unsealed): never a panic; a sealed text that reads
//! reads unsealed to the same book; a book that reads writes back to a
//! sealed text that reads to the same book, and walking it from
//! the start of the game it names (Russian or English) and choosing from it
//! never panics and only plays legal moves.
use damero_core::Game;
use damero_draughts::{English, Russian};
use damero_search::Book;
use libfuzzer_sys::fuzz_target;

fn walk<G: Game>(book: &Book) {
    let start = G::start(Default::default());
    if let Ok(positions) = book.positions_from(&start) {
        for (i, position) in positions.iter().enumerate().take(64) {
            if let Some((mv, _)) = book.choose(position, i as u64) {
                let mut moves = damero_core::MoveList::new();
                position.legal_moves(&mut moves);
                assert!(moves.contains(&mv), "the book chose an illegal move");
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let sealed = text.parse::<Book>();
    if let Ok(book) = &sealed {
        assert_eq!(Book::read_unsealed(text).as_ref(), Ok(book), "a sealed book reads unsealed the same");
    }
    let Ok(book) = sealed.or_else(|_| Book::read_unsealed(text)) else { return };
    let printed = book.to_string();
    let again: Book = printed.parse().unwrap_or_else(|e| panic!("own book rejected: {e}\n{printed}"));
    assert_eq!(again, book);
    assert_eq!(again.to_string(), printed);
    match book.game() {
        "russian" => walk::<Russian>(&book),
        "english" => walk::<English>(&book),
        _ => {}
    }
});
