//! Sowing (`sow TRACK [skipping …]`): a heap of counted pieces is lifted
//! whole and laid one piece a site along the mover's path of a track that
//! loops. With it: `gather … into SITE`, which moves every piece of some
//! sites onto one; `must leave CONDITION` (`super::leaves`), which keeps only the moves after
//! which a condition holds; and the counts of `most TYPE in REGION wins`.

use super::apply::test_game;
use super::movegen::{View, filter_set};
use super::state::{Move, NO_DIR, Position};
use crate::board::{NO_SITE, Site, SiteSet};
use crate::game::Game;
use crate::game::rules::{GatherFrom, MoveRule, PieceType, Player, SiteFilter};
use crate::with_width;

/// The mover's path of a track, in order; a loop's first site is not
/// repeated at its end.
fn path(game: &Game, track: usize, player: Player) -> &[Site] {
    let path = game.tracks[track].path(player);
    match path {
        [first, .., last] if first == last => &path[..path.len() - 1],
        _ => path,
    }
}

/// Where sowing `count` pieces from `path[start]` lays its last one: the
/// sites after it in turn, round the loop, but those `passed` (sites that
/// `skipping` names, or that hold other pieces than `code`) and, with
/// `skip_start`, the start. `NO_SITE` when every site is passed.
fn last_sown<S: SiteSet>(path: &[Site], start: usize, count: u32, passed: S, skip_start: bool) -> Site {
    let from = path[start];
    let sown = |site: Site| !(passed.contains(site) || (skip_start && site == from));
    let per_lap = path.iter().filter(|&&s| sown(s)).count() as u32;
    if per_lap == 0 || count == 0 {
        return NO_SITE;
    }
    // Whole laps change nothing about where the last piece falls.
    let mut left = (count - 1) % per_lap + 1;
    let mut at = start;
    loop {
        at = (at + 1) % path.len();
        if sown(path[at]) {
            left -= 1;
            if left == 0 {
                return path[at];
            }
        }
    }
}

/// The sites sowing passes: those the `skipping` condition names, seen from
/// `player` on the position before the move, and those holding pieces of
/// another kind than the ones sown.
fn passed<S: SiteSet>(game: &Game, pos: &Position, skip: Option<&SiteFilter>, code: u16, player: Player) -> S {
    let skipped = skip.map_or(S::EMPTY, |f| filter_set::<S>(game, pos, f, player));
    let others = pos.sets.get::<S>(0).or(pos.sets.get(code as usize)).complement_in(game.board.all_sites());
    skipped.or(others)
}

impl<S: SiteSet> View<'_, S> {
    /// Emits the moves of a sowing rule: one per site holding its pieces on
    /// the mover's path, to the site its last piece falls on. False when
    /// `emit` asked to stop.
    pub(crate) fn generate_sowing(
        &self,
        rule: u8,
        move_rule: &MoveRule,
        player: Player,
        emit: &mut (impl FnMut(Move) -> bool + ?Sized),
    ) -> bool {
        let (game, pos) = (self.game, self.pos);
        let MoveRule::Sow { piece, neutral, guard, track, skip, skip_start, forbid } = move_rule else {
            return true;
        };
        if guard.as_ref().is_some_and(|g| !test_game(game, pos, g, player)) {
            return true;
        }
        let owner = if *neutral { game.neutral() } else { player };
        let code = game.code(owner, *piece);
        let heaps: S = pos.sets.get(code as usize);
        if heaps.is_empty() {
            return true;
        }
        let path = path(game, *track, player);
        let passed: S = passed(game, pos, skip.as_ref(), code, player);
        for from in heaps.iter() {
            let Some(start) = path.iter().position(|&s| s == from) else { continue };
            let to = last_sown(path, start, pos.pieces_on(from), passed, *skip_start);
            if to == NO_SITE {
                continue;
            }
            let mv = Move::plain(rule, *piece, from, to, NO_SITE, NO_DIR);
            if forbid.iter().any(|test| self.move_test(test, &mv, player)) {
                continue;
            }
            if !emit(mv) {
                return false;
            }
        }
        true
    }
}

