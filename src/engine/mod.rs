//! The engine: states as flat arrays, legal moves into a reusable buffer,
//! apply without allocation, outcomes, Zobrist hashing, repetition and
//! threats. It runs a compiled `Game` (`crate::game`) and never imports
//! the compiler; text formats live in [`crate::formats`], and the drivers
//! (perft, playouts, agents) in [`crate::agents`].

mod apply;
mod chain;
mod connection;
mod custodial;
mod deciding;
mod dedupe;
mod draw;
mod effects;
pub mod explain;
mod follow_up;
pub(crate) mod group;
mod heap;
pub mod kernel;
mod leaves;
mod liberty;
mod movegen;
pub mod outcome;
mod outflank;
mod pattern;
mod race;
pub mod repetition;
mod scratch;
mod sow;
mod stack;
pub mod state;
pub mod threat;
mod together;

pub use crate::game::Game;
pub use group::stack_fits;
pub use outcome::Outcome;
pub use state::{Move, State};
