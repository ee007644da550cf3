//! Stacks: several pieces on one site, bottom to top, in games with a
//! `stacks` item. The single-piece arrays keep their meaning for every other
//! part of the engine: `cells[site]` is the top piece, `sets[code]` the sites
//! whose stack holds a piece of that code (`sets[0]` the empty ones) and
//! `counts` the pieces on the board. The hash has a key per (site, level,
//! code). Unordered stacks are kept sorted by code, so that equal contents
//! are one position.

use super::state::Position;
use crate::board::Site;
use crate::game::Game;
use crate::game::limits::MAX_STACK;
use crate::game::rules::Code;

impl Position {
    /// The pieces on `site`, bottom to top (empty in games without stacks:
    /// read `cells` there).
    #[inline]
    pub fn stack(&self, site: Site) -> &[Code] {
        match self.heights.get(site as usize) {
            Some(&h) => &self.stack[site as usize * MAX_STACK..][..h as usize],
            None => &[],
        }
    }
}

/// The part of the hash that a stack of these pieces, bottom first, on
/// `site` contributes.
pub(crate) fn stack_hash(game: &Game, site: Site, pieces: &[Code]) -> u64 {
    pieces.iter().enumerate().fold(0, |hash, (level, &code)| hash ^ game.zobrist.stacked(site as usize, level, code))
}

/// Adds a piece to the stack on `site`: on top, or in its place when the
/// order is not part of the game. The caller has checked the capacity.
pub(crate) fn push(game: &Game, pos: &mut Position, site: Site, code: Code) {
    let unordered = game.stacks.as_ref().is_some_and(|s| s.unordered);
    let before = stack_hash(game, site, pos.stack(site));
    let (base, height) = (site as usize * MAX_STACK, pos.heights[site as usize] as usize);
    let mut at = height;
    if unordered {
        while at > 0 && pos.stack[base + at - 1] > code {
            pos.stack[base + at] = pos.stack[base + at - 1];
            at -= 1;
        }
    }
    pos.stack[base + at] = code;
    pos.heights[site as usize] += 1;
    pos.hash ^= before ^ stack_hash(game, site, pos.stack(site));
    pos.counts[game.owner_of(code) as usize * game.pieces.len() + game.type_of(code) as usize] += 1;
    pos.sets.remove(0, site);
    pos.sets.insert(code as usize, site);
    pos.cells[site as usize] = pos.stack[base + height];
}

/// Takes the piece at `index` (0: the bottom) out of the stack on `site`.
pub(crate) fn remove_at(game: &Game, pos: &mut Position, site: Site, index: usize) -> Code {
    let before = stack_hash(game, site, pos.stack(site));
    let (base, height) = (site as usize * MAX_STACK, pos.heights[site as usize] as usize);
    let code = pos.stack[base + index];
    pos.stack.copy_within(base + index + 1..base + height, base + index);
    pos.heights[site as usize] -= 1;
    pos.hash ^= before ^ stack_hash(game, site, pos.stack(site));
    pos.counts[game.owner_of(code) as usize * game.pieces.len() + game.type_of(code) as usize] -= 1;
    let rest = &pos.stack[base..base + height - 1];
    let (still, top) = (rest.contains(&code), rest.last().copied().unwrap_or(0));
    if !still {
        pos.sets.remove(code as usize, site);
    }
    pos.cells[site as usize] = top;
    if top == 0 {
        pos.sets.insert(0, site);
    }
    code
}
