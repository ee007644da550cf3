//! Finding a pattern's runs in a position: for each line direction, every
//! maximal run of sites that meet the pattern's condition, kept when its
//! length is in range and it holds a site the `touching` condition names.

use super::movegen::filter_set;
use super::state::Position;
use crate::board::{NO_SITE, SiteSet};
use crate::game::Game;
use crate::game::rules::{PatternDef, Player};

/// Whether some run of the pattern exists, seen from `player`, found by
/// shifting whole sets along each axis (`Board::before`; see `has_run`).
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
        let back = board.opposite[dir as usize];
        let (along, back) = (|s| board.before(dir, s), |s| board.before(back, s));
        if has_run(meets, board.all_sites(), (pattern.min, pattern.max, bounded), along, back)? {
            return Some(true);
        }
    }
    Some(false)
}

/// Whether the sites of `meets` hold a run along one axis, of `min` to
/// `max` sites when `bounded` (else of at least `min`): the sites starting
/// k+1 in a row are the sites meeting the condition whose next site starts
/// k (`along`: the sites whose next site that way is in a set); a run
/// starts where the site before does not meet it (`back`, the other way),
/// and is too long when it starts `max + 1` in a row. Shared by the
/// general engine and the playout kernel, which keeps the steps as data.
#[inline]
pub(crate) fn has_run<S: SiteSet>(
    meets: S,
    all: S,
    (min, max, bounded): (u8, u8, bool),
    along: impl Fn(S) -> Option<S>,
    back: impl Fn(S) -> Option<S>,
) -> Option<bool> {
    let mut in_a_row = meets;
    for _ in 1..min {
        in_a_row = meets.and(along(in_a_row)?);
    }
    let mut found = in_a_row;
    if bounded {
        found = found.and(back(meets)?.complement_in(all));
        for _ in min..=max {
            if in_a_row.is_empty() {
                break;
            }
            in_a_row = meets.and(along(in_a_row)?);
        }
        found = in_a_row.complement_in(found);
    }
    Some(!found.is_empty())
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
