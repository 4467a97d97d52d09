//! The engine layer the server plays with: engines built from level specs,
//! the game registry, and what searches report.

pub use damero_engine::registry::{self, GAME_IDS, GameCommand, RecordFormat, dispatch, record_format};
pub use damero_engine::{
    Engine, EngineGame, EngineSpec, MAX_LEVEL, MIN_LEVEL, level_budget, level_spec, max_threads,
};
pub use damero_search::{Limits, SearchInfo, SearchResult};
