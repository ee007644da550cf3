//! Pictures of positions.

mod text;

pub use text::{board_text, status_text};
