//! A compiled game: the board tables and the rules, ready to play.

use super::rules::*;
use super::state::State;
use super::zobrist::Zobrist;
use crate::board::Board;
use crate::diagnostics::{Diagnostic, Report, Source};
use std::path::Path;
use std::sync::Arc;

#[derive(Debug)]
pub struct Game {
    pub title: String,
    pub players: Vec<String>,
    pub board: Board,
    pub pieces: Vec<PieceDef>,
    pub regions: Vec<RegionDef>,
    pub options: Vec<OptionDef>,
    /// The option values this game was compiled with.
    pub option_values: Vec<i64>,
    pub counters: Vec<CounterDef>,
    pub phases: Vec<PhaseDef>,
    pub end_rules: Vec<EndRuleDef>,
    pub repetition: Option<Repetition>,
    /// The reason the `repetition` item gives, if it gives one.
    pub repetition_reason: Option<String>,
    pub setup: SetupDef,
    /// Some piece type is royal: moves must not leave one threatened.
    pub has_royal: bool,
    /// How the threat test sees pieces (`threat` items).
    pub threats: Vec<ThreatDef>,
    pub tracks: Vec<TrackDef>,
    pub zobrist: Zobrist,
    /// Owner and type of each cell code, looked up rather than divided out.
    pub code_owner: Vec<Player>,
    pub code_type: Vec<PieceType>,
    /// Warnings found while checking (the game compiled, so there are no errors).
    pub warnings: Vec<Diagnostic>,
    pub source: Source,
}

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
        let text =
            std::fs::read_to_string(path).map_err(|error| LoadError::Io { path: path.display().to_string(), error })?;
        Game::from_source(Source::new(path.display().to_string(), text), options)
    }

    /// Checks and compiles rule text held in memory.
    pub fn from_source(source: Source, options: &[(String, String)]) -> Result<Arc<Game>, LoadError> {
        let (game, diagnostics) = crate::compile::compile(&source, options);
        match game {
            Some(game) => Ok(Arc::new(game)),
            None => Err(LoadError::Invalid(Box::new(Report { source, diagnostics }))),
        }
    }

    pub fn initial_state(self: &Arc<Self>) -> State {
        State::initial(self.clone())
    }

    pub fn owner_count(&self) -> usize {
        self.players.len() + 1
    }

    /// The index used for pieces nobody owns.
    pub fn neutral(&self) -> Player {
        self.players.len() as Player
    }

    /// The cell code of a piece: 0 is an empty site.
    #[inline]
    pub fn code(&self, owner: Player, piece: PieceType) -> u8 {
        1 + piece * self.owner_count() as u8 + owner
    }

    #[inline]
    pub fn owner_of(&self, code: u8) -> Player {
        self.code_owner[code as usize]
    }

    #[inline]
    pub fn type_of(&self, code: u8) -> PieceType {
        self.code_type[code as usize]
    }

    pub fn player_index(&self, name: &str) -> Option<Player> {
        self.players.iter().position(|p| p == name).map(|p| p as Player)
    }

    /// "white man", "neutral disc": how a piece is written in traces and positions.
    pub fn describe_code(&self, code: u8) -> String {
        let owner = self.owner_of(code);
        let owner = self.players.get(owner as usize).map_or("neutral", String::as_str);
        format!("{owner} {}", self.pieces[self.type_of(code) as usize].name)
    }

    pub fn option_value(&self, name: &str) -> Option<i64> {
        self.options.iter().position(|o| o.name == name).map(|i| self.option_values[i])
    }
}
