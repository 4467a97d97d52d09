//! Positions and moves as the Hub protocol writes them for 8x8 boards, as
//! pydraughts' `HubEngine` sends and reads them (checked against it by
//! `tests/interop/hub_pydraughts.py`).
//!
//! **Position**: one character for the side to move, then one per playing
//! square, 33 in all: `w` `W` a man or king of the side that moves first,
//! `b` `B` one of the other side, `e` empty; the side character is `W` when
//! the side that moves first is to move. So in English checkers, where
//! Black moves first, `w` is a *Black* piece (pydraughts plays English with
//! its colours swapped). The squares run in pydraughts' internal order:
//! - Russian, Zisnella, Spanish: rank 8 to rank 1, each rank from the a-file
//!   side (character 1 = b8, 4 = h8, 5 = a7, ..., 32 = g1 in Russian);
//! - English: damero's (standard) square numbers backwards (character 1 is
//!   square 32, character 32 is square 1).
//!
//! **Moves**: `from-to` for a quiet move, `fromxtox...` for a capture with
//! every captured square after the destination (in increasing order; any
//! order is read), no intermediate landing squares. The numbers are:
//! - English: damero's own notation (square 1 = b8 on Black's side);
//! - Russian, Zisnella, Spanish: rank 1 to rank 8, each rank from the
//!   a-file side: in Russian 1 = a1, 2 = c1, 5 = b2, 10 = c3, 14 = d4,
//!   32 = h8, so damero's `c3-d4` is `10-14` and `d4:f6` over e5 is
//!   `14x23x19`. Zisnella and Spanish (light a1, which pydraughts lacks)
//!   number their own dark squares the same way: 1 = b1.

use damero_core::{Game, MoveList, Square, SquareNumbering};
use damero_draughts::{Draughts, Piece, Variant};

/// Characters in a position string: the side, then 32 squares.
pub const POSITION_LENGTH: usize = 33;

/// The dark square numbered `n` (1..=32) counting four per rank from the
/// top rank (`from_top`) or the bottom one, each rank from the a-file side
/// (a1 is dark in the Russian orientation, light in the Spanish one).
fn numbered_square<V: Variant>(n: u32, from_top: bool) -> Option<Square> {
    SquareNumbering { from_top, light_a1: V::MIRRORED }.square(n)
}

/// English squares count from the top (damero's notation); the others from
/// the bottom.
fn moves_from_top<V: Variant>() -> bool {
    V::NUMERIC
}

/// The square of position-string character `index` (1..=32).
fn position_square<V: Variant>(index: u32) -> Option<Square> {
    if V::NUMERIC { numbered_square::<V>(33 - index, true) } else { numbered_square::<V>(index, true) }
}

/// The Hub number of `square` in move notation.
pub fn move_number<V: Variant>(square: Square) -> u32 {
    // A move's squares are playing squares, which every numbering names.
    SquareNumbering { from_top: moves_from_top::<V>(), light_a1: V::MIRRORED }
        .number(square)
        .unwrap_or_default()
}

/// The square of Hub move number `n`.
pub fn move_square<V: Variant>(n: u32) -> Option<Square> {
    numbered_square::<V>(n, moves_from_top::<V>())
}

/// Reads a position string (see the module documentation).
///
/// # Errors
/// A one-line message: wrong length, an unknown character, or a position
/// the rules reject (from damero's FEN reader, which checks it).
pub fn read_position<V: Variant>(text: &str, rules: V::Rules) -> Result<Draughts<V>, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != POSITION_LENGTH {
        return Err(format!(
            "bad position: {} characters, expected {POSITION_LENGTH} (side, then 32 squares)",
            chars.len()
        ));
    }
    let first = V::FIRST;
    let side = match chars[0] {
        'W' => first,
        'B' => !first,
        other => return Err(format!("bad position: side '{other}' is not W or B")),
    };
    let mut pieces = Vec::new();
    for (index, &c) in (1..).zip(&chars[1..]) {
        let square = position_square::<V>(index).expect("32 squares");
        let piece = match c {
            'e' => continue,
            'w' => Piece { color: first, king: false },
            'W' => Piece { color: first, king: true },
            'b' => Piece { color: !first, king: false },
            'B' => Piece { color: !first, king: true },
            other => return Err(format!("bad position: '{other}' at square {index} is not w, W, b, B or e")),
        };
        pieces.push((square, piece));
    }
    // The setup is validated like a FEN's (men on the crowning row, too
    // many pieces, ...).
    let setup = damero_draughts::Setup::with_pieces(side, pieces);
    Draughts::<V>::from_setup(setup, rules).map_err(|e| format!("bad position: {e}"))
}

