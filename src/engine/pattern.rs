//! Finding a pattern's runs in a position: for each line direction, every
//! maximal run of sites that meet the pattern's condition, kept when its
//! length is in range and it holds a site the `touching` condition names.

use super::movegen::filter_set;
use super::state::Position;
use crate::board::{NO_SITE, SiteSet};
use crate::game::Game;
use crate::game::rules::{PatternDef, Player};

/// Whether some run of the pattern exists, seen from `player`, found by
/// shifting whole sets along each axis (`Board::before`): the sites
/// starting k+1 sites in a row that meet the condition are the sites
/// meeting it whose next site starts k. A run starts where the site before
/// does not meet the condition, and is too long when it starts `max + 1`.
/// `None` when an axis has no constant step, or with a `touching`
/// condition (then `runs` walks them).
pub(crate) fn any_run<S: SiteSet>(game: &Game, pos: &Position, pattern: &PatternDef, player: Player) -> Option<bool> {
    let board = &game.board;
    if pattern.touching.is_some() || pattern.min == 0 {
        return None;
    }
    let bounded = (pattern.max as usize) < board.site_count();
    let meets: S = filter_set(game, pos, &pattern.cond, player);
    for &dir in &pattern.axes {
        let mut in_a_row = meets;
        for _ in 1..pattern.min {
            in_a_row = meets.and(board.before(dir, in_a_row)?);
        }
        let mut found = in_a_row;
        if bounded {
            let continued = board.before(board.opposite[dir as usize], meets)?;
            found = found.and(continued.complement_in(board.all_sites()));
            for _ in pattern.min..=pattern.max {
                if in_a_row.is_empty() {
                    break;
                }
                in_a_row = meets.and(board.before(dir, in_a_row)?);
            }
            found = in_a_row.complement_in(found);
        }
        if !found.is_empty() {
            return Some(true);
        }
    }
    Some(false)
}

/// The runs found, seen from `player`: all their sites together, and the
/// longest one's length (0 when there is none).
pub(crate) fn runs<S: SiteSet>(game: &Game, pos: &Position, pattern: &PatternDef, player: Player) -> (S, u32) {
    let meets: S = filter_set(game, pos, &pattern.cond, player);
    let touching = pattern.touching.as_ref().map(|t| filter_set::<S>(game, pos, t, player));
    let (mut all, mut longest) = (S::EMPTY, 0);
    for (axis, &dir) in pattern.axes.iter().enumerate() {
        let prev = &pattern.prev[axis];
        for start in meets.iter() {
            let before = prev[start as usize];
            if before != NO_SITE && meets.contains(before) {
                continue;
            }
            let (mut run, mut length, mut at) = (S::EMPTY, 0u32, start);
            while at != NO_SITE && meets.contains(at) && !run.contains(at) {
                run.insert(at);
                length += 1;
                at = game.board.next(at, dir);
            }
            let fits = (pattern.min as u32..=pattern.max as u32).contains(&length);
            if fits && touching.is_none_or(|t| !t.and(run).is_empty()) {
                all = all.or(run);
                longest = longest.max(length);
            }
        }
    }
    (all, longest)
}
