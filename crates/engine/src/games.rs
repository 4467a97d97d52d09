//! What the engine layer knows of each game beyond its rules: its shipped
//! opening book and its bench positions ([`EngineGame`]).

use std::sync::{Arc, OnceLock};

use damero_core::{GameRecord, Presentation};
use damero_cross::Cross;
use damero_draughts::{Draughts, Variant};
use damero_eliminar::Eliminar;
use damero_search::Book;
use damero_tumbling_down::TumblingDown;

/// One position of `damero bench`: moves played from a game's default
/// start, searched to a fixed depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchPosition {
    /// Moves from the start under the default rules, in the game's notation.
    pub moves: &'static str,
    /// The search depth.
    pub depth: u32,
}

/// A game as the engine layer plays it: its rules and presentation, plus
/// what ships with it. The search itself names no game; a front end reaches
/// these through the [registry](crate::registry).
pub trait EngineGame: Presentation {
    /// The positions of `damero bench` for this game, fixed unless the
    /// signature is meant to change (their total node count, with the
    /// default alpha-beta and the games' default evaluators, is the
    /// signature the CLI's tests pin).
    fn bench() -> &'static [BenchPosition] {
        &[]
    }

    /// The opening book that ships for the game's default rules, if any.
    fn book() -> Option<Arc<Book>> {
        None
    }
}

/// The [`EngineGame::bench`] positions of `G`, each played out from the
/// start of the default rules, with its depth.
///
/// # Errors
/// A bench move that is not legal (only after a change of the game's rules
/// or notation).
pub fn bench_positions<G: EngineGame>() -> Result<Vec<(G, u32)>, G::MoveError> {
    let mut runs = Vec::new();
    for bench in G::bench() {
        let mut record = GameRecord::new(G::start(Default::default()));
        for text in bench.moves.split_whitespace() {
            record.try_play(text)?;
        }
        runs.push((*record.position(), bench.depth));
    }
    Ok(runs)
}

/// A shipped book, parsed once.
fn shipped_book(cell: &'static OnceLock<Arc<Book>>, text: &str) -> Arc<Book> {
    // The tests read every shipped book, so this parse cannot fail in a
    // build that passed them.
    Arc::clone(cell.get_or_init(|| Arc::new(text.parse().expect("a shipped book parses"))))
}

/// The Russian opening book, built by `damero book build`.
const RUSSIAN_BOOK: &str = include_str!("../books/russian.book");
/// The English opening book.
const ENGLISH_BOOK: &str = include_str!("../books/english.book");

/// The book a draughts rule set ships, by its game id: the one place the
/// engine layer tells the rule sets apart by name (what ships is data, not
/// rules, so the rules crate does not carry it).
fn draughts_book<V: Variant>() -> Option<Arc<Book>> {
    static RUSSIAN: OnceLock<Arc<Book>> = OnceLock::new();
    static ENGLISH: OnceLock<Arc<Book>> = OnceLock::new();
    match V::NAME {
        "russian" => Some(shipped_book(&RUSSIAN, RUSSIAN_BOOK)),
        "english" => Some(shipped_book(&ENGLISH, ENGLISH_BOOK)),
        _ => None,
    }
}

/// The bench positions of a draughts rule set, by its game id.
fn draughts_bench<V: Variant>() -> &'static [BenchPosition] {
    match V::NAME {
        "russian" => &[
            BenchPosition { moves: "", depth: 14 },
            BenchPosition { moves: "c3-d4 f6-g5 g3-h4 g7-f6 b2-c3 b6-a5", depth: 13 },
        ],
        "zisnella" => &[BenchPosition { moves: "", depth: 13 }],
        "spanish" => &[BenchPosition { moves: "b3-a4 a6-b5", depth: 13 }],
        "english" => &[
            BenchPosition { moves: "", depth: 15 },
            BenchPosition { moves: "11-15 23-19 8-11 22-17", depth: 14 },
        ],
        _ => &[],
    }
}

impl<V: Variant> EngineGame for Draughts<V> {
    fn bench() -> &'static [BenchPosition] {
        draughts_bench::<V>()
    }

    fn book() -> Option<Arc<Book>> {
        draughts_book::<V>()
    }
}

impl EngineGame for Eliminar {
    fn bench() -> &'static [BenchPosition] {
        &[BenchPosition { moves: "", depth: 7 }]
    }
}

impl EngineGame for TumblingDown {
    fn bench() -> &'static [BenchPosition] {
        &[BenchPosition { moves: "", depth: 6 }]
    }
}

impl EngineGame for Cross {
    fn bench() -> &'static [BenchPosition] {
        &[BenchPosition { moves: "", depth: 6 }]
    }
}
