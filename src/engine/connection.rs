//! Connection: whether a player's pieces join two regions through
//! neighbouring sites (Hex-like games), by flooding out from the pieces in
//! the first region, one ring of neighbours at a time.

use crate::board::SiteSet;
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
