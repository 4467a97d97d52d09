//! Engines from the command line: `--engine` specs with the limit flags,
//! and where the opening book is on.

use std::time::Duration;

use damero_engine::{EngineSpec, SpecLimits};

use crate::error::CliError;
use crate::flags::LimitArgs;

/// Reads `--engine` (a name or a full spec such as `mcts:playouts=5000`) and
/// applies the limits and threads given as flags. A zero depth, node count
/// or time is rejected: it would mean no search, not "no limit".
pub fn engine_spec(engine: &str, limits: LimitArgs) -> Result<EngineSpec, CliError> {
    for (flag, zero) in [
        ("--depth", limits.depth == Some(0)),
        ("--nodes", limits.nodes == Some(0)),
        ("--movetime", limits.movetime == Some(0)),
    ] {
        if zero {
            return Err(CliError::Usage(format!("{flag} must be at least 1")));
        }
    }
    let mut spec: EngineSpec = engine.parse().map_err(CliError::parse)?;
    let explicit = limits.depth.is_some() || limits.movetime.is_some() || limits.nodes.is_some();
    let spec_has_limits = engine.contains(':');
    if !explicit && !spec_has_limits && limits.time.is_none() && !matches!(spec, EngineSpec::Random { .. }) {
        // Neither flags nor the spec say how long to think: one second.
        spec = spec
            .with_limits(SpecLimits { movetime: Some(Duration::from_secs(1)), ..SpecLimits::default() })
            .map_err(CliError::parse)?;
    }
    spec = spec
        .with_limits(SpecLimits {
            depth: limits.depth,
            nodes: limits.nodes,
            movetime: limits.movetime.map(Duration::from_millis),
            time_control: None,
        })
        .map_err(CliError::parse)?;
    if let Some(threads) = limits.threads {
        if threads == 0 {
            return Err(CliError::usage("--threads must be at least 1"));
        }
        spec = spec.with_threads(threads);
    }
    Ok(spec)
}
