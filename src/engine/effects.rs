//! Running the effects of an action or an `after move` block: counter
//! updates, `if`, removing and placing pieces, ending the game, and the
//! phase to go to next.

use super::apply::{put, remove_piece, resolve, test_game, update_counter};
use super::movegen::filter_set;
use super::outcome::{OutcomeCode, Reason};
use super::state::Position;
use crate::board::SiteSet;
use crate::game::Game;
use crate::game::rules::{Effect, EndAction, Player};
use crate::with_width;

/// Runs `effects` in order for `mover`. A `next` effect sets `next`, a
/// `turn stays|passes` effect `turn`; an
/// effect that ends the game sets the outcome and stops the rest. Returns
/// false when the game ended.
pub(crate) fn run_effects(
    game: &Game,
    pos: &mut Position,
    effects: &[Effect],
    mover: Player,
    next: &mut Option<(usize, bool)>,
    turn: &mut Option<bool>,
) -> bool {
    for effect in effects {
        match effect {
            Effect::Update(update) => update_counter(game, pos, update, mover),
            Effect::If { when, then, otherwise } => {
                let branch = if test_game(game, pos, when, mover) { then } else { otherwise };
                if !run_effects(game, pos, branch, mover, next, turn) {
                    return false;
                }
            }
            Effect::RemovePattern(pattern) => {
                with_width!(game.board.width, S => {
                    let (sites, _) = super::pattern::runs::<S>(game, pos, &game.patterns[*pattern], mover);
                    sites.iter().for_each(|site| remove_piece(game, pos, site));
                })
            }
            Effect::RemoveOn(filter) => {
                with_width!(game.board.width, S => {
                    let occupied = pos.sets.get::<S>(0).complement_in(game.board.all_sites());
                    let sites = filter_set::<S>(game, pos, filter, mover).and(occupied);
                    sites.iter().for_each(|site| remove_piece(game, pos, site));
                })
            }
            Effect::PlaceEvery { piece, owner, on } => {
                let owner = owner.map_or(game.neutral(), |who| resolve(game, who, mover));
                let code = game.code(owner, *piece);
                with_width!(game.board.width, S => {
                    let sites = filter_set::<S>(game, pos, on, mover).and(pos.sets.get(0));
                    for site in sites.iter() {
                        if game.stacks.is_some() {
                            super::stack::push(game, pos, site, code);
                        } else {
                            put(game, pos, site, code);
                        }
                    }
                })
            }
            Effect::End { action, reason } => {
                let reason = Reason::Said(*reason);
                pos.outcome = Some(match *action {
                    EndAction::Wins(who) => OutcomeCode::win(resolve(game, who, mover), reason),
                    EndAction::Loses(who) => OutcomeCode::loss(game, resolve(game, who, mover), reason),
                    _ => OutcomeCode::draw(reason),
                });
                return false;
            }
            Effect::Next { phase, pass_turn } => *next = Some((*phase, *pass_turn)),
            Effect::Gather { from, into, unless } => {
                super::sow::gather(game, pos, from, into, unless.as_deref(), mover)
            }
            Effect::Turn(stays) => *turn = Some(*stays),
        }
    }
    true
}
