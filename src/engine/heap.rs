//! Heaps: sites holding a number of equal pieces, in games with a `counted`
//! type (many equal pieces on one site). The single-piece arrays keep
//! their meaning for the rest of the engine: `cells[site]` is the heap's
//! piece, `sets` its site, and `counts` add up every piece of every heap.
//! `heaps[site]` is the number. The hash has a key per (site, code, number).

use super::state::Position;
use crate::board::Site;
use crate::game::Game;
use crate::game::rules::Code;

impl Position {
    /// How many pieces stand on `site`: a heap's number, a stack's height,
    /// else 1 for an occupied site and 0 for an empty one.
    #[inline]
    pub fn pieces_on(&self, site: Site) -> u32 {
        if let Some(&n) = self.heaps.get(site as usize) {
            return n as u32;
        }
        if let Some(&h) = self.heights.get(site as usize) {
            return h as u32;
        }
        (self.cells[site as usize] != 0) as u32
    }
}

/// Adds `n` pieces of `code` to `site`, empty or holding that piece.
pub(crate) fn add(game: &Game, pos: &mut Position, site: Site, code: Code, n: u16) {
    if n == 0 {
        return;
    }
    let before = pos.heaps[site as usize];
    let after = before.saturating_add(n);
    let z = &game.zobrist;
    pos.hash ^= z.heap(site as usize, code, before) ^ z.heap(site as usize, code, after);
    pos.heaps[site as usize] = after;
    pos.counts[game.owner_of(code) as usize * game.pieces.len() + game.type_of(code) as usize] += after - before;
    if before == 0 {
        pos.cells[site as usize] = code;
        pos.sets.remove(0, site);
        pos.sets.insert(code as usize, site);
    }
}

/// Takes `n` pieces (at most all) from the heap on `site`; returns their code.
pub(crate) fn take(game: &Game, pos: &mut Position, site: Site, n: u16) -> Code {
    let code = pos.cells[site as usize];
    let before = pos.heaps[site as usize];
    let after = before - n.min(before);
    if code == 0 || before == after {
        return code;
    }
    let z = &game.zobrist;
    pos.hash ^= z.heap(site as usize, code, before) ^ z.heap(site as usize, code, after);
    pos.heaps[site as usize] = after;
    pos.counts[game.owner_of(code) as usize * game.pieces.len() + game.type_of(code) as usize] -= before - after;
    if after == 0 {
        pos.cells[site as usize] = 0;
        pos.sets.remove(code as usize, site);
        pos.sets.insert(0, site);
    }
    code
}

/// Moves one piece from the heap on `from` to `to`: it joins a heap of the
/// same piece there, or captures whatever else stands there (each piece to
/// its owner's hand if its type returns). Returns the pieces captured.
pub(crate) fn move_one(game: &Game, pos: &mut Position, from: Site, to: Site) -> u32 {
    if from == to {
        return 0;
    }
    let code = take(game, pos, from, 1);
    let there = pos.cells[to as usize];
    let mut captured = 0;
    if there != 0 && there != code {
        captured = capture_all(game, pos, to);
    }
    add(game, pos, to, code, 1);
    captured
}

/// Captures every piece of the heap on `site`; returns how many.
pub(crate) fn capture_all(game: &Game, pos: &mut Position, site: Site) -> u32 {
    let n = pos.heaps[site as usize];
    let code = take(game, pos, site, n);
    for _ in 0..n {
        super::apply::to_hand(game, pos, code);
    }
    n as u32
}
