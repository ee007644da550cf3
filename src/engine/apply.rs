//! Applying a move: the piece moves, its effects run, counters and phase
//! change, then the end rules, the repetition rule and the blocked rule
//! decide what comes next. Nothing here allocates.

use super::chain::Reach;
use super::movegen::{View, filter_set};
use super::outcome::{OutcomeCode, Reason};
use super::state::{Move, NO_CHOICE, NO_DIR, Position, State};
use crate::board::{NO_SITE, SetTable, Site, SiteSet, Sites};
use crate::game::Game;
use crate::game::rules::*;
use crate::with_width;

impl State {
    /// Applies a legal move. Applying a move that is not legal here is a logic
    /// error of the caller: `notation::parse_move` checks moves from outside.
    pub fn apply(&mut self, mv: &Move) {
        let mover = self.apply_unsettled(mv);
        self.settle_turn(mover);
    }

    /// `apply` without the blocked rule: the caller must call
    /// `settle_turn(mover)` with the returned mover before trusting that the
    /// player to move has a move (random playouts do so only when the legal
    /// move list comes back empty, sparing a search per ply).
    pub(crate) fn apply_unsettled(&mut self, mv: &Move) -> Player {
        let State { game, pos } = self;
        let game = &**game;
        let mover = pos.to_move;
        let phase_index = pos.phase as usize;
        advance(game, pos, mv);
        conclude(game, pos, phase_index, mover);
        mover
    }

    /// `apply_unsettled` that leaves the end rules' `blocked` unasked when
    /// the game goes on either way unless the player to move is blocked:
    /// a random playout learns that from the next move it draws (none
    /// means blocked) instead of searching for one now. When a pending
    /// answer is returned, the caller calls `settle_pending` if the player
    /// to move turns out to have no move; the game is then the same as
    /// `apply_unsettled` would have made it.
    pub(crate) fn apply_deferring(&mut self, mv: &Move) -> (Player, Option<PendingEnd>) {
        if !self.game.end_reads_blocked {
            return (self.apply_unsettled(mv), None);
        }
        let State { game, pos } = self;
        let game = &**game;
        let mover = pos.to_move;
        let phase = pos.phase as usize;
        advance(game, pos, mv);
        if pos.outcome.is_some() {
            return (mover, None);
        }
        if end_check_with(game, pos, phase, mover, &Memo::knowing_blocked(false)).is_some()
            || repetition_ends(game, pos)
        {
            // The game may end here: the rules' order decides, so ask now.
            conclude(game, pos, phase, mover);
            return (mover, None);
        }
        repetition_check(game, pos, mover);
        (mover, Some(PendingEnd { phase, mover }))
    }

    /// The end rules of a deferred move, now that the player to move is
    /// known to be blocked.
    pub(crate) fn settle_pending(&mut self, pending: PendingEnd) {
        let blocked = Memo::knowing_blocked(true);
        self.pos.outcome = end_check_with(&self.game, &self.pos, pending.phase, pending.mover, &blocked);
    }

    /// `apply`, then the legal moves of the position reached into `buf`:
    /// a search for whether the player to move is blocked is made only when
    /// the list comes back empty (the same position and list as `apply`
    /// followed by `legal_moves`).
    pub fn apply_listing(&mut self, mv: &Move, buf: &mut Vec<Move>) {
        let (mover, pending) = self.apply_deferring(mv);
        self.legal_moves(buf);
        if buf.is_empty() {
            if let Some(pending) = pending {
                self.settle_pending(pending);
            }
            self.settle_turn(mover);
            self.legal_moves(buf);
        }
    }

    /// Decides who really moves next when the player due to move is blocked.
    pub(crate) fn settle_turn(&mut self, last_mover: Player) {
        // A blocked rule may lead to another phase, where the player due
        // may be blocked again: a few such steps, then nobody can move.
        for _ in 0..MAX_BLOCKED_STEPS {
            if !self.settle_once(last_mover) {
                return;
            }
        }
        if self.pos.outcome.is_none() && !self.has_move(self.pos.to_move) {
            self.pos.outcome = Some(OutcomeCode::draw(Reason::NobodyCanMove));
        }
    }

