//! Connection: whether a player's pieces join two regions through
//! neighbouring sites (connection games), by flooding out from the pieces in
//! the first region, one ring of neighbours at a time; and how many groups
//! a player's pieces form, flooding from each piece not yet reached.

use crate::board::{Neighbours, SiteSet};
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
/// a chain of its sites each next to the one before.
pub(crate) fn groups<S: SiteSet>(neighbours: &Neighbours, mut own: S) -> i64 {
    let mut groups = 0;
    while let Some(start) = own.lowest() {
        own = region_of(neighbours, S::single(start), own).complement_in(own);
        groups += 1;
    }
    groups
}

/// The region of `start` within `within` (which holds it): the sites of
/// `within` joined to it through neighbours.
#[inline]
pub(crate) fn region_of<S: SiteSet>(neighbours: &Neighbours, start: S, within: S) -> S {
    let mut region = start;
    let mut frontier = start;
    while !frontier.is_empty() {
        frontier = region.complement_in(neighbours.around(frontier).and(within));
        region = region.or(frontier);
    }
    region
}

/// The groups of `own` (pieces joined through neighbouring sites) that
/// reach both a site of `from` and a site of `to`: the chains a connection
/// was won with.
pub(crate) fn joining<S: SiteSet>(game: &Game, own: S, from: S, to: S) -> S {
    let mut joined = S::EMPTY;
    let mut seeds = own.and(from);
    while let Some(start) = seeds.lowest() {
        let mut group = S::single(start);
        let mut frontier = group;
        while !frontier.is_empty() {
            let mut grown = S::EMPTY;
            for site in frontier.iter() {
                grown = grown.or(game.board.ball(site, 1));
            }
            frontier = group.complement_in(grown.and(own));
            group = group.or(frontier);
        }
        if !group.and(to).is_empty() {
            joined = joined.or(group);
        }
        seeds = group.complement_in(seeds);
    }
    joined
}
