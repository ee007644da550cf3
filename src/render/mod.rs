//! Pictures of positions.

mod glyphs;
mod last_move;
mod svg;
mod text;

pub use glyphs::{labels, letters};
pub use last_move::LastMove;
pub use svg::{board_svg, picture_svg};
pub use text::{board_text, board_text_marking, legend_text, status_text};
