//! The repetition ban (`repetition forbidden`): a move may not recreate a
//! position that occurred before with the same player to move. A position
//! is what the hash covers: pieces and their states, hands, phase and the
//! player to move. With `unless all other moves leave CONDITION`, the
//! repeating moves stay legal when there are other moves and every one of
//! them would leave the condition true (a move that ends the game leaves
//! nothing true).

use super::apply::{advance, end_check, test_game};
use super::movegen::View;
use super::scratch::with_scratch;
use super::state::{Move, Position};
use crate::game::Game;
use crate::game::rules::Player;

/// Whether the move would recreate an earlier position.
pub(crate) fn repeats(game: &Game, pos: &Position, mv: &Move) -> bool {
    let hash = with_scratch(pos, |scratch| {
        advance(game, scratch, mv);
        scratch.hash
    });
    pos.history.contains(&hash)
}

/// Whether the exception lets `player` make repeating moves here: some move
/// repeats, some does not, and every one that does not leaves the
/// condition true.
pub(crate) fn repeats_allowed(view: &View, player: Player) -> bool {
    let (game, pos) = (view.game, view.pos);
    let Some(condition) = &game.repetition_unless else { return false };
    let mut repeating = false;
    view.generate_royal(player, &mut |mv| {
        repeating = repeats(game, pos, &mv);
        !repeating
    });
    if !repeating {
        return false;
    }
    let (mut other, mut all_leave) = (false, true);
    view.generate_royal(player, &mut |mv| {
        if repeats(game, pos, &mv) {
            return true;
        }
        other = true;
        all_leave = with_scratch(pos, |scratch| {
            let phase = scratch.phase as usize;
            advance(game, scratch, &mv);
            end_check(game, scratch, phase, player).is_none() && test_game(game, scratch, condition, player)
        });
        all_leave
    });
    other && all_leave
}
