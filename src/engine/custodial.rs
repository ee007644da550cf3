//! Custodial captures with limits (`capture custodial … where TAKEN
//! against CLOSING`): a run holds only pieces on `taken` sites, and a
//! `closing` site ends it as a piece of the mover does. Tafl's single
//! captures against the empty throne are written so. Plain custodial
//! captures stay in `apply` and the kernel, where they cost nothing extra.

use super::apply::{capture, play_move};
use super::movegen::filter_set;
use super::state::{Move, Position};
use crate::board::{Dir, NO_SITE, Site, SiteSet};
use crate::game::Game;
use crate::game::rules::{CustodialLimits, Player, RunLength};
use crate::with_width;

/// Captures the runs from `at` (where the mover's piece has arrived) along
/// `dirs`; returns the pieces taken. The limits are read once, before any
/// piece goes, so every direction sees the same position.
pub(crate) fn capture_limited(
    game: &Game,
    pos: &mut Position,
    at: Site,
    dirs: &[Dir],
    length: RunLength,
    limits: &CustodialLimits,
    mover: Player,
) -> u32 {
    let mut doomed = [(NO_SITE, 0u32, 0 as Dir); 16];
    let mut found = 0;
    with_width!(game.board.width, S => {
        let read = |f| filter_set::<S>(game, pos, f, mover);
        let taken = limits.taken.as_ref().map(read);
        let closing = limits.closing.as_ref().map(read);
        for &dir in dirs {
            let run = run_from(game, pos, at, dir, mover, taken.as_ref(), closing.as_ref());
            if run > 0 && length.holds(run) && found < doomed.len() {
                doomed[found] = (game.board.next(at, dir), run, dir);
                found += 1;
            }
        }
    });
    let mut captured = 0;
    for &(first, run, dir) in &doomed[..found] {
        let mut victim = first;
        for _ in 0..run {
            capture(game, pos, victim);
            victim = game.board.next(victim, dir);
        }
        captured += run;
    }
    captured
}

/// The length of the run from `at` along `dir` of other players' pieces
/// on `taken` sites, closed off by a piece of `mover` or a `closing` site;
/// 0 when nothing closes it.
fn run_from<S: SiteSet>(
    game: &Game,
    pos: &Position,
    at: Site,
    dir: Dir,
    mover: Player,
    taken: Option<&S>,
    closing: Option<&S>,
) -> u32 {
    let owner = |site: Site| match pos.cells[site as usize] {
        0 => None,
        code => Some(game.owner_of(code)),
    };
    let mut site = game.board.next(at, dir);
    let mut run = 0;
    while site != NO_SITE
        && site != at
        && owner(site).is_some_and(|o| o != mover && (o as usize) < game.players.len())
        && taken.is_none_or(|t| t.contains(site))
    {
        run += 1;
        site = game.board.next(site, dir);
    }
    let closed = site != NO_SITE && (owner(site) == Some(mover) || closing.is_some_and(|c| c.contains(site)));
    if closed { run } else { 0 }
}

/// Whether the move, played out, takes a piece on `site` (any piece, with
/// `None`). The limits are read once the piece has arrived, so move
/// generation plays the move on a copy rather than guess; only games that
/// write limits come here.
pub(crate) fn takes_when_played(game: &Game, pos: &Position, mv: &Move, site: Option<Site>) -> bool {
    let mut after = pos.clone();
    let (captured, _) = play_move(game, &mut after, mv);
    match site {
        None => captured > 0,
        Some(s) => pos.cells[s as usize] != 0 && after.cells[s as usize] == 0 && s != mv.to && s != mv.from,
    }
}
