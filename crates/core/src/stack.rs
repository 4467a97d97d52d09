//! Ordered stacks of coloured pieces, one per square (Tumbling Down).

use core::fmt;

use crate::{Bitboard, Color, Square};

/// An ordered stack of up to [`Stack::CAPACITY`] coloured pieces, bottom to top,
/// packed into one `u64`: the low 6 bits hold the height, bit `6 + i` is set
/// when the `i`-th piece from the bottom is Black.
///
/// A whole stack fits in a register, so a 64-square [`StackBoard`] is a plain
/// 512-byte `Copy` array and copy-make stays cheap.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Stack(u64);

impl Stack {
    /// The most pieces a stack can hold (two full Tumbling Down armies).
    pub const CAPACITY: usize = 58;
    const HEIGHT_MASK: u64 = 0x3f;

    /// The empty stack.
    pub const EMPTY: Stack = Stack(0);

    /// A stack of `height` pieces all of `color`; `None` past [`Stack::CAPACITY`].
    pub const fn pure(color: Color, height: usize) -> Option<Stack> {
        if height > Stack::CAPACITY {
            return None;
        }
        let colors = match color {
            Color::White => 0,
            Color::Black => {
                if height == 0 {
                    0
                } else {
                    (!0u64 >> (64 - height)) << 6
                }
            }
        };
        Some(Stack(colors | height as u64))
    }

    /// The stack holding `pieces`, bottom first; `None` past [`Stack::CAPACITY`].
    pub fn from_pieces<I: IntoIterator<Item = Color>>(pieces: I) -> Option<Stack> {
        let mut stack = Stack::EMPTY;
        for color in pieces {
            stack.try_push(color)?;
        }
        Some(stack)
    }

    /// The raw packed value (height in the low 6 bits, colours above).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The number of pieces.
    #[inline]
    pub const fn height(self) -> usize {
        (self.0 & Stack::HEIGHT_MASK) as usize
    }

    /// Whether the stack holds no piece.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    const fn black_bits(self) -> u64 {
        self.0 >> 6
    }

    /// The colour of the `index`-th piece from the bottom.
    #[inline]
    pub const fn get(self, index: usize) -> Option<Color> {
        if index >= self.height() {
            None
        } else if self.black_bits() >> index & 1 == 1 {
            Some(Color::Black)
        } else {
            Some(Color::White)
        }
    }

    /// The colour of the top piece: the stack's owner.
    #[inline]
    pub const fn top(self) -> Option<Color> {
        let h = self.height();
        if h == 0 { None } else { self.get(h - 1) }
    }

    /// The colour of the bottom piece.
    #[inline]
    pub const fn bottom(self) -> Option<Color> {
        self.get(0)
    }

    /// How many pieces of `color` the stack holds.
    #[inline]
    pub const fn count(self, color: Color) -> usize {
        let black = self.black_bits().count_ones() as usize;
        match color {
            Color::Black => black,
            Color::White => self.height() - black,
        }
    }

    /// `Some(color)` when every piece is of `color` (and there is at least one).
    #[inline]
    pub const fn pure_color(self) -> Option<Color> {
        let h = self.height();
        if h == 0 {
            None
        } else {
            let black = self.black_bits().count_ones() as usize;
            if black == 0 {
                Some(Color::White)
            } else if black == h {
                Some(Color::Black)
            } else {
                None
            }
        }
    }

    /// Puts `color` on top; `None` (and no change) when the stack is full.
    #[inline]
    pub fn try_push(&mut self, color: Color) -> Option<()> {
        let h = self.height();
        if h >= Stack::CAPACITY {
            return None;
        }
        let bit = (color == Color::Black) as u64;
        self.0 = (self.0 | bit << (6 + h)) + 1;
        Some(())
    }

    /// Puts `color` on top.
    ///
    /// # Panics
    /// When the stack already holds [`Stack::CAPACITY`] pieces; a game whose
    /// piece total stays within that bound never reaches it.
    #[inline]
    pub fn push(&mut self, color: Color) {
        self.try_push(color).expect("stack capacity exceeded");
    }

    /// Takes the top piece off.
    #[inline]
    pub fn pop(&mut self) -> Option<Color> {
        let top = self.top()?;
        let h = self.height();
        self.0 = (self.0 & !(1 << (6 + h - 1))) - 1;
        Some(top)
    }

    /// The pieces, bottom first.
    pub fn pieces(self) -> impl DoubleEndedIterator<Item = Color> + ExactSizeIterator {
        (0..self.height()).map(move |i| self.get(i).expect("below height"))
    }
}

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stack({self})")
    }
}

impl fmt::Display for Stack {
    /// `.` when empty, the letter of a lone piece, or the pieces bottom to top
    /// in brackets: `[bbw]` (the Tumbling Down notation).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.height() {
            0 => f.write_str("."),
            1 => write!(f, "{}", self.top().map_or('.', Color::letter)),
            _ => {
                f.write_str("[")?;
                for c in self.pieces() {
                    write!(f, "{}", c.letter())?;
                }
                f.write_str("]")
            }
        }
    }
}

/// One [`Stack`] per square.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct StackBoard {
    stacks: [Stack; 64],
}

impl Default for StackBoard {
    fn default() -> StackBoard {
        StackBoard::EMPTY
    }
}

impl StackBoard {
    /// The board with no piece.
    pub const EMPTY: StackBoard = StackBoard { stacks: [Stack::EMPTY; 64] };

    /// The stack on `square`.
    #[inline]
    pub const fn get(&self, square: Square) -> Stack {
        self.stacks[square.index()]
    }

