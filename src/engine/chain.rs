//! Chains of captures in one move: hops (`hop … again`) and slides over a
//! piece (`slide … over … again`, a flying king). The piece goes on from
//! where it lands, again and again, never over a piece it passed over
//! before in the move (those pieces stay on the board until the move ends,
//! so they also block the way). The chain ends when no link is possible, on
//! a site that passes `until`, or, with `or stop`, after any link.
//!
//! A chain move keeps how it went in the 32 bits of its `over` (low half)
//! and `dir` (high half), which a chain does not use otherwise: the number
//! of links in the low 5 bits, then either
//! - a **trail** (chains of hops told apart by path): for each hop, its
//!   number in the list of hops from the site it left
//!   (`MoveOp::Hop::jumps`), in 2 bits (at most four directions) or 3;
//!   replaying the trail gives every site hopped, with no search; or
//! - a **rank** (slides, whose links also choose a distance, and chains
//!   told apart by the pieces they take): the move is the rank-th chain the
//!   search from its start finds, so replaying the search in the position
//!   before the move gives its path. With `chains differ by captures` the
//!   search skips a chain ending where an earlier one ended with the same
//!   pieces taken: one move per start, end and set taken.

use super::movegen::View;
use super::state::Move;
use crate::board::{Dir, NO_SITE, Site, SiteSet};
use crate::game::limits::{MAX_CHAIN, MAX_CHAIN_LINKS, MAX_CHAIN_NARROW};
use crate::game::rules::{Chain, Links, MoveOp, MoveRule};

/// Bits of the move's 32 that count the links.
const COUNT_BITS: u32 = 5;

/// For each site, the (hopped, landing, direction) of each hop from it.
pub(crate) type Jumps = [Vec<(Site, Site, Dir)>];

/// How a chain goes from one landing to the next.
#[derive(Clone, Copy)]
pub(crate) enum Reach<'a> {
    /// A hop over the adjacent site to the one beyond.
    Hops(&'a Jumps),
    /// A slide along a ray over empty sites, over one piece, and on to any
    /// empty site beyond it: the rays of each site.
    Slides(&'a Links),
}

/// What stays fixed while one piece's chains are followed.
pub(crate) struct ChainWalk<'a, S> {
    pub chain: &'a Chain,
    pub reach: Reach<'a>,
    /// Sites that may be passed over (and taken), and sites that may be
    /// landed on.
    pub over: S,
    pub target: S,
    /// Sites a slide may pass (`through`); every site otherwise.
    pub through: S,
    /// The start, which the moving piece has left: a landing site too when
    /// the destination is any empty site, and empty for a slide.
    pub from: Site,
    pub from_lands: bool,
    pub until: S,
}

impl<S> ChainWalk<'_, S> {
    /// Whether the move keeps its path as a rank among the chains found.
    fn ranked(&self) -> bool {
        self.chain.by_captures || matches!(self.reach, Reach::Slides(_))
    }
}

/// The links of one chain, in order: (site passed over, landing).
#[derive(Clone, Copy)]
pub(crate) struct Path {
    len: u8,
    links: [(Site, Site); MAX_CHAIN_LINKS],
}

impl Path {
    const EMPTY: Path = Path { len: 0, links: [(NO_SITE, NO_SITE); MAX_CHAIN_LINKS] };

    pub(crate) fn links(&self) -> &[(Site, Site)] {
        &self.links[..self.len as usize]
    }
}

/// Bits a hop takes in the trail of a chain with these hops.
fn hop_bits(jumps: &Jumps) -> u32 {
    if jumps.iter().all(|j| j.len() <= 4) { 2 } else { 3 }
}

/// The chains already found that ended on a site with a set of pieces
/// taken (`chains differ by captures`): a few on the stack, more on the heap
/// (only a crowded position of flying pieces needs it).
struct Found<S> {
    few: [(Site, S); 16],
    count: usize,
    more: Vec<(Site, S)>,
}

impl<S: SiteSet> Found<S> {
    fn new() -> Self {
        Found { few: [(NO_SITE, S::EMPTY); 16], count: 0, more: Vec::new() }
    }

    /// Whether (`to`, `taken`) is new; it is remembered.
    fn is_new(&mut self, to: Site, taken: S) -> bool {
        let seen = self.few[..self.count.min(16)].iter().chain(&self.more).any(|&(t, s)| t == to && s == taken);
        if !seen {
            if self.count < 16 {
                self.few[self.count] = (to, taken);
            } else {
                self.more.push((to, taken));
            }
            self.count += 1;
        }
        !seen
    }
}

