//! `groups(WHO[, DIRECTIONS])`: how many groups a player's pieces form,
//! compiled to a table of neighbours, so that play only floods sets; the
//! same table joins `territory(WHO)`'s empty regions and `liberties` groups.

use super::conditions::resolve_who;
use crate::board::Neighbours;
use crate::check::scope::Scope;
use crate::game::rules::Quantity;
use crate::syntax::ast::Directions;
use crate::syntax::span::Name;

/// The quantity, with per site the sites next to it along the directions
/// (every direction of the board when none are given). Adjacency goes both
/// ways, so that a set of one-way directions still makes groups that do
/// not depend on where the count starts.
pub(super) fn groups(scope: &Scope, who: &Name, directions: Option<&Directions>) -> Option<Quantity> {
    let (who, neighbours) = (resolve_who(scope, who), neighbours(scope, directions));
    Some(Quantity::Groups(Box::new((who?, neighbours?))))
}

/// `territory(WHO[, DIRECTIONS])`, its empty regions joined as groups are.
pub(super) fn territory(scope: &Scope, who: &Name, directions: Option<&Directions>) -> Option<Quantity> {
    let (who, neighbours) = (resolve_who(scope, who), neighbours(scope, directions));
    Some(Quantity::Territory(Box::new((who?, neighbours?))))
}

/// Per site, the sites next to it along the directions (every direction of
/// the board when none are given), both ways.
pub(super) fn neighbours(scope: &Scope, directions: Option<&Directions>) -> Option<Neighbours> {
    let board = scope.board.as_ref()?;
    let dirs = match directions {
        Some(directions) => scope.directions(directions)?,
        None => (0..board.directions.len() as crate::board::Dir).collect(),
    };
    Some(Neighbours::new(board, &dirs))
}