    /// One step of `settle_turn`; true when the game went on in another
    /// phase, to be settled again.
    fn settle_once(&mut self, last_mover: Player) -> bool {
        if self.pos.outcome.is_some() || self.has_move(self.pos.to_move) {
            return false;
        }
        let blocked = self.pos.to_move;
        let game = &*self.game;
        let rules = &game.phases[self.pos.phase as usize].blocked;
        let action = rules
            .iter()
            .find(|(when, _)| when.as_ref().is_none_or(|w| test_game(game, &self.pos, w, blocked)))
            .map_or(BlockedAction::Lose, |(_, action)| *action);
        let outcome = match action {
            BlockedAction::Skip if blocked != last_mover && self.has_move(last_mover) => {
                let z = &self.game.zobrist;
                self.pos.hash ^= z.to_move(blocked as usize) ^ z.to_move(last_mover as usize);
                self.pos.to_move = last_mover;
                if let Some(last) = self.pos.history.last_mut() {
                    *last = self.pos.hash;
                }
                return false;
            }
            BlockedAction::Next { phase, pass_turn } => {
                let z = &self.game.zobrist;
                self.pos.hash ^= z.phase(self.pos.phase as usize) ^ z.phase(phase);
                self.pos.phase = phase as u8;
                if pass_turn {
                    let next = ((blocked as usize + 1) % self.game.players.len()) as Player;
                    self.pos.hash ^= z.to_move(blocked as usize) ^ z.to_move(next as usize);
                    self.pos.to_move = next;
                }
                if let Some(last) = self.pos.history.last_mut() {
                    *last = self.pos.hash;
                }
                return true;
            }
            BlockedAction::Skip => OutcomeCode::draw(Reason::NobodyCanMove),
            // `has_move` counts the pass: never reached.
            BlockedAction::Pass => return false,
            BlockedAction::Lose => OutcomeCode::loss(&self.game, blocked, Reason::Blocked),
            BlockedAction::Draw => OutcomeCode::draw(Reason::Blocked),
        };
        self.pos.outcome = Some(outcome);
        false
    }
}

/// Records a move of `phase` as the last one made (`last_from`, `last_to`).
/// A throw or an action names no site: the last move's sites stay.
pub(crate) fn note_last_move(phase: &PhaseDef, pos: &mut Position, mv: &Move) {
    if mv.from == NO_SITE && mv.to == NO_SITE {
        return;
    }
    pos.last_from = mv.from;
    pos.last_to = mv.to;
    pos.last_to_second = NO_SITE;
    if phase.together
        && let Some(MoveRule::Together { .. }) = phase.moves.get(mv.rule as usize)
    {
        pos.last_to_second = mv.second().1;
    }
}

/// How many `when blocked: next …` steps one move may lead to.
const MAX_BLOCKED_STEPS: usize = 8;

/// A move's whole change to the position, short of deciding the game: the
/// pieces, counters, phase, player to move and ply. `apply` adds the end
/// rules, repetition and the blocked rule; the repetition ban tries moves
/// with this alone on a scratch position.
pub(crate) fn advance(game: &Game, pos: &mut Position, mv: &Move) {
    let mover = pos.to_move;
    let phase_index = pos.phase as usize;
    let phase = &game.phases[phase_index];
    let z = &game.zobrist;
    let (captured, promoted) = play_move(game, pos, mv);
    pos.last_captured = captured;

    note_last_move(phase, pos, mv);
    // An action's effects, and `after move` blocks, may say where the game goes.
    let mut said_next = None;
    let mut said_turn = None;
    if mv.is_action()
        && let Some(MoveRule::Action { effects, .. }) = phase.moves.get(mv.rule as usize)
    {
        super::effects::run_effects(game, pos, effects, mover, &mut said_next, &mut said_turn);
    }
    for update in &phase.after_move {
        if update.piece.is_none_or(|p| p == mv.piece) {
            update_counter(game, pos, update, mover);
        }
    }
    if captured > 0 {
        for update in &phase.after_capture {
            if update.piece.is_none_or(|p| p == mv.piece) {
                update_counter(game, pos, update, mover);
            }
        }
    }
    if promoted {
        for update in &phase.after_promotion {
            if update.piece.is_none_or(|p| p == mv.piece) {
                update_counter(game, pos, update, mover);
            }
        }
    }
    if !phase.after_effects.is_empty() && pos.outcome.is_none() {
        super::effects::run_effects(game, pos, &phase.after_effects, mover, &mut said_next, &mut said_turn);
    }
    // Effects that say where the game goes decide; otherwise the first
    // `next` rule that applies.
    let next_rule = match said_next {
        Some(next) => Some(next),
        None => phase
            .next
            .iter()
            .find(|r| r.when.as_ref().is_none_or(|w| test_game(game, pos, w, mover)))
            .map(|r| (r.phase, r.pass_turn)),
    };
    if let Some((target, _)) = next_rule {
        pos.hash ^= z.phase(phase_index) ^ z.phase(target);
        pos.phase = target as u8;
    }
    // The turn passes after a move, unless the phase keeps it (a throw of
    // the dice always does) and no `next … passing the turn` applied.
    let passes = match said_turn {
        // `turn stays|passes` said for this move decides.
        Some(stays) => !stays,
        None => next_rule.is_some_and(|(_, pass)| pass) || !(phase.turn_stays || phase.chance),
    };
    if passes {
        let next = game.next_player(mover);
        pos.hash ^= z.to_move(mover as usize) ^ z.to_move(next as usize);
        pos.to_move = next;
    }
    pos.ply += 1;
    if pos.passes != 0 || mv.is_pass() {
        pos.passes = if mv.is_pass() { pos.passes.saturating_add(1) } else { 0 };
    }
}

