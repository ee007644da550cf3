//! Race moves (`advance TRACK by …`, see `game::race`) and the dice they
//! spend: generation along each player's path, entering from the hand and
//! bearing off, the move itself, and `must use most dice`, a filter that
//! looks ahead at how many dice each move leaves usable.

use super::apply::{quantity, test_game};
use super::movegen::{View, filter_set};
use super::state::{Move, NO_DIR, Position, State};
use crate::board::{NO_SITE, Site, SiteSet};
use crate::game::Game;
use crate::game::rules::*;

/// `Move::taken` of a race move that spends no die (`by NUMBER`).
pub const NO_DIE: u8 = u8::MAX;

/// Dice a position can hold (`DiceDef` allows four).
const MAX_DICE: usize = 4;

impl<S: SiteSet> View<'_, S> {
    /// Emits the moves of an `advance` rule (numbered `rule`); false when
    /// `emit` asked to stop.
    pub(crate) fn generate_advance(
        &self,
        rule: u8,
        advance: &Advance,
        player: Player,
        emit: &mut (impl FnMut(Move) -> bool + ?Sized),
    ) -> bool {
        let (game, pos) = (self.game, self.pos);
        let Some(path) = advance.paths.get(player as usize).filter(|p| !p.is_empty()) else { return true };
        if advance.guard.as_ref().is_some_and(|g| !test_game(game, pos, g, player)) {
            return true;
        }
        let (amounts, count) = amounts(game, pos, advance, player);
        if count == 0 {
            return true;
        }
        let amounts = &amounts[..count];
        let owner = if advance.neutral { game.neutral() } else { player };
        let stops: S = filter_set(game, pos, &advance.to, player);
        let len = path.len();
        let piece = advance.piece;
        let make =
            |from: Site, to: Site, die: u8| Move { taken: die, ..Move::plain(rule, piece, from, to, NO_SITE, NO_DIR) };
        if advance.from_hand {
            if pos.hands[owner as usize * game.pieces.len() + piece as usize] == 0 {
                return true;
            }
            for &(value, die) in amounts {
                let at = value as usize - 1;
                let at = if advance.looped { at % len } else { at };
                if at < len && stops.contains(path[at]) && !emit(make(NO_SITE, path[at], die)) {
                    return false;
                }
            }
            return true;
        }
        let own: S = pos.sets.get(game.code(owner, piece) as usize);
        let index = &advance.index[player as usize];
        // Bearing off: allowed at all, and which piece is farthest back.
        let off = advance.off.as_ref().filter(|off| off.when.as_ref().is_none_or(|w| test_game(game, pos, w, player)));
        let rearmost = match off {
            Some(off) if !off.exact => rearmost(game, pos, index, own, owner, piece),
            _ => None,
        };
        for from in own.iter() {
            let at = index[from as usize];
            if at == OFF_PATH {
                continue;
            }
            for &(value, die) in amounts {
                let to = at as usize + value as usize;
                let mv = if advance.looped {
                    let to = path[to % len];
                    stops.contains(to).then(|| make(from, to, die))
                } else if to < len {
                    stops.contains(path[to]).then(|| make(from, path[to], die))
                } else {
                    let exact = to == len;
                    off.filter(|_| exact || rearmost == Some(at)).map(|_| make(from, NO_SITE, die))
                };
                if let Some(mv) = mv
                    && !emit(mv)
                {
                    return false;
                }
            }
        }
        true
    }
}

/// The numbers a piece may advance by, each with the die it spends
/// (`NO_DIE` for a number): each value once, from the first unspent die
/// showing it.
fn amounts(game: &Game, pos: &Position, advance: &Advance, player: Player) -> ([(u8, u8); MAX_DICE], usize) {
    let mut out = [(0u8, NO_DIE); MAX_DICE];
    let mut count = 0;
    match &advance.by {
        AdvanceAmount::Dice => {
            for (die, (&value, &uses)) in pos.dice.iter().zip(pos.uses.iter()).enumerate() {
                if value > 0 && uses > 0 && !out[..count].iter().any(|&(v, _)| v == value) && count < MAX_DICE {
                    out[count] = (value, die as u8);
                    count += 1;
                }
            }
        }
        AdvanceAmount::Number(number) => {
            let value = quantity(game, pos, number, player);
            if (1..=u8::MAX as i64).contains(&value) {
                out[0] = (value as u8, NO_DIE);
                count = 1;
            }
        }
    }
    (out, count)
}

