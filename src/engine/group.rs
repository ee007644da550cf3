//! Group moves (`move group with TYPE`) in games with stacks: any part of
//! the mover's stack that holds a piece of the rule's type moves by that
//! piece's movement, with any of the neutral pieces there as passengers.
//! Arriving, the group captures the other players' pieces on the site and
//! joins the rest; the stack it builds must meet every stack limit.
//!
//! A move is its effect: equal pieces of a stack are told apart by nothing,
//! so a group takes the lowest of equal pieces first (stacks of these games
//! are kept sorted), and the sites that several rules reach with the same
//! group are emitted once, for the first rule in the phase.

use super::movegen::{View, filter_set};
use super::stack::{push, remove_at};
use super::state::{Move, NO_CHOICE, NO_DIR, Position};
use crate::board::{NO_SITE, Site, SiteSet};
use crate::game::Game;
use crate::game::limits::MAX_STACK;
use crate::game::rules::*;

/// Rules whose destination sets are worked out once per call; later ones
/// (in phases with more rules) once per stack.
const MAX_GROUP_RULES: usize = 32;

impl View<'_> {
    /// Calls `emit` with each group move of `player` in this phase (false: stop).
    pub(crate) fn generate_groups(&self, player: Player, emit: &mut impl FnMut(Move) -> bool) -> bool {
        let game = self.game;
        let phase = &game.phases[self.pos.phase as usize];
        let neutral = game.neutral();
        // The destination and passing sets of each rule, once per call.
        let sets_of = |movement: &GroupMovement| match movement {
            GroupMovement::Jump { to, over, .. } => (
                filter_set(game, self.pos, to, player),
                over.as_ref().map_or(game.board.all_sites(), |o| filter_set(game, self.pos, o, player)),
            ),
            GroupMovement::Slide { to, .. } => (filter_set(game, self.pos, to, player), SiteSet::EMPTY),
        };
        let mut sets = [(SiteSet::EMPTY, SiteSet::EMPTY); MAX_GROUP_RULES];
        for (slot, rule) in sets.iter_mut().zip(&phase.moves) {
            if let MoveRule::Group { movement, .. } = rule {
                *slot = sets_of(movement);
            }
        }
        for from in super::apply::owned_set(game, self.pos, player).iter() {
            let stack = self.pos.stack(from);
            let height = stack.len();
            // The pieces that may go: the mover's and the neutral ones.
            let movable = (0..height).filter(|&i| {
                let owner = game.owner_of(stack[i]);
                owner == player || owner == neutral
            });
            let movable: u8 = movable.fold(0, |m, i| m | 1 << i);
            let own: u8 = (0..height).filter(|&i| game.owner_of(stack[i]) == player).fold(0, |m, i| m | 1 << i);
            // Every subset of the movable pieces, each multiset once.
            let mut group = movable;
            loop {
                if group & own != 0 && canonical(stack, group) {
                    let mut reached = SiteSet::EMPTY;
                    for (rule, move_rule) in phase.moves.iter().enumerate() {
                        let MoveRule::Group { power, movement } = move_rule else { continue };
                        if !holds(game, stack, group & own, *power) {
                            continue;
                        }
                        let passing = sets.get(rule).copied().unwrap_or_else(|| sets_of(movement));
                        let landings = self.landings(movement, from, passing);
                        for to in reached.complement_in(landings).iter() {
                            if self.arrival_fits(player, from, group, to) {
                                let mv = Move {
                                    rule: rule as u8,
                                    piece: *power,
                                    from,
                                    to,
                                    over: NO_SITE,
                                    dir: NO_DIR,
                                    taken: 0,
                                    choice: NO_CHOICE,
                                    group,
                                };
                                if !emit(mv) {
                                    return false;
                                }
                            }
                        }
                        reached = reached.or(landings);
                    }
                }
                if group == 0 {
                    break;
                }
                group = (group - 1) & movable;
            }
        }
        true
    }

    /// The sites a movement from `from` lands on, given its (destination,
    /// passable) sets in this position.
    fn landings(&self, movement: &GroupMovement, from: Site, (to, over): (SiteSet, SiteSet)) -> SiteSet {
        let mut landed = SiteSet::EMPTY;
        match movement {
            GroupMovement::Jump { jumps, .. } => {
                for &(land, passed) in &jumps[from as usize] {
                    if to.contains(land) && (passed == NO_SITE || over.contains(passed)) {
                        landed.insert(land);
                    }
                }
            }
            GroupMovement::Slide { min, max, rays, .. } => {
                let empty = self.pos.sets[0];
                for ray in &rays[from as usize] {
                    for (distance, &site) in (1u8..).zip(ray) {
                        if distance > *max {
                            break;
                        }
                        if distance >= *min && to.contains(site) {
                            landed.insert(site);
                        }
                        if !empty.contains(site) {
                            break;
                        }
                    }
                }
            }
        }
        landed
    }

    /// Whether the stack that `group` of the stack on `from` builds on `to`
    /// meets every stack limit: what stays there (all but the other players'
    /// pieces, which are captured) and the group.
    fn arrival_fits(&self, player: Player, from: Site, group: u8, to: Site) -> bool {
        let game = self.game;
        let Some(def) = &game.stacks else { return false };
        let mut arriving = [0u8; MAX_STACK * 2];
        let mut n = 0;
        for &code in self.pos.stack(to) {
            let owner = game.owner_of(code);
            if owner == player || owner == game.neutral() {
                arriving[n] = code;
                n += 1;
            }
        }
        for (i, &code) in self.pos.stack(from).iter().enumerate() {
            if group & (1 << i) != 0 {
                arriving[n] = code;
                n += 1;
            }
        }
        n <= def.capacity as usize && fits(game, &def.limits, &arriving[..n])
    }
}

