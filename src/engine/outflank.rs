//! Runs of pieces closed off by a friendly piece (custodian captures and
//! outflanking flips): from a site along a direction, one or more pieces of
//! other players, then one of the player's own.

use super::apply::{enemy_set, owned_set};
use super::state::Position;
use crate::board::{Dir, NO_SITE, Site, SiteSet};
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

/// Every site from which a piece of `player` arriving there (none leaving)
/// would close off some run in one of the directions: `brackets_any` for
/// all sites at once, by shifting whole sets, when every direction has a
/// constant step (`None` otherwise). A run is grown back from the player's
/// pieces through the other players' pieces, one shift a length.
pub(crate) fn bracketing_sites<S: SiteSet>(game: &Game, pos: &Position, dirs: &[Dir], player: Player) -> Option<S> {
    let board = &game.board;
    let own: S = owned_set(game, pos, player);
    let others: S = enemy_set(game, pos, player);
    let mut found = S::EMPTY;
    for &dir in dirs {
        // The other players' pieces from which, along `dir`, a run of theirs
        // ends at one of `own`.
        let mut run = board.before(dir, own)?.and(others);
        loop {
            let longer = run.or(board.before(dir, run)?.and(others));
            if longer == run {
                break;
            }
            run = longer;
        }
        found = found.or(board.before(dir, run)?);
    }
    Some(found)
}