/// Moves the pieces: the move itself, its effects and promotions. Counters,
/// phase, turn and outcome are left to `apply`; the royal test uses this
/// alone on a scratch position. Returns (pieces captured, promoted?).
pub(crate) fn play_move(game: &Game, pos: &mut Position, mv: &Move) -> (u32, bool) {
    let types = game.pieces.len();
    let mover = pos.to_move;
    let phase = &game.phases[pos.phase as usize];
    let z = &game.zobrist;
    let mut captured = 0u32;
    let mut promoted = false;
    if phase.chance {
        throw_dice(game, pos, mv.choice);
        return (0, false);
    }
    // A pass names a rule no phase has: nothing moves.
    let Some(rule) = phase.moves.get(mv.rule as usize) else { return (0, false) };
    match rule {
        MoveRule::Together { .. } => {
            let (from, to) = mv.second();
            super::together::relocate(game, pos, mv.from, mv.to);
            super::together::relocate(game, pos, from, to);
        }
        MoveRule::Place { piece, neutral, effects, .. } => {
            // A piece nobody owns comes from no hand.
            let owner = if *neutral { game.neutral() } else { mover };
            place_piece(game, pos, mv.to, *piece, owner, !*neutral);
            for effect in effects {
                captured += run_effect(game, pos, effect, mv, mover);
            }
        }
        MoveRule::Group { .. } => captured += super::group::play_group(game, pos, mv),
        MoveRule::Action { .. } => {}
        MoveRule::Sow { track, skip, skip_start, .. } => {
            super::sow::play_sow(game, pos, mv, *track, skip.as_ref(), *skip_start)
        }
        MoveRule::Advance(advance) => captured += super::race::play_advance(game, pos, advance, mv),
        MoveRule::Move { effects, keeps_dir, .. } => {
            // A chain's path is found in the position before the move (a
            // trail, replayed as it is, needs none).
            let chain = match super::chain::chain_of(rule) {
                Some((chain, Reach::Hops(_))) if !chain.by_captures => None,
                Some(_) if !effects.is_empty() => {
                    with_width!(game.board.width, S => super::movegen::View::<S>::new(game, pos).chain_path(mv, mover))
                }
                _ => None,
            };
            // `capture on` sees the position before the move, as move generation does.
            for effect in effects.iter().filter(|e| matches!(e, EffectOp::CaptureOn { .. })) {
                captured += run_effect(game, pos, effect, mv, mover);
            }
            let state = if *keeps_dir && mv.dir != NO_DIR { mv.dir + 1 } else { pos.states[mv.from as usize] };
            set_state(game, pos, mv.from, 0);
            if game.counted {
                // One piece of the heap goes; it joins its like or takes what stands there.
                captured += super::heap::move_one(game, pos, mv.from, mv.to);
            } else {
                if mv.to != mv.from && pos.cells[mv.to as usize] != 0 {
                    capture(game, pos, mv.to);
                    captured += 1;
                }
                relocate(game, pos, mv.from, mv.to);
            }
            set_state(game, pos, mv.to, state);
            if let Some((kind, reach)) = super::chain::chain_of(rule) {
                // A chain's only effect is `capture over`: every piece it passed over.
                match reach {
                    Reach::Hops(jumps) if !kind.by_captures && !effects.is_empty() => {
                        for (over, _) in super::chain::trail_hops(jumps, mv) {
                            capture(game, pos, over);
                            captured += 1;
                        }
                    }
                    _ => {
                        for &(over, _) in chain.as_ref().map_or(&[][..], |path| path.links()) {
                            capture(game, pos, over);
                            captured += 1;
                        }
                    }
                }
            } else {
                for effect in effects.iter().filter(|e| !matches!(e, EffectOp::CaptureOn { .. })) {
                    captured += run_effect(game, pos, effect, mv, mover);
                }
            }
            if mv.choice != NO_CHOICE {
                // A promotion to a chosen type takes nothing from the hand.
                let from_hand = phase.promotions.iter().any(|p| p.piece == mv.piece && p.to.is_empty());
                let slot = mover as usize * types + mv.choice as usize;
                let count = pos.hands[slot];
                if from_hand {
                    pos.hash ^= z.hand(mover as usize, mv.choice as usize, count)
                        ^ z.hand(mover as usize, mv.choice as usize, count - 1);
                    pos.hands[slot] = count - 1;
                }
                set_state(game, pos, mv.to, 0);
                take(game, pos, mv.to);
                put(game, pos, mv.to, game.code(mover, mv.choice));
                promoted = true;
            }
        }
    }
    if !phase.promotions.is_empty() {
        promoted |= waiting_promotions(game, pos, phase);
    }
    if mv.then != NO_SITE
        && let Some(follow) = rule.follow_up()
    {
        captured += super::follow_up::play_follow_up(game, pos, follow, mv.then, mover);
    }
    (captured, promoted)
}

