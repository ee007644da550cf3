//! Move generation: the phase's rules run over the board tables for the
//! player to move. Destination conditions become site sets once per call
//! (the empty sites, a player's pieces, regions), so each piece costs a few
//! set operations. Moves go to a callback that may stop early (used to ask
//! "has this player any move?" cheaply).

use super::apply::{enemy_set, owned_set};
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
                        if !emit(Move { rule, piece: *piece, from: NO_SITE, to: site }) {
                            return;
                        }
                    }
                }
                MoveRule::Move { piece, path, .. } => {
                    let mut targets = [SiteSet::EMPTY; MAX_PATH];
                    for (slot, op) in targets.iter_mut().zip(path.iter()) {
                        *slot = match op {
                            MoveOp::Step { to, .. } | MoveOp::Slide { to, .. } => self.filter_set(to, player),
                        };
                    }
                    let own = self.pos.sets[game.code(player, *piece) as usize];
                    // One step, and fewer destinations than pieces: search backwards
                    // from the destinations (in Seega-like games, from the few empty sites).
                    // A single step, the commonest move: no walk. When there are fewer
                    // destinations than pieces (in Seega-like games, the few empty
                    // sites), search backwards from the destinations.
                    if let [MoveOp::Step { reach, back, .. }] = &path[..] {
                        let target = targets[0];
                        if target.len() < own.len() {
                            for to in target.iter() {
                                for from in back[to as usize].and(own).iter() {
                                    if from != to && !emit(Move { rule, piece: *piece, from, to }) {
                                        return;
                                    }
                                }
                            }
                        } else {
                            for from in own.iter() {
                                for to in reach[from as usize].and(target).iter() {
                                    if from != to && !emit(Move { rule, piece: *piece, from, to }) {
                                        return;
                                    }
                                }
                            }
                        }
                        continue;
                    }
                    // A single slide: walk each ray directly, no recursion.
                    if let [MoveOp::Slide { dirs, .. }] = &path[..] {
                        let (target, empty, board) = (targets[0], self.pos.sets[0], &game.board);
                        for from in own.iter() {
                            for &dir in dirs {
                                if let Some(reach) = board.ray(from, dir).reach(empty) {
                                    for to in reach.and(target).iter() {
                                        if !emit(Move { rule, piece: *piece, from, to }) {
                                            return;
                                        }
                                    }
                                    continue;
                                }
                                let mut to = board.next(from, dir);
                                while to != NO_SITE && to != from {
                                    if target.contains(to) && !emit(Move { rule, piece: *piece, from, to }) {
                                        return;
                                    }
                                    if !empty.contains(to) {
                                        break;
                                    }
                                    to = board.next(to, dir);
                                }
                            }
                        }
                        continue;
                    }
                    for from in own.iter() {
                        let mut arrive = |to| emit(Move { rule, piece: *piece, from, to });
                        if !self.walk(path, &targets, from, from, &mut arrive) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Follows the movement ops from `at`; calls `arrive` with each final site.
    /// Returns false when the callback asked to stop.
    fn walk(
        &self,
        path: &[MoveOp],
        targets: &[SiteSet],
        from: Site,
        at: Site,
        arrive: &mut impl FnMut(Site) -> bool,
    ) -> bool {
        let Some((op, rest)) = path.split_first() else {
            return arrive(at);
        };
        let board = &self.game.board;
        let target = targets[0];
        match op {
            MoveOp::Step { reach, .. } => {
                let mut next = reach[at as usize].and(target);
                next.remove(from);
                for site in next.iter() {
                    if !self.walk(rest, &targets[1..], from, site, arrive) {
                        return false;
                    }
                }
            }
            MoveOp::Slide { dirs, .. } => {
                let empty = self.pos.sets[0];
                for &dir in dirs {
                    let mut next = board.next(at, dir);
                    while next != NO_SITE && next != from {
                        if target.contains(next) && !self.walk(rest, &targets[1..], from, next, arrive) {
                            return false;
                        }
                        if !empty.contains(next) {
                            break;
                        }
                        next = board.next(next, dir);
                    }
                }
            }
        }
        true
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
            SiteTest::Type(piece) => (0..game.owner_count() as Player)
                .fold(SiteSet::EMPTY, |acc, o| acc.or(sets[game.code(o, *piece) as usize])),
            SiteTest::In(set) => *set,
            SiteTest::Not(inner) => self.test_set(inner, player).complement_in(all),
            SiteTest::And(parts) => parts.iter().fold(all, |acc, p| acc.and(self.test_set(p, player))),
            SiteTest::Or(parts) => parts.iter().fold(SiteSet::EMPTY, |acc, p| acc.or(self.test_set(p, player))),
        }
    }
}
