//! One module per command, each owning its arguments (`Args`, a clap
//! `Args` struct) and its `run`.

pub mod bench;
pub mod bestmove;
pub mod book;
pub mod egdb;
pub mod games;
pub mod hub;
pub mod r#match;
pub mod moves;
pub mod perft;
pub mod play;
pub mod replay;
pub mod selfplay;
pub mod serve;
pub mod show;
pub mod suite;
pub mod tune;
pub mod tune_network;
