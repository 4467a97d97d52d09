//! An independent, slow, obviously correct move generator over plain arrays,
//! written straight from the rules text, checked against the bitboard one on
//! random positions and by perft from the start.

mod common;

use std::collections::BTreeSet;

use damero_core::testkit::{read_perft_suite, run_perft_suite};
use damero_core::{Color, Game, MoveList, Square};
use damero_cross::{Cross, CrossRules, MoveKind, Vertex};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A placement: `sq[file][rank]` and `vx[file][rank]` (vertex `(i, j)` is
/// shared by squares `(i, j)`, `(i+1, j)`, `(i, j+1)`, `(i+1, j+1)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct RefBoard {
    sq: [[Option<Color>; 8]; 8],
    vx: [[Option<Color>; 7]; 7],
    side: Color,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Loc {
    Sq(usize, usize),
    Vx(usize, usize),
}

impl RefBoard {
    fn from_position(p: &Cross) -> RefBoard {
        let mut b = RefBoard { sq: [[None; 8]; 8], vx: [[None; 7]; 7], side: p.side_to_move() };
        for f in 0..8 {
            for r in 0..8 {
                b.sq[f][r] = p.piece_on_square(Square::from_coords(f as u8, r as u8).unwrap());
            }
        }
        for i in 0..7 {
            for j in 0..7 {
                b.vx[i][j] = p.piece_on_vertex(Vertex::from_coords(i as u8, j as u8).unwrap());
            }
        }
        b
    }

    /// The interior corners of square (f, r).
    fn corners(f: usize, r: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for i in [f as i32 - 1, f as i32] {
            for j in [r as i32 - 1, r as i32] {
                if (0..7).contains(&i) && (0..7).contains(&j) {
                    out.push((i as usize, j as usize));
                }
            }
        }
        out
    }

    fn guarded_squares(i: usize, j: usize) -> [(usize, usize); 4] {
        [(i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)]
    }

    fn guards(&self, color: Color, f: usize, r: usize) -> bool {
        RefBoard::corners(f, r).into_iter().any(|(i, j)| self.vx[i][j] == Some(color))
    }

    fn count(&self, color: Color) -> usize {
        self.sq.iter().flatten().chain(self.vx.iter().flatten()).filter(|&&c| c == Some(color)).count()
    }

    fn some_double_guard(&self) -> bool {
        (0..8).any(|f| (0..8).any(|r| self.guards(Color::Black, f, r) && self.guards(Color::White, f, r)))
    }

    fn remove(&mut self, loc: Loc) {
        match loc {
            Loc::Sq(f, r) => self.sq[f][r] = None,
            Loc::Vx(i, j) => self.vx[i][j] = None,
        }
    }

    /// Every formation of rule 9, with the places it removes.
    fn formations(&self) -> Vec<Vec<Loc>> {
        let mut out = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                let Some(c) = self.sq[f][r] else { continue };
                // A: at least 2 corners held by enemy pieces.
                let enemy: Vec<Loc> = RefBoard::corners(f, r)
                    .into_iter()
                    .filter(|&(i, j)| self.vx[i][j] == Some(!c))
                    .map(|(i, j)| Loc::Vx(i, j))
                    .collect();
                if enemy.len() >= 2 {
                    let mut set = enemy;
                    set.push(Loc::Sq(f, r));
                    out.push(set);
                }
                // C: four orthogonal neighbours occupied.
                if (1..7).contains(&f) && (1..7).contains(&r) {
                    let n = [(f - 1, r), (f + 1, r), (f, r - 1), (f, r + 1)];
                    if n.iter().all(|&(a, b)| self.sq[a][b].is_some()) {
                        let mut set: Vec<Loc> = n.iter().map(|&(a, b)| Loc::Sq(a, b)).collect();
                        set.push(Loc::Sq(f, r));
                        out.push(set);
                    }
                }
            }
        }
        for i in 0..7 {
            for j in 0..7 {
                let Some(c) = self.vx[i][j] else { continue };
                // B: at least 2 guarded squares held by enemy pieces.
                let enemy: Vec<Loc> = RefBoard::guarded_squares(i, j)
                    .into_iter()
                    .filter(|&(f, r)| self.sq[f][r] == Some(!c))
                    .map(|(f, r)| Loc::Sq(f, r))
                    .collect();
                if enemy.len() >= 2 {
                    let mut set = enemy;
                    set.push(Loc::Vx(i, j));
                    out.push(set);
                }
            }
        }
        out
    }

    /// Every final board after removing formations in every order.
    fn finals(&self, out: &mut BTreeSet<RefBoard>) {
        let formations = self.formations();
        if formations.is_empty() {
            out.insert(*self);
            return;
        }
        for f in formations {
            let mut next = *self;
            for loc in f {
                next.remove(loc);
            }
            next.finals(out);
        }
    }

    /// (piece move label, final board) for every legal move.
    fn moves(&self) -> BTreeSet<(String, RefBoard)> {
        let me = self.side;
        let mut out = BTreeSet::new();
        let far = if me == Color::Black { 7 } else { 0 };
        if (0..8).any(|f| self.sq[f][far] == Some(me)) {
            return out; // rule 10, as the rules file restates it
        }
        let sq_name = |f: usize, r: usize| format!("{}{}", (b'a' + f as u8) as char, r + 1);
        let vx_name = |i: usize, j: usize| {
            format!("{}{}{}{}", (b'a' + i as u8) as char, (b'b' + i as u8) as char, j + 1, j + 2)
        };
        let mut add = |label: String, mut after: RefBoard| {
            after.side = !me;
            let mut finals = BTreeSet::new();
            after.finals(&mut finals);
            for b in finals {
                out.insert((label.clone(), b));
            }
        };
        for f in 0..8 {
            for r in 0..8 {
                if self.sq[f][r] != Some(me) {
                    continue;
                }
                // Rule 5.
                for (df, dr) in [(0i32, 1i32), (0, -1), (1, 0), (-1, 0)] {
                    let (mut x, mut y) = (f as i32, r as i32);
                    loop {
                        x += df;
                        y += dr;
                        if !(0..8).contains(&x) || !(0..8).contains(&y) {
                            break;
                        }
                        let (ux, uy) = (x as usize, y as usize);
                        match self.sq[ux][uy] {
                            Some(c) if c != me => break,
                            Some(_) => continue,
                            None => {
                                let mut after = *self;
                                after.sq[f][r] = None;
                                after.sq[ux][uy] = Some(me);
                                add(format!("{}-{}", sq_name(f, r), sq_name(ux, uy)), after);
                                if !self.guards(me, ux, uy) {
                                    break;
                                }
                            }
                        }
                    }
                }
                // Rule 6: checked on the whole board, not by the ring shortcut.
                for (i, j) in RefBoard::corners(f, r) {
                    if self.vx[i][j].is_some() {
                        continue;
                    }
                    let mut after = *self;
                    after.sq[f][r] = None;
                    after.vx[i][j] = Some(me);
                    if !after.some_double_guard() {
                        add(format!("{}-{}", sq_name(f, r), vx_name(i, j)), after);
                    }
                }
            }
        }
        let spares = 16 - self.count(me);
        for i in 0..7 {
            for j in 0..7 {
                if self.vx[i][j] != Some(me) {
                    continue;
                }
                let empty: Vec<(usize, usize)> = RefBoard::guarded_squares(i, j)
                    .into_iter()
                    .filter(|&(f, r)| self.sq[f][r].is_none())
                    .collect();
                // Rule 7.
                for &(f, r) in &empty {
                    let mut after = *self;
                    after.vx[i][j] = None;
                    after.sq[f][r] = Some(me);
                    add(format!("{}-{}", vx_name(i, j), sq_name(f, r)), after);
                }
                // Rule 8: every choice of min(|E|, spares) squares of E.
                let k = empty.len().min(spares);
                if k == 0 {
                    continue;
                }
                for mask in 0u32..(1 << empty.len()) {
                    if mask.count_ones() as usize != k {
                        continue;
                    }
                    let mut after = *self;
                    after.vx[i][j] = None;
                    let mut names = Vec::new();
                    for (n, &(f, r)) in empty.iter().enumerate() {
                        if mask >> n & 1 == 1 {
                            after.sq[f][r] = Some(me);
                            names.push(sq_name(f, r));
                        }
                    }
                    names.sort();
                    add(format!("{}*{}", vx_name(i, j), names.join(",")), after);
                }
            }
        }
        out
    }
}

