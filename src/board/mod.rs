//! Boards: square grids with compass directions and point-and-line graphs.
//! Built and validated as a petgraph graph, then lowered to dense tables
//! (`next[direction][site]`) so the engine never walks petgraph at run time.

mod build;
mod graph;
mod hex;
pub mod siteset;
mod square;

pub use build::build_board;
pub use siteset::SiteSet;

use petgraph::graph::UnGraph;
use std::collections::HashMap;

/// Index of a site on the board.
pub type Site = u16;
/// Index of a direction.
pub type Dir = u8;
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

/// The sites along one direction from a site, and whether their numbers
/// only grow or only shrink along the way (true of every ray on a grid):
/// then "up to the first blocker" is one bit operation.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    pub sites: SiteSet,
    pub order: RayOrder,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RayOrder {
    Increasing,
    Decreasing,
    /// Neither: slide by walking the `next` table.
    Mixed,
}

impl Ray {
    fn follow(next: &[Site], n: usize, dir: usize, from: Site) -> Ray {
        let (mut sites, mut up, mut down) = (SiteSet::EMPTY, true, true);
        let (mut prev, mut at) = (from, next[dir * n + from as usize]);
        while at != NO_SITE && at != from && !sites.contains(at) {
            sites.insert(at);
            up &= at > prev;
            down &= at < prev;
            prev = at;
            at = next[dir * n + at as usize];
        }
        let order = match (up, down) {
            (true, _) => RayOrder::Increasing,
            (_, true) => RayOrder::Decreasing,
            _ => RayOrder::Mixed,
        };
        Ray { sites, order }
    }

    /// The sites a slide can reach: the ray up to and including the first
    /// site not in `empty`; `None` when the ray's order is mixed.
    #[inline]
    pub fn reach(&self, empty: SiteSet) -> Option<SiteSet> {
        let blockers = empty.complement_in(self.sites);
        match self.order {
            RayOrder::Increasing => Some(self.sites.upto_lowest(blockers)),
            RayOrder::Decreasing => Some(self.sites.downto_highest(blockers)),
            RayOrder::Mixed => None,
        }
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
    /// `rays[dir * sites + site]`: the sites met going from `site` in `dir`
    /// until the edge (or back at `site` on a closed line), for sliding with
    /// set operations instead of a walk.
    pub rays: Vec<Ray>,
    /// `balls[site * (MAX_BALL + 1) + r]`: the sites at most `r` steps from
    /// `site` in any direction, to find quickly which pieces could reach it.
    balls: Vec<SiteSet>,
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
    pub fn ball(&self, site: Site, radius: u8) -> SiteSet {
        if radius as usize > MAX_BALL {
            return self.all_sites();
        }
        self.balls[site as usize * (MAX_BALL + 1) + radius as usize]
    }

    fn balls(next: &[Site], n: usize, dirs: usize) -> Vec<SiteSet> {
        let mut balls = Vec::with_capacity(n * (MAX_BALL + 1));
        for site in 0..n {
            let mut ball = SiteSet::single(site as Site);
            balls.push(ball);
            for _ in 0..MAX_BALL {
                let mut grown = ball;
                for s in ball.iter() {
                    for d in 0..dirs {
                        let to = next[d * n + s as usize];
                        if to != NO_SITE {
                            grown.insert(to);
                        }
                    }
                }
                ball = grown;
                balls.push(ball);
            }
        }
        balls
    }

    #[inline]
    pub fn ray(&self, site: Site, dir: Dir) -> &Ray {
        &self.rays[dir as usize * self.sites.len() + site as usize]
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
    pub fn reach(&self, dirs: &[Dir]) -> Vec<SiteSet> {
        (0..self.site_count() as Site)
            .map(|site| dirs.iter().map(|&d| self.next(site, d)).filter(|&s| s != NO_SITE).collect())
            .collect()
    }

    /// Every site of the board.
    pub fn all_sites(&self) -> SiteSet {
        SiteSet::first(self.site_count())
    }

    /// All site names, in index order (for "did you mean" hints).
    pub fn site_names(&self) -> impl Iterator<Item = &str> + Clone {
        self.sites.iter().map(|s| s.name.as_str())
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
        let ray_count = if n <= SiteSet::CAPACITY { directions.len() * n } else { 0 };
        let rays = (0..ray_count).map(|i| Ray::follow(&next, n, i / n, (i % n) as Site)).collect();
        let balls = if n <= SiteSet::CAPACITY { Self::balls(&next, n, directions.len()) } else { Vec::new() };
        Board { shape, sites, lines, directions, next, rays, balls, opposite, direction_sets, site_index, graph }
    }
}