/// One search's changing state: the path so far and the chains found.
struct Search<S> {
    path: Path,
    found: Option<Found<S>>,
}

impl<S: SiteSet> View<'_, S> {
    /// Calls `arrive(to, over, dir)` for each chain of the piece on
    /// `walk.from`, `over` and `dir` keeping how it went; false when
    /// `arrive` asked to stop.
    pub(crate) fn chains(&self, walk: &ChainWalk<S>, arrive: &mut impl FnMut(Site, Site, Dir) -> bool) -> bool {
        match walk.reach {
            Reach::Hops(jumps) if !walk.ranked() => {
                let bits = hop_bits(jumps);
                let cap = if bits == 2 { MAX_CHAIN_NARROW } else { MAX_CHAIN } as u32;
                self.extend(walk, jumps, walk.from, S::EMPTY, 0, bits, cap, arrive)
            }
            _ => {
                let mut rank = 0u32;
                self.search(walk, &mut |path, to| {
                    let code = path.len as u32 | rank << COUNT_BITS;
                    rank += 1;
                    // A rank that no longer fits is a chain the move cannot keep.
                    rank < 1 << (32 - COUNT_BITS) && arrive(to, code as Site, (code >> 16) as Dir)
                })
            }
        }
    }

    /// The path of a chain move `mv` made by the piece on `walk.from`, in
    /// the position before the move.
    pub(crate) fn chain_path_of(&self, walk: &ChainWalk<S>, mv: &Move) -> Path {
        match walk.reach {
            Reach::Hops(jumps) if !walk.ranked() => trail_path(jumps, mv),
            _ => {
                let mut path = Path::EMPTY;
                let (want, mut rank) = ((mv.over as u32 | (mv.dir as u32) << 16) >> COUNT_BITS, 0u32);
                self.search(walk, &mut |found, _| {
                    if rank == want {
                        path = *found;
                        return false;
                    }
                    rank += 1;
                    true
                });
                path
            }
        }
    }

    /// Every route of the chain move `mv` (its own first): the chains from
    /// its start to its end that take the same pieces, which are the same
    /// move when chains differ by captures.
    pub(crate) fn routes_of(&self, walk: &ChainWalk<S>, mv: &Move) -> Vec<Path> {
        let own = self.chain_path_of(walk, mv);
        let taken = |path: &Path| {
            path.links().iter().fold(S::EMPTY, |mut set, &(over, _)| {
                set.insert(over);
                set
            })
        };
        let mut routes = vec![own];
        if walk.chain.by_captures {
            let (end, set) = (own.links().last().map_or(mv.from, |l| l.1), taken(&own));
            self.search_routes(walk, false, &mut |path, to| {
                if to == end && taken(path) == set && path.links() != own.links() {
                    routes.push(*path);
                }
                true
            });
        }
        routes
    }

    /// Follows the hops of a chain kept as a trail.
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &self,
        walk: &ChainWalk<S>,
        jumps: &Jumps,
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
            for (k, &(over, land, _)) in jumps[at as usize].iter().enumerate() {
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
                if !self.extend(walk, jumps, land, longer, next, bits, cap, arrive) {
                    return false;
                }
            }
            if went_on && !walk.chain.may_stop {
                return true;
            }
        }
        count == 0 || arrive(at, trail as Site, (trail >> 16) as Dir)
    }

    /// Calls `found(path, to)` for each chain in the order of the search,
    /// skipping repeats of (end, pieces taken) when chains differ by
    /// captures; false when `found` asked to stop.
    fn search(&self, walk: &ChainWalk<S>, found: &mut impl FnMut(&Path, Site) -> bool) -> bool {
        self.search_routes(walk, walk.chain.by_captures, found)
    }

    /// `search`, skipping repeats of (end, pieces taken) only when `once`.
    fn search_routes(&self, walk: &ChainWalk<S>, once: bool, found: &mut impl FnMut(&Path, Site) -> bool) -> bool {
        let mut search = Search { path: Path::EMPTY, found: once.then(Found::new) };
        self.search_from(walk, &mut search, walk.from, S::EMPTY, found)
    }

    fn search_from(
        &self,
        walk: &ChainWalk<S>,
        search: &mut Search<S>,
        at: Site,
        taken: S,
        found: &mut impl FnMut(&Path, Site) -> bool,
    ) -> bool {
        let count = search.path.len as usize;
        let ends_here = count > 0 && walk.until.contains(at);
        if !ends_here && count < MAX_CHAIN_LINKS {
            let mut went_on = false;
            let went = self.links_from(walk, at, taken, &mut |over, land| {
                went_on = true;
                search.path.links[count] = (over, land);
                search.path.len += 1;
                let mut more = taken;
                more.insert(over);
                let go = self.search_from(walk, search, land, more, found);
                search.path.len -= 1;
                go
            });
            if !went {
                return false;
            }
            if went_on && !walk.chain.may_stop {
                return true;
            }
        }
        if count == 0 || search.found.as_mut().is_some_and(|f| !f.is_new(at, taken)) {
            return true;
        }
        found(&search.path, at)
    }

    /// Calls `each(over, landing)` for each link from `at`, none over a
    /// piece in `taken`; false when `each` asked to stop.
    fn links_from(&self, walk: &ChainWalk<S>, at: Site, taken: S, each: &mut impl FnMut(Site, Site) -> bool) -> bool {
        let lands = |site: Site| walk.target.contains(site) || (site == walk.from && walk.from_lands);
        match walk.reach {
            Reach::Hops(jumps) => {
                for &(over, land, _) in &jumps[at as usize] {
                    if !taken.contains(over) && walk.over.contains(over) && lands(land) && !each(over, land) {
                        return false;
                    }
                }
            }
            Reach::Slides(links) => {
                let board = &self.game.board;
                let empty = self.pos.sets.get::<S>(0);
                // The start is empty once the piece has left it; a ray that
                // comes back round to `at` ends there.
                let vacant = |site: Site| site != NO_SITE && site != at && (empty.contains(site) || site == walk.from);
                for &(dir, first) in &links[at as usize] {
                    let mut next = first;
                    while vacant(next) && walk.through.contains(next) {
                        next = board.next(next, dir);
                    }
                    if next == NO_SITE
                        || vacant(next)
                        || next == at
                        || taken.contains(next)
                        || !walk.over.contains(next)
                        || !walk.through.contains(next)
                    {
                        continue;
                    }
                    let over = next;
                    let mut land = board.next(over, dir);
                    while vacant(land) {
                        if lands(land) && !each(over, land) {
                            return false;
                        }
                        if !walk.through.contains(land) {
                            break;
                        }
                        land = board.next(land, dir);
                    }
                }
            }
        }
        true
    }
}