/// Puts a new piece of `owner`'s on `site` (on top, in a game with stacks),
/// taken from the owner's hand when `from_hand`.
pub(crate) fn place_piece(
    game: &Game,
    pos: &mut Position,
    site: Site,
    piece: PieceType,
    owner: Player,
    from_hand: bool,
) {
    let z = &game.zobrist;
    if from_hand {
        let slot = owner as usize * game.pieces.len() + piece as usize;
        let count = pos.hands[slot];
        pos.hash ^= z.hand(owner as usize, piece as usize, count) ^ z.hand(owner as usize, piece as usize, count - 1);
        pos.hands[slot] = count - 1;
    }
    if game.stacks.is_some() {
        super::stack::push(game, pos, site, game.code(owner, piece));
    } else if game.counted {
        let code = game.code(owner, piece);
        let there = pos.cells[site as usize];
        if there != 0 && there != code {
            super::heap::capture_all(game, pos, site);
        }
        super::heap::add(game, pos, site, code, 1);
    } else {
        put(game, pos, site, game.code(owner, piece));
    }
    if game.pieces[piece as usize].remembers_moving {
        // A placed piece has not moved yet.
        pos.unmoved.insert(0, site);
        pos.hash ^= z.unmoved(site as usize);
    }
}

/// The value of a quantity in a position, `mover` deciding whose counter a
/// per-player one is.
pub(crate) fn quantity(game: &Game, pos: &Position, value: &Quantity, mover: Player) -> i64 {
    match value {
        Quantity::Number(n) => *n,
        Quantity::Counter(c) => pos.counters[*c],
        Quantity::OfPlayer { base, who } => pos.counters[base + resolve(game, *who, mover) as usize],
        Quantity::Die(d) => pos.dice.get(*d).copied().unwrap_or(0) as i64,
        Quantity::Sum(parts) => parts.iter().map(|p| quantity(game, pos, p, mover)).sum(),
        Quantity::Size(p) => with_width!(game.board.width, S => {
            super::pattern::runs::<S>(game, pos, &game.patterns[*p], mover).0.len() as i64
        }),
        Quantity::Longest(p) => with_width!(game.board.width, S => {
            super::pattern::runs::<S>(game, pos, &game.patterns[*p], mover).1 as i64
        }),
        Quantity::Sites(filter) => {
            with_width!(game.board.width, S => filter_set::<S>(game, pos, filter, mover).len() as i64)
        }
        Quantity::Pieces(filter) => with_width!(game.board.width, S => {
            filter_set::<S>(game, pos, filter, mover).iter().map(|s| pos.pieces_on(s) as i64).sum()
        }),
        Quantity::Plies => pos.ply as i64,
        Quantity::Count(count) => {
            let (who, types, region) = &**count;
            count_pieces(game, pos, resolve(game, *who, mover), types, region.as_ref())
        }
        Quantity::Hand(hand) => {
            let (who, types) = &**hand;
            let owner = resolve(game, *who, mover) as usize;
            let row = &pos.hands[owner * game.pieces.len()..(owner + 1) * game.pieces.len()];
            match types.is_empty() {
                true => row.iter().map(|&n| n as i64).sum(),
                false => types.iter().map(|&t| row[t as usize] as i64).sum(),
            }
        }
        Quantity::Captured => pos.last_captured as i64,
        Quantity::Territory(territory) => {
            let (who, neighbours) = &**territory;
            let owner = resolve(game, *who, mover);
            with_width!(game.board.width, S => super::liberty::territory::<S>(game, pos, neighbours, owner))
        }
        Quantity::Groups(groups) => {
            let (who, neighbours) = &**groups;
            let owner = resolve(game, *who, mover);
            with_width!(game.board.width, S => super::connection::groups(neighbours, owned_set::<S>(game, pos, owner)))
        }
    }
}

/// Shows the dice's outcome number `outcome`: their values stay in the
/// position until the next throw.
#[inline(never)]
fn throw_dice(game: &Game, pos: &mut Position, outcome: u8) {
    let Some(dice) = &game.dice else { return };
    let Some((values, _)) = dice.outcomes.get(outcome as usize) else { return };
    for (die, &value) in values.iter().enumerate() {
        pos.hash ^= game.zobrist.die(die, pos.dice[die]) ^ game.zobrist.die(die, value);
        pos.dice[die] = value;
    }
    super::race::refill(game, pos);
}

/// Captures the piece on `site`: it leaves the board, into its owner's hand
/// if its type `returns`.
pub(crate) fn capture(game: &Game, pos: &mut Position, site: Site) {
    if game.counted {
        super::heap::capture_all(game, pos, site);
        return;
    }
    let code = pos.cells[site as usize];
    set_state(game, pos, site, 0);
    take(game, pos, site);
    to_hand(game, pos, code);
}

/// A captured piece goes to a hand if its type `returns` (its owner's, or
/// with `to capturer` the player moving's, as `returns as` says), else
/// leaves the game.
pub(crate) fn to_hand(game: &Game, pos: &mut Position, code: Code) {
    if let Some((hand, piece)) = game.returned(code, pos.to_move) {
        let (owner, piece) = (hand as usize, piece as usize);
        let slot = owner * game.pieces.len() + piece;
        let count = pos.hands[slot];
        if (count as i64) < crate::game::limits::MAX_HAND {
            pos.hash ^= game.zobrist.hand(owner, piece, count) ^ game.zobrist.hand(owner, piece, count + 1);
            pos.hands[slot] = count + 1;
        }
    }
}

