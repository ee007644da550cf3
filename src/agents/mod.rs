//! Players that choose moves through the engine's public API.

mod mcts;
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
