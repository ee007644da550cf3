//! `orrery trace`: one seeded random game, as text or JSON lines.

use super::common::load;
use super::{Format, GameArgs};
use crate::formats::trace::{record, record_text};

pub fn run(args: &GameArgs, seed: u64, format: Format) -> i32 {
    let Ok((_, state)) = load(args) else { return 1 };
    match format {
        Format::Json => {
            for line in record(&state, seed) {
                println!("{line}");
            }
        }
        Format::Text => print!("{}", record_text(&state, seed)),
    }
    0
}
