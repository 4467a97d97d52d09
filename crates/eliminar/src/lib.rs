//! # damero-eliminar
//!
//! Eliminar: orthogonal jump chains over the full 8x8 board.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
