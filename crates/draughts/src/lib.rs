//! # damero-draughts
//!
//! Russian, Zisnella, Spanish and English draughts on a 32-square bitboard: one move generator, rules as parameters.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
