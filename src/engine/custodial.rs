//! Custodial captures with limits (`capture custodial … where TAKEN
//! against CLOSING`): a run holds only pieces on `taken` sites, and a
//! `closing` site ends it as a piece of the mover does (a hostile square,
//! such as an empty region's site: `against centre and empty`). Plain
//! custodial captures walk their runs with the same `closed_run`, reading
//! no sets; the playout kernel keeps its own shifted-set form of them.

use super::apply::{capture, play_move};
use super::movegen::filter_set;
use super::scratch::with_scratch;
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
    let mut doomed = [(0u32, 0 as Dir); 16];
    let mut found = 0;
    with_width!(game.board.width, S => {
        let read = |f| filter_set::<S>(game, pos, f, mover);
        let taken = limits.taken.as_ref().map(read);
        let closing = limits.closing.as_ref().map(read);
        for &dir in dirs {
            let in_run = |site| taken.as_ref().is_none_or(|t: &S| t.contains(site));
            let closes = |site| closing.as_ref().is_some_and(|c: &S| c.contains(site));
            let run = closed_run(game, pos, at, dir, mover, in_run, closes);
            if run > 0 && length.holds(run) && found < doomed.len() {
                doomed[found] = (run, dir);
                found += 1;
            }
        }
    });
    let mut captured = 0;
    for &(run, dir) in &doomed[..found] {
        take_run(game, pos, at, dir, run);
        captured += run;
    }
    captured
}

/// The length of the run from `at` along `dir` of other players' pieces
/// on sites `in_run` accepts, closed off by a piece of `mover` or a site
/// `closes` accepts; 0 when nothing closes it. Plain custodial captures
/// accept every site in a run and close on the mover's pieces only.
#[inline]
pub(crate) fn closed_run(
    game: &Game,
    pos: &Position,
    at: Site,
    dir: Dir,
    mover: Player,
    in_run: impl Fn(Site) -> bool,
    closes: impl Fn(Site) -> bool,
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
        && in_run(site)
    {
        run += 1;
        site = game.board.next(site, dir);
    }
    let closed = site != NO_SITE && (owner(site) == Some(mover) || closes(site));
    if closed { run } else { 0 }
}

/// Captures the `run` pieces from the site next to `at` along `dir`.
pub(crate) fn take_run(game: &Game, pos: &mut Position, at: Site, dir: Dir, run: u32) {
    let mut victim = game.board.next(at, dir);
    for _ in 0..run {
        capture(game, pos, victim);
        victim = game.board.next(victim, dir);
    }
}

/// Whether the move, played out, takes a piece on `site` (any piece, with
/// `None`). The limits are read once the piece has arrived, so move
/// generation plays the move on a scratch position rather than guess; only
/// games that write limits come here.
pub(crate) fn takes_when_played(game: &Game, pos: &Position, mv: &Move, site: Option<Site>) -> bool {
    with_scratch(pos, |after| {
        let (captured, _) = play_move(game, after, mv);
        match site {
            None => captured > 0,
            Some(s) => pos.cells[s as usize] != 0 && after.cells[s as usize] == 0 && s != mv.to && s != mv.from,
        }
    })
}
