//! `orrery replay`: checks that a JSON-lines transcript (from `orrery trace
//! --format json`) still replays under the rules: every move legal, every
//! recorded position the same, and the same outcome. The game is set up as
//! the transcript's header says (its options and start position) unless the
//! command line says otherwise; a rule file changed since the recording is
//! warned about. A transcript that no longer replays names the first line
//! that fails.

use super::GameArgs;
use super::common::load_recorded;
use crate::formats::trace::replay;
use std::path::Path;

pub fn run(args: &GameArgs, transcript: &Path) -> i32 {
    let Ok((text, _, state)) = load_recorded(args, transcript) else { return 1 };
    match replay(&state, &text) {
        Ok(plies) => {
            println!("ok    {}: {plies} plies replay, with the recorded positions and outcome", transcript.display());
            0
        }
        Err(e) => {
            eprintln!("error: {}: {}", transcript.display(), crate::diagnostics::terminal_safe(&e.to_string()));
            1
        }
    }
}
