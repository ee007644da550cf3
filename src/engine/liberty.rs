//! Groups and the empty sites around them (liberties and territory):
//! a group is a player's pieces joined through a table of neighbours; its
//! liberties are the empty sites next to it; a territory is an empty
//! region whose neighbouring pieces all belong to one player. Both flood
//! whole sets, one ring of neighbours at a time, with `connection`'s
//! `region_of`.

use super::apply::owned_set;
use super::connection::region_of;
use super::state::Position;
use crate::board::{Neighbours, SiteSet};
use crate::game::Game;
use crate::game::rules::{CompareOp, Player};

/// Of the occupied sites of `within`, those whose group's liberties compare
/// so with `n`: every owner's pieces (neutral ones too) are grouped with
/// their own kind; groups with no site in `within` are not flooded (a test
/// of `friend and liberties ...` floods the friend groups only).
pub(crate) fn liberties_set<S: SiteSet>(
    game: &Game,
    pos: &Position,
    (neighbours, op, n): (&Neighbours, CompareOp, u32),
    within: S,
) -> S {
    let empty: S = pos.sets.get(0);
    let mut found = S::EMPTY;
    // A test that only tells no liberty from some (`== 0`, `>= 1`) is
    // answered for all of an owner's groups at once: the groups with a
    // liberty are those flooded from the pieces next to an empty site.
    let (none, some) = (op.holds(0, n as i64), op.holds(1, n as i64));
    if (2..=n as i64 + 1).all(|l| op.holds(l, n as i64) == some) {
        let breathing = neighbours.around(empty);
        for owner in 0..game.owner_count() as Player {
            let own: S = owned_set(game, pos, owner);
            if own.and(within).is_empty() {
                continue;
            }
            let alive = region_of(neighbours, own.and(breathing), own);
            found = found.or(alive.kept_if(some)).or(alive.complement_in(own).kept_if(none));
        }
        return found;
    }
    for owner in 0..game.owner_count() as Player {
        let own: S = owned_set(game, pos, owner);
        let mut todo = own.and(within);
        while let Some(start) = todo.lowest() {
            let group = region_of(neighbours, S::single(start), own);
            todo = group.complement_in(todo);
            let liberties = neighbours.around(group).and(empty).len();
            if op.holds(liberties as i64, n as i64) {
                found = found.or(group);
            }
        }
    }
    found
}

/// How many empty sites lie in empty regions that touch pieces of `owner`
/// and of no one else (an empty region touching nothing counts for nobody).
pub(crate) fn territory<S: SiteSet>(game: &Game, pos: &Position, neighbours: &Neighbours, owner: Player) -> i64 {
    let mut empty: S = pos.sets.get::<S>(0).and(game.board.all_sites());
    let own: S = owned_set(game, pos, owner);
    let mut total = 0;
    while let Some(start) = empty.lowest() {
        let region = region_of(neighbours, S::single(start), empty);
        empty = region.complement_in(empty);
        let border = region.complement_in(neighbours.around(region));
        if !border.is_empty() && own.and(border) == border {
            total += region.len() as i64;
        }
    }
    total
}
