//! Group moves (`move group …`) in games with stacks: any part of the
//! mover's stack that holds a piece of the rule's type moves by that piece's
//! movement, with any of the neutral pieces there as passengers. Arriving,
//! the group captures the other players' pieces on the site and joins the
//! rest (or, with `found neutral: join or return`, sends the neutral pieces
//! found there to the supply); a piece from a pool may join too (`may add`).
//! The stack it builds must meet every stack limit.
//!
//! A move is its effect: equal pieces of a stack are told apart by nothing,
//! so a group takes the lowest of equal pieces first (stacks of these games
//! are kept sorted), and a site that several rules reach with the same group
//! gives one move per distinct result, named after the first rule.

use super::movegen::{View, filter_set};
use super::stack::{push, remove_at};
use super::state::{Move, NO_CHOICE, NO_DIR, Position};
use crate::board::{NO_SITE, Site, SiteSet};
use crate::game::Game;
use crate::game::limits::{MAX_GROUP_RULES, MAX_STACK};
use crate::game::rules::*;

/// `Move::taken` bit: the neutral pieces found on the destination go to the supply.
pub(crate) const RETURN_FOUND: u8 = 1;
/// `Move::taken` bit: the added piece (`Move::choice`) comes from the supply.
pub(crate) const FROM_SUPPLY: u8 = 2;

/// A stack being built, at most two stacks' worth of pieces.
struct Pieces {
    codes: [Code; MAX_STACK * 2],
    len: usize,
}

impl Pieces {
    fn push(&mut self, code: Code) {
        self.codes[self.len] = code;
        self.len += 1;
    }

    fn as_slice(&self) -> &[Code] {
        &self.codes[..self.len]
    }
}

/// For one group from one site: the sites each rule reaches (`applicable`:
/// the rules that reach any), and the types in the mover's hand and in the
/// supply.
struct Reaching<'a, S> {
    landings: &'a [S; MAX_GROUP_RULES],
    applicable: u32,
    pools: (u64, u64),
}

