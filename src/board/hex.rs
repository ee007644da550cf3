//! Hex boards in the shape of a rhombus (`board hex 11 x 11`): sites named
//! like a grid's, `a1` to `k11`, each with six neighbours. Each rank is
//! drawn half a site to the right of the one below, so the directions are
//! `e` and `w` along a rank, `ne` and `sw` along a file, `nw` and `se`
//! across; the sets `all` and each single direction are named. The board is
//! drawn as points joined by its lines, like a graph board.

use super::{Board, BoardShape, Dir, Line, NO_SITE, Site, SiteInfo};
use std::collections::HashMap;

/// (name, file step, rank step), in turning order; the opposite is three on.
const HEX_DIRECTIONS: [(&str, i32, i32); 6] =
    [("e", 1, 0), ("ne", 0, 1), ("nw", -1, 1), ("w", -1, 0), ("sw", 0, -1), ("se", 1, -1)];

pub fn hex_board(files: usize, ranks: usize) -> Board {
    let n = files * ranks;
    let index = |file: usize, rank: usize| (rank * files + file) as Site;
    let mut sites = Vec::with_capacity(n);
    for rank in 0..ranks {
        for file in 0..files {
            let name = super::grid_names::grid_name(file, rank);
            let (x, y) = (file as f64 + rank as f64 * 0.5, rank as f64 * 0.866_025);
            sites.push(SiteInfo { name, x, y });
        }
    }
    let mut next = vec![NO_SITE; HEX_DIRECTIONS.len() * n];
    for (dir, (_, df, dr)) in HEX_DIRECTIONS.iter().enumerate() {
        for rank in 0..ranks as i32 {
            for file in 0..files as i32 {
                let (f, r) = (file + df, rank + dr);
                if f >= 0 && r >= 0 && f < files as i32 && r < ranks as i32 {
                    next[dir * n + index(file as usize, rank as usize) as usize] = index(f as usize, r as usize);
                }
            }
        }
    }
    // For drawing: the ranks, the files and the lines across.
    let mut lines = Vec::new();
    for rank in 0..ranks {
        lines.push(Line {
            name: format!("rank{}", rank + 1),
            closed: false,
            points: (0..files).map(|f| index(f, rank)).collect(),
        });
    }
    for file in 0..files {
        lines.push(Line {
            name: format!("file{file}"),
            closed: false,
            points: (0..ranks).map(|r| index(file, r)).collect(),
        });
    }
    for start in 1..files + ranks - 2 {
        let points: Vec<Site> =
            (0..ranks).filter_map(|r| start.checked_sub(r).filter(|&f| f < files).map(|f| index(f, r))).collect();
        if points.len() > 1 {
            lines.push(Line { name: format!("across{start}"), closed: false, points });
        }
    }
    let directions = HEX_DIRECTIONS.iter().map(|(name, _, _)| name.to_string()).collect();
    let opposite = (0..6).map(|d| ((d + 3) % 6) as Dir).collect();
    let mut sets = HashMap::new();
    sets.insert("all".to_string(), (0..6).collect());
    for (i, (name, _, _)) in HEX_DIRECTIONS.iter().enumerate() {
        sets.insert(name.to_string(), vec![i as Dir]);
    }
    Board::from_parts(BoardShape::Graph, sites, lines, directions, next, opposite, sets)
}
