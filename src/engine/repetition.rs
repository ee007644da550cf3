//! The repetition ban (`repetition forbidden`): a move may not recreate a
//! position that occurred before with the same player to move. A position
//! is what the hash covers: pieces and their states, hands, phase and the
//! player to move.

use super::apply::advance;
use super::scratch::with_scratch;
use super::state::{Move, Position};
use crate::game::Game;

/// Whether the move would recreate an earlier position.
pub(crate) fn repeats(game: &Game, pos: &Position, mv: &Move) -> bool {
    let hash = with_scratch(pos, |scratch| {
        advance(game, scratch, mv);
        scratch.hash
    });
    pos.history.contains(&hash)
}