impl<S: SiteSet> View<'_, S> {
    /// Calls `emit` with each group move of `player` in this phase (false: stop).
    pub(crate) fn generate_groups(&self, player: Player, emit: &mut (impl FnMut(Move) -> bool + ?Sized)) -> bool {
        let game = self.game;
        let phase = &game.phases[self.pos.phase as usize];
        let neutral = game.neutral();
        let mut sets = [(S::EMPTY, S::EMPTY); MAX_GROUP_RULES];
        for (slot, rule) in sets.iter_mut().zip(&phase.moves) {
            if let MoveRule::Group { movement, .. } = rule {
                *slot = self.movement_sets(movement, player);
            }
        }
        // The types the mover's hand and the supply hold: additions of
        // other types are never possible, so they are not even tested.
        let types = game.pieces.len();
        let held = |owner: Player| {
            let hand = &self.pos.hands[owner as usize * types..(owner as usize + 1) * types];
            hand.iter().enumerate().filter(|(_, n)| **n > 0).fold(0u64, |m, (t, _)| m | 1 << t)
        };
        let pools = (held(player), held(neutral));
        for from in super::apply::owned_set::<S>(game, self.pos, player).iter() {
            let stack = self.pos.stack(from);
            let height = stack.len();
            let of =
                |owner: Player| (0..height).filter(|&i| game.owner_of(stack[i]) == owner).fold(0u8, |m, i| m | 1 << i);
            let own = of(player);
            let movable = own | of(neutral);
            // Every subset of the movable pieces with one of the mover's, each multiset once.
            let mut group = movable;
            while group != 0 {
                if group & own != 0 && canonical(stack, group) {
                    // The sites each rule reaches with this group.
                    let mut landings = [S::EMPTY; MAX_GROUP_RULES];
                    let mut reached = S::EMPTY;
                    let mut applicable = 0u32;
                    for (rule, move_rule) in phase.moves.iter().enumerate().take(MAX_GROUP_RULES) {
                        let MoveRule::Group { power, needs, movement } = move_rule else { continue };
                        if power.is_some_and(|p| !holds(game, stack, group & own, p))
                            || needs.is_some_and(|t| !stack_has(game, stack, t, player))
                        {
                            continue;
                        }
                        landings[rule] = self.landings(movement, from, sets[rule]);
                        if !landings[rule].is_empty() {
                            applicable |= 1 << rule;
                            reached = reached.or(landings[rule]);
                        }
                    }
                    let reaching = Reaching { landings: &landings, applicable, pools };
                    for to in reached.iter() {
                        if !self.arrivals(player, from, group, to, &reaching, emit) {
                            return false;
                        }
                    }
                }
                group = (group - 1) & movable;
            }
        }
        true
    }

    /// The destination and passing sets of a movement in this position.
    fn movement_sets(&self, movement: &GroupMovement, player: Player) -> (S, S) {
        let game = self.game;
        match movement {
            GroupMovement::Jump { to, over, .. } => (
                filter_set(game, self.pos, to, player),
                over.as_ref().map_or(game.board.all_sites(), |o| filter_set(game, self.pos, o, player)),
            ),
            GroupMovement::Slide { to, .. } => (filter_set(game, self.pos, to, player), S::EMPTY),
        }
    }

    /// Emits the moves of `group` from `from` to `to`: one per way of
    /// treating the neutral pieces found there and per piece a pool may
    /// add, when the stack built meets the limits.
    fn arrivals(
        &self,
        player: Player,
        from: Site,
        group: u8,
        to: Site,
        reaching: &Reaching<S>,
        emit: &mut (impl FnMut(Move) -> bool + ?Sized),
    ) -> bool {
        let game = self.game;
        let Some(def) = &game.stacks else { return true };
        let phase = &game.phases[self.pos.phase as usize];
        let neutral = game.neutral();
        let Reaching { landings, applicable, pools: (held, supplied) } = *reaching;
        let rules = || (0..MAX_GROUP_RULES).filter(move |&r| applicable & (1 << r) != 0 && landings[r].contains(to));
        let Some(first) = rules().next() else { return true };
        let power_of = |r: usize| match &phase.moves[r] {
            MoveRule::Group { power: Some(p), .. } => *p,
            _ => NO_CHOICE,
        };
        let mut mv = Move { group, ..Move::plain(first as u8, power_of(first), from, to, NO_SITE, NO_DIR) };
        // What the pools may add, over every rule that reaches `to`.
        let (mut hand, mut supply) = (0u64, 0u64);
        for addition in &phase.additions {
            let (adds, supplies) = (addition.hand & held, addition.supply & supplied);
            if (hand | adds) == hand && (supply | supplies) == supply {
                continue;
            }
            let applies = rules().any(|r| {
                let probe = Move { piece: power_of(r), ..mv };
                self.move_test(&addition.when, &probe, player)
            });
            if applies {
                hand |= adds;
                supply |= supplies;
            }
        }
        let found = self.pos.stack(to);
        let mover_there = found.iter().any(|&c| game.owner_of(c) == player);
        let neutral_found = !mover_there && found.iter().any(|&c| game.owner_of(c) == neutral);
        let choices: &[u8] = if neutral_found && def.found_choice { &[0, RETURN_FOUND] } else { &[0] };
        for &found_choice in choices {
            let mut built = Pieces { codes: [0; MAX_STACK * 2], len: 0 };
            let mut returned = 0u64;
            for &code in found {
                let owner = game.owner_of(code);
                if owner == player || (owner == neutral && found_choice == 0) {
                    built.push(code);
                } else if owner == neutral {
                    returned |= 1 << game.type_of(code);
                }
            }
            for (i, &code) in self.pos.stack(from).iter().enumerate() {
                if group & (1 << i) != 0 {
                    built.push(code);
                }
            }
            if !within(game, def, built.as_slice()) {
                continue;
            }
            mv.taken = found_choice;
            mv.choice = NO_CHOICE;
            if !emit(mv) {
                return false;
            }
            for (pool, types, owner) in [(0, hand, player), (FROM_SUPPLY, supply, neutral)] {
                for t in 0..game.pieces.len() as PieceType {
                    // Returning a found piece and adding its like from the
                    // supply leaves what joining it leaves: one move.
                    if types & (1 << t) == 0 || self.pos.hands[owner as usize * game.pieces.len() + t as usize] == 0 {
                        continue;
                    }
                    if pool == FROM_SUPPLY && returned & (1 << t) != 0 {
                        continue;
                    }
                    built.push(game.code(owner, t));
                    let fits = within(game, def, built.as_slice());
                    built.len -= 1;
                    if fits {
                        mv.taken = found_choice | pool;
                        mv.choice = t;
                        if !emit(mv) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// The sites a movement from `from` lands on, given its (destination,
    /// passable) sets in this position.
    fn landings(&self, movement: &GroupMovement, from: Site, (to, over): (S, S)) -> S {
        let mut landed = S::EMPTY;
        match movement {
            GroupMovement::Jump { jumps, .. } => {
                for &(land, passed) in &jumps[from as usize] {
                    if to.contains(land) && (passed == NO_SITE || over.contains(passed)) {
                        landed.insert(land);
                    }
                }
            }
            GroupMovement::Slide { min, max, rays, .. } => {
                let empty = self.pos.sets.get::<S>(0);
                for ray in &rays[from as usize] {
                    for (distance, &(site, passing)) in (1u8..).zip(ray) {
                        if distance > *max {
                            break;
                        }
                        if passing {
                            continue;
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
}

/// Whether a stack of these pieces is legal in `game` (position files).
pub fn stack_fits(game: &Game, pieces: &[Code]) -> bool {
    game.stacks.as_ref().is_some_and(|def| within(game, def, pieces))
}

/// Whether a stack of these pieces is no taller than a stack may be and
/// meets every limit.
fn within(game: &Game, def: &StackDef, pieces: &[Code]) -> bool {
    pieces.len() <= def.capacity as usize && fits(game, &def.limits, pieces)
}

/// Whether a stack of these pieces meets the limits.
pub(crate) fn fits(game: &Game, limits: &[StackLimit], pieces: &[Code]) -> bool {
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
fn holds(game: &Game, stack: &[Code], group: u8, piece: PieceType) -> bool {
    stack.iter().enumerate().any(|(i, &c)| group & (1 << i) != 0 && game.type_of(c) == piece)
}

/// Whether the stack holds a piece of type `piece` of `player` or nobody.
fn stack_has(game: &Game, stack: &[Code], piece: PieceType, player: Player) -> bool {
    stack
        .iter()
        .any(|&c| game.type_of(c) == piece && (game.owner_of(c) == player || game.owner_of(c) == game.neutral()))
}

/// Whether `group` takes equal pieces lowest first (stacks are sorted, so
/// equal pieces stand next to each other): one subset per multiset.
fn canonical(stack: &[Code], group: u8) -> bool {
    (1..stack.len()).all(|i| group & (1 << i) == 0 || stack[i] != stack[i - 1] || group & (1 << (i - 1)) != 0)
}

/// The number of the mover's pieces in a group move (1 for other moves).
pub(crate) fn moving(game: &Game, pos: &Position, mv: &Move) -> i64 {
    if mv.group == 0 {
        return 1;
    }
    let stack = pos.stack(mv.from);
    (0..stack.len()).filter(|&i| mv.group & (1 << i) != 0 && game.owner_of(stack[i]) == pos.to_move).count() as i64
}

/// Plays a group move: the group leaves its stack, the other players'
/// pieces on the destination are captured (into their owners' hands when
/// their type returns), neutral pieces found there go to the supply when the
/// move says so, the group joins what stays, and a piece from a pool joins
/// it. Returns the number of pieces captured.
#[inline(never)]
pub(crate) fn play_group(game: &Game, pos: &mut Position, mv: &Move) -> u32 {
    let mover = pos.to_move;
    let neutral = game.neutral();
    let mut moving: [Code; MAX_STACK] = [0; MAX_STACK];
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
        if owner != mover && owner != neutral {
            let code = remove_at(game, pos, mv.to, i);
            super::apply::to_hand(game, pos, code);
            captured += 1;
        } else if owner == neutral && mv.taken & RETURN_FOUND != 0 {
            let code = remove_at(game, pos, mv.to, i);
            change_hand(game, pos, neutral, game.type_of(code), 1);
        }
    }
    for &code in moving[..n].iter().rev() {
        push(game, pos, mv.to, code);
    }
    if mv.choice != NO_CHOICE {
        let owner = if mv.taken & FROM_SUPPLY != 0 { neutral } else { mover };
        change_hand(game, pos, owner, mv.choice, -1);
        push(game, pos, mv.to, game.code(owner, mv.choice));
    }
    captured
}

/// Adds `delta` pieces of a type to a hand, keeping the hash right.
fn change_hand(game: &Game, pos: &mut Position, owner: Player, piece: PieceType, delta: i32) {
    let slot = owner as usize * game.pieces.len() + piece as usize;
    let count = pos.hands[slot];
    let now = (count as i32 + delta).max(0) as u16;
    pos.hash ^= game.zobrist.hand(owner as usize, piece as usize, count)
        ^ game.zobrist.hand(owner as usize, piece as usize, now);
    pos.hands[slot] = now;
}

/// The hash of the position a group move leads to, worked out from the two
/// stacks and the hands it changes, without playing it. `None` when the
/// phase may change more than that (`next` rules, promotions): the caller
/// then plays the move on a scratch position.
pub(crate) fn hash_after(game: &Game, pos: &Position, mv: &Move) -> Option<u64> {
    let phase = &game.phases[pos.phase as usize];
    if mv.group == 0 || !phase.next.is_empty() || !phase.promotions.is_empty() {
        return None;
    }
    let z = &game.zobrist;
    let (mover, neutral) = (pos.to_move, game.neutral());
    let unordered = game.stacks.as_ref().is_some_and(|s| s.unordered);
    let stacked = |site: Site, pieces: &[Code]| super::stack::stack_hash(game, site, pieces);
    let mut hash = pos.hash ^ stacked(mv.from, pos.stack(mv.from)) ^ stacked(mv.to, pos.stack(mv.to));
    // What stays on the start, and what stands on the destination after.
    let (mut rest, mut arrived) =
        (Pieces { codes: [0; MAX_STACK * 2], len: 0 }, Pieces { codes: [0; MAX_STACK * 2], len: 0 });
    let mut group = Pieces { codes: [0; MAX_STACK * 2], len: 0 };
    for (i, &code) in pos.stack(mv.from).iter().enumerate() {
        if mv.group & (1 << i) != 0 { group.push(code) } else { rest.push(code) }
    }
    // Hands touched, with their counts so far: (owner, type, count).
    let mut hands: [(Player, PieceType, u16); MAX_STACK * 2] = [(0, 0, 0); MAX_STACK * 2];
    let mut touched = 0;
    let mut change = |hash: &mut u64, owner: Player, piece: PieceType, delta: i32| {
        let at = match hands[..touched].iter().position(|&(o, p, _)| (o, p) == (owner, piece)) {
            Some(at) => at,
            None => {
                hands[touched] = (owner, piece, pos.hands[owner as usize * game.pieces.len() + piece as usize]);
                touched += 1;
                touched - 1
            }
        };
        let count = hands[at].2;
        let now = (count as i32 + delta).clamp(0, crate::game::limits::MAX_HAND as i32) as u16;
        *hash ^= z.hand(owner as usize, piece as usize, count) ^ z.hand(owner as usize, piece as usize, now);
        hands[at].2 = now;
    };
    for &code in pos.stack(mv.to) {
        let (owner, piece) = (game.owner_of(code), game.type_of(code));
        if owner != mover && owner != neutral {
            if let Some((hand, piece)) = game.returned(code, mover) {
                change(&mut hash, hand, piece, 1);
            }
        } else if owner == neutral && mv.taken & RETURN_FOUND != 0 {
            change(&mut hash, neutral, piece, 1);
        } else {
            arrived.push(code);
        }
    }
    for &code in group.as_slice() {
        arrived.push(code);
    }
    if mv.choice != NO_CHOICE {
        let owner = if mv.taken & FROM_SUPPLY != 0 { neutral } else { mover };
        change(&mut hash, owner, mv.choice, -1);
        arrived.push(game.code(owner, mv.choice));
    }
    if unordered {
        arrived.codes[..arrived.len].sort_unstable();
    }
    hash ^= stacked(mv.from, rest.as_slice()) ^ stacked(mv.to, arrived.as_slice());
    let next = ((mover as usize + 1) % game.players.len()) as Player;
    Some(hash ^ z.to_move(mover as usize) ^ z.to_move(next as usize))
}
