//! Drawing one legal move without listing them all: a random playout needs
//! only the move it draws. When every rule of the phase gives moves that
//! can be counted by set sizes (placements, and single steps or leaps with
//! no choices to expand), the moves are counted rule by rule and only the
//! drawn one is built. It is the move at the drawn index of the list
//! `legal_moves` would make, in the same order, so a seeded game is the
//! same game either way.

use super::apply::test_game;
use super::movegen::View;
use super::state::{Move, NO_DIR, State};
use crate::board::{NO_SITE, SiteSet};
use crate::game::rules::{Heading, MoveOp, MoveRule, Player, Repetition};
use crate::with_width;

/// Asked of `walk_rule` when only counting: no index is ever reached.
const COUNT_ONLY: usize = usize::MAX;
/// Rules whose destinations are kept between counting and drawing.
const KEPT_TARGETS: usize = 8;

impl State {
    /// The legal move at index `draw(n)` of the `n` legal moves, found
    /// without listing them, or `None` when the phase's rules do not allow
    /// that (the caller then lists the moves) or there is no move.
    pub fn draw_move(&self, draw: impl FnOnce(usize) -> usize) -> Option<Move> {
        let game = &*self.game;
        let phase = &game.phases[self.pos.phase as usize];
        let countable = phase.countable
            && self.pos.outcome.is_none()
            && !game.has_royal
            && game.stacks.is_none()
            && game.repetition != Some(Repetition::Forbidden);
        if !countable {
            return None;
        }
        with_width!(game.board.width, S => self.view::<S>().draw_move(self.pos.to_move, draw))
    }
}

impl<S: SiteSet> View<'_, S> {
    fn draw_move(&self, player: Player, draw: impl FnOnce(usize) -> usize) -> Option<Move> {
        let phase = &self.game.phases[self.pos.phase as usize];
        // Each rule's destinations, kept from counting for the drawn rule.
        let mut targets = [None; KEPT_TARGETS];
        let mut total = 0;
        for (i, rule) in phase.moves.iter().enumerate() {
            let mut target = None;
            total += self.walk_rule(i as u8, rule, player, COUNT_ONLY, &mut target).0;
            if let Some(slot) = targets.get_mut(i) {
                *slot = target;
            }
        }
        if total == 0 {
            return None;
        }
        let mut index = draw(total);
        for (i, rule) in phase.moves.iter().enumerate() {
            let mut target = targets.get(i).copied().flatten();
            let (count, found) = self.walk_rule(i as u8, rule, player, index, &mut target);
            if found.is_some() {
                return found;
            }
            index -= count;
        }
        None
    }

    /// Walks a rule's moves in generation order: how many there are, and
    /// the one at `index` if it is among them.
    /// `target` is the rule's destinations, computed here when `None`.
    fn walk_rule(
        &self,
        rule: u8,
        move_rule: &MoveRule,
        player: Player,
        mut index: usize,
        target: &mut Option<S>,
    ) -> (usize, Option<Move>) {
        let game = self.game;
        let counting = index == COUNT_ONLY;
        let mut count = 0;
        // Takes the moves to the sites of `set`; the one at `index`, if there.
        let mut take = |set: S, make: &dyn Fn(crate::board::Site) -> Move| -> Option<Move> {
            let n = set.len() as usize;
            if index < n {
                return Some(make(set.select_spread(index as u32)));
            }
            index = index.wrapping_sub(n);
            count += n;
            None
        };
        match move_rule {
            MoveRule::Action { guard, .. } => {
                if guard.as_ref().is_none_or(|g| test_game(game, self.pos, g, player)) {
                    let one = S::single(0);
                    if let Some(mv) = take(one, &|_| Move::action(rule)) {
                        return (count, Some(mv));
                    }
                }
            }
            MoveRule::Place { piece, on, guard, neutral, effects, .. } => {
                if self.can_place(*piece, *neutral, player)
                    && guard.as_ref().is_none_or(|g| test_game(game, self.pos, g, player))
                {
                    let placement = Move::placement(rule, *piece);
                    // Countable placements' `must` effects all shift evenly.
                    let on = *target.get_or_insert_with(|| self.placement_targets(on, effects, player).0);
                    if let Some(mv) = take(on, &|to| Move { to, ..placement }) {
                        return (count, Some(mv));
                    }
                }
            }
            // Never countable (`compile::phase`): drawn from the list.
            MoveRule::Sow { .. } => return (count, None),
            MoveRule::Move { piece, neutral, guard, path, .. } => {
                let [MoveOp::Step { to, reach, back, heading: Heading::Any, even, has_next, .. }] = &path[..] else {
                    return (count, None);
                };
                if guard.as_ref().is_some_and(|g| !test_game(game, self.pos, g, player)) {
                    return (count, None);
                }
                let owner = if *neutral { game.neutral() } else { player };
                let own: S = self.pos.sets.get(game.code(owner, *piece) as usize);
                let target = *target.get_or_insert_with(|| self.filter_set(to, player));
                if counting && !even.is_empty() {
                    // One shift a direction counts every step at once
                    // (`Board::before`, with this rule's rows at hand).
                    let mut n = 0;
                    for (i, &by) in even.iter().enumerate() {
                        n += target.shifted(-by).and(has_next.get(i)).and(own).len();
                    }
                    return (n as usize, None);
                }
                let plain = |from, to| Move::plain(rule, *piece, from, to, NO_SITE, NO_DIR);
                // The same two orders as `generate_moves_of`.
                if target.len() < own.len() {
                    for to in target.iter() {
                        // Step and leap tables never hold the site itself.
                        let froms = back.get::<S>(to as usize).and(own);
                        if let Some(mv) = take(froms, &|from| plain(from, to)) {
                            return (count, Some(mv));
                        }
                    }
                } else {
                    for from in own.iter() {
                        let tos = reach.get::<S>(from as usize).and(target);
                        if let Some(mv) = take(tos, &|to| plain(from, to)) {
                            return (count, Some(mv));
                        }
                    }
                }
            }
            MoveRule::Group { .. } | MoveRule::Together { .. } | MoveRule::Advance(_) => {}
        }
        (count, None)
    }
}

