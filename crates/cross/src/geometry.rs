//! Squares, the 49 interior vertices and the tables that join them (rule 1).
//!
//! Squares use the core [`Square`] numbering (`a1` = 0, `index = rank * 8 +
//! file`). A vertex is numbered like the square whose top-right corner it is:
//! vertex (file `f`, rank `r`), `f, r` in `0..7`, is the point shared by the
//! squares `(f, r)`, `(f + 1, r)`, `(f, r + 1)` and `(f + 1, r + 1)`, and its
//! index is `r * 8 + f`. So a set of vertices is a `u64` too, and the squares
//! it guards are `v | v << 1 | v << 8 | v << 9`: a handful of shifts, no table.

use core::fmt;
use core::str::FromStr;

use damero_core::Square;

/// The bits of a `u64` that are vertices (files and ranks `0..7`).
pub const VERTEX_MASK: u64 = 0x007f_7f7f_7f7f_7f7f;
const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;

/// One of the 49 interior vertices (rule 1), written `ab12`: the point shared
/// by `a1`, `b1`, `a2` and `b2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Vertex(u8);

impl Vertex {
    /// The vertex at the top-right corner of the square on `file` and `rank`
    /// (both `0..7`), if it is interior.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Vertex> {
        if file < 7 && rank < 7 { Some(Vertex(rank * 8 + file)) } else { None }
    }

    /// The vertex with this index (`rank * 8 + file`), if it is one.
    #[inline]
    pub const fn new(index: u8) -> Option<Vertex> {
        if index < 64 && VERTEX_MASK >> index & 1 == 1 { Some(Vertex(index)) } else { None }
    }

    /// The index `rank * 8 + file` (a bit of a vertex set).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The left file of the vertex, `0` (between a and b) ..= `6`.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The lower rank of the vertex, `0` (between ranks 1 and 2) ..= `6`.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The vertex as a one-bit set.
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The four squares this vertex guards (rule 2), as a square set.
    #[inline]
    pub const fn guarded_squares(self) -> u64 {
        guarded_by(self.bit())
    }

    /// Every vertex, `ab12` first, row by row.
    pub fn all() -> impl Iterator<Item = Vertex> {
        (0..64u8).filter_map(Vertex::new)
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = b'a' + self.file();
        let rank = b'1' + self.rank();
        write!(f, "{}{}{}{}", file as char, (file + 1) as char, rank as char, (rank + 1) as char)
    }
}

/// A vertex name that is not four characters `ab12`..`gh78` with consecutive
/// files and ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVertexError {
    /// The text as given.
    pub text: String,
}

impl fmt::Display for ParseVertexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid vertex '{}': expected two consecutive files and two consecutive ranks, ab12..gh78",
            self.text
        )
    }
}

impl std::error::Error for ParseVertexError {}

impl FromStr for Vertex {
    type Err = ParseVertexError;

    fn from_str(text: &str) -> Result<Vertex, ParseVertexError> {
        let err = || ParseVertexError { text: text.to_owned() };
        let &[f0, f1, r0, r1] = text.as_bytes() else { return Err(err()) };
        let consecutive_files = (b'a'..=b'g').contains(&f0) && f1 == f0 + 1;
        let consecutive_ranks = (b'1'..=b'7').contains(&r0) && r1 == r0 + 1;
        if consecutive_files && consecutive_ranks {
            Vertex::from_coords(f0 - b'a', r0 - b'1').ok_or_else(err)
        } else {
            Err(err())
        }
    }
}

/// The squares guarded by the vertex set `vertices` (rule 2).
#[inline]
pub const fn guarded_by(vertices: u64) -> u64 {
    let v = vertices & VERTEX_MASK;
    v | v << 1 | v << 8 | v << 9
}

/// The four corner-count layers of a vertex set seen from the squares: square
/// `s` is in layer `i` when its `i`-th corner is in `vertices`.
#[inline]
pub const fn corner_layers(vertices: u64) -> [u64; 4] {
    let v = vertices & VERTEX_MASK;
    [v, v << 1, v << 8, v << 9]
}

/// The four guarded-square layers of a square set seen from the vertices:
/// vertex `v` is in layer `i` when its `i`-th guarded square is in `squares`.
#[inline]
pub const fn guard_layers(squares: u64) -> [u64; 4] {
    [
        squares & VERTEX_MASK,
        squares >> 1 & VERTEX_MASK,
        squares >> 8 & VERTEX_MASK,
        squares >> 9 & VERTEX_MASK,
    ]
}

/// The elements that are in at least two of the four layers.
#[inline]
pub const fn at_least_two(l: [u64; 4]) -> u64 {
    (l[0] & l[1]) | (l[2] & l[3]) | ((l[0] | l[1]) & (l[2] | l[3]))
}

