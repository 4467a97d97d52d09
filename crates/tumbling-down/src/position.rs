//! The position: 64 stacks, the side to move, the stored result and
//! incremental summaries (owned and pure squares, kings, hash).

use damero_core::{Bitboard, Color, Square, Stack, StackBoard};

use crate::zobrist::{BLACK_TO_MOVE, stack_key, winner_key};
use crate::{TumblingDownRules, Variant};

/// The most pieces one player has (rule 1).
pub const PIECES_PER_SIDE: usize = 29;

/// A Tumbling Down position: a `Copy` value of 64 stacks ([`StackBoard`], 512
/// bytes) plus summaries kept up to date by every move, so move generation and
/// the end-of-move evaluation never scan the whole board.
///
/// ```
/// use damero_core::Game;
/// use damero_tumbling_down::{TumblingDown, TumblingDownRules};
///
/// let mut pos = TumblingDown::start(TumblingDownRules::default());
/// assert_eq!(pos.legal_move_texts().len(), 148);
/// pos.try_play("a1^b2")?; // the four-high king tumbles towards h8: b2 c3 d4 e5
/// assert_eq!(pos.stack("e5".parse()?).to_string(), "b");
/// assert_eq!(pos.stack("b2".parse()?).to_string(), "[bbb]");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TumblingDown {
    pub(crate) board: StackBoard,
    pub(crate) state: State,
    pub(crate) rules: TumblingDownRules,
}

/// Everything but the board: small, so make/unmake saves it whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct State {
    /// Squares whose top piece is White / Black (rule 4), by [`Color::index`].
    pub(crate) owned: [Bitboard; 2],
    /// Squares holding a pure stack of White / Black (rule 8).
    pub(crate) pure: [Bitboard; 2],
    /// The pure stacks of the greatest height, ignoring `min_king_height`.
    pub(crate) tallest: [Bitboard; 2],
    /// That greatest height (0 without pure stacks).
    pub(crate) tallest_height: [u8; 2],
    pub(crate) side: Color,
    /// Set by the move that decided the game (rule 10).
    pub(crate) winner: Option<Color>,
    /// Plies played since the start or the position text (for `max_plies`).
    pub(crate) plies: u32,
    pub(crate) hash: u64,
}

impl TumblingDown {
    /// Builds the summaries from scratch; `board` holds at most 29 pieces a
    /// side and `rules` pass validation (see [`TumblingDown::from_setup`]).
    pub(crate) fn from_checked(
        board: StackBoard,
        side: Color,
        winner: Option<Color>,
        rules: TumblingDownRules,
    ) -> TumblingDown {
        TumblingDown::from_trusted_board(board, side, winner, rules)
    }

    /// Builds the summaries from scratch; `board` holds at most 29 pieces a side.
    fn from_trusted_board(
        board: StackBoard,
        side: Color,
        winner: Option<Color>,
        rules: TumblingDownRules,
    ) -> TumblingDown {
        let state = State {
            owned: [board.owned_by(Color::White), board.owned_by(Color::Black)],
            pure: [board.pure_of(Color::White), board.pure_of(Color::Black)],
            tallest: [Bitboard::EMPTY; 2],
            tallest_height: [0; 2],
            side,
            winner,
            plies: 0,
            hash: 0,
        };
        let mut position = TumblingDown { board, state, rules };
        for color in Color::ALL {
            let (set, height) = position.find_tallest(color);
            position.state.tallest[color.index()] = set;
            position.state.tallest_height[color.index()] = height;
        }
        position.state.hash = position.hash_from_scratch();
        position
    }

    /// The pure stacks of `color` of the greatest height, and that height.
    pub(crate) fn find_tallest(&self, color: Color) -> (Bitboard, u8) {
        let mut best = 0;
        let mut set = 0u64;
        for sq in self.state.pure[color.index()].squares() {
            let h = self.board.get(sq).height() as u8;
            if h > best {
                best = h;
                set = 0;
            }
            if h == best {
                set |= 1 << sq.index();
            }
        }
        (Bitboard(set), best)
    }

    /// The Zobrist key computed from the board alone.
    pub(crate) fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for (sq, stack) in self.board.iter() {
            hash ^= stack_key(sq, stack);
        }
        if self.state.side == Color::Black {
            hash ^= BLACK_TO_MOVE;
        }
        if let Some(winner) = self.state.winner {
            hash ^= winner_key(winner);
        }
        hash
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &StackBoard {
        &self.board
    }

    /// The stack on `square`.
    #[inline]
    pub fn stack(&self, square: Square) -> Stack {
        self.board.get(square)
    }

    /// The rules.
    #[inline]
    pub fn rules(&self) -> TumblingDownRules {
        self.rules
    }

    /// The variant played.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.rules.variant
    }

    /// The player to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.state.side
    }

    /// The winner, when the last move decided the game (rule 10).
    #[inline]
    pub fn winner(&self) -> Option<Color> {
        self.state.winner
    }

    /// Plies played since the start position or the position text.
    #[inline]
    pub fn plies(&self) -> u32 {
        self.state.plies
    }

    /// The squares `color` owns: its top piece is `color` (rule 4).
    #[inline]
    pub fn owned_by(&self, color: Color) -> Bitboard {
        self.state.owned[color.index()]
    }

    /// The squares holding a pure stack of `color` (rule 8).
    #[inline]
    pub fn pure_stacks(&self, color: Color) -> Bitboard {
        self.state.pure[color.index()]
    }

    /// The height `H` of `color`'s tallest pure stack, 0 when it has none.
    #[inline]
    pub fn tallest_pure_height(&self, color: Color) -> usize {
        self.state.tallest_height[color.index()] as usize
    }

    /// `color`'s kings (rule 8): its pure stacks of the greatest height, when
    /// that height reaches `min_king_height`; else none.
    #[inline]
    pub fn kings(&self, color: Color) -> Bitboard {
        if self.state.tallest_height[color.index()] >= self.rules.min_king_height {
            self.state.tallest[color.index()]
        } else {
            Bitboard::EMPTY
        }
    }

    /// The height of `color`'s kings, `None` when it has none.
    #[inline]
    pub fn king_height(&self, color: Color) -> Option<usize> {
        let h = self.state.tallest_height[color.index()];
        (h >= self.rules.min_king_height && h > 0).then_some(h as usize)
    }

    /// How many pieces of `color` are on the board (always 29 from a start
    /// position: Tumbling Down never removes a piece).
    pub fn piece_count(&self, color: Color) -> usize {
        self.board.count(color)
    }
}
