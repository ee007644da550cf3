//! Loading a rule file (a variant with its bases): read, check and compile
//! it into a [`Game`].

use crate::diagnostics::{Report, Source};
use crate::game::Game;
use std::path::Path;
use std::sync::Arc;

/// Why a rule file could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {error}")]
    Io { path: String, error: std::io::Error },
    #[error("{0}")]
    Invalid(Box<Report>),
}

impl Game {
    /// Reads, checks and compiles a rule file with its default options.
    pub fn load(path: impl AsRef<Path>) -> Result<Arc<Game>, LoadError> {
        Game::load_with_options(path, &[])
    }

    /// Like [`Game::load`], with option overrides such as `("long_moves", "true")`.
    pub fn load_with_options(path: impl AsRef<Path>, options: &[(String, String)]) -> Result<Arc<Game>, LoadError> {
        let path = path.as_ref();
        let (source, loading) = crate::variants::load_source(path)
            .map_err(|error| LoadError::Io { path: path.display().to_string(), error })?;
        // A variant whose base cannot be loaded is not checked further.
        if !loading.is_empty() {
            return Err(LoadError::Invalid(Box::new(Report { source, diagnostics: loading })));
        }
        Game::from_source(source, options)
    }

    /// Checks and compiles rule text held in memory.
    pub fn from_source(source: Source, options: &[(String, String)]) -> Result<Arc<Game>, LoadError> {
        let (game, diagnostics) = crate::compile::compile(&source, options);
        match game {
            Some(game) => Ok(Arc::new(game)),
            None => Err(LoadError::Invalid(Box::new(Report { source, diagnostics }))),
        }
    }
}
