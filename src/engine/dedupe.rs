//! Deduplication of a move list: "a move is its effect", so two rules (or
//! two routes of one rule) that give the same result give one move. The
//! first of equal moves is kept, so a list keeps its generation order.
//! Equal moves are found through a small open-addressing table, linear in
//! the list's length (the pairwise comparison it replaced was a fifth of a
//! royal game's playout time), keyed by what the move itself says; what
//! its captures act on is worked out only for moves that share that key.

use super::state::{Move, NO_CHOICE, NO_DIR, State};
use crate::board::{Dir, NO_SITE, Site};
use crate::game::rules::{EffectOp, MoveRule, PieceType};
use crate::with_width;
use std::cell::RefCell;

/// What a move does, as far as telling two moves apart needs.
#[derive(Clone, Copy, PartialEq, Eq)]
struct MoveKey {
    rule: u16,
    piece: PieceType,
    from: Site,
    to: Site,
    choice: PieceType,
    /// The sites its captures and flips act on.
    acts_on: [Site; 2],
    /// The direction a piece that keeps one stores.
    kept: Dir,
    /// The follow-up's site.
    then: Site,
}

impl MoveKey {
    /// The key's 16 bytes as one number, for hashing and comparing.
    fn packed(&self) -> u128 {
        let words = [self.rule, self.from, self.to, self.acts_on[0], self.acts_on[1], self.kept, self.then];
        let mut packed = (self.piece as u128) << 8 | self.choice as u128;
        for word in words {
            packed = packed << 16 | word as u128;
        }
        packed
    }
}

/// Per-thread scratch: for each kept move, its cheap key and its full key
/// once computed; and the hash table (indices of kept moves, `EMPTY` for a
/// free slot).
struct Scratch {
    cheap: Vec<u64>,
    full: Vec<Option<u128>>,
    table: Vec<u32>,
}

const EMPTY: u32 = u32::MAX;

thread_local! {
    static SCRATCH: RefCell<Scratch> =
        const { RefCell::new(Scratch { cheap: Vec::new(), full: Vec::new(), table: Vec::new() }) };
}

/// A part of the full key read straight from the move: equal full keys
/// have equal cheap keys, so only moves that share one need the full key
/// (whose capture sites take a look at the board).
fn cheap_key(m: &Move, together: bool) -> u64 {
    let (from, to, choice) = if together { (NO_SITE, NO_SITE, NO_CHOICE) } else { (m.from, m.to, m.choice) };
    (m.piece as u64) << 56 | (choice as u64) << 48 | (from as u64) << 32 | (to as u64) << 16 | m.then as u64
}

impl State {
    /// Keeps the first of moves with the same result ("a move is its
    /// effect"): same rule effects, piece, start, destination, choices, the
    /// sites its effects act on, and a stored direction.
    pub(super) fn dedupe(&self, buf: &mut Vec<Move>) {
        if buf.len() < 2 {
            return;
        }
        let phase = &self.game.phases[self.pos.phase as usize];
        SCRATCH.with(|scratch| {
            let Scratch { cheap, full, table } = &mut *scratch.borrow_mut();
            // At most half full, so probes stay short.
            let bits = (2 * buf.len()).next_power_of_two().trailing_zeros().max(4);
            let mask = (1usize << bits) - 1;
            table.clear();
            table.resize(1 << bits, EMPTY);
            cheap.clear();
            full.clear();
            for i in 0..buf.len() {
                let mv = buf[i];
                let together = matches!(phase.moves[mv.rule as usize], MoveRule::Together { .. });
                let key = cheap_key(&mv, together);
                let mut mine = None;
                let mut slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize;
                loop {
                    let at = table[slot] as usize;
                    if at == EMPTY as usize {
                        table[slot] = cheap.len() as u32;
                        buf[cheap.len()] = mv;
                        cheap.push(key);
                        full.push(mine);
                        break;
                    }
                    if cheap[at] == key {
                        let theirs = *full[at].get_or_insert_with(|| self.move_key(&buf[at]).packed());
                        if *mine.get_or_insert_with(|| self.move_key(&mv).packed()) == theirs {
                            break;
                        }
                    }
                    slot = (slot + 1) & mask;
                }
            }
            buf.truncate(cheap.len());
        });
    }

    /// What a move does, for deduplication.
    fn move_key(&self, m: &Move) -> MoveKey {
        let phase = &self.game.phases[self.pos.phase as usize];
        let mut key = MoveKey {
            rule: u16::MAX - m.rule as u16,
            piece: m.piece,
            from: m.from,
            to: m.to,
            choice: m.choice,
            acts_on: [NO_SITE; 2],
            kept: NO_DIR,
            then: m.then,
        };
        if let MoveRule::Together { .. } = &phase.moves[m.rule as usize] {
            let [(from, to), (from2, to2)] = m.parts_sorted();
            return MoveKey { from, to, acts_on: [from2, to2], choice: NO_CHOICE, ..key };
        }
        if super::chain::chain_of(&phase.moves[m.rule as usize]).is_some() {
            // A chain of one link is the plain capture of that link (with the
            // same effects); longer chains differ by how they went, kept in
            // `over` and `dir`.
            if let (1, MoveRule::Move { effect_class, .. }) =
                (super::chain::hop_count(m), &phase.moves[m.rule as usize])
                && let Some(path) =
                    with_width!(self.game.board.width, S => self.view::<S>().chain_path(m, self.pos.to_move))
            {
                return MoveKey { rule: *effect_class as u16, acts_on: [path.links()[0].0, NO_SITE], ..key };
            }
            return MoveKey { acts_on: [m.over, m.dir], ..key };
        }
        if let MoveRule::Move { effect_class, effects, keeps_dir, .. } = &phase.moves[m.rule as usize] {
            key.rule = *effect_class as u16;
            if *keeps_dir {
                key.kept = m.dir;
            }
            let mut slot = 0;
            for effect in effects {
                let site = match effect {
                    EffectOp::Flip { site } => m.site(*site, &self.game.board),
                    _ => self.captured_at(effect, m),
                };
                if site != NO_SITE && slot < key.acts_on.len() {
                    key.acts_on[slot] = site;
                    slot += 1;
                }
            }
        }
        key
    }
}
