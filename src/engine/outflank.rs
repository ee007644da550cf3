//! Runs of pieces closed off by a friendly piece (custodian captures and
//! outflanking flips): from a site along a direction, one or more pieces of
//! other players, then one of the player's own.

use super::state::Position;
use crate::board::{Dir, NO_SITE, Site};
use crate::game::Game;
use crate::game::rules::Player;

/// The length of the run of other players' pieces from `at` along `dir`
/// closed off by a piece of `player`, or 0. `left` is a site to see as
/// empty (the start of the piece that is moving), or `NO_SITE`.
pub(crate) fn bracketed(game: &Game, pos: &Position, at: Site, dir: Dir, player: Player, left: Site) -> u32 {
    let owner = |s: Site| {
        let code = if s == left { 0 } else { pos.cells[s as usize] };
        (code != 0).then(|| game.owner_of(code))
    };
    let mut run = 0;
    let mut site = game.board.next(at, dir);
    while site != NO_SITE && site != at {
        match owner(site) {
            Some(o) if o == player => return run,
            Some(o) if o != game.neutral() => run += 1,
            _ => return 0,
        }
        site = game.board.next(site, dir);
    }
    0
}

/// Whether a piece of `player` arriving on `at` closes off some run in one
/// of the directions.
pub(crate) fn brackets_any(game: &Game, pos: &Position, at: Site, dirs: &[Dir], player: Player, left: Site) -> bool {
    dirs.iter().any(|&dir| bracketed(game, pos, at, dir, player, left) > 0)
}
