//! `orrery replay`: checks that a JSON-lines transcript (from `orrery trace
//! --format json`) still replays under the rules: every move legal, every
//! recorded position the same, and the same outcome. The game is set up as
//! the transcript's header says (its options and start position) unless the
//! command line says otherwise; a rule file changed since the recording is
//! warned about. A transcript that no longer replays names the first line
//! that fails.

use super::GameArgs;
use super::common::{color, load};
use crate::diagnostics::{Source, render_all};
use crate::formats::position::parse_position;
use crate::formats::trace::{read_header, replay};
use std::path::Path;

pub fn run(args: &GameArgs, transcript: &Path) -> i32 {
    let text = match std::fs::read_to_string(transcript) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", transcript.display());
            return 1;
        }
    };
    let header = match read_header(&text) {
        Ok(header) => header.unwrap_or_default(),
        Err(e) => {
            eprintln!("error: {}: {e}", transcript.display());
            return 1;
        }
    };
    let mut args = args.clone();
    if args.options.is_empty() {
        args.options = header.options.iter().map(|(name, value)| format!("{name}={value}")).collect();
    }
    let Ok((game, mut state)) = load(&args) else { return 1 };
    if let (None, Some(start)) = (&args.position, &header.start) {
        let source = Source::new(format!("{} (start position)", transcript.display()), start.clone());
        match parse_position(&game, source) {
            Ok(start) => state = start,
            Err(report) => {
                eprint!("{}", render_all(&report.source, &report.diagnostics, color()));
                return 1;
            }
        }
    }
    if let Some(recorded) = header.rules_hash.filter(|h| *h != game.rules_hash()) {
        eprintln!(
            "warning: {} was recorded with another text of {} (hash {recorded}, now {})",
            transcript.display(),
            args.file.display(),
            game.rules_hash()
        );
    }
    match replay(&state, &text) {
        Ok(plies) => {
            println!("ok    {}: {plies} plies replay, with the recorded positions and outcome", transcript.display());
            0
        }
        Err(e) => {
            eprintln!("error: {}: {e}", transcript.display());
            1
        }
    }
}
