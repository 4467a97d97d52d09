//! Checks every `*_play` fuzz target shares.

use damero_core::testkit::check_position;
use damero_core::{Game, GameRecord, MoveList};

/// The most move lines a play input is read for: deep enough to reach the
/// middle game, short enough that a run checks many games.
pub const MAX_LINES: usize = 64;

/// One input in this many gets the deep checks of [`play_lines`].
pub const DEEP_EVERY: u64 = 8;

/// Whether input `data` gets the deep checks: a hash of the whole input, so
/// that any position is deeply checked by some input that reaches it (add a
/// line that is no move and the hash changes).
pub fn deep(data: &[u8]) -> bool {
    let hash =
        data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    hash % DEEP_EVERY == 0
}

/// Plays the move texts `lines` from `start`, keeping a [`GameRecord`]. A
/// line `*N` plays the N-th legal move instead, so the fuzzer reaches deep
/// positions easily; other lines that name no legal move must leave the
/// position as it was. Every move played is listed, prints to a text that
/// parses back to it, keeps the hash exact and the FEN round trip, and
/// undoing it gives the record back; `check(before, mv, after)` adds the
/// game's own invariants.
///
/// When `deep` (one input in [`DEEP_EVERY`], see [`deep`]), the last
/// position, where the input ends, also goes through the test kit's
/// [`check_position`] (hash equals the hash from scratch, FEN round trip,
/// move order, counts, move texts, random moves and playouts, outcome) and
/// `at_end` (the game's reference generator, where it has one). These checks
/// cost a hundred times a move in wide games, so they run on one position of
/// some inputs: a run still checks many positions deeply, and the fuzzer
/// picks where a game stops.
pub fn play_lines<'a, G: Game>(
    start: G,
    lines: impl Iterator<Item = &'a str>,
    deep: bool,
    at_end: impl FnOnce(&G),
    mut check: impl FnMut(&G, G::Move, &G),
) -> GameRecord<G> {
    let mut record = GameRecord::new(start);
    let mut moves = MoveList::new();
    for line in lines.take(MAX_LINES) {
        let position = *record.position();
        position.legal_moves(&mut moves);
        let parsed = match line.strip_prefix('*').and_then(|n| n.parse::<usize>().ok()) {
            Some(n) if !moves.is_empty() => Ok(moves[n % moves.len()]),
            _ => position.parse_move(line),
        };
        let mv = match parsed {
            Ok(mv) => mv,
            Err(error) => {
                let _ = error.to_string();
                let mut tried = position;
                assert!(tried.try_play(line).is_err(), "parse_move refused '{line}' but try_play took it");
                assert!(tried == position, "a refused move changed the position");
                continue;
            }
        };
        assert!(moves.contains(&mv), "parsed move '{line}' is not legal");
        let printed = position.format_move(mv);
        assert!(position.parse_move(&printed).ok() == Some(mv), "{printed}");
        let before = record.clone();
        record.play(mv);
        let after = *record.position();
        assert_eq!(after.zobrist(), after.zobrist_from_scratch());
        let fen = after.fen();
        let reread =
            G::from_fen(&fen, after.rules()).unwrap_or_else(|e| panic!("own FEN '{fen}' rejected: {e}"));
        assert_eq!(reread.fen(), fen);
        assert_eq!(reread.zobrist(), after.zobrist());
        let mut undone = record.clone();
        assert!(undone.undo() == Some(mv), "undo gives another move back");
        assert!(undone.positions() == before.positions(), "undo does not restore the positions");
        assert!(undone.moves() == before.moves(), "undo does not restore the moves");
        assert_eq!(undone.repetitions(), before.repetitions());
        assert!(undone.outcome() == before.outcome(), "undo does not restore the outcome");
        check(&position, mv, &after);
    }
    if deep {
        let last = *record.position();
        check_position(&last);
        at_end(&last);
    }
    record
}