/// Writes `position` as a position string (the inverse of
/// [`read_position`], which the tests check).
pub fn write_position<V: Variant>(position: &Draughts<V>) -> String {
    let first = V::FIRST;
    let mut out = String::with_capacity(POSITION_LENGTH);
    out.push(if position.side_to_move() == first { 'W' } else { 'B' });
    for index in 1..=32 {
        let square = position_square::<V>(index).expect("32 squares");
        out.push(match position.piece_at(square) {
            None => 'e',
            Some(Piece { color, king: false }) if color == first => 'w',
            Some(Piece { color, king: true }) if color == first => 'W',
            Some(Piece { king: false, .. }) => 'b',
            Some(Piece { king: true, .. }) => 'B',
        });
    }
    out
}

/// `mv` in Hub notation.
pub fn write_move<V: Variant>(position: &Draughts<V>, mv: damero_draughts::Move) -> String {
    let (from, to) = position.move_squares(mv);
    let mut captured: Vec<u32> = position.captured_squares(mv).into_iter().map(move_number::<V>).collect();
    captured.sort_unstable();
    let mut out = format!("{}", move_number::<V>(from));
    let separator = if captured.is_empty() { '-' } else { 'x' };
    for n in std::iter::once(move_number::<V>(to)).chain(captured) {
        out.push(separator);
        out.push_str(&n.to_string());
    }
    out
}

/// Reads a Hub move of `position`: the legal move with these start and end
/// squares and these captured squares (in any order). A capture written
/// `fromxto` without its captured squares is accepted when only one legal
/// move fits.
///
/// # Errors
/// A one-line message naming the text.
pub fn read_move<V: Variant>(position: &Draughts<V>, text: &str) -> Result<damero_draughts::Move, String> {
    let bad = || format!("bad move '{text}'");
    let numbers: Vec<u32> = text
        .split(['-', 'x'])
        .map(|part| part.parse::<u32>().map_err(|_| bad()))
        .collect::<Result<_, _>>()?;
    let squares: Vec<Square> =
        numbers.iter().map(|&n| move_square::<V>(n).ok_or_else(bad)).collect::<Result<_, _>>()?;
    let [from, to, captured @ ..] = squares.as_slice() else {
        return Err(bad());
    };
    let mut captured = captured.to_vec();
    captured.sort_unstable();
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let fits: Vec<damero_draughts::Move> = moves
        .iter()
        .copied()
        .filter(|&mv| position.move_squares(mv) == (*from, *to))
        .filter(|&mv| captured.is_empty() || sorted(position.captured_squares(mv)) == captured)
        .collect();
    match fits.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(format!("illegal move '{text}'")),
        _ => Err(format!("ambiguous move '{text}': give the captured squares")),
    }
}

/// `squares` in increasing order (`captured_squares` lists them by bit,
/// which is not square order where the board is mirrored).
fn sorted(mut squares: Vec<Square>) -> Vec<Square> {
    squares.sort_unstable();
    squares
}

#[cfg(test)]
mod tests {
    use super::*;
    use damero_draughts::{English, EnglishVariant, Russian, RussianVariant, SpanishVariant};

    const START: &str = "Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";

    fn russian(moves: &str) -> Russian {
        let mut p = Russian::start(Default::default());
        for m in moves.split_whitespace() {
            p.try_play(m).unwrap();
        }
        p
    }