/// The label of a move of the fast generator, in the reference's form (a
/// split always lists its squares).
fn label(mv: damero_cross::Move) -> String {
    match mv.kind() {
        MoveKind::Slide => format!("{}-{}", mv.from_square().unwrap(), mv.to_square().unwrap()),
        MoveKind::ToCorner => format!("{}-{}", mv.from_square().unwrap(), mv.to_vertex().unwrap()),
        MoveKind::ToSquare => format!("{}-{}", mv.from_vertex().unwrap(), mv.to_square().unwrap()),
        MoveKind::Split => {
            let mut names: Vec<String> = mv.filled_squares().squares().map(|s| s.to_string()).collect();
            names.sort();
            format!("{}*{}", mv.from_vertex().unwrap(), names.join(","))
        }
    }
}

fn fast_moves(p: &Cross) -> BTreeSet<(String, RefBoard)> {
    let mut list = MoveList::new();
    p.legal_moves(&mut list);
    let set: BTreeSet<(String, RefBoard)> = list
        .iter()
        .map(|&mv| {
            // The printed piece move is the reference label, except that a
            // split filling every empty guarded square prints as `ab12*`.
            let text = p.format_move(mv);
            let piece = text.split('x').next().unwrap();
            assert!(piece == label(mv) || (piece.ends_with('*') && label(mv).starts_with(piece)), "{text}");
            let mut child = *p;
            child.play(mv);
            (label(mv), RefBoard::from_position(&child))
        })
        .collect();
    assert_eq!(set.len(), list.len(), "two moves with one label and one final board at {}", p.fen());
    set
}