/// The four neighbour layers of a square set: square `s` is in layer `i`
/// when its neighbour in direction `i` (north, south, east, west) is in
/// `occupied`. Edge squares lack the neighbour off the board.
#[inline]
pub const fn neighbour_layers(occupied: u64) -> [u64; 4] {
    [occupied >> 8, occupied << 8, (occupied >> 1) & NOT_FILE_H, (occupied << 1) & NOT_FILE_A]
}

/// Squares of `occupied` whose four orthogonal neighbours are all in
/// `occupied` (the centres of pattern C, rule 9); never on the edge.
#[inline]
pub const fn cross_centres(occupied: u64) -> u64 {
    let [north, south, east, west] = neighbour_layers(occupied);
    occupied & north & south & east & west
}

/// The elements that are in at least three of the four layers.
#[inline]
pub const fn at_least_three(l: [u64; 4]) -> u64 {
    (l[0] & l[1] & (l[2] | l[3])) | (l[2] & l[3] & (l[0] | l[1]))
}

/// The elements that are in at least one of the four layers.
#[inline]
pub const fn any_layer(l: [u64; 4]) -> u64 {
    l[0] | l[1] | l[2] | l[3]
}

/// The four orthogonal neighbours of every square in `squares`.
#[inline]
pub const fn orthogonal_neighbours(squares: u64) -> u64 {
    squares << 8 | squares >> 8 | (squares & NOT_FILE_H) << 1 | (squares & NOT_FILE_A) >> 1
}

const fn corners_table() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut s = 0;
    while s < 64 {
        let (f, r) = ((s % 8) as i32, (s / 8) as i32);
        let mut mask = 0u64;
        let mut df = -1;
        while df <= 0 {
            let mut dr = -1;
            while dr <= 0 {
                let (vf, vr) = (f + df, r + dr);
                if vf >= 0 && vr >= 0 && vf < 7 && vr < 7 {
                    mask |= 1 << (vr * 8 + vf);
                }
                dr += 1;
            }
            df += 1;
        }
        table[s] = mask;
        s += 1;
    }
    table
}

const fn vertex_ring_table() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut v = 0;
    while v < 64 {
        if VERTEX_MASK >> v & 1 == 1 {
            let (f, r) = ((v % 8) as i32, (v / 8) as i32);
            let mut mask = 0u64;
            let mut df = -1;
            while df <= 1 {
                let mut dr = -1;
                while dr <= 1 {
                    let (vf, vr) = (f + df, r + dr);
                    if (df != 0 || dr != 0) && vf >= 0 && vr >= 0 && vf < 7 && vr < 7 {
                        mask |= 1 << (vr * 8 + vf);
                    }
                    dr += 1;
                }
                df += 1;
            }
            table[v] = mask;
        }
        v += 1;
    }
    table
}

/// The interior corners (vertices) of each square: 1 for a board corner, 2 on
/// an edge, 4 inside (rule 1).
pub const CORNERS: [u64; 64] = corners_table();

/// The vertices at king-move distance 1 from each vertex: where an enemy piece
/// would share a guarded square with it (rule 6).
pub const VERTEX_RING: [u64; 64] = vertex_ring_table();

/// The square one orthogonal step from `square` towards `(df, dr)`.
#[inline]
pub const fn step(square: Square, df: i8, dr: i8) -> Option<Square> {
    let f = square.file() as i8 + df;
    let r = square.rank() as i8 + dr;
    if f < 0 || r < 0 || f > 7 || r > 7 { None } else { Square::from_coords(f as u8, r as u8) }
}

/// The squares of a set, lowest first, as core squares.
#[inline]
pub fn squares_of(set: u64) -> impl Iterator<Item = Square> {
    damero_core::Bitboard(set).squares()
}

/// The vertices of a set, lowest first.
#[inline]
pub fn vertices_of(set: u64) -> impl Iterator<Item = Vertex> {
    damero_core::Bitboard(set & VERTEX_MASK).squares().map(|s| Vertex(s.index() as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_and_guards_agree() {
        for v in Vertex::all() {
            for s in squares_of(v.guarded_squares()) {
                assert!(CORNERS[s.index()] & v.bit() != 0, "{v} guards {s} but is not its corner");
            }
        }
        let total: u32 = CORNERS.iter().map(|c| c.count_ones()).sum();
        assert_eq!(total, 49 * 4);
        assert_eq!(VERTEX_MASK.count_ones(), 49);
    }

    #[test]
    fn vertex_names_round_trip() {
        for v in Vertex::all() {
            assert_eq!(v.to_string().parse::<Vertex>(), Ok(v));
        }
        for bad in ["ab21", "ba12", "hi12", "ab89", "ab1", "ab123", "gh78x", "ac12", "ab13"] {
            assert!(bad.parse::<Vertex>().is_err(), "{bad}");
        }
    }
}
