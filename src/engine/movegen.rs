//! Move generation: the phase's rules run over the board tables for the
//! player to move. Moves go to a callback that may stop early (used to ask
//! "has this player any move?" cheaply).

use super::apply::{is_enemy, is_friend};
use super::rules::*;
use super::state::{Move, State};
use crate::board::{NO_SITE, Site};

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
                    for site in 0..self.pos.cells.len() as Site {
                        if self.passes(on, site, player) && !emit(Move { rule, piece: *piece, from: NO_SITE, to: site }) {
                            return;
                        }
                    }
                }
                MoveRule::Move { piece, path, .. } => {
                    let code = game.code(player, *piece);
                    for from in 0..self.pos.cells.len() as Site {
                        if self.pos.cells[from as usize] == code
                            && !self.walk(path, player, from, from, &mut |to| emit(Move { rule, piece: *piece, from, to }))
                        {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Follows the movement ops from `at`; calls `arrive` with each final site.
    /// Returns false when the callback asked to stop.
    fn walk(&self, path: &[MoveOp], player: Player, from: Site, at: Site, arrive: &mut impl FnMut(Site) -> bool) -> bool {
        let Some((op, rest)) = path.split_first() else { return arrive(at) };
        let board = &self.game.board;
        match op {
            MoveOp::Step { dirs, to } => {
                for &dir in dirs {
                    let next = board.next(at, dir);
                    if next != NO_SITE && next != from && self.passes(to, next, player) && !self.walk(rest, player, from, next, arrive) {
                        return false;
                    }
                }
            }
            MoveOp::Slide { dirs, to } => {
                for &dir in dirs {
                    let mut next = board.next(at, dir);
                    while next != NO_SITE && next != from {
                        if self.passes(to, next, player) && !self.walk(rest, player, from, next, arrive) {
                            return false;
                        }
                        if self.pos.cells[next as usize] != 0 {
                            break;
                        }
                        next = board.next(next, dir);
                    }
                }
            }
        }
        true
    }

    #[inline]
    fn passes(&self, filter: &SiteFilter, site: Site, player: Player) -> bool {
        filter.allowed[site as usize] && self.site_test(&filter.test, site, player)
    }

    fn site_test(&self, test: &SiteTest, site: Site, player: Player) -> bool {
        let game = &*self.game;
        let code = self.pos.cells[site as usize];
        match test {
            SiteTest::True => true,
            SiteTest::False => false,
            SiteTest::Empty => code == 0,
            SiteTest::Occupied => code != 0,
            SiteTest::Friend => is_friend(game, code, player),
            SiteTest::Enemy => is_enemy(game, code, player),
            SiteTest::Neutral => code != 0 && game.owner_of(code) == game.neutral(),
            SiteTest::Type(piece) => code != 0 && game.type_of(code) == *piece,
            SiteTest::In(mask) => mask[site as usize],
            SiteTest::Not(inner) => !self.site_test(inner, site, player),
            SiteTest::And(parts) => parts.iter().all(|p| self.site_test(p, site, player)),
            SiteTest::Or(parts) => parts.iter().any(|p| self.site_test(p, site, player)),
        }
    }
}
