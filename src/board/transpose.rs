//! The site with its file and rank exchanged: `b1` for `a2`, on any board
//! whose sites are named as a grid's (square and hex grids). On a board of
//! as many files as ranks it is the reflection across the long diagonal
//! from `a1`: a pie rule moves the first stone so.

use super::grid_names::{grid_name, grid_place};
use super::square::MAX_FILES;
use super::{Board, Site};

impl Board {
    /// The site named with `site`'s file and rank exchanged, if the board
    /// has one (`None` for a site not named by file and rank).
    pub fn transposed(&self, site: Site) -> Option<Site> {
        let (file, rank) = grid_place(self.site_name(site))?;
        // A rank past the last file letter has no name as a file.
        (rank < MAX_FILES).then(|| self.site(&grid_name(rank, file))).flatten()
    }
}
