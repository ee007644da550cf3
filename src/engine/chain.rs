//! Chains of hops in one move (`hop … again`): the piece hops from where it
//! lands, again and again, never over a piece it hopped before in the move
//! (those pieces stay on the board until the move ends, so they also block
//! a landing). The chain ends when no hop is possible, on a site that
//! passes `until`, or, with `or stop`, after any hop.
//!
//! A chain move keeps its hops in the move itself: the number of hops in
//! the low 5 bits of a 32-bit trail, then for each hop the number of the
//! hop in the list of hops from the site it left (`MoveOp::Hop::jumps`), in
//! 2 bits (at most four directions) or 3. The trail is stored in the move's
//! `over` (low half) and `dir` (high half), which a chain does not use
//! otherwise. Replaying the trail from the start gives every site hopped.

use super::movegen::View;
use super::state::Move;
use crate::board::{Dir, Site, SiteSet};
use crate::game::limits::{MAX_CHAIN, MAX_CHAIN_NARROW};
use crate::game::rules::{Chain, MoveOp, MoveRule};

/// Bits of the trail that count the hops.
const COUNT_BITS: u32 = 5;

/// What stays fixed while one piece's chains are followed.
pub(crate) struct ChainWalk<'a, S> {
    pub chain: &'a Chain,
    pub jumps: &'a Jumps,
    /// Sites that may be hopped, and sites that may be landed on.
    pub over: S,
    pub target: S,
    /// The start, which the moving piece has left: a landing site too when
    /// the destination is any empty site.
    pub from: Site,
    pub from_lands: bool,
    pub until: S,
}

/// Bits a hop takes in the trail of a chain with these hops.
fn hop_bits(jumps: &Jumps) -> u32 {
    if jumps.iter().all(|j| j.len() <= 4) { 2 } else { 3 }
}

impl<S: SiteSet> View<'_, S> {
    /// Calls `arrive(to, trail_low, trail_high)` for each chain of the
    /// piece on `walk.from`; false when `arrive` asked to stop.
    pub(crate) fn chains(&self, walk: &ChainWalk<S>, arrive: &mut impl FnMut(Site, Site, Dir) -> bool) -> bool {
        let bits = hop_bits(walk.jumps);
        let cap = if bits == 2 { MAX_CHAIN_NARROW } else { MAX_CHAIN } as u32;
        self.extend(walk, walk.from, S::EMPTY, 0, bits, cap, arrive)
    }

    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        walk: &ChainWalk<S>,
        at: Site,
        hopped: S,
        trail: u32,
        bits: u32,
        cap: u32,
        arrive: &mut impl FnMut(Site, Site, Dir) -> bool,
    ) -> bool {
        let count = trail & ((1 << COUNT_BITS) - 1);
        let ends_here = count > 0 && walk.until.contains(at);
        if !ends_here && count < cap {
            let mut went_on = false;
            for (k, &(over, land, _)) in walk.jumps[at as usize].iter().enumerate() {
                if hopped.contains(over) || !walk.over.contains(over) {
                    continue;
                }
                if !(walk.target.contains(land) || (land == walk.from && walk.from_lands)) {
                    continue;
                }
                went_on = true;
                let mut longer = hopped;
                longer.insert(over);
                let next = (trail | (k as u32) << (COUNT_BITS + count * bits)) + 1;
                if !self.extend(walk, land, longer, next, bits, cap, arrive) {
                    return false;
                }
            }
            if went_on && !walk.chain.may_stop {
                return true;
            }
        }
        count == 0 || arrive(at, trail as Site, (trail >> 16) as Dir)
    }
}

/// For each site, the (hopped, landing, direction) of each hop from it.
type Jumps = [Vec<(Site, Site, Dir)>];

/// The chain of a move rule, if it is one: the chain and its hops.
pub(crate) fn chain_of(rule: &MoveRule) -> Option<(&Chain, &Jumps)> {
    match rule {
        MoveRule::Move { path, .. } => match path.first() {
            Some(MoveOp::Hop { chain: Some(chain), jumps, .. }) => Some((chain, jumps)),
            _ => None,
        },
        _ => None,
    }
}

/// The (hopped, landing) sites of a chain move, in order.
pub(crate) fn hops(jumps: &Jumps, mv: Move) -> impl Iterator<Item = (Site, Site)> + '_ {
    let trail = mv.over as u32 | (mv.dir as u32) << 16;
    let bits = hop_bits(jumps);
    let count = trail & ((1 << COUNT_BITS) - 1);
    let mut at = mv.from;
    (0..count).map(move |i| {
        let k = (trail >> (COUNT_BITS + i * bits)) & ((1 << bits) - 1);
        let (over, land, _) = jumps[at as usize][k as usize];
        at = land;
        (over, land)
    })
}

/// How many pieces a chain move hops.
pub(crate) fn hop_count(mv: &Move) -> u32 {
    mv.over as u32 & ((1 << COUNT_BITS) - 1)
}