/// Sets the state of the piece on `site`, keeping the hash right.
#[inline]
fn set_state(game: &Game, pos: &mut Position, site: Site, state: crate::board::Dir) {
    let old = pos.states[site as usize];
    if old != state {
        pos.hash ^= game.zobrist.state(site as usize, old) ^ game.zobrist.state(site as usize, state);
        pos.states[site as usize] = state;
    }
}

/// Promotions that were waiting for a piece in hand: each piece standing on
/// a promotion site whose owner now holds a piece is exchanged for the first
/// type held. Returns whether any happened.
fn waiting_promotions(game: &Game, pos: &mut Position, phase: &PhaseDef) -> bool {
    with_width!(game.board.width, S => waiting_promotions_at::<S>(game, pos, phase))
}

fn waiting_promotions_at<S: SiteSet>(game: &Game, pos: &mut Position, phase: &PhaseDef) -> bool {
    let types = game.pieces.len();
    let mut promoted = false;
    for rule in phase.promotions.iter().filter(|p| p.to.is_empty()) {
        for owner in 0..game.players.len() {
            let code = game.code(owner as Player, rule.piece);
            let standing: S = pos.sets.get(code as usize);
            if standing.is_empty() {
                continue;
            }
            let on = filter_set::<S>(game, pos, &rule.on, owner as Player);
            for site in standing.and(on).iter() {
                let Some(choice) = (0..types).find(|&t| pos.hands[owner * types + t] > 0) else {
                    break;
                };
                let count = pos.hands[owner * types + choice];
                pos.hash ^= game.zobrist.hand(owner, choice, count) ^ game.zobrist.hand(owner, choice, count - 1);
                pos.hands[owner * types + choice] = count - 1;
                set_state(game, pos, site, 0);
                take(game, pos, site);
                put(game, pos, site, game.code(owner as Player, choice as PieceType));
                promoted = true;
            }
        }
    }
    promoted
}

/// Takes every piece on `site` off the board, as a capture does.
pub(crate) fn remove_piece(game: &Game, pos: &mut Position, site: Site) {
    if game.stacks.is_some() {
        while pos.heights[site as usize] > 0 {
            let top = pos.heights[site as usize] as usize - 1;
            let code = super::stack::remove_at(game, pos, site, top);
            to_hand(game, pos, code);
        }
    } else if pos.cells[site as usize] != 0 {
        capture(game, pos, site);
    }
}

/// Removes the piece on `site`.
#[inline]
pub(crate) fn take(game: &Game, pos: &mut Position, site: Site) {
    if game.counted {
        super::heap::take(game, pos, site, u16::MAX);
        return;
    }
    let code = pos.cells[site as usize];
    if game.tracks_unmoved && pos.unmoved.contains(0, site) {
        pos.unmoved.remove(0, site);
        pos.hash ^= game.zobrist.unmoved(site as usize);
    }
    pos.hash ^= game.zobrist.cell(site as usize, code);
    pos.counts[game.owner_of(code) as usize * game.pieces.len() + game.type_of(code) as usize] -= 1;
    pos.cells[site as usize] = 0;
    pos.sets.remove(code as usize, site);
    pos.sets.insert(0, site);
}

/// Moves the piece on `from` to `to`, empty or `from` itself: `take`
/// then `put`, with the piece counts left as they are.
#[inline]
fn relocate(game: &Game, pos: &mut Position, from: Site, to: Site) {
    let code = pos.cells[from as usize];
    if game.tracks_unmoved && pos.unmoved.contains(0, from) {
        pos.unmoved.remove(0, from);
        pos.hash ^= game.zobrist.unmoved(from as usize);
    }
    pos.hash ^= game.zobrist.cell(from as usize, code) ^ game.zobrist.cell(to as usize, code);
    pos.cells[from as usize] = 0;
    pos.cells[to as usize] = code;
    // In this order a move onto its own start leaves the sets as they were.
    pos.sets.insert(0, from);
    pos.sets.remove(0, to);
    pos.sets.remove(code as usize, from);
    pos.sets.insert(code as usize, to);
}

/// Puts a piece on an empty `site`.
#[inline]
pub(crate) fn put(game: &Game, pos: &mut Position, site: Site, code: Code) {
    if game.counted {
        super::heap::add(game, pos, site, code, 1);
        return;
    }
    pos.hash ^= game.zobrist.cell(site as usize, code);
    pos.counts[game.owner_of(code) as usize * game.pieces.len() + game.type_of(code) as usize] += 1;
    pos.cells[site as usize] = code;
    pos.sets.remove(0, site);
    pos.sets.insert(code as usize, site);
}

