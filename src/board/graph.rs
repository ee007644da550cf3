//! Point-and-line boards: named points with coordinates for drawing, and
//! named lines through them. Each line gives two directions, `L+` (in the
//! order written) and `L-`; a `circle` wraps from its last point to its first.

use super::{Board, BoardShape, Dir, Line, NO_SITE, Site, SiteInfo};
use std::collections::HashMap;

pub fn graph_board(sites: Vec<SiteInfo>, lines: Vec<Line>) -> Board {
    let n = sites.len();
    let mut directions = Vec::with_capacity(lines.len() * 2);
    let mut next = vec![NO_SITE; lines.len() * 2 * n];
    let mut opposite = Vec::with_capacity(lines.len() * 2);
    let mut sets: HashMap<String, Vec<Dir>> = HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        let (forward, backward) = (2 * i, 2 * i + 1);
        directions.push(format!("{}+", line.name));
        directions.push(format!("{}-", line.name));
        opposite.push(backward as Dir);
        opposite.push(forward as Dir);
        let len = line.points.len();
        for k in 0..len {
            let here = line.points[k] as usize;
            let after = if k + 1 < len {
                Some(line.points[k + 1])
            } else if line.closed {
                Some(line.points[0])
            } else {
                None
            };
            if let Some(after) = after {
                next[forward * n + here] = after;
                next[backward * n + after as usize] = here as Site;
            }
        }
        sets.insert(line.name.clone(), vec![forward as Dir, backward as Dir]);
        sets.insert(format!("{}+", line.name), vec![forward as Dir]);
        sets.insert(format!("{}-", line.name), vec![backward as Dir]);
    }
    sets.insert("lines".to_string(), (0..directions.len() as Dir).collect());
    Board::from_parts(BoardShape::Graph, sites, lines, directions, next, opposite, sets)
}
