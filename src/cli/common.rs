//! Loading a game and its start state for a command, with errors printed.

use super::GameArgs;
use crate::compile::LoadError;
use crate::diagnostics::render_all;
use crate::engine::{Game, State};
use crate::formats::position::load_position;
use std::io::IsTerminal;
use std::sync::Arc;

pub fn color() -> bool {
    std::io::stderr().is_terminal()
}

/// `NAME=VALUE` pairs from the command line.
pub fn parse_options(options: &[String]) -> Result<Vec<(String, String)>, String> {
    options
        .iter()
        .map(|o| match o.split_once('=') {
            Some((k, v)) => Ok((k.trim().to_string(), v.trim().to_string())),
            None => Err(format!("option `{o}` should be NAME=VALUE, as in long_moves=true")),
        })
        .collect()
}

pub fn load_game(path: &std::path::Path, options: &[String]) -> Result<Arc<Game>, ()> {
    let options = parse_options(options).map_err(|e| eprintln!("error: {e}"))?;
    match Game::load_with_options(path, &options) {
        Ok(game) => Ok(game),
        Err(LoadError::Invalid(report)) => {
            eprint!("{}", render_all(&report.source, &report.diagnostics, color()));
            Err(())
        }
        Err(e) => {
            eprintln!("error: {e}");
            Err(())
        }
    }
}

/// The game and the state a command starts from.
pub fn load(args: &GameArgs) -> Result<(Arc<Game>, State), ()> {
    let game = load_game(&args.file, &args.options)?;
    let state = match &args.position {
        Some(path) => load_position(&game, path).map_err(|report| {
            eprint!("{}", render_all(&report.source, &report.diagnostics, color()));
        })?,
        None => game.initial_state(),
    };
    Ok((game, state))
}