/// Turns over a reversible piece: it passes to the other of the two players.
/// Other pieces, and pieces nobody owns, stay as they are.
fn flip(game: &Game, pos: &mut Position, site: Site) {
    let code = pos.cells[site as usize];
    if code == 0 || !game.pieces[game.type_of(code) as usize].reversible {
        return;
    }
    let owner = game.owner_of(code);
    if (owner as usize) < game.players.len() {
        let other = ((owner as usize + 1) % game.players.len()) as Player;
        take(game, pos, site);
        put(game, pos, site, game.code(other, game.type_of(code)));
    }
}

/// Runs one effect of a move that has arrived; returns the pieces captured.
fn run_effect(game: &Game, pos: &mut Position, effect: &EffectOp, mv: &Move, mover: Player) -> u32 {
    let mut captured = 0;
    let at = mv.to;
    match effect {
        EffectOp::Flip { site } => {
            let site = mv.site(*site, &game.board);
            if site != NO_SITE {
                flip(game, pos, site);
            }
        }
        EffectOp::CaptureAt { .. } => {
            let at = with_width!(game.board.width, S => {
                View::<S> { legal: false, ..View::new(game, pos) }.captured_at(effect, mv, mover)
            });
            if at != NO_SITE {
                capture(game, pos, at);
                captured += 1;
            }
        }
        EffectOp::FlipCustodial { dirs, .. } => {
            for &dir in dirs {
                let run = super::outflank::bracketed(game, pos, at, dir, mover, NO_SITE);
                let mut site = game.board.next(at, dir);
                for _ in 0..run {
                    flip(game, pos, site);
                    site = game.board.next(site, dir);
                }
            }
        }
        EffectOp::CaptureOn { filter } => {
            with_width!(game.board.width, S => {
                let doomed = filter_set::<S>(game, pos, filter, mover);
                for site in doomed.iter() {
                    let code = pos.cells[site as usize];
                    let owner = game.owner_of(code);
                    if code != 0 && owner != mover && (owner as usize) < game.players.len() {
                        capture(game, pos, site);
                        captured += 1;
                    }
                }
            })
        }
        EffectOp::CaptureCustodial { dirs, length, limits: Some(limits) } => {
            captured += super::custodial::capture_limited(game, pos, at, dirs, *length, limits, mover);
        }
        EffectOp::CaptureCustodial { dirs, length, limits: None } => {
            for &dir in dirs {
                let run = super::custodial::closed_run(game, pos, at, dir, mover, |_| true, |_| false);
                if length.holds(run) {
                    super::custodial::take_run(game, pos, at, dir, run);
                    captured += run;
                }
            }
        }
    }
    captured
}

/// The sites holding pieces of `owner` (a player or neutral).
#[inline]
pub(crate) fn owned_set<S: SiteSet>(game: &Game, pos: &Position, owner: Player) -> S {
    (0..game.pieces.len() as PieceType).fold(S::EMPTY, |acc, t| acc.or(pos.sets.get(game.code(owner, t) as usize)))
}

/// The sites holding pieces of players other than `player` (not neutral ones).
#[inline]
pub(crate) fn enemy_set<S: SiteSet>(game: &Game, pos: &Position, player: Player) -> S {
    (0..game.players.len() as Player).filter(|&p| p != player).fold(S::EMPTY, |acc, p| acc.or(owned_set(game, pos, p)))
}

/// Runs a counter update of a move by `mover`, when its condition holds.
#[inline]
pub(crate) fn update_counter(game: &Game, pos: &mut Position, update: &CounterUpdate, mover: Player) {
    // The common update, a fixed counter by a number, without a condition.
    if let (None, CounterRef::Fixed(c), Quantity::Number(amount)) = (&update.when, update.counter, &update.amount) {
        set_counter(game, pos, c, update.op.applied(pos.counters[c], *amount));
        return;
    }
    update_counter_in_general(game, pos, update, mover);
}

/// `update_counter` for conditions, per-player counters and amounts read
/// from the position.
#[inline(never)]
fn update_counter_in_general(game: &Game, pos: &mut Position, update: &CounterUpdate, mover: Player) {
    if update.when.as_ref().is_some_and(|w| !test_game(game, pos, w, mover)) {
        return;
    }
    let amount = quantity(game, pos, &update.amount, mover);
    let counter = match update.counter {
        CounterRef::Fixed(c) => c,
        CounterRef::OfPlayer { base, who } => base + resolve(game, who, mover) as usize,
    };
    set_counter(game, pos, counter, update.op.applied(pos.counters[counter], amount));
}

/// Sets a counter, keeping the hash right for counters in the position.
#[inline]
pub(crate) fn set_counter(game: &Game, pos: &mut Position, counter: usize, value: i64) {
    let old = pos.counters[counter];
    if old != value && !game.counters[counter].clock {
        pos.hash ^= game.zobrist.counter(counter, old) ^ game.zobrist.counter(counter, value);
    }
    pos.counters[counter] = value;
}

#[inline]
pub(crate) fn resolve(game: &Game, who: Who, mover: Player) -> Player {
    match who {
        Who::Mover => mover,
        Who::Opponent => game.next_player(mover),
        Who::Player(p) => p,
    }
}