/// Plays a sowing move: the start's heap lifted, one piece laid on each
/// site in turn as `generate_sowing` counted them.
pub(crate) fn play_sow(
    game: &Game,
    pos: &mut Position,
    mv: &Move,
    track: usize,
    skip: Option<&SiteFilter>,
    skip_start: bool,
) {
    let mover = pos.to_move;
    let code = pos.cells[mv.from as usize];
    let count = pos.pieces_on(mv.from);
    if code == 0 || count == 0 {
        return;
    }
    let path = path(game, track, mover);
    let Some(start) = path.iter().position(|&s| s == mv.from) else { return };
    let passed: Vec<bool> = with_width!(game.board.width, S => {
        let passed: S = passed(game, pos, skip, code, mover);
        path.iter().map(|&s| passed.contains(s) || (skip_start && s == mv.from)).collect()
    });
    if passed.iter().all(|&p| p) {
        return;
    }
    super::heap::take(game, pos, mv.from, count as u16);
    let (mut left, mut at) = (count, start);
    while left > 0 {
        at = (at + 1) % path.len();
        if !passed[at] {
            super::heap::add(game, pos, path[at], code, 1);
            left -= 1;
        }
    }
}

/// `gather … into SITE [unless it empties …]`: every piece on the sites
/// named goes onto the one site of `into`, seen from `mover`. A site
/// holding pieces of another kind than that site's stays as it is.
pub(crate) fn gather(
    game: &Game,
    pos: &mut Position,
    from: &GatherFrom,
    into: &SiteFilter,
    unless: Option<&SiteFilter>,
    mover: Player,
) {
    with_width!(game.board.width, S => gather_at::<S>(game, pos, from, into, unless, mover))
}

fn gather_at<S: SiteSet>(
    game: &Game,
    pos: &mut Position,
    from: &GatherFrom,
    into: &SiteFilter,
    unless: Option<&SiteFilter>,
    mover: Player,
) {
    let Some(target) = filter_set::<S>(game, pos, into, mover).iter().next() else { return };
    let occupied = pos.sets.get::<S>(0).complement_in(game.board.all_sites());
    let mut sites = match from {
        GatherFrom::Sites(filter) => filter_set::<S>(game, pos, filter, mover).and(occupied),
        GatherFrom::Run { last_to, track, cond } => {
            let start = if *last_to { pos.last_to } else { pos.last_from };
            let meets = filter_set::<S>(game, pos, cond, mover).and(occupied);
            run_back(path(game, *track, mover), start, meets)
        }
    };
    sites.remove(target);
    let kind = pos.cells[target as usize];
    let sites: Vec<Site> = sites.iter().filter(|&s| kind == 0 || pos.cells[s as usize] == kind).collect();
    if sites.is_empty() {
        return;
    }
    if let Some(unless) = unless {
        // Grand slam: nothing moves when the sites named would be left bare.
        let watched = filter_set::<S>(game, pos, unless, mover);
        let left: u32 = watched.iter().filter(|s| !sites.contains(s)).map(|s| pos.pieces_on(s)).sum();
        let into_watched = watched.contains(target) && pos.cells[target as usize] != 0;
        if left == 0 && !into_watched {
            return;
        }
    }
    for site in sites {
        let code = pos.cells[site as usize];
        let count = pos.pieces_on(site);
        super::heap::take(game, pos, site, count as u16);
        super::heap::add(game, pos, target, code, count as u16);
    }
}

/// The sites from `start` back along `path` while each is in `meets`
/// (at most once round a loop).
fn run_back<S: SiteSet>(path: &[Site], start: Site, meets: S) -> S {
    let mut run = S::EMPTY;
    let Some(mut at) = path.iter().position(|&s| s == start) else { return run };
    for _ in 0..path.len() {
        if !meets.contains(path[at]) {
            break;
        }
        run.insert(path[at]);
        at = (at + path.len() - 1) % path.len();
    }
    run
}

/// `most TYPE in REGION`: the pieces of the type (any type: `None`),
/// whoever owns them, on player `player`'s sites of the per-player region.
pub(crate) fn pieces_in_region(
    game: &Game,
    pos: &Position,
    piece: Option<PieceType>,
    region: usize,
    player: usize,
) -> u32 {
    let Some(sites) = game.regions[region].per_player.get(player) else { return 0 };
    with_width!(game.board.width, S => sites
        .get::<S>()
        .iter()
        .filter(|&s| {
            let code = pos.cells[s as usize];
            code != 0 && piece.is_none_or(|t| game.type_of(code) == t)
        })
        .map(|s| pos.pieces_on(s))
        .sum())
}
