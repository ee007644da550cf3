//! Boards: square grids with compass directions and point-and-line graphs.
//! Built and validated as a petgraph graph, then lowered to dense tables
//! (`next[direction][site]`) so the engine never walks petgraph at run time.

mod build;
mod graph;
mod grid_names;
mod hex;
mod neighbours;
pub mod siteset;
mod square;
mod transpose;

pub use build::build_board;
pub use neighbours::Neighbours;
pub use siteset::{MAX_SITES, SetTable, SiteSet, Sites, Sites64, Sites128, SitesWide, Width};

use petgraph::graph::UnGraph;
use std::collections::HashMap;

/// Index of a site on the board.
pub type Site = u16;
/// Index of a direction.
pub type Dir = u16;
/// "No site": off the board.
pub const NO_SITE: Site = Site::MAX;
/// The largest radius `Board::ball` keeps a table for.
pub const MAX_BALL: usize = 8;

#[derive(Clone, Debug, PartialEq)]
pub enum BoardShape {
    Square { files: usize, ranks: usize },
    Graph,
}

#[derive(Clone, Debug)]
pub struct SiteInfo {
    pub name: String,
    pub x: f64,
    pub y: f64,
}

/// A named line of a graph board, its points in order.
#[derive(Clone, Debug)]
pub struct Line {
    pub name: String,
    pub closed: bool,
    pub points: Vec<Site>,
}

/// Whether the site numbers along a ray only grow or only shrink (true of
/// every ray on a grid): then "up to the first blocker" is one bit operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RayOrder {
    Increasing,
    Decreasing,
    /// Neither: slide by walking the `next` table.
    Mixed,
}

/// Puts into set `ray` of `table` the sites met going from `from` in
/// direction `dir` until the edge (or back at `from` on a closed line), and
/// gives their order.
fn follow(next: &[Site], n: usize, dir: usize, from: Site, table: &mut SetTable, ray: usize) -> RayOrder {
    let (mut up, mut down) = (true, true);
    let (mut prev, mut at) = (from, next[dir * n + from as usize]);
    while at != NO_SITE && at != from && !table.contains(ray, at) {
        table.insert(ray, at);
        up &= at > prev;
        down &= at < prev;
        prev = at;
        at = next[dir * n + at as usize];
    }
    match (up, down) {
        (true, _) => RayOrder::Increasing,
        (_, true) => RayOrder::Decreasing,
        _ => RayOrder::Mixed,
    }
}

#[derive(Clone, Debug)]
pub struct Board {
    pub shape: BoardShape,
    pub sites: Vec<SiteInfo>,
    pub lines: Vec<Line>,
    /// Direction names: compass points on grids, `LINE+`/`LINE-` on graphs.
    pub directions: Vec<String>,
    /// `next[dir * sites + site]`: the neighbour in that direction, or `NO_SITE`.
    next: Vec<Site>,
    /// The width of the game's site sets, from the number of sites.
    pub width: Width,
    /// `ray_sites[dir * sites + site]`: the sites met going from `site` in
    /// `dir` until the edge (or back at `site` on a closed line), for sliding
    /// with set operations instead of a walk; `ray_order` the same way.
    ray_sites: SetTable,
    ray_order: Vec<RayOrder>,
    /// Per direction, when every step in it adds the same number to the
    /// site's (a grid numbered row by row): that number, and the sites that
    /// have a next site. Then "the sites whose next is in X" is one shift.
    shifts: Vec<Option<i32>>,
    /// Row `dir`: the sites that have a next site in `dir` (empty when the
    /// direction has no constant step). Flat, as `before` runs every ply.
    has_next: SetTable,
    /// `balls[site * (MAX_BALL + 1) + r]`: the sites at most `r` steps from
    /// `site` in any direction, to find quickly which pieces could reach it.
    balls: SetTable,
    /// The reverse of each direction.
    pub opposite: Vec<Dir>,
    /// Named direction sets (`orthogonal`, `lines`, a line's name, ...).
    pub direction_sets: HashMap<String, Vec<Dir>>,
    site_index: HashMap<String, Site>,
    /// The adjacency graph, kept for validation and drawing.
    pub graph: UnGraph<Site, ()>,
}

impl Board {
    pub fn site_count(&self) -> usize {
        self.sites.len()
    }

    pub fn site(&self, name: &str) -> Option<Site> {
        self.site_index.get(name).copied()
    }

    pub fn site_name(&self, site: Site) -> &str {
        &self.sites[site as usize].name
    }

    /// Where a site comes when sites are listed left to right, then
    /// bottom to top within a column (the parts of a move of two pieces).
    pub fn reading_order(&self, site: Site) -> (f64, f64) {
        let info = &self.sites[site as usize];
        (info.x, info.y)
    }

    pub fn direction(&self, name: &str) -> Option<Dir> {
        self.directions.iter().position(|d| d == name).map(|d| d as Dir)
    }

    /// The neighbour of `site` in direction `dir`, or `NO_SITE`.
    #[inline]
    pub fn next(&self, site: Site, dir: Dir) -> Site {
        self.next[dir as usize * self.sites.len() + site as usize]
    }