/// Pieces on the board owned by `owner` (of one type, or all).
#[inline]
pub(crate) fn count(game: &Game, pos: &Position, owner: Player, piece: Option<PieceType>) -> u32 {
    let types = game.pieces.len();
    let row = &pos.counts[owner as usize * types..(owner as usize + 1) * types];
    match piece {
        Some(p) => row[p as usize] as u32,
        None => row.iter().map(|&c| c as u32).sum(),
    }
}

/// Pieces of `owner` of the types (all when empty), on `region` if given
/// (every piece of a stack counts there).
fn count_pieces(game: &Game, pos: &Position, owner: Player, types: &[PieceType], region: Option<&Sites>) -> i64 {
    let Some(region) = region else {
        let n: u32 = if types.is_empty() {
            count(game, pos, owner, None)
        } else {
            types.iter().map(|&t| count(game, pos, owner, Some(t))).sum()
        };
        return n as i64;
    };
    let counted = |code: Code| {
        code != 0 && game.owner_of(code) == owner && (types.is_empty() || types.contains(&game.type_of(code)))
    };
    region
        .iter()
        .map(|site| match game.stacks {
            Some(_) => pos.stack(site).iter().filter(|&&c| counted(c)).count() as i64,
            None => counted(pos.cells[site as usize]) as i64,
        })
        .sum()
}

/// Evaluates a condition on the game, seen from the player who just moved.
pub(crate) fn test_game(game: &Game, pos: &Position, test: &GameTest, mover: Player) -> bool {
    test_game_with(game, pos, test, mover, &Memo::default())
}

/// End rules waiting to know whether the player to move is blocked
/// (`State::apply_deferring`): the phase the move was made in and its mover.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PendingEnd {
    phase: usize,
    mover: Player,
}

/// What one round of tests has found out already: end rules are tested one
/// after the other on one position, and "blocked" (a search for a legal
/// move) is often asked by several of them (checkmate, then stalemate).
#[derive(Default)]
struct Memo {
    blocked: std::cell::Cell<Option<bool>>,
}

impl Memo {
    /// Tests that take `blocked` as given (see `State::apply_deferring`).
    fn knowing_blocked(blocked: bool) -> Memo {
        Memo { blocked: std::cell::Cell::new(Some(blocked)) }
    }
}

fn test_game_with(game: &Game, pos: &Position, test: &GameTest, mover: Player, memo: &Memo) -> bool {
    quick_test(game, pos, test, mover).unwrap_or_else(|| test_in_general(game, pos, test, mover, memo))
}

/// The answer to the tests that end rules ask most (a counter, a piece
/// count, empty hands), found where it is asked; `None` for the others.
#[inline(always)]
fn quick_test(game: &Game, pos: &Position, test: &GameTest, mover: Player) -> Option<bool> {
    match test {
        GameTest::Counter { counter, op, value } => Some(op.holds(pos.counters[*counter], *value)),
        GameTest::Count { who, types, region: None, op, value } if types.is_empty() => {
            Some(op.holds(count(game, pos, resolve(game, *who, mover), None) as i64, *value))
        }
        GameTest::HandsEmpty => Some(pos.hands[..game.players.len() * game.pieces.len()].iter().all(|&h| h == 0)),
        _ => None,
    }
}

#[inline(never)]
fn test_in_general(game: &Game, pos: &Position, test: &GameTest, mover: Player, memo: &Memo) -> bool {
    match test {
        // Answered by `quick_test` before this is called.
        GameTest::HandsEmpty | GameTest::Counter { .. } => quick_test(game, pos, test, mover) == Some(true),
        GameTest::Count { who, types, region: Some(region), op, value } => {
            op.holds(count_pieces(game, pos, resolve(game, *who, mover), types, Some(region)), *value)
        }
        GameTest::Count { who, types, op, value, .. } => {
            let owner = resolve(game, *who, mover);
            let n = if types.is_empty() {
                count(game, pos, owner, None)
            } else {
                types.iter().map(|&t| count(game, pos, owner, Some(t))).sum()
            };
            op.holds(n as i64, *value)
        }
        GameTest::Blocked => match memo.blocked.get() {
            Some(known) => known,
            None => {
                let known = blocked(game, pos, pos.to_move);
                memo.blocked.set(Some(known));
                known
            }
        },
        GameTest::AllBlocked => (0..game.players.len() as Player).all(|player| blocked(game, pos, player)),
        GameTest::MoverIs(player) => mover == *player,
        GameTest::Repeated => pos.history.contains(&pos.hash),
        GameTest::Connected { who, from, to } => connected(game, pos, resolve(game, *who, mover), from, to),
        GameTest::AllPassed => pos.passes as usize >= game.players.len(),
        GameTest::Full { region } => full(game, pos, &game.regions[*region].set),
        GameTest::Threatened { who, piece } => super::threat::threatened(game, pos, resolve(game, *who, mover), *piece),
        GameTest::Compare { left, op, right } => {
            op.holds(quantity(game, pos, left, mover), quantity(game, pos, right, mover))
        }
        GameTest::Found(p) => found(game, pos, *p, mover),
        GameTest::Not(inner) => !test_game_with(game, pos, inner, mover, memo),
        GameTest::And(parts) => parts.iter().all(|p| test_game_with(game, pos, p, mover, memo)),
        GameTest::Or(parts) => parts.iter().any(|p| test_game_with(game, pos, p, mover, memo)),
    }
}

