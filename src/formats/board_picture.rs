//! A board written as a picture in a scenario file: the rows of the text
//! picture (`orrery draw --format text`), top rank first, each row its rank
//! then one symbol a site, the file letters' line optional:
//!
//! ```toml
//! board = '''
//!  3  . . X
//!  2  . X .
//!  1  O . .
//! '''
//! ```
//!
//! It says what every site holds, and is compared symbol by symbol with the
//! picture of the position, so it reads as the terminal shows the board.
//! Square boards without stacks or heaps only: elsewhere a site holds more
//! than a symbol can say, and `board = { SITE = "…" }` is written instead.

use crate::board::{BoardShape, Site};
use crate::engine::State;
use crate::game::Game;

/// Whether the game's positions can be written as a picture.
pub fn fits(game: &Game) -> bool {
    matches!(game.board.shape, BoardShape::Square { .. })
        && game.stacks.is_none()
        && !game.pieces.iter().any(|p| p.counted)
}

/// The position as a picture, with the file letters under it.
pub fn picture(state: &State) -> String {
    crate::render::board_text(state)
}

/// One row of a picture: its rank's label and its symbols.
type Row = (String, Vec<String>);

/// The rows of a picture, the file letters' line and blank lines left out.
fn rows(text: &str) -> Vec<Row> {
    text.lines()
        .filter_map(|line| {
            let mut tokens = line.split_whitespace();
            let label = tokens.next()?;
            label.parse::<u32>().is_ok().then(|| (label.to_string(), tokens.map(str::to_string).collect()))
        })
        .collect()
}

/// Each site whose symbol differs from the picture's, as "c3: expected `X`,
/// found `.`"; or why the picture is not one of this board.
pub fn differences(state: &State, expected: &str) -> Result<Vec<String>, String> {
    let game = state.game();
    let BoardShape::Square { files, .. } = game.board.shape else {
        return Err("this board is not a grid of files and ranks: name its sites instead".to_string());
    };
    let (want, got) = (rows(expected), rows(&picture(state)));
    if want.len() != got.len() {
        return Err(format!(
            "the picture has {} rows, each a rank's number then its symbols; the board has {} ranks",
            want.len(),
            got.len()
        ));
    }
    let mut out = Vec::new();
    for (r, ((want_label, want_cells), (label, cells))) in want.iter().zip(&got).enumerate() {
        if want_label != label {
            return Err(format!("row {} is labelled {want_label}, but that row is rank {label}", r + 1));
        }
        if want_cells.len() != cells.len() {
            return Err(format!("rank {label} has {} symbols, for {files} files", want_cells.len()));
        }
        let rank = got.len() - 1 - r;
        for (file, (w, g)) in want_cells.iter().zip(cells).enumerate() {
            if w != g {
                let site = game.board.site_name((rank * files + file) as Site);
                out.push(format!("{site}: expected `{w}`, found `{g}`"));
            }
        }
    }
    Ok(out)
}