fn check_agree(p: &Cross) -> usize {
    let reference = RefBoard::from_position(p).moves();
    let fast = fast_moves(p);
    if reference != fast {
        let missing: Vec<_> = reference.difference(&fast).map(|(l, _)| l.clone()).collect();
        let extra: Vec<_> = fast.difference(&reference).map(|(l, _)| l.clone()).collect();
        panic!("generators differ at {}: missing {missing:?}, extra {extra:?}", p.fen());
    }
    reference.len()
}

fn reference_perft(b: &RefBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = b.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves.iter().map(|(_, child)| reference_perft(child, depth - 1)).sum()
}

#[test]
fn reference_agrees_along_random_games() {
    let mut rng = SmallRng::seed_from_u64(0xc405);
    let (mut positions, mut captures) = (0, 0);
    for _ in 0..60 {
        let mut p = Cross::start(CrossRules::default());
        for _ in 0..200 {
            check_agree(&p);
            positions += 1;
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            if list.is_empty() {
                break;
            }
            let mv = list[rng.random_range(0..list.len())];
            captures += usize::from(mv.removes_pieces());
            p.play(mv);
        }
    }
    assert!(positions > 5_000 && captures > 100, "{positions} positions, {captures} captures");
}

/// Random placements (kept when they are valid positions): denser and more
/// tangled than game positions, so splits with few spares, many vertex
/// pieces and multi-formation captures all occur.
#[test]
fn reference_agrees_on_random_placements() {
    random_placements(0x5eed, 3_000);
}

#[test]
#[ignore = "slow: 100 000 random placements"]
fn reference_agrees_on_many_random_placements() {
    random_placements(0xdee9, 100_000);
}