/// The path of a chain move kept as a trail: its hops replayed, with no
/// search and no look at the position.
pub(crate) fn trail_path(jumps: &Jumps, mv: &Move) -> Path {
    let mut path = Path::EMPTY;
    for (i, link) in trail_hops(jumps, mv).enumerate() {
        path.links[i] = link;
        path.len += 1;
    }
    path
}

/// The (hopped, landing) sites of a chain move kept as a trail, in order.
pub(crate) fn trail_hops<'j>(jumps: &'j Jumps, mv: &Move) -> impl Iterator<Item = (Site, Site)> + 'j {
    let code = mv.over as u32 | (mv.dir as u32) << 16;
    let count = code & ((1 << COUNT_BITS) - 1);
    let bits = hop_bits(jumps);
    let mut at = mv.from;
    (0..count).map(move |i| {
        let k = (code >> (COUNT_BITS + i * bits)) & ((1 << bits) - 1);
        let (over, land, _) = jumps[at as usize][k as usize];
        at = land;
        (over, land)
    })
}

/// The chain of a move rule, if it is one: the chain and how it goes on.
pub(crate) fn chain_of(rule: &MoveRule) -> Option<(&Chain, Reach<'_>)> {
    match rule {
        MoveRule::Move { path, .. } => match path.first() {
            Some(MoveOp::Hop { chain: Some(chain), jumps, .. }) => Some((chain, Reach::Hops(jumps))),
            Some(MoveOp::Slide { chain: Some(chain), links, .. }) => Some((chain, Reach::Slides(links))),
            _ => None,
        },
        _ => None,
    }
}

/// How many links a chain move has: the pieces it passes over.
pub(crate) fn hop_count(mv: &Move) -> u32 {
    mv.over as u32 & ((1 << COUNT_BITS) - 1)
}
