//! Groups and the empty sites around them (liberties and territory):
//! a group is a player's pieces joined through a table of neighbours; its
//! liberties are the empty sites next to it; a territory is an empty
//! region whose neighbouring pieces all belong to one player. Both flood
//! whole sets, one ring of neighbours at a time, with `connection`'s
//! `region_of`.

use super::apply::owned_set;
use super::connection::{around, region_of};
use super::state::Position;
use crate::board::{SetTable, SiteSet};
use crate::game::Game;
use crate::game::rules::{CompareOp, Player};

/// The occupied sites whose group's liberties compare so with `n`: every
/// owner's pieces (neutral ones too) are grouped with their own kind.
pub(crate) fn liberties_set<S: SiteSet>(
    game: &Game,
    pos: &Position,
    neighbours: &SetTable,
    op: CompareOp,
    n: u32,
) -> S {
    let empty: S = pos.sets.get(0);
    let mut found = S::EMPTY;
    for owner in 0..game.owner_count() as Player {
        let mut own: S = owned_set(game, pos, owner);
        while let Some(start) = own.lowest() {
            let group = region_of(neighbours, S::single(start), own);
            own = group.complement_in(own);
            let liberties = around(neighbours, group).and(empty).len();
            if op.holds(liberties as i64, n as i64) {
                found = found.or(group);
            }
        }
    }
    found
}

/// How many empty sites lie in empty regions that touch pieces of `owner`
/// and of no one else (an empty region touching nothing counts for nobody).
pub(crate) fn territory<S: SiteSet>(game: &Game, pos: &Position, neighbours: &SetTable, owner: Player) -> i64 {
    let mut empty: S = pos.sets.get::<S>(0).and(game.board.all_sites());
    let own: S = owned_set(game, pos, owner);
    let mut total = 0;
    while let Some(start) = empty.lowest() {
        let region = region_of(neighbours, S::single(start), empty);
        empty = region.complement_in(empty);
        let border = region.complement_in(around(neighbours, region));
        if !border.is_empty() && own.and(border) == border {
            total += region.len() as i64;
        }
    }
    total
}
