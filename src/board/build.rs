//! Building a board from its declaration, with a diagnostic for every fault:
//! sizes out of range, unknown or repeated points, lines that break, and
//! sites nothing connects (found with petgraph).

use super::graph::graph_board;
use super::square::{MAX_FILES, MAX_RANKS, square_board};
use super::{Board, Line, Site, SiteInfo};
use crate::diagnostics::Diagnostic;
use crate::diagnostics::suggest::help_for;
use crate::syntax::ast::BoardDecl;
use crate::syntax::span::Span;
use petgraph::visit::Bfs;
use std::collections::HashMap;

/// The most lines a graph board may have: two directions each, below the
/// direction numbers kept for "none" and "an action".
pub const MAX_LINES: usize = (super::Dir::MAX as usize - 1) / 2;

/// The most memory a board's tables may take (the sites along each ray and
/// around each site, as sets): a board past it is refused, not built.
pub const MAX_TABLE_BYTES: usize = 256 << 20;

/// Builds the board; `None` when the declaration has errors (all reported).
pub fn build_board(decl: &BoardDecl, span: Span, diagnostics: &mut Vec<Diagnostic>) -> Option<Board> {
    let board = match decl {
        BoardDecl::Square { files, ranks } | BoardDecl::Hex { files, ranks } => {
            let hex = matches!(decl, BoardDecl::Hex { .. });
            let mut ok = true;
            for (value, what, max) in [(files, "files", MAX_FILES), (ranks, "ranks", MAX_RANKS)] {
                if value.node < 1 || value.node > max as i64 {
                    ok = false;
                    diagnostics.push(
                        Diagnostic::error(
                            "E0201",
                            format!("a board of files and ranks needs between 1 and {max} {what}"),
                        )
                        .with_label(value.span, format!("{} {what}", value.node))
                        .with_help(format!("sites are named by file letter a-z and rank 1-{MAX_RANKS}, as in `a1`")),
                    );
                }
            }
            if !ok {
                return None;
            }
            if hex {
                super::hex::hex_board(files.node as usize, ranks.node as usize)
            } else {
                square_board(files.node as usize, ranks.node as usize)
            }
        }
        BoardDecl::Hexagon { side } => {
            let max = super::hex::MAX_HEXAGON_SIDE;
            if side.node < 1 || side.node > max as i64 {
                diagnostics.push(
                    Diagnostic::error("E0201", format!("a hexagon board needs between 1 and {max} cells a side"))
                        .with_label(side.span, format!("{} cells a side", side.node))
                        .with_help(format!(
                            "a hexagon of side N spans 2N - 1 files, named by the letters a-z: {max} gives {} cells",
                            3 * max * (max - 1) + 1
                        )),
                );
                return None;
            }
            super::hex::hexagon_board(side.node as usize)
        }
        BoardDecl::Graph { points, lines } => build_graph(points, lines, span, diagnostics)?,
    };
    warn_disconnected(&board, span, diagnostics);
    Some(board)
}

