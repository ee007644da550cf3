//! Any bytes as a rule file: checked and compiled, never a panic.

use orrery::Game;
use orrery::diagnostics::Source;

fn main() {
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            let _ = Game::from_source(Source::new("fuzz.rules", text), &[]);
        }
    });
}
