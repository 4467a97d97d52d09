//! # damero-tumbling-down
//!
//! Tumbling Down (Demolición): stacks that tumble, kings that fall.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
