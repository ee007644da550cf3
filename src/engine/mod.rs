//! The engine: states as flat arrays, legal moves into a reusable buffer,
//! apply without allocation, outcomes, Zobrist hashes, repetition, and the
//! tools built directly on them (perft, random playouts, position files).

mod apply;
pub mod game;
mod movegen;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod playout;
pub mod position;
pub mod repetition;
pub mod rules;
pub mod scenario;
mod scratch;
pub mod state;
pub mod threat;
pub mod trace;
pub mod zobrist;

pub use game::{Game, LoadError};
pub use outcome::Outcome;
pub use state::{Move, State};
