//! Positions drawn as SVG: square boards as a grid of cells with their
//! coordinates along the edges, graph boards as their lines through the
//! points at the rule file's coordinates, with each point named; each piece
//! a disc with its type's label (unique within the game, see `glyphs`).
//! In games with stacks, a site shows its whole stack as labelled tiles,
//! bottom to top, with the count beside it; a site attribute (such as a
//! level) tints the cells and is written in their corner. A panel beside
//! the board says whose turn it is and explains the picture: a legend of
//! the pieces (label and colour to player and type), the hands, counters
//! and dice, and the last move, which the board shows as an arrow from
//! start to destination with captured sites crossed out.
//! The output depends only on the rules, the position and the last move,
//! so it can be snapshotted.

use super::glyphs::{labels, neutral_types, picture_label};
use super::last_move::LastMove;
use crate::board::{BoardShape, Site};
use crate::engine::State;
use crate::game::rules::CHANCE;
use std::fmt::Write;

/// The drawing area of the board (without margins), in SVG user units.
const SIZE: f64 = 600.0;
const MARGIN: f64 = 40.0;
/// The panel beside the board.
const PANEL: f64 = 300.0;
/// Fills for the players' pieces, in player order; neutral pieces are grey.
const PLAYER_FILLS: [&str; 6] = ["#f4f1e8", "#2b2b3a", "#c0392b", "#2e86c1", "#f1c40f", "#27ae60"];
const PLAYER_INKS: [&str; 6] = ["#222222", "#f4f1e8", "#ffffff", "#ffffff", "#222222", "#ffffff"];
/// The player names `colours` knows, in the order of the fills above.
const COLOUR_NAMES: [&str; 6] = ["white", "black", "red", "blue", "yellow", "green"];
const NEUTRAL_FILL: &str = "#9e9e9e";
/// The colour of the last move's arrow and of its capture marks.
const MOVE_INK: &str = "#d35400";
const CAPTURE_INK: &str = "#b03a2e";
/// The line or group that won: a gold halo under its pieces.
const WON_FILL: &str = "#f5c542";
const WON_INK: &str = "#b8860b";

/// The position as a standalone SVG document.
pub fn board_svg(state: &State) -> String {
    picture_svg(state, None)
}

