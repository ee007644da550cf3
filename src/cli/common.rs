//! Loading a game and its start state for a command, with errors printed.

use super::GameArgs;
use crate::compile::LoadError;
use crate::diagnostics::render_all;
use crate::engine::{Game, State};
use crate::formats::position::load_position;
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

/// `--color`: when diagnostics are coloured.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless the NO_COLOR variable is set (and not empty).
    Auto,
    Always,
    Never,
}

static COLOR: AtomicU8 = AtomicU8::new(ColorChoice::Auto as u8);

/// Sets `--color` for the run (once, before the command runs).
pub fn set_color(choice: ColorChoice) {
    COLOR.store(choice as u8, Ordering::Relaxed);
}

/// Whether text for a stream that is (or is not) a terminal is coloured.
fn colored(terminal: bool) -> bool {
    match COLOR.load(Ordering::Relaxed) {
        c if c == ColorChoice::Always as u8 => true,
        c if c == ColorChoice::Never as u8 => false,
        _ => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// Whether diagnostics written to standard error are coloured.
pub fn color() -> bool {
    colored(std::io::stderr().is_terminal())
}

/// Whether diagnostics written to standard output are coloured.
pub fn color_stdout() -> bool {
    colored(std::io::stdout().is_terminal())
}

/// A file's text, or standard input's for `-`.
pub fn read_input(path: &std::path::Path) -> std::io::Result<String> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text)?;
        return Ok(text);
    }
    std::fs::read_to_string(path)
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

/// A transcript's text, and the game and start it was recorded from: set
/// up as its header says (its options and start position) unless the
/// command line says otherwise, with a warning when the rule file's text
/// changed since. Errors are printed.
pub fn load_recorded(args: &GameArgs, transcript: &std::path::Path) -> Result<(String, Arc<Game>, State), ()> {
    let name = transcript.display();
    let text = read_input(transcript).map_err(|e| eprintln!("error: cannot read {name}: {e}"))?;
    let header = crate::formats::trace::read_header(&text)
        .map_err(|e| eprintln!("error: {name}: {}", crate::diagnostics::terminal_safe(&e.to_string())))?
        .unwrap_or_default();
    let mut args = args.clone();
    if args.options.is_empty() {
        args.options = header.options.iter().map(|(option, value)| format!("{option}={value}")).collect();
    }
    let (game, mut state) = load(&args)?;
    if let (None, Some(start)) = (&args.position, &header.start) {
        let source = crate::diagnostics::Source::new(format!("{name} (start position)"), start.clone());
        state = crate::formats::position::parse_position(&game, source)
            .map_err(|report| eprint!("{}", render_all(&report.source, &report.diagnostics, color())))?;
    }
    if let Some(recorded) = header.rules_hash.filter(|h| *h != game.rules_hash()) {
        eprintln!(
            "warning: {name} was recorded with another text of {} (hash {recorded}, now {})",
            args.file.display(),
            game.rules_hash()
        );
    }
    Ok((text, game, state))
}
