//! A position as numbers, for learning agents: one flat `f32` vector of a
//! fixed length per game ([`Layout::len`]), in this order:
//!
//! 1. **pieces**: for each owner (the players in order, then neutral) and
//!    each piece type, one plane of the board's sites: how many such pieces
//!    stand on the site (1 for a piece, the count of a heap or in a stack);
//! 2. **hands**: for each owner and type, how many are held;
//! 3. **counters**: each counter's value, in the rule file's order;
//! 4. **dice**: each die's value (0 before a throw);
//! 5. **to move**: one-hot over the players, then chance;
//! 6. **phase**: one-hot over the phases.

use crate::engine::state::State;
use crate::game::Game;
use crate::game::rules::CHANCE;

/// Where each part of a game's observation starts, and its whole length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub sites: usize,
    pub owners: usize,
    pub types: usize,
    pub hands: usize,
    pub counters: usize,
    pub dice: usize,
    pub to_move: usize,
    pub phase: usize,
    pub len: usize,
}

impl Layout {
    pub fn of(game: &Game) -> Layout {
        let sites = game.board.site_count();
        let owners = game.players.len() + 1;
        let types = game.pieces.len();
        let hands = owners * types * sites;
        let counters = hands + owners * types;
        let dice = counters + game.counters.len();
        let to_move = dice + game.dice.as_ref().map_or(0, |d| d.names.len());
        let phase = to_move + game.players.len() + 1;
        let len = phase + game.phases.len();
        Layout { sites, owners, types, hands, counters, dice, to_move, phase, len }
    }

    /// The index of a site in the plane of (owner, type).
    pub fn piece_index(&self, owner: usize, piece: usize, site: usize) -> usize {
        (owner * self.types + piece) * self.sites + site
    }
}

/// Writes the observation of `state` into `out` (of [`Layout::len`]).
pub fn observe(state: &State, layout: &Layout, out: &mut [f32]) {
    let game = state.game();
    out.iter_mut().for_each(|x| *x = 0.0);
    let pos = state.position();
    for site in 0..layout.sites {
        let s = site as crate::board::Site;
        let pieces: &[crate::game::rules::Code] = match game.stacks {
            Some(_) => pos.stack(s),
            None if pos.cells[site] == 0 => &[],
            None => std::slice::from_ref(&pos.cells[site]),
        };
        let each = if game.stacks.is_some() { 1.0 } else { pos.pieces_on(s).max(1) as f32 };
        for &code in pieces {
            let (owner, piece) = (game.owner_of(code) as usize, game.type_of(code) as usize);
            out[layout.piece_index(owner, piece, site)] += each;
        }
    }
    for owner in 0..layout.owners {
        for piece in 0..layout.types {
            out[layout.hands + owner * layout.types + piece] = state.hand(owner as u8, piece as u8) as f32;
        }
    }
    for (i, value) in pos.counters.iter().take(game.counters.len()).enumerate() {
        out[layout.counters + i] = *value as f32;
    }
    for (i, value) in state.dice().iter().take(layout.to_move - layout.dice).enumerate() {
        out[layout.dice + i] = *value as f32;
    }
    let mover = state.current_player();
    let slot = if mover == CHANCE { game.players.len() } else { mover as usize };
    out[layout.to_move + slot] = 1.0;
    out[layout.phase + pos.phase as usize] = 1.0;
}
