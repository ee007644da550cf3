//! Variants: a rule file that names its base (`variant of "base_game"`)
//! and says only what differs. Loading puts the base's text and the
//! variant's one after the other in one [`Source`](crate::diagnostics::Source),
//! so every span still names its file and line; merging then lets the
//! variant's items replace, extend or remove the base's by name, before the
//! checker sees one ordinary rule file.
//!
//! - `load`: finding the base (a path, or a bundled game's name), variants of
//!   variants, cycles;
//! - `names`: the name of every rule, written (`jump: move man { … }`) or
//!   implied (`move_man`);
//! - `merge`: the items of each file applied over those before it;
//! - `show`: the resolved file as text with each item's origin, and its
//!   items as comparable parts (`orrery show`, `orrery diff`).

mod load;
mod merge;
pub mod names;
pub mod show;

pub use load::{load_source, load_source_text};
pub use merge::merge;