    /// The sites at most `radius` steps from `site` (every site beyond `MAX_BALL`).
    #[inline]
    pub fn ball<S: SiteSet>(&self, site: Site, radius: u8) -> S {
        if radius as usize > MAX_BALL {
            return self.all_sites();
        }
        self.balls.get(site as usize * (MAX_BALL + 1) + radius as usize)
    }

    /// The smallest radius whose balls hold every site's entry of `table`
    /// (a leap's destinations, say); more than `MAX_BALL` when none does.
    pub fn radius_of(&self, table: &SetTable) -> u8 {
        crate::with_width!(self.width, S => {
            let within = |r: u8| {
                (0..self.site_count()).all(|s| {
                    let targets: S = table.get_or_empty(s);
                    self.ball::<S>(s as Site, r).complement_in(targets).is_empty()
                })
            };
            (0..=MAX_BALL as u8).find(|&r| within(r)).unwrap_or(MAX_BALL as u8 + 1)
        })
    }

    fn balls(next: &[Site], n: usize, dirs: usize, width: Width) -> SetTable {
        let mut balls = SetTable::new(width, n * (MAX_BALL + 1));
        let mut inside = vec![false; n];
        for site in 0..n {
            // Grown one ring of neighbours per radius.
            inside.iter_mut().for_each(|i| *i = false);
            inside[site] = true;
            let (mut ball, mut ring) = (vec![site as Site], vec![site as Site]);
            for radius in 0..=MAX_BALL {
                if radius > 0 {
                    let mut grown = Vec::new();
                    for &s in &ring {
                        for d in 0..dirs {
                            let to = next[d * n + s as usize];
                            if to != NO_SITE && !inside[to as usize] {
                                inside[to as usize] = true;
                                grown.push(to);
                            }
                        }
                    }
                    ball.extend_from_slice(&grown);
                    ring = grown;
                }
                ball.iter().for_each(|&s| balls.insert(site * (MAX_BALL + 1) + radius, s));
            }
        }
        balls
    }

    /// The sites along direction `dir` from `site` (see `ray_sites`).
    #[inline]
    pub fn ray<S: SiteSet>(&self, site: Site, dir: Dir) -> S {
        self.ray_sites.get(dir as usize * self.sites.len() + site as usize)
    }

    /// The sites a slide from `site` in `dir` can reach: the ray up to and
    /// including the first site not in `empty`; `None` when the ray's order
    /// is mixed (then walk it).
    #[inline]
    pub fn ray_reach<S: SiteSet>(&self, site: Site, dir: Dir, empty: S) -> Option<S> {
        let index = dir as usize * self.sites.len() + site as usize;
        let sites: S = self.ray_sites.get(index);
        let blockers = empty.complement_in(sites);
        match self.ray_order[index] {
            RayOrder::Increasing => Some(sites.upto_lowest(blockers)),
            RayOrder::Decreasing => Some(sites.downto_highest(blockers)),
            RayOrder::Mixed => None,
        }
    }

    /// For each site, the (site jumped, landing site, direction) of a hop in
    /// any of `dirs`: two steps in the same direction.
    pub fn jumps(&self, dirs: &[Dir]) -> Vec<Vec<(Site, Site, Dir)>> {
        (0..self.site_count() as Site)
            .map(|site| {
                dirs.iter()
                    .filter_map(|&d| {
                        let over = self.next(site, d);
                        let land = if over == NO_SITE { NO_SITE } else { self.next(over, d) };
                        (land != NO_SITE && land != site).then_some((over, land, d))
                    })
                    .collect()
            })
            .collect()
    }

    /// The line a direction runs along (on a grid, its axis): a direction
    /// and its opposite share one.
    #[inline]
    pub fn line_of(&self, dir: Dir) -> Dir {
        dir.min(self.opposite[dir as usize])
    }

    /// For each site, the sites one step away in any of `dirs`.
    pub fn reach(&self, dirs: &[Dir]) -> SetTable {
        let mut table = SetTable::new(self.width, self.site_count());
        for site in 0..self.site_count() {
            dirs.iter()
                .map(|&d| self.next(site as Site, d))
                // A step never ends where it started (a line may close on itself).
                .filter(|&s| s != NO_SITE && s != site as Site)
                .for_each(|s| table.insert(site, s));
        }
        table
    }

    /// For each site, the directions of `dirs` that lead somewhere from
    /// it, in the order of `dirs`, with the site each leads to: a move walks
    /// these instead of trying every direction (most lead nowhere on a
    /// graph board with many lines).
    pub fn links(&self, dirs: &[Dir]) -> Vec<Vec<(Dir, Site)>> {
        (0..self.site_count() as Site)
            .map(|site| dirs.iter().map(|&d| (d, self.next(site, d))).filter(|&(_, s)| s != NO_SITE).collect())
            .collect()
    }

    /// Every site of the board.
    #[inline]
    pub fn all_sites<S: SiteSet>(&self) -> S {
        S::first(self.site_count())
    }

    /// Every site of the board, as a compiled set.
    pub fn every_site(&self) -> Sites {
        Sites::first(self.width, self.site_count())
    }

