//! Any bytes as a position file of a bundled game (the first argument's
//! rule file, Man in the Moon by default): read, never a panic.

use orrery::Game;
use orrery::diagnostics::Source;
use orrery::formats::position::parse_position;

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "games/man_in_the_moon.rules".into());
    let text = std::fs::read_to_string(&path).expect("a rule file");
    let game = Game::from_source(Source::new(path.clone(), text), &[]).expect("a valid rule file");
    afl::fuzz!(|data: &[u8]| {
        if let Ok(text) = std::str::from_utf8(data) {
            let _ = parse_position(&game, Source::new("fuzz.toml", text));
        }
    });
}
