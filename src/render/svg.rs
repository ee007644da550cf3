//! Positions drawn as SVG: square boards as a grid of cells, graph boards
//! as their lines through the points at the rule file's coordinates, with
//! each site named and each piece a disc lettered with its type's initial.
//! In games with stacks, a site shows its whole stack as lettered tiles,
//! bottom to top, with the count beside it; a site attribute (such as a
//! level) tints the cells and is written in their corner.
//! The output depends only on the rules and the position, so it can be
//! snapshotted.

use crate::board::BoardShape;
use crate::engine::State;
use std::fmt::Write;

/// The drawing area (without margins), in SVG user units.
const SIZE: f64 = 600.0;
const MARGIN: f64 = 40.0;
/// Fills for the players' pieces, in player order; neutral pieces are grey.
const PLAYER_FILLS: [&str; 4] = ["#f4f1e8", "#2b2b3a", "#c0392b", "#2e86c1"];
const PLAYER_INKS: [&str; 4] = ["#222222", "#f4f1e8", "#ffffff", "#ffffff"];
const NEUTRAL_FILL: &str = "#9e9e9e";

/// The position as a standalone SVG document.
pub fn board_svg(state: &State) -> String {
    let game = state.game();
    let board = &game.board;
    let mut svg = String::new();
    let full = SIZE + 2.0 * MARGIN;
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {full} {full}" width="{full}" height="{full}" font-family="sans-serif">"#
    );
    let _ = writeln!(svg, "  <title>{}</title>", escape(&game.title));
    let _ = writeln!(svg, r##"  <rect width="{full}" height="{full}" fill="#fbf8ef"/>"##);
    // Where each site is drawn, and how big a piece is.
    let (centres, radius) = match board.shape {
        BoardShape::Square { files, ranks } => {
            let cell = SIZE / files.max(ranks) as f64;
            // The first attribute, if any, tints the cells: the higher, the greener.
            let attribute = game.attributes.first();
            let (low, high) = attribute.map_or((0, 0), |a| {
                (a.values.iter().copied().min().unwrap_or(0), a.values.iter().copied().max().unwrap_or(0))
            });
            for rank in 0..ranks {
                for file in 0..files {
                    let (x, y) = (MARGIN + file as f64 * cell, MARGIN + (ranks - 1 - rank) as f64 * cell);
                    let fill = if (rank + file) % 2 == 0 { "#e8dfc8" } else { "#f6f0de" };
                    let _ = writeln!(
                        svg,
                        r##"  <rect x="{x:.1}" y="{y:.1}" width="{cell:.1}" height="{cell:.1}" fill="{fill}" stroke="#8a7f66"/>"##
                    );
                    let value = attribute.map_or(0, |a| a.values[rank * files + file]);
                    if attribute.is_some() && value != low && high > low {
                        let share = (value - low) as f64 / (high - low) as f64;
                        let _ = writeln!(
                            svg,
                            r##"  <rect class="attribute" x="{x:.1}" y="{y:.1}" width="{cell:.1}" height="{cell:.1}" fill="#4f8a3c" fill-opacity="{:.2}"/>"##,
                            0.15 + 0.35 * share
                        );
                        let _ = writeln!(
                            svg,
                            r##"  <text class="attribute" x="{:.1}" y="{:.1}" font-size="{:.1}" fill="#2f5a22">{value}</text>"##,
                            x + cell * 0.06,
                            y + cell * 0.94,
                            cell * 0.16
                        );
                    }
                }
            }
            let centres: Vec<(f64, f64)> = (0..board.site_count())
                .map(|i| {
                    let (file, rank) = ((i % files) as f64, (i / files) as f64);
                    (MARGIN + (file + 0.5) * cell, MARGIN + (ranks as f64 - 1.0 - rank + 0.5) * cell)
                })
                .collect();
            (centres, cell * 0.38)
        }
        BoardShape::Graph => {
            let centres = graph_centres(state);
            for line in &board.lines {
                let pts: Vec<(f64, f64)> = line.points.iter().map(|&p| centres[p as usize]).collect();
                if line.closed
                    && let Some((cx, cy, r)) = common_circle(&pts)
                {
                    let _ = writeln!(
                        svg,
                        r##"  <circle class="line" data-line="{}" cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="none" stroke="#8a7f66" stroke-width="1.5"/>"##,
                        escape(&line.name)
                    );
                    continue;
                }
                let mut points: Vec<String> = line
                    .points
                    .iter()
                    .map(|&p| format!("{:.1},{:.1}", centres[p as usize].0, centres[p as usize].1))
                    .collect();
                if line.closed
                    && let Some(first) = points.first().cloned()
                {
                    points.push(first);
                }
                let _ = writeln!(
                    svg,
                    r##"  <polyline class="line" data-line="{}" points="{}" fill="none" stroke="#8a7f66" stroke-width="1.5"/>"##,
                    escape(&line.name),
                    points.join(" ")
                );
            }
            (centres, (SIZE / 60.0).clamp(6.0, 18.0))
        }
    };
    for (site, &(x, y)) in centres.iter().enumerate() {
        let name = escape(board.site_name(site as u16));
        let code = state.cell(site as u16);
        if game.stacks.is_some() && code != 0 {
            stack_tiles(&mut svg, state, site as u16, (x, y), radius);
        } else if code == 0 {
            let _ = writeln!(
                svg,
                r##"  <circle class="site" data-site="{name}" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#8a7f66"/>"##,
                radius * 0.3
            );
        } else {
            let (fill, ink) = colours(game, game.owner_of(code));
            let piece = &game.pieces[game.type_of(code) as usize].name;
            let letter = piece.chars().next().unwrap_or('?').to_ascii_uppercase();
            let _ = writeln!(
                svg,
                r##"  <g class="piece" data-site="{name}" data-piece="{}"><circle cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="{fill}" stroke="#222222"/><text x="{x:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{ink}">{letter}</text></g>"##,
                escape(&game.describe_code(code)),
                y + radius * 0.35,
                radius
            );
        }
        let _ = writeln!(
            svg,
            r##"  <text class="label" x="{:.1}" y="{:.1}" font-size="{:.1}" fill="#5a5446">{name}</text>"##,
            x + radius * 0.9,
            y - radius * 0.9,
            (radius * 0.6).max(7.0)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// The fill and ink of a player's pieces: their colour when the player is
/// named after one (`white`, `black`, `red`, `blue`), else by player order;
/// neutral pieces are grey.
fn colours(game: &crate::game::Game, owner: u8) -> (&'static str, &'static str) {
    let owner = owner as usize;
    let Some(name) = game.players.get(owner) else { return (NEUTRAL_FILL, "#000000") };
    let by_name = ["white", "black", "red", "blue"].iter().position(|c| c == name);
    let i = by_name.unwrap_or(owner) % PLAYER_FILLS.len();
    (PLAYER_FILLS[i], PLAYER_INKS[i])
}

/// A stack drawn as lettered tiles, bottom to top, in a square of side
/// `2 * radius` around the site, with its count when it holds several.
fn stack_tiles(svg: &mut String, state: &State, site: u16, (x, y): (f64, f64), radius: f64) {
    let game = state.game();
    let stack = state.position().stack(site);
    let capacity = game.stacks.as_ref().map_or(1, |s| s.capacity.max(1)) as f64;
    let (width, height) = (radius * 1.6, radius * 2.0 / capacity);
    let name = escape(game.board.site_name(site));
    let described: Vec<String> = stack.iter().map(|&c| game.describe_code(c)).collect();
    let _ = writeln!(svg, r#"  <g class="stack" data-site="{name}" data-pieces="{}">"#, escape(&described.join(", ")));
    for (level, &code) in stack.iter().enumerate() {
        let (fill, ink) = colours(game, game.owner_of(code));
        let letter = game.pieces[game.type_of(code) as usize].name.chars().next().unwrap_or('?').to_ascii_uppercase();
        // The stack stands centred on the site.
        let top = y + height * stack.len() as f64 / 2.0 - height * (level as f64 + 1.0);
        let _ = writeln!(
            svg,
            r##"    <rect x="{:.1}" y="{top:.1}" width="{width:.1}" height="{:.1}" rx="{:.1}" fill="{fill}" stroke="#222222"/><text x="{x:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{ink}">{letter}</text>"##,
            x - width / 2.0,
            height * 0.92,
            height * 0.25,
            top + height * 0.75,
            height * 0.75
        );
    }
    if stack.len() > 1 {
        let _ = writeln!(
            svg,
            r##"    <text class="count" x="{:.1}" y="{:.1}" font-size="{:.1}" font-weight="bold" fill="#5a5446">{}</text>"##,
            x + width / 2.0 + radius * 0.08,
            y + height * stack.len() as f64 / 2.0,
            radius * 0.5,
            stack.len()
        );
    }
    svg.push_str("  </g>\n");
}

/// Graph points scaled into the drawing area, y upwards as in the rule file.
fn graph_centres(state: &State) -> Vec<(f64, f64)> {
    let sites = &state.game().board.sites;
    let (mut min_x, mut max_x, mut min_y, mut max_y) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for s in sites {
        min_x = min_x.min(s.x);
        max_x = max_x.max(s.x);
        min_y = min_y.min(s.y);
        max_y = max_y.max(s.y);
    }
    let span = (max_x - min_x).max(max_y - min_y);
    let scale = if span > 0.0 { SIZE / span } else { 1.0 };
    let (mid_x, mid_y) = ((min_x + max_x) / 2.0, (min_y + max_y) / 2.0);
    sites
        .iter()
        .map(|s| (MARGIN + SIZE / 2.0 + (s.x - mid_x) * scale, MARGIN + SIZE / 2.0 - (s.y - mid_y) * scale))
        .collect()
}

/// The circle through all the points, if they lie on one (a closed line
/// drawn as the circle it is rather than as a polygon).
fn common_circle(points: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let [(ax, ay), (bx, by), (cx, cy), ..] = points[..] else { return None };
    let d = 2.0 * (ax * (by - cy) + bx * (cy - ay) + cx * (ay - by));
    if d.abs() < 1e-9 {
        return None;
    }
    let sq = |x: f64, y: f64| x * x + y * y;
    let ux = (sq(ax, ay) * (by - cy) + sq(bx, by) * (cy - ay) + sq(cx, cy) * (ay - by)) / d;
    let uy = (sq(ax, ay) * (cx - bx) + sq(bx, by) * (ax - cx) + sq(cx, cy) * (bx - ax)) / d;
    let r = ((ax - ux).powi(2) + (ay - uy).powi(2)).sqrt();
    let on_it = points.iter().all(|&(x, y)| (((x - ux).powi(2) + (y - uy).powi(2)).sqrt() - r).abs() <= r * 0.01);
    on_it.then_some((ux, uy, r))
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