/// Whether a stack of these pieces is legal in `game` (position files).
pub fn stack_fits(game: &Game, pieces: &[u8]) -> bool {
    game.stacks.as_ref().is_some_and(|def| pieces.len() <= def.capacity as usize && fits(game, &def.limits, pieces))
}

/// Whether a stack of these pieces meets the limits.
pub(crate) fn fits(game: &Game, limits: &[StackLimit], pieces: &[u8]) -> bool {
    let has = |t: PieceType| pieces.iter().any(|&c| game.type_of(c) == t);
    limits.iter().all(|limit| match limit {
        StackLimit::AtMost { types, count } => {
            pieces.iter().filter(|&&c| types[game.type_of(c) as usize]).count() <= *count as usize
        }
        StackLimit::OneOwner => {
            let mut owners = pieces.iter().map(|&c| game.owner_of(c)).filter(|&o| o != game.neutral());
            owners.next().is_none_or(|first| owners.all(|o| o == first))
        }
        StackLimit::OnlyWith { piece, with } => {
            !has(*piece) || pieces.iter().all(|&c| game.type_of(c) == *piece || with[game.type_of(c) as usize])
        }
        StackLimit::NotWith { piece, others } => {
            !has(*piece) || pieces.iter().all(|&c| !others[game.type_of(c) as usize])
        }
    })
}

/// Whether the pieces of `group` include one of type `piece`.
fn holds(game: &Game, stack: &[u8], group: u8, piece: PieceType) -> bool {
    stack.iter().enumerate().any(|(i, &c)| group & (1 << i) != 0 && game.type_of(c) == piece)
}

/// Whether `group` takes equal pieces lowest first (stacks are sorted, so
/// equal pieces stand next to each other): one subset per multiset.
fn canonical(stack: &[u8], group: u8) -> bool {
    (1..stack.len()).all(|i| group & (1 << i) == 0 || stack[i] != stack[i - 1] || group & (1 << (i - 1)) != 0)
}

/// Plays a group move: the group leaves its stack, the other players'
/// pieces on the destination are captured (into their owners' hands when
/// their type returns), and the group joins what stays. Returns the number
/// of pieces captured.
pub(crate) fn play_group(game: &Game, pos: &mut Position, mv: &Move) -> u32 {
    let mover = pos.to_move;
    let mut moving = [0u8; MAX_STACK];
    let mut n = 0;
    for i in (0..pos.stack(mv.from).len()).rev() {
        if mv.group & (1 << i) != 0 {
            moving[n] = remove_at(game, pos, mv.from, i);
            n += 1;
        }
    }
    let mut captured = 0;
    for i in (0..pos.stack(mv.to).len()).rev() {
        let owner = game.owner_of(pos.stack(mv.to)[i]);
        if owner != mover && owner != game.neutral() {
            let code = remove_at(game, pos, mv.to, i);
            super::apply::to_hand(game, pos, code);
            captured += 1;
        }
    }
    for &code in moving[..n].iter().rev() {
        push(game, pos, mv.to, code);
    }
    captured
}