fn build_graph(
    points: &[crate::syntax::ast::PointDecl],
    lines: &[crate::syntax::ast::LineDecl],
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Board> {
    let errors_before = diagnostics.iter().filter(|d| d.is_error()).count();
    let mut index: HashMap<&str, (Site, Span)> = HashMap::new();
    let mut sites = Vec::new();
    for point in points {
        if let Some((_, first)) = index.get(point.name.as_str()) {
            diagnostics.push(
                Diagnostic::error("E0202", format!("point `{}` is declared twice", point.name.node))
                    .with_label(point.name.span, "declared again here")
                    .with_label(*first, "first declared here"),
            );
            continue;
        }
        index.insert(point.name.as_str(), (sites.len() as Site, point.name.span));
        sites.push(SiteInfo { name: point.name.node.clone(), x: point.x, y: point.y });
    }
    if sites.len() > super::MAX_SITES {
        let extra = &points[super::MAX_SITES];
        diagnostics.push(
            Diagnostic::error("E0208", format!("a board has at most {} sites", super::MAX_SITES))
                .with_label(extra.name.span, format!("point number {}", super::MAX_SITES + 1))
                .with_help(format!("this board has {}; every board of files and ranks fits", sites.len())),
        );
        return None;
    }
    if sites.is_empty() {
        diagnostics.push(
            Diagnostic::error("E0203", "a graph board needs at least one point")
                .with_label(span, "no `point` in this board")
                .with_help("declare points as `point NAME at (X, Y)`"),
        );
    }
    let mut built_lines = Vec::new();
    let mut line_names: HashMap<&str, Span> = HashMap::new();
    // Each line gives two directions, numbered in 16 bits that also mark
    // "no direction" and "an action": past this many lines they would clash.
    if lines.len() > MAX_LINES {
        let extra = &lines[MAX_LINES];
        diagnostics.push(
            Diagnostic::error("E0210", format!("a graph board has at most {MAX_LINES} lines and circles"))
                .with_label(extra.name.span, format!("line number {}", MAX_LINES + 1))
                .with_help(format!("this board has {}; join lines that continue one another", lines.len())),
        );
        return None;
    }
    for line in lines {
        if let Some(first) = line_names.insert(line.name.as_str(), line.name.span) {
            diagnostics.push(
                Diagnostic::error("E0204", format!("line `{}` is declared twice", line.name.node))
                    .with_label(line.name.span, "declared again here")
                    .with_label(first, "first declared here"),
            );
        }
        let mut on_line: Vec<Site> = Vec::new();
        let mut ok = true;
        for point in &line.points {
            match index.get(point.as_str()) {
                Some(&(site, _)) => {
                    if on_line.contains(&site) {
                        ok = false;
                        diagnostics.push(
                            Diagnostic::error("E0205", format!("line `{}` passes through `{}` twice", line.name.node, point.node))
                                .with_label(point.span, "repeated here")
                                .with_help("a line is a path through distinct points; use `circle` for a line that closes on itself"),
                        );
                    }
                    on_line.push(site);
                }
                None => {
                    ok = false;
                    diagnostics.push(
                        Diagnostic::error(
                            "E0206",
                            format!("line `{}` goes through `{}`, which is not a point", line.name.node, point.node),
                        )
                        .with_label(point.span, "no point of this name")
                        .with_help(help_for(
                            point.as_str(),
                            "point",
                            points.iter().map(|p| p.name.as_str()),
                        )),
                    );
                }
            }
        }
        if line.closed && line.points.len() < 3 {
            ok = false;
            diagnostics.push(
                Diagnostic::error(
                    "E0207",
                    format!("circle `{}` has only {} points", line.name.node, line.points.len()),
                )
                .with_label(line.name.span, "a circle needs at least three points")
                .with_help("use `line` for a path between two points"),
            );
        }
        if ok {
            built_lines.push(Line { name: line.name.node.clone(), closed: line.closed, points: on_line });
        }
    }
    let errors_after = diagnostics.iter().filter(|d| d.is_error()).count();
    if errors_after > errors_before {
        return None;
    }
    let bytes = super::Board::table_bytes(sites.len(), built_lines.len() * 2);
    if bytes > MAX_TABLE_BYTES {
        diagnostics.push(
            Diagnostic::error(
                "E0211",
                format!(
                    "this board's tables would take {} MB; a board may take at most {} MB",
                    bytes >> 20,
                    MAX_TABLE_BYTES >> 20
                ),
            )
            .with_label(span, format!("{} points and {} lines", sites.len(), built_lines.len()))
            .with_help("each line gives two directions, and every direction a set of sites per point: join lines that continue one another"),
        );
        return None;
    }
    let board = graph_board(sites, built_lines);
    for (i, site) in board.sites.iter().enumerate() {
        if board.graph.neighbors(petgraph::graph::NodeIndex::new(i)).next().is_none() && board.site_count() > 1 {
            let point_span = index.get(site.name.as_str()).map_or(span, |(_, s)| *s);
            diagnostics.push(
                Diagnostic::warning("W0201", format!("point `{}` is on no line", site.name))
                    .with_label(point_span, "nothing can move to or from here")
                    .with_help("add it to a `line` or remove it"),
            );
        }
    }
    Some(board)
}

/// Warns when the board falls apart into pieces nothing can cross between.
fn warn_disconnected(board: &Board, span: Span, diagnostics: &mut Vec<Diagnostic>) {
    if board.site_count() < 2 {
        return;
    }
    let mut bfs = Bfs::new(&board.graph, petgraph::graph::NodeIndex::new(0));
    let mut reached = vec![false; board.site_count()];
    while let Some(node) = bfs.next(&board.graph) {
        reached[node.index()] = true;
    }
    let unreached: Vec<&str> =
        (0..board.site_count()).filter(|&i| !reached[i]).map(|i| board.sites[i].name.as_str()).collect();
    let isolated = unreached.iter().all(|name| {
        let i = board.site(name).unwrap_or(0) as usize;
        board.graph.neighbors(petgraph::graph::NodeIndex::new(i)).next().is_none()
    });
    if !unreached.is_empty() && !isolated {
        let shown: Vec<&str> = unreached.iter().take(8).copied().collect();
        diagnostics.push(
            Diagnostic::warning("W0202", "the board is in pieces that no line connects")
                .with_label(span, format!("not reachable from `{}`: {}", board.sites[0].name, shown.join(", ")))
                .with_help("check that the lines share points where they should meet"),
        );
    }
}
