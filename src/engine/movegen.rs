//! Move generation: the phase's rules run over the board tables for the
//! player to move. Destination conditions become site sets once per call
//! (the empty sites, a player's pieces, regions), so each piece costs a few
//! set operations. Moves go to a callback that may stop early (used to ask
//! "has this player any move?" cheaply).

use super::apply::{enemy_set, owned_set, test_game};
use super::rules::*;
use super::state::{Move, State};
use crate::board::{NO_SITE, Site, SiteSet};
use crate::compile::MAX_PATH;

impl State {
    /// Calls `emit` with each legal move of `player` until it returns false.
    pub(crate) fn generate(&self, player: Player, emit: &mut impl FnMut(Move) -> bool) {
        let game = &*self.game;
        let types = game.pieces.len();
        let phase = &game.phases[self.pos.phase as usize];
        for (rule, move_rule) in phase.moves.iter().enumerate() {
            let rule = rule as u8;
            match move_rule {
                MoveRule::Place { piece, on } => {
                    if self.pos.hands[player as usize * types + *piece as usize] == 0 {
                        continue;
                    }
                    let targets = self.filter_set(on, player);
                    for site in targets.iter() {
                        if !emit(Move { rule, piece: *piece, from: NO_SITE, to: site, over: NO_SITE }) {
                            return;
                        }
                    }
                }
                MoveRule::Move { piece, neutral, guard, path, forbid, .. } => {
                    if guard.as_ref().is_some_and(|g| !test_game(game, &self.pos, g, player)) {
                        continue;
                    }
                    let owner = if *neutral { game.neutral() } else { player };
                    let own = self.pos.sets[game.code(owner, *piece) as usize];
                    if own.is_empty() {
                        continue;
                    }
                    let piece = *piece;
                    // Forbidden moves are dropped here, so every path below emits through this.
                    let mut out = |from: Site, to: Site, over: Site| {
                        let mv = Move { rule, piece, from, to, over };
                        forbid.iter().any(|f| self.move_test(f, &mv, player)) || emit(mv)
                    };
                    let mut targets = [SiteSet::EMPTY; MAX_PATH];
                    for (slot, op) in targets.iter_mut().zip(path.iter()) {
                        *slot = match op {
                            MoveOp::Step { to, .. } | MoveOp::Slide { to, .. } | MoveOp::Hop { to, .. } => {
                                self.filter_set(to, player)
                            }
                        };
                    }
                    match &path[..] {
                        // A single step, the commonest move: no walk. When there are fewer
                        // destinations than pieces (in Seega-like games, the few empty
                        // sites), search backwards from the destinations.
                        [MoveOp::Step { reach, back, .. }] => {
                            let target = targets[0];
                            if target.len() < own.len() {
                                for to in target.iter() {
                                    for from in back[to as usize].and(own).iter() {
                                        if from != to && !out(from, to, NO_SITE) {
                                            return;
                                        }
                                    }
                                }
                            } else {
                                for from in own.iter() {
                                    for to in reach[from as usize].and(target).iter() {
                                        if from != to && !out(from, to, NO_SITE) {
                                            return;
                                        }
                                    }
                                }
                            }
                        }
                        // A single slide: each ray cut at its first blocker, no walk.
                        [MoveOp::Slide { dirs, .. }] => {
                            let (target, empty, board) = (targets[0], self.pos.sets[0], &game.board);
                            for from in own.iter() {
                                for &dir in dirs {
                                    if let Some(reach) = board.ray(from, dir).reach(empty) {
                                        for to in reach.and(target).iter() {
                                            if !out(from, to, NO_SITE) {
                                                return;
                                            }
                                        }
                                        continue;
                                    }
                                    let mut to = board.next(from, dir);
                                    while to != NO_SITE && to != from {
                                        if target.contains(to) && !out(from, to, NO_SITE) {
                                            return;
                                        }
                                        if !empty.contains(to) {
                                            break;
                                        }
                                        to = board.next(to, dir);
                                    }
                                }
                            }
                        }
                        // A single hop: the jump table, no walk.
                        [MoveOp::Hop { over, jumps, .. }] => {
                            let (target, over) = (targets[0], self.filter_set(over, player));
                            for from in own.iter() {
                                for &(hopped, land) in &jumps[from as usize] {
                                    if over.contains(hopped) && target.contains(land) && !out(from, land, hopped) {
                                        return;
                                    }
                                }
                            }
                        }
                        _ => {
                            let overs = self.over_sets(path, player);
                            for from in own.iter() {
                                let mut arrive = |to, over| out(from, to, over);
                                if !self.walk(path, &targets, &overs, from, from, NO_SITE, &mut arrive) {
                                    return;
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// For each hop of a path, the sites it may hop over.
    fn over_sets(&self, path: &[MoveOp], player: Player) -> [SiteSet; MAX_PATH] {
        let mut overs = [SiteSet::EMPTY; MAX_PATH];
        for (slot, op) in overs.iter_mut().zip(path.iter()) {
            if let MoveOp::Hop { over, .. } = op {
                *slot = self.filter_set(over, player);
            }
        }
        overs
    }

    /// Follows the movement ops from `at`; calls `arrive` with each final
    /// site and the last site hopped over. Returns false when the callback
    /// asked to stop.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        path: &[MoveOp],
        targets: &[SiteSet],
        overs: &[SiteSet],
        from: Site,
        at: Site,
        over: Site,
        arrive: &mut impl FnMut(Site, Site) -> bool,
    ) -> bool {
        let Some((op, rest)) = path.split_first() else {
            return arrive(at, over);
        };
        let board = &self.game.board;
        let target = targets[0];
        let (targets, next_overs) = (&targets[1..], &overs[1..]);
        match op {
            MoveOp::Step { reach, .. } => {
                let mut next = reach[at as usize].and(target);
                next.remove(from);
                for site in next.iter() {
                    if !self.walk(rest, targets, next_overs, from, site, over, arrive) {
                        return false;
                    }
                }
            }
            MoveOp::Slide { dirs, .. } => {
                let empty = self.pos.sets[0];
                for &dir in dirs {
                    let mut next = board.next(at, dir);
                    while next != NO_SITE && next != from {
                        if target.contains(next) && !self.walk(rest, targets, next_overs, from, next, over, arrive) {
                            return false;
                        }
                        if !empty.contains(next) {
                            break;
                        }
                        next = board.next(next, dir);
                    }
                }
            }
            MoveOp::Hop { jumps, .. } => {
                for &(hopped, land) in &jumps[at as usize] {
                    if hopped != from
                        && land != from
                        && overs[0].contains(hopped)
                        && target.contains(land)
                        && !self.walk(rest, targets, next_overs, from, land, hopped, arrive)
                    {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether a move being generated satisfies a move condition.
    fn move_test(&self, test: &MoveTest, mv: &Move, player: Player) -> bool {
        match test {
            MoveTest::Is { site, filter } => {
                let site = match site {
                    MoveSite::From => mv.from,
                    MoveSite::To => mv.to,
                    MoveSite::Over => mv.over,
                };
                site != NO_SITE && self.filter_set(filter, player).contains(site)
            }
            MoveTest::Not(inner) => !self.move_test(inner, mv, player),
            MoveTest::And(parts) => parts.iter().all(|p| self.move_test(p, mv, player)),
            MoveTest::Or(parts) => parts.iter().any(|p| self.move_test(p, mv, player)),
        }
    }

    /// The sites passing a filter for `player`, in this position.
    #[inline]
    fn filter_set(&self, filter: &SiteFilter, player: Player) -> SiteSet {
        filter.allowed.and(self.test_set(&filter.test, player))
    }

    /// The sites where a site test holds.
    fn test_set(&self, test: &SiteTest, player: Player) -> SiteSet {
        let game = &*self.game;
        let sets = &self.pos.sets;
        let all = game.board.all_sites();
        match test {
            SiteTest::True => all,
            SiteTest::False => SiteSet::EMPTY,
            SiteTest::Empty => sets[0],
            SiteTest::Occupied => sets[0].complement_in(all),
            SiteTest::Friend => owned_set(game, &self.pos, player),
            SiteTest::Enemy => enemy_set(game, &self.pos, player),
            SiteTest::Neutral => owned_set(game, &self.pos, game.neutral()),
            SiteTest::LastFrom => single_or_empty(self.pos.last_from),
            SiteTest::LastTo => single_or_empty(self.pos.last_to),
            SiteTest::Type(piece) => (0..game.owner_count() as Player)
                .fold(SiteSet::EMPTY, |acc, o| acc.or(sets[game.code(o, *piece) as usize])),
            SiteTest::In(set) => *set,
            SiteTest::Not(inner) => self.test_set(inner, player).complement_in(all),
            SiteTest::And(parts) => parts.iter().fold(all, |acc, p| acc.and(self.test_set(p, player))),
            SiteTest::Or(parts) => parts.iter().fold(SiteSet::EMPTY, |acc, p| acc.or(self.test_set(p, player))),
        }
    }
}

fn single_or_empty(site: Site) -> SiteSet {
    if site == NO_SITE { SiteSet::EMPTY } else { SiteSet::single(site) }
}
