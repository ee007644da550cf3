//! Pictures of positions.

mod svg;
mod text;

pub use svg::board_svg;
pub use text::{board_text, status_text};
