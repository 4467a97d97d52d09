//! # damero-draughts
//!
//! Russian, Zisnella, Spanish and English draughts: one bitboard move
//! generator, the rule set a compile-time parameter ([`Variant`]), so the four
//! games share every line of move logic and none pays for another's rules.
//!
//! | game | type | rules |
//! |---|---|---|
//! | Russian draughts | [`Russian`] | flying kings, men capture backward, promotion mid-capture goes on, free choice, FSR draws (or `draws=olsen`) |
//! | Zisnella draughts | [`Zisnella`] | Spanish board, men capture forward (option `men_capture_backward`), flying kings, free choice, both-blocked rule, 40 plies without capture |
//! | Spanish draughts | [`Spanish`] | as Zisnella but most pieces then most kings must be taken; 40 king plies draw |
//! | English checkers | [`English`] | Black first, short kings, men capture forward, free choice, numeric notation |
//!
//! Positions implement [`damero_core::Game`]:
//!
//! ```
//! use damero_core::{Game, MoveList};
//! use damero_draughts::{Russian, RussianRules};
//!
//! let mut position = Russian::start(RussianRules::default());
//! let mut moves = MoveList::new();
//! position.legal_moves(&mut moves);
//! assert_eq!(moves.len(), 7);
//! position.try_play("c3-d4")?;
//! assert_eq!(position.legal_move_texts().len(), 7);
//! # Ok::<(), damero_draughts::MoveError>(())
//! ```
//!
//! A position can also be built from a [`Setup`], a plain, unchecked
//! description (the pieces on the 8x8 board and the side to move):
//! [`Setup::from_fen`] reads one ([`ParseFenError`] for bad syntax), and
//! [`Draughts::from_setup`] checks it against a rule set ([`PositionError`]:
//! a man on its crowning row, two pieces on a square, more than 12 a side...).
//!
//! ```
//! use damero_core::Game;
//! use damero_draughts::{PositionError, Russian, RussianVariant, Setup};
//!
//! let setup = Setup::from_fen::<RussianVariant>("W:Wb8:Ba7")?; // well formed...
//! let error = Russian::from_setup(setup, Default::default()).unwrap_err();
//! assert_eq!(error, PositionError::ManOnCrowningRow { square: "b8".parse()? }); // ...but not legal
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Choices where the rules are silent
//! - A move's promotion flag is part of the move: in the (theoretical) case
//!   of two paths with the same squares and captures, one crowning the man on
//!   the way and one not, they are two moves, since they lead to different
//!   positions.
//! - When the side to move has no legal move and a draw counter expires at
//!   the same moment, the game is decided (a loss), not drawn.
//! - FSR rule 13b is read as: the stronger side has three or more kings
//!   (men allowed), the lone side exactly one king and nothing else; 13d
//!   applies only with 2–7 pieces on the board.
//! - FEN carries no counters: a position read from FEN starts them at zero.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod fen;
mod game;
pub mod layout;
mod movegen;
mod moves;
mod notation;
mod playout;
mod position;
mod rays;
mod setup;
mod targets;
mod variant;

pub use fen::{FenError, ParseFenError};
pub use moves::Move;
pub use notation::MoveError;
pub use position::{Draughts, Piece};
pub use setup::{PositionError, Setup};
pub use variant::{
    DraughtsRules, DrawRule, EnglishRules, EnglishVariant, RussianDraws, RussianRules, RussianVariant,
    SpanishRules, SpanishVariant, Variant, ZisnellaRules, ZisnellaVariant,
};

/// Russian draughts.
pub type Russian = Draughts<RussianVariant>;
/// Zisnella draughts.
pub type Zisnella = Draughts<ZisnellaVariant>;
/// Classic Spanish draughts.
pub type Spanish = Draughts<SpanishVariant>;
/// English checkers.
pub type English = Draughts<EnglishVariant>;

// A position is written as its setup and rules and read back through
// `from_setup`, so a document can never build an illegal position.
#[cfg(feature = "serde")]
damero_core::impl_serde_via_setup!([V: Variant] Draughts<V>);
