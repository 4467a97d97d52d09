//! The engine layer the server plays with: engines built from level specs,
//! and what their searches report.

pub use damero_search::{
    Engine, EngineSpec, Limits, MAX_LEVEL, MIN_LEVEL, SearchInfo, SearchResult, level_budget, level_spec,
    max_threads,
};
