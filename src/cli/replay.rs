//! `orrery replay`: checks that a JSON-lines transcript (from `orrery trace
//! --format json`) still replays under the rules: every move legal, and the
//! same outcome. A transcript that no longer replays names the first line
//! that fails.

use super::GameArgs;
use super::common::load;
use crate::formats::trace::replay;
use std::path::Path;

pub fn run(args: &GameArgs, transcript: &Path) -> i32 {
    let Ok((_, state)) = load(args) else { return 1 };
    let text = match std::fs::read_to_string(transcript) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", transcript.display());
            return 1;
        }
    };
    match replay(&state, &text) {
        Ok(plies) => {
            println!("ok    {}: {plies} plies replay, with the recorded outcome", transcript.display());
            0
        }
        Err(e) => {
            eprintln!("error: {}: {e}", transcript.display());
            1
        }
    }
}
