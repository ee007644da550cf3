//! The sites next to others along some directions, either way: the
//! adjacency that groups, liberties and territories flood through. Per site
//! a table; and, where the board allows it (a grid's directions each move
//! by a constant number of sites), a few shifts of a whole set, so that a
//! flood costs a few set operations a ring instead of one a site.

use super::{Board, Dir, NO_SITE, SetTable, Site, SiteSet};
use crate::with_width;

/// Per site, the sites next to it along some directions, either way.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Neighbours {
    table: SetTable,
    /// When the sites next to any set are that set's sites with a next site
    /// in each of a few directions, shifted by those directions' constant
    /// steps: the steps, and per step those sites. Empty otherwise.
    steps: Vec<i32>,
    from: SetTable,
}

impl Neighbours {
    /// The adjacency along `dirs` on `board`, both ways.
    pub fn new(board: &Board, dirs: &[Dir]) -> Neighbours {
        let n = board.site_count();
        let mut table = SetTable::new(board.width, n);
        for site in 0..n {
            for &dir in dirs {
                let next = board.next(site as Site, dir);
                if next != NO_SITE && next as usize != site {
                    table.insert(site, next);
                    table.insert(next as usize, site as Site);
                }
            }
        }
        let mut neighbours = Neighbours { table, steps: Vec::new(), from: SetTable::default() };
        if let Some((steps, from)) = Self::shifts(board, dirs) {
            let shifted = Neighbours { steps, from, ..neighbours.clone() };
            // Kept only where the shifts give every site's table entry: a
            // board whose reverse directions are not its directions' opposites
            // (an irregular graph) floods through the table.
            let agrees = with_width!(board.width, S => (0..n).all(|site| {
                shifted.shifted_around::<S>(S::single(site as Site)) == neighbours.table.get::<S>(site)
            }));
            if agrees {
                neighbours = shifted;
            }
        }
        neighbours
    }

    /// The directions and their opposites, when each moves by its own
    /// constant step.
    fn shifts(board: &Board, dirs: &[Dir]) -> Option<(Vec<i32>, SetTable)> {
        let mut both: Vec<Dir> = Vec::new();
        for &dir in dirs {
            let opposite = board.opposite.get(dir as usize).copied().filter(|&o| (o as usize) < board.directions.len());
            for d in std::iter::once(dir).chain(opposite) {
                if !both.contains(&d) {
                    both.push(d);
                }
            }
        }
        let (steps, from) = board.shifts_apart(&both)?;
        (!steps.contains(&0)).then_some((steps, from))
    }

    /// The sites next to `site`.
    #[inline]
    pub fn of<S: SiteSet>(&self, site: Site) -> S {
        self.table.get(site as usize)
    }

    /// The sites next to any site of `sites`: a few shifts when the board
    /// allows them and the set has more than one site, else the table.
    #[inline]
    pub fn around<S: SiteSet>(&self, sites: S) -> S {
        if self.steps.is_empty() || sites.len() <= 1 {
            return sites.iter().fold(S::EMPTY, |acc, site| acc.or(self.of(site)));
        }
        self.shifted_around(sites)
    }

    #[inline]
    fn shifted_around<S: SiteSet>(&self, sites: S) -> S {
        let moved = |(i, &by): (usize, &i32)| sites.and(self.from.get(i)).shifted(by);
        self.steps.iter().enumerate().map(moved).fold(S::EMPTY, S::or)
    }
}
