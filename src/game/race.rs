//! The compiled form of race moves (`advance TRACK by …`): a piece moves
//! along its owner's path of an ordered track by a number, entering from
//! the hand before the path's first site and leaving the board past its last.

use super::rules::{GameTest, PieceType, Quantity, SiteFilter};
use crate::board::Site;

/// Not on the path (`Advance::index`).
pub const OFF_PATH: u8 = u8::MAX;

/// `move TYPE [from hand] [when …] { advance TRACK by … [to …] [off …] }`
#[derive(Clone, Debug)]
pub struct Advance {
    pub piece: PieceType,
    /// Moves pieces nobody owns (along the mover's path) instead of the mover's.
    pub neutral: bool,
    pub guard: Option<GameTest>,
    /// The rule moves pieces from the mover's hand: a number n puts one on
    /// the path's n-th site. Otherwise it moves pieces on the path.
    pub from_hand: bool,
    /// Per player, the sites of their path in order (a player the track
    /// gives no path has none).
    pub paths: Vec<Vec<Site>>,
    /// Per player, per site, where the site is on that player's path
    /// (`OFF_PATH` when it is not).
    pub index: Vec<Vec<u8>>,
    /// The path comes back to its start: moves go round, never off.
    pub looped: bool,
    pub by: AdvanceAmount,
    /// Where a piece may stop.
    pub to: SiteFilter,
    pub off: Option<BearOffRule>,
}

/// How far a piece advances.
#[derive(Clone, Debug)]
pub enum AdvanceAmount {
    /// One of the dice thrown, not yet spent: one move per value, and the
    /// move spends that die (`Move::taken` holds its index).
    Dice,
    /// Any number conditions read; below 1, no move.
    Number(Quantity),
}

/// `off [exact] [when CONDITION]`: moving past the path's last site takes
/// the piece off the board, while the condition holds (seen from the mover
/// before the move).
#[derive(Clone, Debug)]
pub struct BearOffRule {
    /// Only a number that takes the piece exactly one site past the end;
    /// otherwise a larger one too, for the piece farthest back on the path
    /// (none of its type in hand or behind it).
    pub exact: bool,
    pub when: Option<GameTest>,
}