    /// Replaces the stack on `square`.
    #[inline]
    pub fn set(&mut self, square: Square, stack: Stack) {
        self.stacks[square.index()] = stack;
    }

    /// Puts a piece of `color` on top of `square`.
    #[inline]
    pub fn push(&mut self, square: Square, color: Color) {
        self.stacks[square.index()].push(color);
    }

    /// Takes the top piece off `square`.
    #[inline]
    pub fn pop(&mut self, square: Square) -> Option<Color> {
        self.stacks[square.index()].pop()
    }

    /// Empties `square` and returns what stood there.
    #[inline]
    pub fn take(&mut self, square: Square) -> Stack {
        core::mem::take(&mut self.stacks[square.index()])
    }

    /// The squares holding at least one piece.
    pub fn occupied(&self) -> Bitboard {
        self.squares_where(|s| !s.is_empty())
    }

    /// The squares whose top piece is `color` (the stacks `color` may move).
    pub fn owned_by(&self, color: Color) -> Bitboard {
        self.squares_where(|s| s.top() == Some(color))
    }

    /// The squares whose stack is pure `color`.
    pub fn pure_of(&self, color: Color) -> Bitboard {
        self.squares_where(|s| s.pure_color() == Some(color))
    }

    /// How many pieces of `color` stand on the board.
    pub fn count(&self, color: Color) -> usize {
        self.stacks.iter().map(|s| s.count(color)).sum()
    }

    /// The squares whose stack satisfies `predicate`.
    pub fn squares_where(&self, mut predicate: impl FnMut(Stack) -> bool) -> Bitboard {
        let mut bits = 0u64;
        for (i, &s) in self.stacks.iter().enumerate() {
            bits |= (predicate(s) as u64) << i;
        }
        Bitboard(bits)
    }

    /// Every square with its stack, `a1` first.
    pub fn iter(&self) -> impl Iterator<Item = (Square, Stack)> + '_ {
        Square::all().map(move |sq| (sq, self.get(sq)))
    }
}

impl fmt::Debug for StackBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for file in 0..8 {
                let sq = Square::from_coords(file, rank).expect("in range");
                write!(f, "{:>6}", self.get(sq).to_string())?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn push_pop_and_ownership() {
        let mut s = Stack::EMPTY;
        assert_eq!(s.top(), None);
        assert_eq!(s.pure_color(), None);
        s.push(Color::Black);
        s.push(Color::Black);
        assert_eq!(s.pure_color(), Some(Color::Black));
        s.push(Color::White);
        assert_eq!(s.height(), 3);
        assert_eq!(s.top(), Some(Color::White));
        assert_eq!(s.bottom(), Some(Color::Black));
        assert_eq!(s.pure_color(), None);
        assert_eq!(s.count(Color::Black), 2);
        assert_eq!(s.count(Color::White), 1);
        assert_eq!(s.to_string(), "[bbw]");
        assert_eq!(s.pop(), Some(Color::White));
        assert_eq!(s, Stack::pure(Color::Black, 2).unwrap());
        assert_eq!(Stack::pure(Color::White, 1).unwrap().to_string(), "w");
        assert_eq!(Stack::EMPTY.to_string(), ".");
    }

    #[test]
    fn capacity_is_enforced() {
        let full = Stack::pure(Color::Black, Stack::CAPACITY).unwrap();
        assert_eq!(full.height(), Stack::CAPACITY);
        assert_eq!(full.count(Color::Black), Stack::CAPACITY);
        let mut s = full;
        assert_eq!(s.try_push(Color::White), None);
        assert_eq!(s, full);
        assert!(Stack::pure(Color::White, Stack::CAPACITY + 1).is_none());
        let mut mixed = Stack::EMPTY;
        for i in 0..Stack::CAPACITY {
            mixed.push(Color::from_index(i));
        }
        for i in (0..Stack::CAPACITY).rev() {
            assert_eq!(mixed.pop(), Some(Color::from_index(i)));
        }
        assert!(mixed.is_empty());
    }

    #[test]
    fn board_queries() {
        let mut board = StackBoard::EMPTY;
        let a1 = Square::A1;
        let h8 = Square::H8;
        board.push(a1, Color::Black);
        board.push(a1, Color::White);
        board.push(h8, Color::White);
        assert_eq!(board.occupied().count(), 2);
        assert_eq!(board.owned_by(Color::White).count(), 2);
        assert_eq!(board.owned_by(Color::Black).count(), 0);
        assert_eq!(board.pure_of(Color::White), Bitboard::from_square(h8));
        assert_eq!(board.count(Color::White), 2);
        assert_eq!(board.count(Color::Black), 1);
        assert_eq!(board.pop(a1), Some(Color::White));
        assert_eq!(board.take(a1).height(), 1);
        assert!(board.get(a1).is_empty());
    }

    proptest! {
        #[test]
        fn stack_matches_a_vec_model(pieces in proptest::collection::vec(any::<bool>(), 0..=Stack::CAPACITY)) {
            let colors: Vec<Color> = pieces.iter().map(|&b| if b { Color::Black } else { Color::White }).collect();
            let stack = Stack::from_pieces(colors.iter().copied()).unwrap();
            prop_assert_eq!(stack.height(), colors.len());
            prop_assert_eq!(stack.pieces().collect::<Vec<_>>(), colors.clone());
            prop_assert_eq!(stack.top(), colors.last().copied());
            let mut s = stack;
            let mut model = colors;
            while let Some(c) = s.pop() {
                prop_assert_eq!(Some(c), model.pop());
                prop_assert_eq!(s.height(), model.len());
            }
        }
    }
}
