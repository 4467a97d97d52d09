//! # damero-lab
//!
//! The strength pipeline behind damero's shipped files, kept apart from
//! everything that plays (and not published): nothing at run time depends
//! on this crate, only the command line's training and building commands.
//!
//! - [`selfplay`]: self-play games that make training data (`damero selfplay`);
//! - [`tune`]: fitting the draughts pattern weights ([`tune::fit`],
//!   `damero tune`);
//! - [`tune_network`]: fitting the small draughts network
//!   ([`tune_network::fit_network`], `damero tune-network`);
//! - [`book`]: building opening books ([`book::build`], `damero book build`);
//! - [`egdb`]: building endgame databases by retrograde analysis
//!   (`damero egdb build`);
//! - [`convert`]: database wins played out by an engine against the
//!   database's longest defence (`damero egdb convert`);
//! - [`suite`]: test suites from databases and searches (`damero suite make`).
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod book;
pub mod convert;
pub mod egdb;
pub mod selfplay;
pub mod suite;
pub mod tune;
pub mod tune_network;

pub use egdb::{
    BuildProgress, build as build_egdb, build_in_memory as build_egdb_in_memory, resume as resume_egdb,
};
pub use selfplay::{
    SCORE_CLAMP, Sample, SampleError, SelfPlayer, SelfplayBatch, SelfplayConfig, SelfplayFileError, Written,
    selfplay_game, shard_range, write_file as write_selfplay_file,
};
pub use tune::{TrainingSample, TuneOptions, TuneReport, fit};
pub use tune_network::{NetworkOptions, NetworkReport, fit_network};
