//! Moves judged by the position they lead to: a phase's `must leave
//! CONDITION` (every move must leave it true) and a rule's `forbid leaves
//! CONDITION` (no move of the rule may leave it true). Each move is tried
//! on a scratch position: its effects and `after move` blocks included,
//! the turn passed, so that `blocked` there asks about the player due
//! next and `threatened(opponent, …)` about that player's pieces.

use super::apply::{advance, test_game};
use super::scratch::with_scratch;
use super::state::{Move, Position};
use crate::game::Game;
use crate::game::rules::GameTest;

/// Whether a move leaves every condition true, seen from the mover, on
/// the position it leads to (`must leave`).
pub(crate) fn leaves(game: &Game, pos: &Position, mv: &Move, tests: &[GameTest]) -> bool {
    let mover = pos.to_move;
    with_scratch(pos, |scratch| {
        advance(game, scratch, mv);
        tests.iter().all(|test| test_game(game, scratch, test, mover))
    })
}

/// Whether a move leaves some condition true, seen from the mover, on the
/// position it leads to (`forbid leaves`).
pub(crate) fn leaves_any(game: &Game, pos: &Position, mv: &Move, tests: &[GameTest]) -> bool {
    let mover = pos.to_move;
    with_scratch(pos, |scratch| {
        advance(game, scratch, mv);
        tests.iter().any(|test| test_game(game, scratch, test, mover))
    })
}
