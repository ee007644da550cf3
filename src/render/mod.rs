//! Pictures of positions.

mod glyphs;
mod last_move;
#[cfg(feature = "png")]
mod png;
mod svg;
mod text;

pub use glyphs::{labels, letters};
pub use last_move::LastMove;
#[cfg(feature = "png")]
pub use png::svg_to_png;
pub use svg::{board_svg, escape as xml_escape, picture_svg};
pub use text::{board_text, board_text_marking, legend_text, status_text};
