//! Square grids: sites `a1`.. named by file letter and rank number, eight
//! compass directions, and the direction sets `orthogonal`, `diagonal`, `all`.

use super::{Board, BoardShape, Dir, NO_SITE, Site, SiteInfo};
use std::collections::HashMap;

const COMPASS: [(&str, i32, i32); 8] =
    [("n", 0, 1), ("ne", 1, 1), ("e", 1, 0), ("se", 1, -1), ("s", 0, -1), ("sw", -1, -1), ("w", -1, 0), ("nw", -1, 1)];

pub const MAX_FILES: usize = 26;
pub const MAX_RANKS: usize = 99;

pub fn square_board(files: usize, ranks: usize) -> Board {
    let n = files * ranks;
    let mut sites = Vec::with_capacity(n);
    for rank in 0..ranks {
        for file in 0..files {
            let name = super::grid_names::grid_name(file, rank);
            sites.push(SiteInfo { name, x: file as f64, y: rank as f64 });
        }
    }
    let mut next = vec![NO_SITE; COMPASS.len() * n];
    for (dir, (_, dx, dy)) in COMPASS.iter().enumerate() {
        for rank in 0..ranks as i32 {
            for file in 0..files as i32 {
                let (f, r) = (file + dx, rank + dy);
                if f >= 0 && r >= 0 && f < files as i32 && r < ranks as i32 {
                    next[dir * n + (rank * files as i32 + file) as usize] = (r * files as i32 + f) as Site;
                }
            }
        }
    }
    let directions = COMPASS.iter().map(|(name, _, _)| name.to_string()).collect();
    let opposite = (0..8).map(|d| ((d + 4) % 8) as Dir).collect();
    let mut sets = HashMap::new();
    sets.insert("orthogonal".to_string(), vec![0, 2, 4, 6]);
    sets.insert("diagonal".to_string(), vec![1, 3, 5, 7]);
    sets.insert("all".to_string(), (0..8).collect());
    for (i, (name, _, _)) in COMPASS.iter().enumerate() {
        sets.insert(name.to_string(), vec![i as Dir]);
    }
    Board::from_parts(BoardShape::Square { files, ranks }, sites, Vec::new(), directions, next, opposite, sets)
}

impl Board {
    /// On a square board, for each site the sites `(a, b)` squares away in
    /// every orientation (eight leaps for `(1, 2)`); `None` on others.
    pub fn leaps(&self, a: i64, b: i64) -> Option<super::SetTable> {
        let BoardShape::Square { files, ranks } = self.shape else { return None };
        let mut table = super::SetTable::new(self.width, self.site_count());
        for from in 0..self.site_count() {
            let (f0, r0) = ((from % files) as i64, (from / files) as i64);
            for (df, dr) in [(a, b), (b, a)] {
                for (sf, sr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (f, r) = (f0 + sf * df, r0 + sr * dr);
                    if (0..files as i64).contains(&f) && (0..ranks as i64).contains(&r) && (f, r) != (f0, r0) {
                        table.insert(from, (r * files as i64 + f) as Site);
                    }
                }
            }
        }
        Some(table)
    }
}