fn random_placements(seed: u64, count: usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut checked, mut ambiguous, mut short_splits) = (0, 0, 0);
    while checked < count {
        let mut black = Vec::new();
        let mut white = Vec::new();
        let density = rng.random_range(0.2..0.6);
        for s in Square::all() {
            if rng.random_bool(density) {
                if rng.random_bool(0.5) { &mut black } else { &mut white }.push(s.to_string());
            }
        }
        for v in Vertex::all() {
            if rng.random_bool(0.15) {
                if rng.random_bool(0.5) { &mut black } else { &mut white }.push(v.to_string());
            }
        }
        let side = if rng.random_bool(0.5) { Color::Black } else { Color::White };
        let fen = common::fen_of(&black.join(" "), &white.join(" "), side);
        let Ok(p) = Cross::from_fen(&fen, CrossRules::default()) else { continue };
        check_agree(&p);
        checked += 1;
        let texts = p.legal_move_texts();
        ambiguous += usize::from(texts.iter().any(|t| t.contains('x')));
        short_splits += usize::from(texts.iter().any(|t| t.contains('*') && !t.ends_with('*')));
    }
    assert!(
        ambiguous > count / 150 && short_splits > count / 150,
        "ambiguous {ambiguous}, short {short_splits}"
    );
}

#[test]
fn reference_perft_of_the_data_file() {
    let cases = read_perft_suite::<Cross>(include_str!("perft.txt"), CrossRules::default());
    let reference = |p: &Cross, depth: u32| reference_perft(&RefBoard::from_position(p), depth);
    assert!(run_perft_suite(&cases, |depth, _| depth <= 2, reference) >= 20);
}

#[test]
fn reference_perft_from_start_depth_3() {
    let start = Cross::start(CrossRules::default());
    assert_eq!(reference_perft(&RefBoard::from_position(&start), 3), 215_760);
}

#[test]
#[ignore = "slow: about 3 minutes"]
fn reference_perft_from_start_depth_4() {
    let start = Cross::start(CrossRules::default());
    assert_eq!(reference_perft(&RefBoard::from_position(&start), 4), 13_838_400);
}

// Valid FENs only; the fast side's FEN checks must agree with the reference's
// notion of validity.
#[test]
fn fen_validation_matches_the_reference() {
    let mut rng = SmallRng::seed_from_u64(77);
    let (mut accepted, mut rejected) = (0, 0);
    for _ in 0..3_000 {
        let mut b = RefBoard { sq: [[None; 8]; 8], vx: [[None; 7]; 7], side: Color::Black };
        for f in 0..8 {
            for r in 0..8 {
                if rng.random_bool(0.3) {
                    b.sq[f][r] = Some(if rng.random_bool(0.5) { Color::Black } else { Color::White });
                }
            }
        }
        for i in 0..7 {
            for j in 0..7 {
                if rng.random_bool(0.1) {
                    b.vx[i][j] = Some(if rng.random_bool(0.5) { Color::Black } else { Color::White });
                }
            }
        }
        let valid = b.count(Color::Black) <= 16
            && b.count(Color::White) <= 16
            && !b.some_double_guard()
            && b.formations().is_empty();
        let mut black = Vec::new();
        let mut white = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                let name = format!("{}{}", (b'a' + f as u8) as char, r + 1);
                match b.sq[f][r] {
                    Some(Color::Black) => black.push(name),
                    Some(Color::White) => white.push(name),
                    None => {}
                }
            }
        }
        for i in 0..7 {
            for j in 0..7 {
                let name = Vertex::from_coords(i as u8, j as u8).unwrap().to_string();
                match b.vx[i][j] {
                    Some(Color::Black) => black.push(name),
                    Some(Color::White) => white.push(name),
                    None => {}
                }
            }
        }
        let fen = common::fen_of(&black.join(" "), &white.join(" "), Color::Black);
        let parsed = Cross::from_fen(&fen, CrossRules::default());
        assert_eq!(parsed.is_ok(), valid, "{fen}: {parsed:?}");
        if valid { accepted += 1 } else { rejected += 1 }
    }
    assert!(accepted > 100 && rejected > 100, "{accepted} accepted, {rejected} rejected");
}
