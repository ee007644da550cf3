//! `orrery draw`: a picture of the start, a position file, or a position of
//! a recorded game (`--trace T.jsonl --ply N`, the last move marked), as
//! SVG or text.

use super::GameArgs;
use super::common::{load, load_recorded};
use crate::diagnostics::terminal_safe;
use crate::engine::State;
use crate::formats::trace::read_header;
use crate::render::{LastMove, board_text_marking, legend_text, picture_svg, status_text};
use serde_json::Value;
use std::path::Path;

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DrawFormat {
    /// An SVG picture.
    Svg,
    /// The board as text, with a legend and whose turn it is.
    Text,
    /// The SVG picture as PNG, written to standard output (redirect it to a
    /// file); needs Orrery built with `--features png`.
    Png,
}

pub fn run(args: &GameArgs, format: DrawFormat, trace: Option<&Path>, ply: Option<u64>, after: &[String]) -> i32 {
    let drawn = match trace {
        Some(transcript) => after_ply(args, transcript, ply),
        None => load(args).and_then(|(_, state)| after_moves(state, after)),
    };
    let Ok((state, last)) = drawn else { return 1 };
    match format {
        DrawFormat::Svg => print!("{}", picture_svg(&state, last.as_ref())),
        DrawFormat::Text => {
            // The last move's sites are marked on the board, as in `play`.
            let marks: Vec<crate::board::Site> =
                last.iter().flat_map(|l| l.from.into_iter().chain(l.to).chain(l.captured.iter().copied())).collect();
            print!("{}", board_text_marking(&state, &marks));
            println!("{}", legend_text(&state));
            if let Some(last) = &last {
                println!("last move: {} by {}{}", last.text, last.player, sites(&state, last));
            }
            println!("{}", status_text(&state));
        }
        DrawFormat::Png => return write_png(&picture_svg(&state, last.as_ref())),
    }
    0
}

/// The picture as PNG on standard output, unless that is a terminal.
#[cfg(feature = "png")]
fn write_png(svg: &str) -> i32 {
    use std::io::{IsTerminal, Write};
    if std::io::stdout().is_terminal() {
        eprintln!("error: a PNG picture is binary: redirect it to a file (`orrery draw … --format png > board.png`)");
        return 1;
    }
    match crate::render::svg_to_png(svg) {
        Ok((bytes, warning)) => {
            if let Some(warning) = warning {
                eprintln!("warning: {warning}");
            }
            // A closed pipe is the reader's choice, not an error to report.
            let _ = std::io::stdout().write_all(&bytes);
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}

#[cfg(not(feature = "png"))]
fn write_png(_svg: &str) -> i32 {
    eprintln!(
        "error: this orrery was built without PNG pictures\n  = help: build it with `cargo install --path . --features png`, \
         or convert the SVG picture (`--format svg`) with any SVG tool"
    );
    1
}

/// The sites a last move touched, named: ` (from e2 to e4; captured d5)`.
fn sites(state: &State, last: &LastMove) -> String {
    let board = &state.game().board;
    let names = |sites: &[crate::board::Site]| sites.iter().map(|&s| board.site_name(s)).collect::<Vec<_>>().join(", ");
    let mut parts = Vec::new();
    match (last.from, last.to) {
        (Some(from), Some(to)) => parts.push(format!("from {} to {}", board.site_name(from), board.site_name(to))),
        (None, Some(to)) => parts.push(format!("on {}", board.site_name(to))),
        _ => {}
    }
    if !last.captured.is_empty() {
        parts.push(format!("captured {}", names(&last.captured)));
    }
    if !last.changed.is_empty() {
        parts.push(format!("changed {}", names(&last.changed)));
    }
    if parts.is_empty() { String::new() } else { format!(" ({})", parts.join("; ")) }
}

/// The position after `moves` (`--after`, as `explain` takes them), and
/// the last of them, marked. Errors are printed.
fn after_moves(state: State, moves: &[String]) -> Result<(State, Option<LastMove>), ()> {
    let played = moves.iter().map(String::as_str).enumerate();
    play_marking(state, played, |ply, text, why| format!("move {} of --after, `{text}`: {why}", ply + 1))
}

/// Plays `moves` in order, each with what names it in an error (its number,
/// its line), and marks the last. A move that does not play is printed as
/// `refused(name, text, why)` words it, with the legal moves.
fn play_marking<'m, K>(
    mut state: State,
    moves: impl IntoIterator<Item = (K, &'m str)>,
    refused: impl Fn(K, &str, &str) -> String,
) -> Result<(State, Option<LastMove>), ()> {
    let mut last = None;
    for (name, text) in moves {
        let before = state.clone();
        let mv = state.play(text).map_err(|e| {
            let why = refused(name, &terminal_safe(text), &terminal_safe(&e.to_string()));
            eprintln!("error: {why}; legal: {}", e.legal().join(" "));
        })?;
        last = Some(LastMove::between(&before, &mv, &state));
    }
    Ok((state, last))
}

/// The position after `ply` moves of a transcript (all of them when `None`),
/// set up as its header says unless the command line says otherwise (as
/// `orrery replay` does), and the last of those moves. Errors are printed.
fn after_ply(args: &GameArgs, transcript: &Path, ply: Option<u64>) -> Result<(State, Option<LastMove>), ()> {
    let name = transcript.display();
    let text = super::common::read_input(transcript).map_err(|e| eprintln!("error: cannot read {name}: {e}"))?;
    let _header = read_header(&text).map_err(|e| eprintln!("error: {name}: {e}"))?.unwrap_or_default();
    // Of the right game? Asked before the header's options are set, which
    // another game would not have.
    let (game, _) = load(args)?;
    let recorded = text.lines().find(|l| !l.trim().is_empty()).and_then(|l| serde_json::from_str::<Value>(l).ok());
    if let Some(recorded) = recorded.as_ref().and_then(|v| v.get("game")).and_then(Value::as_str)
        && recorded != game.title
    {
        eprintln!(
            "error: {name} is a transcript of `{}`, but {} is `{}`",
            terminal_safe(recorded),
            args.file.display(),
            terminal_safe(&game.title)
        );
        return Err(());
    }
    let (_, _game, state) = load_recorded(args, transcript)?;
    // The moves, each with its line number.
    let mut moves = Vec::new();
    for (i, raw) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let value: Value = serde_json::from_str(raw).map_err(|e| {
            eprintln!("error: {name}, line {}: not a transcript line: {}", i + 1, terminal_safe(&e.to_string()))
        })?;
        if let Some(text) = value.get("move").and_then(Value::as_str) {
            moves.push((i + 1, text.to_string()));
        }
    }
    let wanted = ply.unwrap_or(moves.len() as u64);
    if wanted > moves.len() as u64 {
        eprintln!("error: {name} has {} plies; --ply takes 0 to {}, not {wanted}", moves.len(), moves.len());
        return Err(());
    }
    let played = moves[..wanted as usize].iter().map(|(line, text)| (*line, text.as_str()));
    play_marking(state, played, |line, text, why| format!("{name}, line {line}: `{text}` does not replay ({why})"))
}
