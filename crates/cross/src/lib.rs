//! # damero-cross
//!
//! Justin Love's Cross: pieces on squares and vertices, guards, splits and cross captures.
#![forbid(unsafe_code)]
#![deny(missing_docs)]
