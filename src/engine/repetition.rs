//! The repetition ban (`repetition forbidden`): a move may not recreate a
//! position that occurred before with the same player to move. A position
//! is what the hash covers: pieces and their states, hands, phase and the
//! player to move. With `unless all other moves leave CONDITION`, the
//! repeating moves stay legal when there are other moves and every one of
//! them would leave the condition true (a move that ends the game leaves
//! nothing true). Actions (moves with no piece, such as a pass) are never
//! refused. `within N plies` compares only the positions of the last N
//! plies (`within 2`: the position before the opponent's last move).

use super::apply::{advance, end_check, test_game};
use super::movegen::View;
use super::scratch::with_scratch;
use super::state::{Move, Position, State};
use crate::board::SiteSet;
use crate::game::Game;
use crate::game::rules::Player;
use std::cell::RefCell;

/// Whether the move would recreate an earlier position.
/// An action (a move with no piece: a pass) never does: it keeps the
/// position there is, and the ban must leave a player a way to pass.
pub(crate) fn repeats(game: &Game, pos: &Position, mv: &Move) -> bool {
    if mv.is_action() {
        return false;
    }
    let from = game.repetition_window.map_or(0, |n| pos.history.len().saturating_sub(n));
    pos.history[from..].contains(&next_hash(game, pos, mv))
}

/// The hash of the position a move of the player to move leads to, before
/// the end rules look at it: what the repetition ban compares with the
/// positions seen. Worked out without playing the move where that can be
/// done (group moves).
pub fn hash_after_move(state: &State, mv: &Move) -> u64 {
    next_hash(&state.game, &state.pos, mv)
}

fn next_hash(game: &Game, pos: &Position, mv: &Move) -> u64 {
    super::group::hash_after(game, pos, mv).unwrap_or_else(|| {
        with_scratch(pos, |scratch| {
            advance(game, scratch, mv);
            scratch.hash
        })
    })
}

thread_local! {
    /// Buffers for `generate_with_exception`, reused (one pair per nesting
    /// level): the moves, and whether each repeats.
    static BUFFERS: RefCell<Vec<(Vec<Move>, Vec<bool>)>> = const { RefCell::new(Vec::new()) };
}

/// Generates the legal moves of `player` under `repetition forbidden unless
/// all other moves leave CONDITION`: the moves that repeat are left out
/// unless some move does not repeat and every such move leaves the
/// condition true. The moves are generated once, into a buffer kept per
/// thread, and each is tested for repetition once.
pub(crate) fn generate_with_exception<S: SiteSet>(
    view: &View<S>,
    player: Player,
    emit: &mut (impl FnMut(Move) -> bool + ?Sized),
) {
    let (game, pos) = (view.game, view.pos);
    let Some(condition) = &game.repetition_unless else { return };
    let (mut moves, mut repeating) = BUFFERS.with(|b| b.borrow_mut().pop()).unwrap_or_default();
    moves.clear();
    view.generate_royal_into(player, &mut moves);
    repeating.clear();
    repeating.extend(moves.iter().map(|mv| repeats(game, pos, mv)));
    let allowed = !repeating.contains(&true) || {
        let mut others = moves.iter().zip(&repeating).filter(|&(_, &r)| !r).peekable();
        others.peek().is_some()
            && others.all(|(mv, _)| {
                with_scratch(pos, |scratch| {
                    let phase = scratch.phase as usize;
                    advance(game, scratch, mv);
                    end_check(game, scratch, phase, player).is_none() && test_game(game, scratch, condition, player)
                })
            })
    };
    for (&mv, &repeats) in moves.iter().zip(&repeating) {
        if (allowed || !repeats) && !emit(mv) {
            break;
        }
    }
    BUFFERS.with(|b| b.borrow_mut().push((moves, repeating)));
}
