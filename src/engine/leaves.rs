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
use crate::game::rules::{GameTest, PhaseDef};

/// Whether the phase has rules that judge moves by what they leave.
pub(crate) fn judges(phase: &PhaseDef) -> bool {
    !phase.must_leave.is_empty() || !phase.forbid_leaves.is_empty()
}

/// Whether a move of the current phase leaves every `must leave`
/// condition true and no `forbid leaves` condition of its rule true, seen
/// from the mover on the position it leads to. The move is played once,
/// and only when some such rule applies to it.
pub(crate) fn allowed(game: &Game, pos: &Position, mv: &Move) -> bool {
    let phase = &game.phases[pos.phase as usize];
    let forbidden = phase.forbid_leaves.get(mv.rule as usize).map_or(&[][..], Vec::as_slice);
    if phase.must_leave.is_empty() && forbidden.is_empty() {
        return true;
    }
    let mover = pos.to_move;
    with_scratch(pos, |after| {
        advance(game, after, mv);
        let holds = |test: &GameTest| test_game(game, after, test, mover);
        phase.must_leave.iter().all(holds) && !forbidden.iter().any(holds)
    })
}
