//! Moves of two pieces at once (`together { MOVE MOVE }`): the first
//! part's move, then the second part's on the position it leaves, by a
//! different piece. The move keeps its parts in the order they were made;
//! notation and deduplication see them as a set, so the same result reached
//! with the parts swapped (a double, in a dice game) is one move.

use super::movegen::View;
use std::cell::RefCell;

thread_local! {
    /// Buffers for the first parts, reused so that generating allocates nothing once warm.
    static FIRSTS: RefCell<Vec<Vec<Move>>> = const { RefCell::new(Vec::new()) };
}
use super::state::{Move, NO_DIR, Position};
use crate::board::{Site, SiteSet};
use crate::game::Game;
use crate::game::rules::{MoveRule, PhaseDef, Player};

impl<S: SiteSet> View<'_, S> {
    /// Emits every two-piece move of a `together` rule; false when `emit`
    /// asked to stop.
    pub(crate) fn generate_together(
        &self,
        rule: u8,
        parts: &[MoveRule],
        phase: &PhaseDef,
        player: Player,
        emit: &mut (impl FnMut(Move) -> bool + ?Sized),
    ) -> bool {
        let [first, second] = parts else { return true };
        let mut firsts = FIRSTS.with(|f| f.borrow_mut().pop()).unwrap_or_default();
        firsts.clear();
        self.generate_moves_of(rule, first, phase, player, &mut |m| {
            firsts.push(m);
            true
        });
        let done = self.second_parts(rule, second, phase, player, &firsts, emit);
        FIRSTS.with(|f| f.borrow_mut().push(firsts));
        done
    }

    /// Emits each first part in `firsts` with every second part after it.
    fn second_parts(
        &self,
        rule: u8,
        second: &MoveRule,
        phase: &PhaseDef,
        player: Player,
        firsts: &[Move],
        emit: &mut (impl FnMut(Move) -> bool + ?Sized),
    ) -> bool {
        for &m1 in firsts {
            if self.pos.cells[m1.to as usize] != 0 {
                continue;
            }
            let stopped = super::scratch::with_scratch(self.pos, |scratch| {
                relocate(self.game, scratch, m1.from, m1.to);
                let view = View { pos: scratch, ..*self };
                let mut stopped = false;
                view.generate_moves_of(rule, second, phase, player, &mut |m2| {
                    if m2.from == m1.to || scratch.cells[m2.to as usize] != 0 {
                        return true;
                    }
                    let mv = Move { dir: NO_DIR, ..m1 }.with_second(m2.from, m2.to);
                    stopped = !emit(mv);
                    !stopped
                });
                stopped
            });
            if stopped {
                return false;
            }
        }
        true
    }
}

/// Moves the piece on `from` to the empty site `to`, with its state.
pub(crate) fn relocate(game: &Game, pos: &mut Position, from: Site, to: Site) {
    let code = pos.cells[from as usize];
    let state = pos.states[from as usize];
    let z = &game.zobrist;
    pos.hash ^= z.state(from as usize, state) ^ z.state(from as usize, 0);
    pos.states[from as usize] = 0;
    super::apply::take(game, pos, from);
    super::apply::put(game, pos, to, code);
    pos.hash ^= z.state(to as usize, pos.states[to as usize]) ^ z.state(to as usize, state);
    pos.states[to as usize] = state;
}

impl Move {
    /// The move with a second piece moved from `from` to `to` (kept in
    /// `over` and in `choice` and `group`, which a move of two pieces does
    /// not otherwise use).
    pub fn with_second(self, from: Site, to: Site) -> Move {
        let [low, high] = to.to_le_bytes();
        Move { over: from, choice: low, group: high, ..self }
    }

    /// The second piece's start and destination of a move of two pieces.
    pub fn second(&self) -> (Site, Site) {
        (self.over, Site::from_le_bytes([self.choice, self.group]))
    }

    /// Both parts of a move of two pieces, in board order of their starts:
    /// what tells two such moves apart.
    pub fn parts_sorted(&self) -> [(Site, Site); 2] {
        let mut parts = [(self.from, self.to), self.second()];
        parts.sort_unstable();
        parts
    }
}
