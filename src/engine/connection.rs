//! Connection: whether a player's pieces join two regions through
//! neighbouring sites (Hex-like games), by flooding out from the pieces in
//! the first region, one ring of neighbours at a time; and how many groups
//! a player's pieces form, flooding from each piece not yet reached.

use crate::board::{SetTable, SiteSet};
use crate::game::Game;

/// Whether some chain of sites in `own`, each next to the one before (in
/// any direction of the board), runs from a site of `from` to one of `to`.
pub(crate) fn connected<S: SiteSet>(game: &Game, own: S, from: S, to: S) -> bool {
    let mut reached = own.and(from);
    let mut frontier = reached;
    while !frontier.is_empty() {
        if !reached.and(to).is_empty() {
            return true;
        }
        let mut grown = S::EMPTY;
        for site in frontier.iter() {
            grown = grown.or(game.board.ball(site, 1));
        }
        // The new sites: own pieces next to the frontier, not reached before.
        frontier = reached.complement_in(grown.and(own));
        reached = reached.or(frontier);
    }
    !reached.and(to).is_empty()
}

/// How many groups the sites of `own` form, two sites of a group joined by
/// a chain of its sites each next to the one before (`neighbours[site]`:
/// the sites next to `site`).
pub(crate) fn groups<S: SiteSet>(neighbours: &SetTable, mut own: S) -> i64 {
    let mut groups = 0;
    while let Some(start) = own.lowest() {
        let mut frontier = S::single(start);
        own.remove(start);
        while !frontier.is_empty() {
            let grown = frontier.iter().fold(S::EMPTY, |acc, site| acc.or(neighbours.get(site as usize)));
            frontier = grown.and(own);
            own = frontier.complement_in(own);
        }
        groups += 1;
    }
    groups
}