// The tests below run at the game's set width; kept out of `test_game`, so
// that its common cases stay small.

/// Whether `owner`'s pieces join a site of `from` to one of `to`.
#[inline(never)]
fn connected(game: &Game, pos: &Position, owner: Player, from: &SetTable, to: &SetTable) -> bool {
    // A region for everybody has one set, for every player.
    let of = |sets: &SetTable| if sets.len() == 1 { 0 } else { owner as usize };
    with_width!(game.board.width, S => {
        let own = owned_set(game, pos, owner);
        super::connection::connected::<S>(game, own, from.get_or_empty(of(from)), to.get_or_empty(of(to)))
    })
}

/// Whether no site of `region` is empty.
#[inline(never)]
fn full(game: &Game, pos: &Position, region: &Sites) -> bool {
    with_width!(game.board.width, S => region.get::<S>().and(pos.sets.get(0)).is_empty())
}

/// Whether pattern `pattern` has a run, seen from `mover`.
#[inline(never)]
fn found(game: &Game, pos: &Position, pattern: usize, mover: Player) -> bool {
    with_width!(game.board.width, S => {
        let pattern = &game.patterns[pattern];
        super::pattern::any_run::<S>(game, pos, pattern, mover)
            .unwrap_or_else(|| !super::pattern::runs::<S>(game, pos, pattern, mover).0.is_empty())
    })
}

/// Whether `player` has no legal move.
#[inline(never)]
fn blocked(game: &Game, pos: &Position, player: Player) -> bool {
    let mut blocked = true;
    with_width!(game.board.width, S => View::<S>::new(game, pos).generate(player, &mut |_| {
        blocked = false;
        false
    }));
    blocked
}

/// The end rules, in the order written, for a move made in `phase`.
pub(crate) fn end_check(game: &Game, pos: &Position, phase: usize, mover: Player) -> Option<OutcomeCode> {
    end_check_with(game, pos, phase, mover, &Memo::default())
}

fn end_check_with(game: &Game, pos: &Position, phase: usize, mover: Player, memo: &Memo) -> Option<OutcomeCode> {
    for (i, rule) in game.end_rules.iter().enumerate() {
        if rule.phase.is_some_and(|p| p != phase) || !test_game_with(game, pos, &rule.when, mover, memo) {
            continue;
        }
        let reason = Reason::Rule(i as u16);
        match rule.action {
            EndAction::Wins(who) => {
                return Some(OutcomeCode::win(resolve(game, who, mover), reason));
            }
            EndAction::Loses(who) => {
                return Some(OutcomeCode::loss(game, resolve(game, who, mover), reason));
            }
            EndAction::Draw => return Some(OutcomeCode::draw(reason)),
            EndAction::Most { piece, on_tie, region } => {
                let count = |p: usize| match region {
                    Some(region) => super::sow::pieces_in_region(game, pos, piece, region, p),
                    None => count(game, pos, p as Player, piece),
                };
                match super::outcome::sole_leader(game.players.len(), count) {
                    Some(p) => return Some(OutcomeCode::win(p, reason)),
                    None if on_tie == TieResult::Draw => return Some(OutcomeCode::draw(reason)),
                    None => {}
                }
            }
        }
    }
    None
}

/// After a move made in `phase`: the end rules, then the repetition rule,
/// unless the game has ended already (an effect may end it).
fn conclude(game: &Game, pos: &mut Position, phase: usize, mover: Player) {
    if pos.outcome.is_none() {
        pos.outcome = end_check(game, pos, phase, mover);
    }
    if pos.outcome.is_none() {
        repetition_check(game, pos, mover);
    }
}

/// Whether `repetition_check` would end the game at this position.
fn repetition_ends(game: &Game, pos: &Position) -> bool {
    let seen = || pos.history.iter().filter(|&&h| h == pos.hash).count() as u32;
    match game.repetition {
        Some(Repetition::Loses) => seen() > 0,
        Some(Repetition::DrawAfter(n)) => seen() + 1 >= n,
        _ => false,
    }
}

fn repetition_check(game: &Game, pos: &mut Position, mover: Player) {
    let Some(rule) = game.repetition else {
        if game.reads_repeated {
            pos.history.push(pos.hash);
        }
        return;
    };
    let ends = repetition_ends(game, pos);
    pos.history.push(pos.hash);
    if ends {
        pos.outcome = Some(match rule {
            Repetition::Loses => OutcomeCode::loss(game, mover, Reason::Repetition),
            _ => OutcomeCode::draw(Reason::Repetition),
        });
    }
}
