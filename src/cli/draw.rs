//! `orrery draw`: a picture of the start (or a position file) as SVG or text.

use super::GameArgs;
use super::common::load;
use crate::render::{board_svg, board_text, status_text};

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DrawFormat {
    /// An SVG picture.
    Svg,
    /// The board as text, with whose turn it is.
    Text,
}

pub fn run(args: &GameArgs, format: DrawFormat) -> i32 {
    let Ok((_, state)) = load(args) else { return 1 };
    match format {
        DrawFormat::Svg => print!("{}", board_svg(&state)),
        DrawFormat::Text => println!("{}{}", board_text(&state), status_text(&state)),
    }
    0
}
