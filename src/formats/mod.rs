//! Text formats around the engine: moves as text (notation), position files,
//! scenario files and seeded transcripts. Each reports bad input with a span.

pub mod actions;
pub mod bless;
pub mod board_picture;
pub mod explain;
pub mod field_names;
pub mod junit;
pub mod notation;
pub mod observation;
pub mod position;
pub mod scenario;
pub mod short_notation;
pub mod trace;
