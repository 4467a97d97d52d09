//! Property tests over random reachable positions of every rule set.

use damero_core::{Color, Game, MoveList};
use damero_draughts::{Draughts, EnglishVariant, RussianVariant, SpanishVariant, Variant, ZisnellaVariant};
use proptest::prelude::*;

/// The position reached from the start by choosing moves with `choices`.
fn reachable<V: Variant>(choices: &[u16]) -> Draughts<V> {
    let mut position = Draughts::<V>::start(Default::default());
    let mut moves = MoveList::new();
    for &c in choices {
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        position.play(moves[c as usize % moves.len()]);
    }
    position
}

fn total_pieces<V: Variant>(p: &Draughts<V>) -> (u32, u32) {
    let (wm, wk) = p.material(Color::White);
    let (bm, bk) = p.material(Color::Black);
    (wm + wk, bm + bk)
}

fn check_properties<V: Variant>(choices: &[u16], noise: &str) -> Result<(), TestCaseError> {
    let position = reachable::<V>(choices);
    // FEN round trip.
    let fen = position.fen();
    let reread = Draughts::<V>::from_fen(&fen, Default::default()).expect("own FEN");
    prop_assert_eq!(reread.fen(), fen.clone());
    prop_assert_eq!(reread.zobrist(), position.zobrist());
    // Incremental hash equals the hash from scratch.
    prop_assert_eq!(position.zobrist(), position.zobrist_from_scratch());

    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| position.format_move(m)).collect();
    let (white, black) = total_pieces(&position);
    for (&mv, text) in moves.iter().zip(&texts) {
        // Every generated move is accepted by try_play of its own text.
        let mut by_text = position;
        prop_assert_eq!(by_text.try_play(text).ok(), Some(mv));
        // Piece counts only fall, and only the opponent's.
        let (w, b) = total_pieces(&by_text);
        let (own_before, own_after, their_before, their_after) = match position.side_to_move() {
            Color::White => (white, w, black, b),
            Color::Black => (black, b, white, w),
        };
        prop_assert_eq!(own_after, own_before);
        prop_assert_eq!(their_before - their_after, mv.capture_count());
        prop_assert_eq!(by_text.zobrist(), by_text.zobrist_from_scratch());
    }
    // No text outside the list is accepted: a random string of squares and
    // separators is either rejected or names one of the legal moves.
    if let Ok(mv) = position.parse_move(noise) {
        prop_assert!(moves.contains(&mv), "'{}' accepted but not legal", noise);
    }
    Ok(())
}

const NOISE: &str = "[a-h][1-8]([-:x][a-h][1-8]){1,4}|[0-9]{1,2}([-x][0-9]{1,2}){1,3}";

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn russian_properties(choices in prop::collection::vec(any::<u16>(), 0..120), noise in NOISE) {
        check_properties::<RussianVariant>(&choices, &noise)?;
    }

    #[test]
    fn zisnella_properties(choices in prop::collection::vec(any::<u16>(), 0..120), noise in NOISE) {
        check_properties::<ZisnellaVariant>(&choices, &noise)?;
    }

    #[test]
    fn spanish_properties(choices in prop::collection::vec(any::<u16>(), 0..120), noise in NOISE) {
        check_properties::<SpanishVariant>(&choices, &noise)?;
    }

    #[test]
    fn english_properties(choices in prop::collection::vec(any::<u16>(), 0..120), noise in NOISE) {
        check_properties::<EnglishVariant>(&choices, &noise)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Spanish = Zisnella + the quantity/quality filter (zisnella.md 10): the
    /// same placement gives the Spanish list exactly as the filtered Zisnella list.
    #[test]
    fn zisnella_captures_filter_to_spanish(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        let z = reachable::<ZisnellaVariant>(&choices);
        let s = Draughts::<SpanishVariant>::from_fen(&z.fen(), Default::default()).expect("same FEN");
        let mut zm = MoveList::new();
        z.legal_moves(&mut zm);
        let kings_taken = |m: &damero_draughts::Move| {
            z.captured_squares(*m).iter().filter(|&&sq| z.piece_at(sq).is_some_and(|p| p.king)).count()
        };
        let best = zm.iter().map(|m| (m.capture_count(), kings_taken(m))).max();
        let mut filtered: Vec<String> = zm
            .iter()
            .filter(|m| Some((m.capture_count(), kings_taken(m))) == best)
            .map(|&m| z.format_move(m))
            .collect();
        filtered.sort();
        prop_assert_eq!(s.legal_move_texts(), filtered);
    }
}