/// Where on the path the owner's piece farthest back stands, when none of
/// that type waits in hand (a piece in hand is farther back still).
fn rearmost<S: SiteSet>(
    game: &Game,
    pos: &Position,
    index: &[u8],
    own: S,
    owner: Player,
    piece: PieceType,
) -> Option<u8> {
    if pos.hands[owner as usize * game.pieces.len() + piece as usize] > 0 {
        return None;
    }
    own.iter().map(|site| index[site as usize]).filter(|&at| at != OFF_PATH).min()
}

/// Plays a race move: the piece leaves its site (or the hand), captures
/// the other players' pieces where it stops and joins its own there, or
/// leaves the board past the end; the die is spent. Returns the pieces
/// captured.
pub(crate) fn play_advance(game: &Game, pos: &mut Position, advance: &Advance, mv: &Move) -> u32 {
    let owner = if advance.neutral { game.neutral() } else { pos.to_move };
    let code = game.code(owner, advance.piece);
    if mv.from == NO_SITE {
        let slot = owner as usize * game.pieces.len() + advance.piece as usize;
        let count = pos.hands[slot];
        pos.hash ^= game.zobrist.hand(owner as usize, advance.piece as usize, count)
            ^ game.zobrist.hand(owner as usize, advance.piece as usize, count - 1);
        pos.hands[slot] = count - 1;
    } else {
        lift_one(game, pos, mv.from);
    }
    let mut captured = 0;
    if mv.to != NO_SITE {
        let there = pos.cells[mv.to as usize];
        if there != 0 && there != code {
            captured += pos.pieces_on(mv.to);
            super::apply::capture(game, pos, mv.to);
        }
        drop_one(game, pos, mv.to, code);
    }
    if mv.taken != NO_DIE {
        spend(game, pos, mv.taken as usize);
    }
    captured
}

/// Takes one piece off `site` (the rest of a heap stays).
fn lift_one(game: &Game, pos: &mut Position, site: Site) {
    if game.counted {
        super::heap::take(game, pos, site, 1);
    } else {
        super::apply::take(game, pos, site);
    }
}

/// Puts one piece of `code` on `site`, empty or holding that piece.
fn drop_one(game: &Game, pos: &mut Position, site: Site, code: Code) {
    if game.counted {
        super::heap::add(game, pos, site, code, 1);
    } else {
        super::apply::put(game, pos, site, code);
    }
}

/// The key of a die that may still be spent `uses` times.
fn uses_key(game: &Game, die: usize, uses: u8) -> u64 {
    if uses == 0 { 0 } else { game.zobrist.state(0xd1ce_5000 + die, uses as u16) }
}

/// One use of a die is gone.
fn spend(game: &Game, pos: &mut Position, die: usize) {
    let uses = pos.uses[die];
    pos.hash ^= uses_key(game, die, uses) ^ uses_key(game, die, uses.saturating_sub(1));
    pos.uses[die] = uses.saturating_sub(1);
}

/// After a throw, in a game whose moves spend dice: each die may be spent
/// once, or twice when every die shows the same value and the dice say
/// `doubles twice`.
pub(crate) fn refill(game: &Game, pos: &mut Position) {
    let Some(dice) = game.dice.as_ref().filter(|d| d.spent_by_moves) else { return };
    let double = pos.dice.windows(2).all(|w| w[0] == w[1]) && pos.dice.len() > 1;
    let fresh = if double && dice.doubles_twice { 2 } else { 1 };
    for die in 0..pos.uses.len() {
        let uses = if pos.dice[die] == 0 { 0 } else { fresh };
        pos.hash ^= uses_key(game, die, pos.uses[die]) ^ uses_key(game, die, uses);
        pos.uses[die] = uses;
    }
}