    #[test]
    fn the_start_positions_read_as_pydraughts_writes_them() {
        let r = read_position::<RussianVariant>(START, Default::default()).unwrap();
        assert_eq!(r, Russian::start(Default::default()));
        let e = read_position::<EnglishVariant>(START, Default::default()).unwrap();
        assert_eq!(e, English::start(Default::default()));
        assert_eq!(write_position(&r), START);
        assert_eq!(write_position(&e), START);
    }

    #[test]
    fn russian_moves_number_from_a1() {
        // pydraughts: 10-14 is c3-d4, then 23-19 (f6-e5), then 14x23x19.
        let p = russian("");
        let mv = read_move(&p, "10-14").unwrap();
        assert_eq!(p.format_move(mv), "c3-d4");
        let p = russian("c3-d4 f6-e5");
        let mv = read_move(&p, "14x23x19").unwrap();
        assert_eq!(p.format_move(mv), "d4:f6");
        assert_eq!(write_move(&p, mv), "14x23x19");
        assert_eq!(read_move(&p, "14x23").unwrap(), mv, "captures may be left out when unambiguous");
        // pydraughts' position after c3-d4: black to move, d4 (character 18) white.
        assert_eq!(write_position(&russian("c3-d4")), "Bbbbbbbbbbbbbeeeeeweewewwwwwwwwww");
    }

    #[test]
    fn english_moves_are_damero_numbers() {
        let p = English::start(Default::default());
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        let mut texts: Vec<String> = moves.iter().map(|&m| write_move(&p, m)).collect();
        texts.sort();
        assert_eq!(texts, ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
    }

    #[test]
    fn every_square_round_trips() {
        for n in 1..=32 {
            let r = move_square::<RussianVariant>(n).unwrap();
            assert!(r.is_dark());
            assert_eq!(move_number::<RussianVariant>(r), n);
            let s = move_square::<SpanishVariant>(n).unwrap();
            assert!(!s.is_dark(), "Spanish plays on the light squares of the Russian orientation");
            assert_eq!(move_number::<SpanishVariant>(s), n);
            assert_eq!(move_number::<EnglishVariant>(move_square::<EnglishVariant>(n).unwrap()), n);
        }
        assert_eq!(move_square::<RussianVariant>(1), Some(Square::A1));
        assert_eq!(move_square::<RussianVariant>(0), None);
        assert_eq!(move_square::<RussianVariant>(33), None);
    }

    /// Found by the `hub` fuzz target: a Spanish king's capture written by
    /// `write_move` did not read back, because its captured squares were
    /// compared in bit order (mirrored board) with the sorted ones read.
    #[test]
    fn fuzz_hub_spanish_capture_order() {
        let p = damero_draughts::Spanish::from_fen(
            "W:Wb1,d1,f1,h1,a2,c2,e2,g2,Kb3,d3,f3,h3:Bb5,a6,c6,e6,g6,b7,d7,h7,a8,c8,e8,g8",
            Default::default(),
        )
        .unwrap();
        let mut moves = MoveList::new();
        p.legal_moves(&mut moves);
        for &mv in &moves {
            assert_eq!(read_move(&p, &write_move(&p, mv)), Ok(mv), "{}", write_move(&p, mv));
        }
        let mv = read_move(&p, "9x20x23x24").unwrap();
        assert_eq!(read_move(&p, "9x20x24x23"), Ok(mv), "captured squares in any order");
    }

    #[test]
    fn bad_positions_and_moves_are_messages() {
        let rules = <RussianVariant as Variant>::Rules::default();
        assert!(read_position::<RussianVariant>("W", rules).unwrap_err().contains("33"));
        assert!(
            read_position::<RussianVariant>(&START.replace('W', "X"), rules).unwrap_err().contains("side")
        );
        assert!(
            read_position::<RussianVariant>(&START.replacen('e', "q", 1), rules).unwrap_err().contains("'q'")
        );
        // A white man on rank 8 (character 1 is b8).
        let crowned = format!("Ww{}", &START[2..]);
        assert!(read_position::<RussianVariant>(&crowned, rules).is_err());
        let p = russian("");
        for bad in ["", "10", "10-", "x", "10-99", "10-15", "a-b", "10--14"] {
            assert!(read_move(&p, bad).is_err(), "{bad:?}");
        }
    }
}
