//! Zobrist hash keys: a fixed pseudo-random key per (site, piece), per hand
//! count, per phase and per player to move. The keys come from a fixed seed,
//! so hashes are the same on every machine and in every run.

use super::limits::HAND_KEYS;
use super::rules::Code;
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

#[derive(Clone, Debug)]
pub struct Zobrist {
    codes: usize,
    types: usize,
    cell: Vec<u64>,
    hand: Vec<u64>,
    phase: Vec<u64>,
    to_move: Vec<u64>,
    /// Keys of pieces above the bottom of a stack: (site, level >= 1, code).
    /// Drawn after all the others, so games without stacks keep their keys.
    stacked: Vec<u64>,
    sites: usize,
}

impl Zobrist {
    pub fn new(sites: usize, codes: usize, players: usize, types: usize, phases: usize) -> Zobrist {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x0_77e7_7e77);
        let mut keys = |n: usize| (0..n).map(|_| rng.next_u64()).collect::<Vec<u64>>();
        let cell = keys(sites * codes);
        let mut hand = keys(players * types * HAND_KEYS);
        let phase = keys(phases.max(1));
        let to_move = keys(players + 1);
        // The neutral owner's hand (a supply) comes last, so that the keys
        // drawn before it stay what they were.
        hand.extend(keys(types * HAND_KEYS));
        Zobrist { codes, types, cell, hand, phase, to_move, stacked: Vec::new(), sites }
    }

    /// Adds the keys for stacks up to `capacity` pieces high.
    pub fn with_stacks(mut self, capacity: usize) -> Zobrist {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x57ac_c0de);
        let n = self.sites * capacity.saturating_sub(1) * self.codes;
        self.stacked = (0..n).map(|_| rng.next_u64()).collect();
        self
    }

    /// Key of piece `code` at `level` (0: the bottom) of the stack on `site`.
    #[inline]
    pub fn stacked(&self, site: usize, level: usize, code: Code) -> u64 {
        if level == 0 {
            self.cell(site, code)
        } else {
            self.stacked[((level - 1) * self.sites + site) * self.codes + code as usize]
        }
    }

    /// Key of piece `code` on `site` (code 0, an empty site, has key 0 by convention: callers skip it).
    #[inline]
    pub fn cell(&self, site: usize, code: Code) -> u64 {
        self.cell[site * self.codes + code as usize]
    }

    /// Key of a heap of `n` pieces of `code` on `site` (0 for none; a heap
    /// of one is keyed as a single piece). Mixed from the numbers.
    #[inline]
    pub fn heap(&self, site: usize, code: Code, n: u16) -> u64 {
        match n {
            0 => 0,
            1 => self.cell(site, code),
            _ => mix((site as u64) << 32 | (code as u64) << 16 | n as u64) ^ 0x4ea9_5eed_0000,
        }
    }

    /// Key of counter number `index` holding `value` (for counters in the
    /// position; `clock` counters have none).
    #[inline]
    pub fn counter(&self, index: usize, value: i64) -> u64 {
        mix((index as u64) << 48 ^ value as u64) ^ 0xc0c0_c0c0_0000
    }

    /// Key of `count` pieces of a type in a hand; `player` may be the
    /// neutral owner (a supply).
    #[inline]
    pub fn hand(&self, player: usize, piece: usize, count: u16) -> u64 {
        if (count as usize) < HAND_KEYS {
            return self.hand[(player * self.types + piece) * HAND_KEYS + count as usize];
        }
        mix(((player * self.types + piece) as u64) << 16 | count as u64) ^ 0x4a4e_d5ca_11ed
    }

    /// Key of per-piece state `value` on `site` (0, no state, has key 0).
    /// Mixed from the numbers rather than tabled: states are rare.
    #[inline]
    pub fn state(&self, site: usize, value: u16) -> u64 {
        if value == 0 {
            return 0;
        }
        if value < 256 {
            return mix((site as u64) << 8 | value as u64);
        }
        mix((site as u64) << 16 | value as u64) ^ 0x57a7_e000
    }

    /// Key of a piece on `site` that has not moved (`unmoved`).
    #[inline]
    pub fn unmoved(&self, site: usize) -> u64 {
        mix(0x0_0de5_0000_0000 | site as u64)
    }

    /// Key of a die showing `value` (0, not thrown yet, has key 0). Mixed
    /// from the numbers, like piece states.
    #[inline]
    pub fn die(&self, die: usize, value: u8) -> u64 {
        if value == 0 {
            return 0;
        }
        self.state(0xd1ce_0000 + die, value as u16)
    }

    #[inline]
    pub fn phase(&self, phase: usize) -> u64 {
        self.phase[phase]
    }

    #[inline]
    pub fn to_move(&self, player: usize) -> u64 {
        self.to_move[player]
    }
}

/// splitmix64: a well-spread key from a number.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