    /// All site names, in index order (for "did you mean" hints).
    pub fn site_names(&self) -> impl Iterator<Item = &str> + Clone {
        self.sites.iter().map(|s| s.name.as_str())
    }

    /// The memory of the set tables of a board of `sites` sites and `dirs`
    /// directions: a ray per direction and site, `MAX_BALL + 1` balls per site.
    pub fn table_bytes(sites: usize, dirs: usize) -> usize {
        let set = Width::for_sites(sites).words() * 8;
        sites.saturating_mul(dirs + MAX_BALL + 1).saturating_mul(set)
    }

    /// A direction's constant step in site numbers, if it has one (see `shifts`).
    fn constant_step(next: &[Site], width: Width) -> Option<(i32, Sites)> {
        if next.len() > MAX_SITES {
            return None;
        }
        let mut step = None;
        let mut has_next = Sites::empty(width);
        for (site, &to) in next.iter().enumerate() {
            if to == NO_SITE {
                continue;
            }
            let by = to as i32 - site as i32;
            if *step.get_or_insert(by) != by {
                return None;
            }
            has_next.insert(site as Site);
        }
        step.map(|by| (by, has_next))
    }

    /// Whether `dir` has a constant step in site numbers, so that `before`
    /// answers for it.
    pub fn shifts_evenly(&self, dir: Dir) -> bool {
        self.shifts.get(dir as usize).is_some_and(Option::is_some)
    }

    /// When every direction of `dirs` shifts evenly, each by a different
    /// step: the steps, and the sites with a next site in each direction.
    /// One step in any of them is then counted by shifting sets, one shift
    /// a direction, without counting a move twice.
    pub fn shifts_apart(&self, dirs: &[Dir]) -> Option<(Vec<i32>, SetTable)> {
        let steps: Vec<i32> = dirs.iter().map(|&d| *self.shifts.get(d as usize)?).collect::<Option<_>>()?;
        if steps.iter().enumerate().any(|(i, by)| steps[..i].contains(by)) {
            return None;
        }
        Some((steps, self.has_next.pick(dirs.iter().map(|&d| d as usize))))
    }

    /// A direction's constant step in site numbers and the sites with a next
    /// site that way, when it has one: `before` as data, for the playout
    /// kernel, which keeps no board.
    pub fn step_of<S: SiteSet>(&self, dir: Dir) -> Option<(i32, S)> {
        Some((self.shifts.get(dir as usize).copied().flatten()?, self.has_next.get(dir as usize)))
    }

    /// The sites whose next site in `dir` is in `sites`, by one shift of the
    /// set when the direction has a constant step (`None` otherwise).
    #[inline]
    pub fn before<S: SiteSet>(&self, dir: Dir, sites: S) -> Option<S> {
        let by = self.shifts[dir as usize]?;
        Some(sites.shifted(-by).and(self.has_next.get(dir as usize)))
    }

    fn from_parts(
        shape: BoardShape,
        sites: Vec<SiteInfo>,
        lines: Vec<Line>,
        directions: Vec<String>,
        next: Vec<Site>,
        opposite: Vec<Dir>,
        direction_sets: HashMap<String, Vec<Dir>>,
    ) -> Board {
        let site_index = sites.iter().enumerate().map(|(i, s)| (s.name.clone(), i as Site)).collect();
        let mut graph = UnGraph::with_capacity(sites.len(), sites.len() * 2);
        let nodes: Vec<_> = (0..sites.len()).map(|i| graph.add_node(i as Site)).collect();
        let n = sites.len();
        for dir in 0..directions.len() {
            for site in 0..n {
                let to = next[dir * n + site];
                if to != NO_SITE && (site as Site) < to && graph.find_edge(nodes[site], nodes[to as usize]).is_none() {
                    graph.add_edge(nodes[site], nodes[to as usize], ());
                }
            }
        }
        // A board too big for site sets is rejected later (E0208); give it no rays.
        let width = Width::for_sites(n);
        let ray_count = if n <= MAX_SITES { directions.len() * n } else { 0 };
        let mut ray_sites = SetTable::new(width, ray_count);
        let mut ray_order = Vec::with_capacity(ray_count);
        for i in 0..ray_count {
            ray_order.push(follow(&next, n, i / n, (i % n) as Site, &mut ray_sites, i));
        }
        let balls = if n <= MAX_SITES { Self::balls(&next, n, directions.len(), width) } else { SetTable::default() };
        let steps: Vec<_> =
            (0..directions.len()).map(|dir| Self::constant_step(&next[dir * n..(dir + 1) * n], width)).collect();
        let empty = Sites::empty(width);
        let has_next = SetTable::from_sets(width, steps.iter().map(|s| s.as_ref().map_or(&empty, |(_, sites)| sites)));
        let shifts = steps.iter().map(|s| s.as_ref().map(|(by, _)| *by)).collect();
        Board {
            shape,
            sites,
            lines,
            directions,
            width,
            next,
            ray_sites,
            ray_order,
            shifts,
            has_next,
            balls,
            opposite,
            direction_sets,
            site_index,
            graph,
        }
    }
}
