//! Hex boards: a rhombus (`board hex 11 x 11`) or a hexagon (`board hex
//! hexagon 5`) of hexagons, each site with up to six neighbours. Sites are
//! named like a grid's, `a1` to `k11`; a hexagon of side N is the rhombus
//! of 2N - 1 files and ranks with its two far corners cut off (the sites
//! more than N - 1 steps from the centre), the rest keeping their names.
//! Each rank is drawn half a site to the right of the one below, so the
//! directions are `e` and `w` along a rank, `ne` and `sw` along a file, `nw`
//! and `se` across; the sets `all` and each single direction are named. The
//! board is drawn as points joined by its lines, like a graph board, so a
//! hexagon's picture has only its own cells.

use super::square::MAX_FILES;
use super::{Board, BoardShape, Dir, Line, NO_SITE, Site, SiteInfo};
use std::collections::HashMap;

/// (name, file step, rank step), in turning order; the opposite is three on.
const HEX_DIRECTIONS: [(&str, i32, i32); 6] =
    [("e", 1, 0), ("ne", 0, 1), ("nw", -1, 1), ("w", -1, 0), ("sw", 0, -1), ("se", 1, -1)];

/// The longest side of a hexagon: its 2N - 1 files must have letters.
pub const MAX_HEXAGON_SIDE: usize = MAX_FILES.div_ceil(2);

pub fn hex_board(files: usize, ranks: usize) -> Board {
    hex_cells(files, ranks, |_, _| true)
}

/// A hexagon of `side` cells a side: in the rhombus of `2 * side - 1` files
/// and ranks, the cells whose file and rank (from 0) add up to between
/// `side - 1` and `3 * (side - 1)`, which are the cells at most `side - 1`
/// steps from the centre: 3N(N - 1) + 1 of them.
pub fn hexagon_board(side: usize) -> Board {
    let width = 2 * side - 1;
    hex_cells(width, width, |file, rank| (side - 1..=3 * (side - 1)).contains(&(file + rank)))
}

/// The cells of a `files` x `ranks` rhombus for which `keep` holds, numbered
/// rank by rank from the bottom, linked in the six directions.
fn hex_cells(files: usize, ranks: usize, keep: impl Fn(usize, usize) -> bool) -> Board {
    let mut index = vec![NO_SITE; files * ranks];
    let mut sites = Vec::new();
    for rank in 0..ranks {
        for file in (0..files).filter(|&f| keep(f, rank)) {
            index[rank * files + file] = sites.len() as Site;
            let name = super::grid_names::grid_name(file, rank);
            let (x, y) = (file as f64 + rank as f64 * 0.5, rank as f64 * 0.866_025);
            sites.push(SiteInfo { name, x, y });
        }
    }
    // The site on `file` and `rank` if it is on the board.
    let at = |file: i32, rank: i32| {
        let inside = file >= 0 && rank >= 0 && file < files as i32 && rank < ranks as i32;
        if inside { index[rank as usize * files + file as usize] } else { NO_SITE }
    };
    let n = sites.len();
    let mut next = vec![NO_SITE; HEX_DIRECTIONS.len() * n];
    for (dir, (_, df, dr)) in HEX_DIRECTIONS.iter().enumerate() {
        for rank in 0..ranks as i32 {
            for file in 0..files as i32 {
                let from = at(file, rank);
                if from != NO_SITE {
                    next[dir * n + from as usize] = at(file + df, rank + dr);
                }
            }
        }
    }
    // For drawing: the ranks, the files and the lines across, each through
    // the cells the board has (on a hexagon every such line is unbroken).
    let line = |name: String, cells: &mut dyn Iterator<Item = (usize, usize)>| {
        let points: Vec<Site> = cells.map(|(f, r)| at(f as i32, r as i32)).filter(|&s| s != NO_SITE).collect();
        (points.len() > 1).then_some(Line { name, closed: false, points })
    };
    let mut lines = Vec::new();
    for rank in 0..ranks {
        lines.extend(line(format!("rank{}", rank + 1), &mut (0..files).map(|f| (f, rank))));
    }
    for file in 0..files {
        lines.extend(line(format!("file{file}"), &mut (0..ranks).map(|r| (file, r))));
    }
    for start in 1..files + ranks - 2 {
        let cells = (0..ranks).filter_map(|r| start.checked_sub(r).filter(|&f| f < files).map(|f| (f, r)));
        lines.extend(line(format!("across{start}"), &mut cells.into_iter()));
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
