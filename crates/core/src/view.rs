//! What a board shows, as data: the places of a board and the pieces on
//! them ([`BoardView`]), and what one move does to them ([`MoveView`]). The
//! web board draws from these instead of reading the terminal diagram, and
//! enters moves by matching clicked places against each legal move's
//! [`path`](MoveView::path).

use crate::{Color, Square};

/// A place a piece can stand on: a square, or (Cross) one of the 49 interior
/// vertices where four squares meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Place {
    /// A square of the 8x8 board.
    Square(Square),
    /// The vertex at the top-right corner of the square on `file`, `rank`
    /// (both `0..7`): the point shared by that square and its neighbours to
    /// the right, above, and diagonally up-right.
    Vertex {
        /// The left file, `0` (between a and b) ..= `6`.
        file: u8,
        /// The lower rank, `0` (between ranks 1 and 2) ..= `6`.
        rank: u8,
    },
}

impl Place {
    /// The place's position in half-square units from the board's lower-left
    /// corner (White's a1 corner): a square's centre is `(2 file + 1, 2 rank
    /// + 1)`, a vertex is `(2 file + 2, 2 rank + 2)`.
    pub const fn half_units(self) -> (u8, u8) {
        match self {
            Place::Square(square) => (2 * square.file() + 1, 2 * square.rank() + 1),
            Place::Vertex { file, rank } => (2 * file + 2, 2 * rank + 2),
        }
    }

    /// The place's name: the square (`e4`), or the vertex by its two files
    /// and two ranks (`ab12`, as Cross writes it).
    pub fn name(self) -> String {
        match self {
            Place::Square(square) => square.to_string(),
            Place::Vertex { file, rank } => {
                let (f, r) = (b'a' + file, b'1' + rank);
                [f, f + 1, r, r + 1].iter().map(|&b| b as char).collect()
            }
        }
    }
}

/// A piece as drawn: its colour and whether it is a king (a crowned
/// draughts piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PieceView {
    /// Whose piece it is.
    pub color: Color,
    /// A king (draughts), drawn crowned.
    pub king: bool,
}

impl PieceView {
    /// A plain piece of `color`.
    pub const fn man(color: Color) -> PieceView {
        PieceView { color, king: false }
    }
}

/// One place of the board and what stands on it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlaceView {
    /// The place.
    pub place: Place,
    /// The pieces on it, bottom to top (one for most games, a whole stack in
    /// Tumbling Down, none for an empty place).
    pub pieces: Vec<PieceView>,
    /// Whether pieces may ever stand here (the dark squares of draughts);
    /// a board draws the others plain.
    pub playable: bool,
    /// The number players give the square, where the game numbers its
    /// squares (PDN's 1..32), drawn small in its corner.
    pub number: Option<u32>,
}

/// The whole board as a page draws it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoardView {
    /// Every square (all 64, playable or not), then every vertex the game
    /// has (Cross: 49), in a fixed order.
    pub places: Vec<PlaceView>,
    /// The side to move.
    pub side_to_move: Option<Color>,
    /// Short facts beside the board that the places do not show, as
    /// `(label, value)`: Cross's spare pieces, Tumbling Down's king heights.
    pub notes: Vec<(String, String)>,
}

impl BoardView {
    /// The 64 squares, every one playable, with the pieces `at` gives
    /// (bottom to top).
    pub fn squares(mut at: impl FnMut(Square) -> Vec<PieceView>) -> BoardView {
        let places = Square::all()
            .map(|square| PlaceView {
                place: Place::Square(square),
                pieces: at(square),
                playable: true,
                number: None,
            })
            .collect();
        BoardView { places, side_to_move: None, notes: Vec::new() }
    }
}

/// What one move does, as a board shows it and as a player enters it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveView {
    /// The places the moving piece passes, in order, its start first and its
    /// end last: a player enters the move by clicking them (or the start and
    /// the end alone, when that is unambiguous). A move that stays in place
    /// (Cross's split) is its one place; a pass is empty.
    pub path: Vec<Place>,
    /// The pieces the move takes off the board, in the order they are taken
    /// where the game has one (the `i`-th jump of a draughts or Eliminar
    /// chain takes the `i`-th).
    pub captured: Vec<Place>,
    /// Places that receive a piece besides the path's end: where a tumbling
    /// stack's pieces land, the squares a split fills.
    pub lands: Vec<Place>,
}