/// The position as a standalone SVG document, with `last`, the move that
/// led to it, drawn on the board and written in the panel.
pub fn picture_svg(state: &State, last: Option<&LastMove>) -> String {
    let game = state.game();
    let board = &game.board;
    let labels = labels(game);
    let mut svg = String::new();
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
            coordinates(&mut svg, state, files, ranks, cell);
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
            // Pieces as large as the closest two points allow.
            let closest = centres
                .iter()
                .enumerate()
                .flat_map(|(i, a)| {
                    centres[i + 1..].iter().map(move |b| ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt())
                })
                .filter(|&d| d > 0.0)
                .fold(f64::INFINITY, f64::min);
            (centres, (closest * 0.4).clamp(10.0, 28.0))
        }
    };
    // The line or group that won, under the pieces.
    for site in state.deciding_sites() {
        let (x, y) = centres[site as usize];
        let _ = writeln!(
            svg,
            r##"  <circle class="won" data-site="{}" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="{WON_FILL}" fill-opacity="0.75" stroke="{WON_INK}" stroke-width="{:.1}"/>"##,
            escape(board.site_name(site)),
            radius * 1.25,
            (radius * 0.12).max(1.5)
        );
    }
    for (site, &(x, y)) in centres.iter().enumerate() {
        let name = escape(board.site_name(site as u16));
        let code = state.cell(site as u16);
        if game.stacks.is_some() && code != 0 {
            stack_tiles(&mut svg, state, &labels, site as u16, (x, y), radius);
        } else if code == 0 {
            let _ = writeln!(
                svg,
                r##"  <circle class="site" data-site="{name}" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="#8a7f66"><title>{name}</title></circle>"##,
                radius * 0.3
            );
        } else {
            let n = state.position().pieces_on(site as u16);
            // A heap: its number on a badge at the disc's corner.
            let badge = match n {
                0 | 1 => String::new(),
                _ => format!(
                    r##"<circle class="count" cx="{:.1}" cy="{:.1}" r="{:.1}" fill="#ffffff" stroke="#222222"/><text x="{:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="#222222">{n}</text>"##,
                    x + radius * 0.75,
                    y - radius * 0.75,
                    radius * 0.5,
                    x + radius * 0.75,
                    y - radius * 0.75 + radius * 0.2,
                    radius * 0.55,
                ),
            };
            let _ = writeln!(
                svg,
                r#"  <g class="piece" data-site="{name}" data-piece="{}"><title>{name}</title>{}{badge}</g>"#,
                escape(&game.describe_pieces(code, n)),
                disc(game, &labels, code, (x, y), radius)
            );
        }
    }
    // Square boards name their sites along the edges instead.
    if board.shape == BoardShape::Graph {
        site_labels(&mut svg, state, &centres, radius);
    }
    if let Some(last) = last {
        last_move_marks(&mut svg, last, &centres, radius);
    }
    let bottom = panel(&mut svg, state, &labels, last);
    let (width, height) = (SIZE + 2.0 * MARGIN + PANEL, (SIZE + 2.0 * MARGIN).max(bottom + MARGIN / 2.0));
    let mut head = String::new();
    let _ = writeln!(
        head,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height:.0}" width="{width}" height="{height:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(head, "  <title>{}</title>", escape(&game.title));
    let _ = writeln!(head, r##"  <rect width="{width}" height="{height:.0}" fill="#fbf8ef"/>"##);
    if last.is_some() {
        let _ = writeln!(
            head,
            r#"  <defs><marker id="arrowhead" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="{MOVE_INK}"/></marker></defs>"#
        );
    }
    head.push_str(&svg);
    head.push_str("</svg>\n");
    head
}

/// The names of a graph board's sites, each beside its point where it
/// overlaps no other name, no piece and no point, tried at eight places
/// around it; a name with no free place is left out (every site and piece
/// still names itself in a tooltip).
fn site_labels(svg: &mut String, state: &State, centres: &[(f64, f64)], radius: f64) {
    let board = &state.game().board;
    let size = (radius * 0.6).max(7.0);
    // What a label must not cover: each site's dot, or its piece.
    let obstacles: Vec<(f64, f64, f64)> = centres
        .iter()
        .enumerate()
        .map(|(site, &(x, y))| {
            let r = if state.cell(site as Site) != 0 { radius * 1.05 } else { radius * 0.35 };
            (x, y, r)
        })
        .collect();
    let mut placed: Vec<[f64; 4]> = Vec::new();
    for (site, &(x, y)) in centres.iter().enumerate() {
        let name = board.site_name(site as Site);
        let width = size * 0.58 * name.chars().count() as f64;
        let r = obstacles[site].2.max(radius * 0.35);
        let (near, low) = (r * 0.95, size * 0.8);
        // (left, baseline) of the name: right-above first, as before.
        let candidates = [
            (x + near, y - near),
            (x - near - width, y - near),
            (x + near, y + near + low),
            (x - near - width, y + near + low),
            (x + r * 1.2, y + size * 0.3),
            (x - r * 1.2 - width, y + size * 0.3),
            (x - width / 2.0, y - r * 1.2),
            (x - width / 2.0, y + r * 1.2 + low),
        ];
        let free = |&(left, base): &(f64, f64)| {
            let rect = [left, base - size * 0.8, left + width, base + size * 0.2];
            let on_canvas = rect[0] >= 0.0 && rect[1] >= 0.0 && rect[2] <= SIZE + 2.0 * MARGIN;
            on_canvas
                && !placed.iter().any(|p| rect[0] < p[2] && p[0] < rect[2] && rect[1] < p[3] && p[1] < rect[3])
                && !obstacles.iter().any(|&(cx, cy, cr)| {
                    let nx = cx.clamp(rect[0], rect[2]);
                    let ny = cy.clamp(rect[1], rect[3]);
                    (nx - cx).powi(2) + (ny - cy).powi(2) < cr * cr
                })
        };
        if let Some(&(left, base)) = candidates.iter().find(|c| free(c)) {
            placed.push([left, base - size * 0.8, left + width, base + size * 0.2]);
            let _ = writeln!(
                svg,
                r##"  <text class="label" x="{left:.1}" y="{base:.1}" font-size="{size:.1}" fill="#5a5446">{}</text>"##,
                escape(name)
            );
        }
    }
}

/// A piece as a disc with its type's label, the label smaller when longer;
/// a type with a glyph per player (`glyph "♔" "♚"`, `glyph "X" "O"`) as
/// that glyph alone, large, since it tells the owner itself.
fn disc(game: &crate::game::Game, labels: &[String], code: u16, (x, y): (f64, f64), radius: f64) -> String {
    let (fill, ink) = colours(game, game.owner_of(code));
    let label = picture_label(game, labels, code);
    let own_glyph = game.pieces.get(game.type_of(code) as usize).is_some_and(|p| p.glyph_per_player());
    if own_glyph {
        let size = radius * 2.1 * label_scale(label);
        return format!(
            r##"<circle cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="#ffffff" fill-opacity="0"/><text class="glyph" x="{x:.1}" y="{:.1}" font-size="{size:.1}" text-anchor="middle" fill="#1b1b24" stroke="#fbf8ef" stroke-width="{:.1}" paint-order="stroke">{}</text>"##,
            y + size * 0.35,
            (size * 0.06).max(1.0),
            escape(label)
        );
    }
    let circle = format!(r##"<circle cx="{x:.1}" cy="{y:.1}" r="{radius:.1}" fill="{fill}" stroke="#222222"/>"##);
    if label.is_empty() {
        return circle;
    }
    let size = radius * label_scale(label);
    format!(
        r##"{circle}<text x="{x:.1}" y="{:.1}" font-size="{size:.1}" text-anchor="middle" fill="{ink}">{}</text>"##,
        y + size * 0.35,
        escape(label)
    )
}

/// How large a label is written, against the size of a one-letter label.
fn label_scale(label: &str) -> f64 {
    match label.chars().count() {
        0 | 1 => 1.0,
        2 => 0.8,
        _ => 0.55,
    }
}

/// The files' names under a square board and the ranks' left of it, taken
/// from the site names (`a1`: file `a`, rank `1`).
fn coordinates(svg: &mut String, state: &State, files: usize, ranks: usize, cell: f64) {
    let board = &state.game().board;
    let size = (cell * 0.3).clamp(8.0, 16.0);
    for file in 0..files {
        let name = board.site_name(file as Site).trim_end_matches(|c: char| c.is_ascii_digit());
        let _ = writeln!(
            svg,
            r##"  <text class="coordinate" x="{:.1}" y="{:.1}" font-size="{size:.1}" text-anchor="middle" fill="#5a5446">{}</text>"##,
            MARGIN + (file as f64 + 0.5) * cell,
            MARGIN + ranks as f64 * cell + size * 1.3,
            escape(name)
        );
    }
    for rank in 0..ranks {
        let name = board.site_name((rank * files) as Site);
        let digits = name.trim_start_matches(|c: char| !c.is_ascii_digit());
        let _ = writeln!(
            svg,
            r##"  <text class="coordinate" x="{:.1}" y="{:.1}" font-size="{size:.1}" text-anchor="middle" fill="#5a5446">{}</text>"##,
            MARGIN / 2.0,
            MARGIN + (ranks - rank) as f64 * cell - cell / 2.0 + size * 0.35,
            escape(digits)
        );
    }
}

/// The last move on the board: an arrow from its start to its destination
/// (a ring at the destination of a placement), captured sites crossed out,
/// other changed sites (flips, a follow-up's piece) ringed with dots.
fn last_move_marks(svg: &mut String, last: &LastMove, centres: &[(f64, f64)], radius: f64) {
    let at = |site: Site| centres.get(site as usize).copied();
    for &site in &last.changed {
        if let Some((x, y)) = at(site) {
            let _ = writeln!(
                svg,
                r#"  <circle class="changed" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{MOVE_INK}" stroke-width="{:.1}" stroke-dasharray="2,3"/>"#,
                radius * 1.15,
                (radius * 0.12).max(1.5)
            );
        }
    }
    for &site in &last.captured {
        // At the destination the capturer stands: ring it rather than cross it out.
        if last.to == Some(site)
            && let Some((x, y)) = at(site)
        {
            let _ = writeln!(
                svg,
                r#"  <circle class="captured" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{CAPTURE_INK}" stroke-width="{:.1}" stroke-dasharray="6,3"/>"#,
                radius * 1.2,
                (radius * 0.14).max(2.0)
            );
        } else if let Some((x, y)) = at(site) {
            let d = radius * 0.75;
            let _ = writeln!(
                svg,
                r#"  <path class="captured" d="M{:.1},{:.1} L{:.1},{:.1} M{:.1},{:.1} L{:.1},{:.1}" stroke="{CAPTURE_INK}" stroke-width="{:.1}" stroke-linecap="round" stroke-opacity="0.85"/>"#,
                x - d,
                y - d,
                x + d,
                y + d,
                x - d,
                y + d,
                x + d,
                y - d,
                (radius * 0.18).max(2.0)
            );
        }
    }
    let width = (radius * 0.22).max(2.5);
    match (last.from.and_then(at), last.to.and_then(at)) {
        (Some((x1, y1)), Some((x2, y2))) => {
            let _ = writeln!(
                svg,
                r#"  <circle class="move-start" cx="{x1:.1}" cy="{y1:.1}" r="{:.1}" fill="none" stroke="{MOVE_INK}" stroke-width="{width:.1}"/>"#,
                radius * 0.5
            );
            // The arrow's tip stops at the piece's edge so it does not hide the label.
            let (dx, dy) = (x2 - x1, y2 - y1);
            let length = (dx * dx + dy * dy).sqrt().max(1e-9);
            let stop = radius.min(length / 2.0);
            let _ = writeln!(
                svg,
                r#"  <line class="last-move" x1="{x1:.1}" y1="{y1:.1}" x2="{:.1}" y2="{:.1}" stroke="{MOVE_INK}" stroke-width="{width:.1}" stroke-opacity="0.85" marker-end="url(#arrowhead)"/>"#,
                x2 - dx / length * stop,
                y2 - dy / length * stop
            );
        }
        (None, Some((x, y))) => {
            let _ = writeln!(
                svg,
                r#"  <circle class="last-move" cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="{MOVE_INK}" stroke-width="{width:.1}"/>"#,
                radius * 1.2
            );
        }
        _ => {}
    }
}

/// The panel right of the board: the game, whose turn it is, the last move,
/// the legend, the hands, counters and dice. Returns how far down it reaches.
fn panel(svg: &mut String, state: &State, labels: &[String], last: Option<&LastMove>) -> f64 {
    let game = state.game();
    let left = SIZE + 2.0 * MARGIN;
    let mut y = MARGIN;
    let line = |svg: &mut String, y: &mut f64, size: f64, weight: &str, text: &str| {
        *y += size * 1.4;
        let _ = writeln!(
            svg,
            r##"  <text class="panel" x="{left:.1}" y="{:.1}" font-size="{size:.1}"{weight} fill="#3a3528">{}</text>"##,
            *y,
            escape(text)
        );
    };
    line(svg, &mut y, 18.0, r#" font-weight="bold""#, &game.title);
    let turn = match state.outcome() {
        Some(o) => match o.winner {
            Some(w) => format!("{w} wins ({})", o.reason),
            None => format!("draw ({})", o.reason),
        },
        None if state.current_player() == CHANCE => format!("chance throws for {}", game.player_name(state.holder())),
        None => format!("{} to move", game.player_name(state.current_player())),
    };
    line(svg, &mut y, 13.0, "", &format!("ply {}, phase {}: {turn}", state.ply(), state.phase_name()));
    if let Some(last) = last {
        line(svg, &mut y, 13.0, "", &format!("last move: {} by {}", last.text, last.player));
    }

    // The legend: a row per type, a disc per owner under the owner's name.
    y += 12.0;
    let neutral = neutral_types(state);
    let owners: Vec<u8> =
        (0..game.players.len() as u8).chain((!neutral.is_empty()).then_some(game.neutral())).collect();
    let (column, row, r) = (46.0, 28.0, 11.0);
    let top = y;
    let height = 26.0 + row * game.pieces.len() as f64;
    let _ = writeln!(
        svg,
        r##"  <g class="legend"><rect x="{:.1}" y="{top:.1}" width="{:.1}" height="{height:.1}" rx="6" fill="#ffffff" fill-opacity="0.6" stroke="#8a7f66"/>"##,
        left - 8.0,
        PANEL - 24.0
    );
    for (i, &owner) in owners.iter().enumerate() {
        let _ = writeln!(
            svg,
            r##"    <text x="{:.1}" y="{:.1}" font-size="10" text-anchor="middle" fill="#5a5446">{}</text>"##,
            left + column * (i as f64 + 0.5),
            top + 16.0,
            escape(game.player_name(owner))
        );
    }
    for (t, piece) in game.pieces.iter().enumerate() {
        let cy = top + 26.0 + row * (t as f64 + 0.5);
        let mut discs = String::new();
        for (i, &owner) in owners.iter().enumerate() {
            // Only the types that are neutral here get a neutral disc.
            if owner == game.neutral() && !neutral.contains(&t) {
                continue;
            }
            discs.push_str(&disc(game, labels, game.code(owner, t as u8), (left + column * (i as f64 + 0.5), cy), r));
        }
        let _ = writeln!(
            svg,
            r##"    <g class="legend-entry" data-piece="{}">{discs}<text x="{:.1}" y="{:.1}" font-size="12" fill="#3a3528">{}</text></g>"##,
            escape(&piece.name),
            left + column * owners.len() as f64 + 4.0,
            cy + 4.0,
            escape(&piece.name)
        );
    }
    svg.push_str("  </g>\n");
    y = top + height + 6.0;

    // Hands: each owner's pieces off the board, as discs with their counts.
    let names = game.players.iter().map(String::as_str).chain(["the supply"]);
    for (owner, name) in names.enumerate() {
        let held: Vec<usize> = (0..game.pieces.len()).filter(|&t| state.hand(owner as u8, t as u8) > 0).collect();
        if held.is_empty() {
            continue;
        }
        line(svg, &mut y, 13.0, "", &format!("{name} holds:"));
        let per_row = ((PANEL - 24.0) / 64.0).floor().max(1.0) as usize;
        for chunk in held.chunks(per_row) {
            y += row;
            let _ = write!(svg, r#"  <g class="hand" data-owner="{}">"#, escape(name));
            for (i, &t) in chunk.iter().enumerate() {
                let x = left + r + 64.0 * i as f64;
                let count = state.hand(owner as u8, t as u8);
                svg.push_str(&disc(game, labels, game.code(owner as u8, t as u8), (x, y - r / 2.0), r));
                let _ = write!(
                    svg,
                    r##"<text x="{:.1}" y="{:.1}" font-size="12" fill="#3a3528">×{count}</text>"##,
                    x + r + 3.0,
                    y - r / 2.0 + 4.0
                );
            }
            svg.push_str("</g>\n");
        }
        y += 4.0;
    }
    if let Some(dice) = &game.dice
        && state.dice().iter().any(|&v| v > 0)
    {
        let shown: Vec<String> = state.dice().iter().map(u8::to_string).collect();
        line(svg, &mut y, 13.0, "", &format!("dice {} = {}", dice.names.join(", "), shown.join(", ")));
    }
    for counter in &game.counters {
        let value = state.counter(&counter.name).unwrap_or(0);
        line(svg, &mut y, 13.0, "", &format!("{} = {value}", counter.name));
    }
    y
}

/// The fill and ink of a player's pieces: their colour when the player is
/// named after one (`white`, `black`, `red`, `blue`, `yellow`, `green`), else by player order;
/// neutral pieces are grey.
fn colours(game: &crate::game::Game, owner: u8) -> (&'static str, &'static str) {
    let owner = owner as usize;
    let Some(name) = game.players.get(owner) else { return (NEUTRAL_FILL, "#000000") };
    let by_name = COLOUR_NAMES.iter().position(|c| c == name);
    // Unnamed colours go in player order among the first four.
    let i = by_name.unwrap_or(owner % 4);
    (PLAYER_FILLS[i], PLAYER_INKS[i])
}

/// A stack drawn as labelled tiles, bottom to top, in a square of side
/// `2.4 * radius` around the site, with its count when it holds several.
fn stack_tiles(svg: &mut String, state: &State, labels: &[String], site: u16, (x, y): (f64, f64), radius: f64) {
    let game = state.game();
    let stack = state.position().stack(site);
    let capacity = game.stacks.as_ref().map_or(1, |s| s.capacity.max(1)) as f64;
    let (width, height) = (radius * 1.9, radius * 2.4 / capacity);
    let name = escape(game.board.site_name(site));
    let described: Vec<String> = stack.iter().map(|&c| game.describe_code(c)).collect();
    let _ = writeln!(svg, r#"  <g class="stack" data-site="{name}" data-pieces="{}">"#, escape(&described.join(", ")));
    for (level, &code) in stack.iter().enumerate() {
        let (fill, ink) = colours(game, game.owner_of(code));
        let label = picture_label(game, labels, code);
        // The stack stands centred on the site.
        let top = y + height * stack.len() as f64 / 2.0 - height * (level as f64 + 1.0);
        let _ = writeln!(
            svg,
            r##"    <rect x="{:.1}" y="{top:.1}" width="{width:.1}" height="{:.1}" rx="{:.1}" fill="{fill}" stroke="#222222"/><text x="{x:.1}" y="{:.1}" font-size="{:.1}" text-anchor="middle" fill="{ink}">{}</text>"##,
            x - width / 2.0,
            height * 0.92,
            height * 0.25,
            top + height * 0.75,
            height * 0.75 * label_scale(label).max(0.8),
            escape(label)
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

/// Text made safe inside XML and HTML, in text and in attribute values.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