impl State {
    /// In a game with royal pieces, a legal move drawn by testing only the
    /// drawn candidates: the moves are listed without the royal test, one
    /// is drawn (`draw(n)`: an index below n), and a candidate that leaves a
    /// royal piece threatened is struck off before drawing again. Uniform
    /// over the legal moves, like drawing from their list, at the price of
    /// one royal test a draw instead of one a candidate. `None` when the
    /// phase's rules need the whole legal list (compulsory captures look
    /// at every legal move; a repetition ban tests every move) or when no
    /// move is legal; `buf` is used as scratch.
    pub fn draw_checked_move(&self, buf: &mut Vec<Move>, mut draw: impl FnMut(usize) -> usize) -> Option<Move> {
        let game = &*self.game;
        let phase = &game.phases[self.pos.phase as usize];
        let drawable = game.has_royal
            && self.pos.outcome.is_none()
            && !phase.chance
            && !phase.must_capture
            && !phase.capture_most
            && game.repetition != Some(Repetition::Forbidden);
        if !drawable {
            return None;
        }
        let player = self.pos.to_move;
        with_width!(game.board.width, S => {
            let view = self.view::<S>();
            buf.clear();
            view.generate_pseudo_into(player, buf);
            if phase.dedupe {
                self.dedupe(buf);
            }
            // No quiet zone here: finding it costs a threat test, about what
            // testing the one or two candidates drawn costs.
            while !buf.is_empty() {
                let i = draw(buf.len());
                let mv = buf[i];
                if super::threat::safe::<S>(game, &self.pos, &mv, player) {
                    return Some(mv);
                }
                buf.swap_remove(i);
            }
            None
        })
    }
}
