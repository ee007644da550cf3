//! Finding a pattern's runs in a position: for each line direction, every
//! maximal run of sites that meet the pattern's condition, kept when its
//! length is in range and it holds a site the `touching` condition names.

use super::movegen::filter_set;
use super::state::Position;
use crate::board::{NO_SITE, SiteSet};
use crate::game::Game;
use crate::game::rules::{PatternDef, Player};

/// Whether some run of the pattern exists, seen from `player`, found by
/// shifting whole sets along each axis: the sites starting a run of k+1
/// are the sites meeting the condition whose next site starts a run of k.
/// `None` when that cannot tell: an axis without a constant step, a
/// bounded length, or a `touching` condition (then `runs` finds them).
pub(crate) fn any_run<S: SiteSet>(game: &Game, pos: &Position, pattern: &PatternDef, player: Player) -> Option<bool> {
    let board = &game.board;
    if pattern.touching.is_some() || pattern.min == 0 || (pattern.max as usize) < board.site_count() {
        return None;
    }
    let meets: S = filter_set(game, pos, &pattern.cond, player);
    for &dir in &pattern.axes {
        let mut starts = meets;
        for _ in 1..pattern.min {
            starts = meets.and(board.before(dir, starts)?);
        }
        if !starts.is_empty() {
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
