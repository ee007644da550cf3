//! What drives the engine: players that choose moves through its public API
//! (random, Monte Carlo tree search), perft, and seeded random playouts.

mod mcts;
pub mod perft;
pub mod playout;
mod random;

pub use mcts::MctsAgent;
pub use random::RandomAgent;

use crate::engine::{Move, State};

/// Something that picks a move in a live position.
pub trait Agent {
    fn name(&self) -> &str;
    /// A legal move of the player to move; the state is not over.
    fn choose(&mut self, state: &State) -> Option<Move>;
}