/// The hash of the dice's remaining uses (part of `State::compute_hash`).
pub(crate) fn uses_hash(game: &Game, pos: &Position) -> u64 {
    pos.uses.iter().enumerate().fold(0, |h, (die, &uses)| h ^ uses_key(game, die, uses))
}

impl State {
    /// Each die unspent, as after a throw (a position file's `dice`).
    pub(crate) fn refill_dice(&mut self) {
        let State { game, pos } = self;
        refill(game, pos);
    }

    /// A race move as text: `FROM-TO`, FROM being `hand` for a piece
    /// entering and TO `off` for one borne off; a piece borne off by a die
    /// adds the die's value, `e1-off/6`, as two dice may bear off the same
    /// piece. `None` for other moves.
    pub(crate) fn advance_text(&self, mv: &Move) -> Option<String> {
        let phase = &self.game.phases[self.pos.phase as usize];
        let Some(MoveRule::Advance(_)) = phase.moves.get(mv.rule as usize) else { return None };
        let board = &self.game.board;
        let from = if mv.from == NO_SITE { "hand" } else { board.site_name(mv.from) };
        let to = if mv.to == NO_SITE { "off" } else { board.site_name(mv.to) };
        let mut text = format!("{from}-{to}");
        if mv.to == NO_SITE && mv.taken != NO_DIE {
            text.push_str(&format!("/{}", self.pos.dice[mv.taken as usize]));
        }
        Some(text)
    }

    /// `must use most dice`: keeps the moves after which the most dice can
    /// still be spent (a move that spends none counts nothing); when one
    /// die at most can be spent, of several, the moves spending the largest.
    pub(crate) fn most_dice_only(&self, buf: &mut Vec<Move>) {
        let left: u32 = self.pos.uses.iter().map(|&u| u as u32).sum();
        if buf.len() < 2 || left == 0 {
            return;
        }
        let scores: Vec<u32> = buf.iter().map(|mv| self.dice_used_from(mv, left)).collect();
        let most = scores.iter().copied().max().unwrap_or(0);
        let mut kept = scores.iter().map(|&s| s == most);
        buf.retain(|_| kept.next().unwrap_or(false));
        if most == 1 && left > 1 {
            let value = |mv: &Move| if self.spends(mv) { self.pos.dice[mv.taken as usize] } else { 0 };
            let largest = buf.iter().map(value).max().unwrap_or(0);
            buf.retain(|mv| value(mv) == largest);
        }
    }

    /// Whether a move spends a die.
    fn spends(&self, mv: &Move) -> bool {
        mv.taken != NO_DIE
            && matches!(
                self.game.phases[self.pos.phase as usize].moves.get(mv.rule as usize),
                Some(MoveRule::Advance(a)) if matches!(a.by, AdvanceAmount::Dice)
            )
    }

    /// The most dice `mv` and the moves after it, in the same turn, can
    /// spend (at most `left`).
    fn dice_used_from(&self, mv: &Move, left: u32) -> u32 {
        let used = self.spends(mv) as u32;
        if used == 0 || used >= left {
            return used;
        }
        let mut after = self.clone();
        after.apply(mv);
        let same_turn =
            after.pos.outcome.is_none() && after.pos.to_move == self.pos.to_move && after.pos.phase == self.pos.phase;
        if !same_turn {
            return used;
        }
        used + after.most_dice_usable(left - used)
    }

    /// The most dice the player to move can spend from here in this turn
    /// (stopping at `limit`): 0 when the turn has passed or the game ended.
    fn most_dice_usable(&self, limit: u32) -> u32 {
        let mut moves = Vec::new();
        self.raw_moves(&mut moves);
        let mut best = 0;
        for mv in &moves {
            best = best.max(self.dice_used_from(mv, limit));
            if best >= limit {
                break;
            }
        }
        best
    }

    /// The moves of the player to move, no filter applied.
    fn raw_moves(&self, buf: &mut Vec<Move>) {
        buf.clear();
        if self.pos.outcome.is_some() || self.game.phases[self.pos.phase as usize].chance {
            return;
        }
        crate::with_width!(self.game.board.width, S => self.view::<S>().generate(self.pos.to_move, &mut |m| {
            buf.push(m);
            true
        }));
    }
}
