//! A directory of one test's files, removed when the test ends.

use std::path::{Path, PathBuf};

/// A fresh directory under the system's temporary directory, named after
/// the test and the process (so tests that run at once never share one),
/// removed with everything in it when dropped, a failing test's included.
#[derive(Debug)]
pub struct ScratchDir(PathBuf);

impl ScratchDir {
    /// Creates `damero-NAME-PID`, empty (a leftover of an earlier run is
    /// removed first).
    ///
    /// # Panics
    /// If the directory cannot be created.
    pub fn new(name: &str) -> ScratchDir {
        let dir = std::env::temp_dir().join(format!("damero-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
        ScratchDir(dir)
    }

    /// The path as text, for a command line.
    ///
    /// # Panics
    /// If the temporary directory's path is not UTF-8.
    pub fn as_str(&self) -> &str {
        self.0.to_str().expect("utf-8 temporary path")
    }
}

impl std::ops::Deref for ScratchDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for ScratchDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
