//! Positions drawn as text: a grid for square boards, a picture of the points
//! and lines for graph boards (followed by the list of points and their
//! contents), and a status line (player to move, phase, hands, counters).

use super::glyphs::{letters, neutral_types, text_glyph, text_symbol};
use crate::board::{Board, BoardShape, Site};
use crate::diagnostics::terminal_safe;
use crate::engine::State;
use crate::game::rules::CHANCE;
use crate::game::rules::Code;

/// One character per piece: its type's letter (unique within the game),
/// upper case for the first player, lower case for the second (with more
/// players, the owner's number), `*` for neutral (see `glyphs::text_symbol`).
fn symbol(state: &State, code: Code) -> char {
    let game = state.game();
    text_symbol(game, &letters(game), &neutral_types(state), code)
}

/// Characters per piece in a grid: one, or two when the game has more than
/// two players, since case can tell only two owners apart.
fn cell_width(state: &State) -> usize {
    if state.game().players.len() > 2 { 2 } else { 1 }
}

/// A piece in a grid, `cell_width` characters: its symbol, or with more
/// than two players its type's letter then its owner's number (`S3` is the
/// third player's stone; a neutral piece is its mark and a space).
fn grid_symbol(state: &State, code: Code) -> String {
    let game = state.game();
    if cell_width(state) == 1 {
        return symbol(state, code).to_string();
    }
    let owner = game.owner_of(code) as usize;
    if owner == game.players.len() {
        return format!("{} ", symbol(state, code));
    }
    if let Some(glyph) = text_glyph(game, code) {
        return format!("{glyph} ");
    }
    let letter = letters(game).get(game.type_of(code) as usize).copied().unwrap_or('?');
    format!("{letter}{}", owner + 1)
}

/// What the symbols of a text picture of this position stand for, on one
/// line: `legend: upper case white, lower case black; S stone, T tower`.
pub fn legend_text(state: &State) -> String {
    let game = state.game();
    if game.pieces.is_empty() {
        return "legend: no pieces (the game keeps its state in counters)".to_string();
    }
    let letters = letters(game);
    let many = game.players.len() > 2;
    let mut owners: Vec<String> = Vec::new();
    for (i, player) in game.players.iter().enumerate() {
        owners.push(match i {
            _ if many => format!("{} {player}", i + 1),
            0 => format!("upper case {player}"),
            _ => format!("lower case {player}"),
        });
    }
    // A type drawn by its players' glyphs lists them, in player order.
    let mut all_glyphs = true;
    let types: Vec<String> = game
        .pieces
        .iter()
        .enumerate()
        .zip(&letters)
        .map(|((t, p), l)| {
            let glyphs: Option<String> = (0..game.players.len())
                .map(|o| text_glyph(game, game.code(o as u8, t as u8)))
                .collect::<Option<Vec<char>>>()
                .map(|g| g.into_iter().collect());
            match glyphs {
                Some(g) => (true, format!("{} {}", g.chars().map(String::from).collect::<Vec<_>>().join("/"), p.name)),
                None => (false, format!("{l} {}", p.name)),
            }
        })
        .collect::<Vec<(bool, String)>>()
        .into_iter()
        .map(|(glyph, text)| {
            all_glyphs &= glyph;
            text
        })
        .collect();
    // Glyphs given per player say the owner themselves: list the players in their order.
    let mut line = if all_glyphs {
        format!("legend: {}: {}", game.players.join("/"), types.join(", "))
    } else {
        format!("legend: {}; {}", owners.join(", "), types.join(", "))
    };
    if many {
        // Grids write a piece as its letter then its owner's number; a graph
        // board's picture has room for the number only (its list names them).
        line.push_str(&format!(
            " (a grid writes a piece as its letter then its owner's number: {}2 is {}'s {})",
            letters.first().copied().unwrap_or('?'),
            game.players[1],
            game.pieces.first().map_or("piece", |p| p.name.as_str())
        ));
    }
    let neutral = neutral_types(state);
    for &t in &neutral {
        let symbol = text_symbol(game, &letters, &neutral, game.code(game.neutral(), t as u8));
        line.push_str(&format!("; {symbol} neutral {}", game.pieces[t].name));
    }
    line
}

pub fn board_text(state: &State) -> String {
    board_text_marking(state, &[])
}

/// The board with `marks` (the last move's sites, say) picked out: in
/// brackets on a grid, `*` after the point in a graph board's list.
pub fn board_text_marking(state: &State, marks: &[Site]) -> String {
    let game = state.game();
    let mut out = String::new();
    match game.board.shape {
        BoardShape::Square { files, ranks } => {
            // Characters per column: a piece's width times the tallest stack.
            let column = cell_width(state) * game.stacks.as_ref().map_or(1, |s| s.capacity as usize);
            for rank in (0..ranks).rev() {
                out.push_str(&format!("{:>2} ", rank + 1));
                for file in 0..files {
                    let site = (rank * files + file) as u16;
                    let code = state.cell(site);
                    // A marked cell opens a bracket in the space before it and
                    // closes it in the space after it, so the columns stay put.
                    out.push(if marks.contains(&site) {
                        '['
                    } else if file > 0 && marks.contains(&(site - 1)) {
                        ']'
                    } else {
                        ' '
                    });
                    match &game.stacks {
                        // A stack: its pieces bottom to top, padded to the tallest stack.
                        Some(_) => {
                            let stack = state.position().stack(site);
                            let mut cell: String = stack.iter().map(|&c| grid_symbol(state, c)).collect();
                            if cell.is_empty() {
                                cell.push('.');
                            }
                            out.push_str(&format!("{cell:<column$}"));
                        }
                        None if code == 0 => out.push_str(&format!("{:<column$}", '.')),
                        None => out.push_str(&grid_symbol(state, code)),
                    }
                }
                if marks.contains(&(((rank + 1) * files - 1) as Site)) {
                    out.push(']');
                }
                out.push('\n');
            }
            out.push_str("   ");
            for file in 0..files {
                out.push(' ');
                out.push_str(&format!("{:<column$}", (b'a' + file as u8) as char));
            }
            out.push('\n');
            // A grid shows one symbol a site: the numbers of heaps follow it.
            let heaps: Vec<String> = (0..game.board.site_count() as Site)
                .filter(|&site| state.position().pieces_on(site) > 1 && game.stacks.is_none())
                .map(|site| format!("{} {}", game.board.site_name(site), state.position().pieces_on(site)))
                .collect();
            if !heaps.is_empty() {
                out.push_str(&format!("heaps: {}\n", heaps.join(", ")));
            }
        }
        BoardShape::Graph => {
            out.push_str(&graph_picture(state));
            out.push('\n');
            let width = game.board.site_names().map(str::len).max().unwrap_or(1);
            for site in 0..game.board.site_count() as u16 {
                let code = state.cell(site);
                let contents = match code {
                    0 => "-".to_string(),
                    _ if game.counted => game.describe_pieces(code, state.position().pieces_on(site)),
                    _ => game.describe_code(code),
                };
                let mark = if marks.contains(&site) { "  *" } else { "" };
                out.push_str(&format!("{:>width$}  {}{mark}\n", game.board.site_name(site), contents));
            }
        }
    }
    out
}

/// The widest picture of a graph board, indent included.
const PICTURE_WIDTH: usize = 72;
/// The most rows a picture of a graph board takes.
const PICTURE_HEIGHT: usize = 25;
/// Columns before each row of the picture (room for a row number).
const INDENT: usize = 3;
/// At most this many columns are kept free right of the rightmost point for
/// its name; a longer name goes on the left or is left out.
const MAX_LABEL_ROOM: usize = 16;
/// Coordinates are clamped to this size so the arithmetic stays finite.
const MAX_COORD: f64 = 1e12;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Blank,
    Line,
    Point,
    Label,
}

/// A grid of characters, each marked with what drew it: points win over
/// names, and names over lines.
struct Canvas {
    chars: Vec<Vec<char>>,
    kinds: Vec<Vec<Cell>>,
    width: usize,
}

impl Canvas {
    fn new(width: usize, height: usize) -> Canvas {
        Canvas { chars: vec![vec![' '; width]; height], kinds: vec![vec![Cell::Blank; width]; height], width }
    }

    /// `(row, col)` if no point is there yet, otherwise the nearest free cell
    /// within `rows x cols` (a row away before a column away, then upper,
    /// then left).
    fn free_near(&self, row: usize, col: usize, rows: usize, cols: usize) -> (usize, usize) {
        if self.kinds[row][col] != Cell::Point {
            return (row, col);
        }
        let mut best = None;
        for r in 0..rows {
            for c in 0..cols {
                if self.kinds[r][c] == Cell::Point {
                    continue;
                }
                let (dr, dc) = (r.abs_diff(row), c.abs_diff(col));
                let key = (dr * dr + dc * dc, dc, r, c);
                if best.is_none_or(|b| key < b) {
                    best = Some(key);
                }
            }
        }
        best.map_or((row, col), |(_, _, r, c)| (r, c))
    }

    /// A straight run of line characters between two points, ends excluded.
    fn line(&mut self, a: (usize, usize), b: (usize, usize)) {
        // Always from the same end, so a segment drawn twice lands on the same cells.
        let ((r0, c0), (r1, c1)) = if a <= b { (a, b) } else { (b, a) };
        let (dr, dc) = (r1 as i64 - r0 as i64, c1 as i64 - c0 as i64);
        let steps = dr.abs().max(dc.abs());
        let ch = line_char(dr, dc);
        for i in 1..steps {
            let t = i as f64 / steps as f64;
            let r = (r0 as f64 + dr as f64 * t).round() as usize;
            let c = (c0 as f64 + dc as f64 * t).round() as usize;
            match self.kinds[r][c] {
                Cell::Point | Cell::Label => {}
                Cell::Line if self.chars[r][c] != ch => self.chars[r][c] = '+',
                _ => {
                    self.chars[r][c] = ch;
                    self.kinds[r][c] = Cell::Line;
                }
            }
        }
    }

    /// Writes `name` right of the point at `(row, col)`, or else left of it,
    /// over blanks and lines only, with a space between the point and the
    /// name and no name or point touching its far end. False if it fits on
    /// neither side.
    fn label(&mut self, row: usize, col: usize, name: &str) -> bool {
        let len = name.chars().count();
        let clear = |canvas: &Canvas, from: usize, to: usize| {
            (from..=to).all(|c| matches!(canvas.kinds[row][c], Cell::Blank | Cell::Line))
        };
        let gap = |canvas: &Canvas, c: Option<usize>| {
            c.is_none_or(|c| c >= canvas.width || matches!(canvas.kinds[row][c], Cell::Blank | Cell::Line))
        };
        let start =
            if col + 1 + len < self.width && clear(self, col + 1, col + 1 + len) && gap(self, Some(col + 2 + len)) {
                col + 2
            } else if col > len && clear(self, col - 1 - len, col - 1) && gap(self, (col - 1 - len).checked_sub(1)) {
                col - 1 - len
            } else {
                return false;
            };
        let space = if start > col { col + 1 } else { col - 1 };
        self.chars[row][space] = ' ';
        self.kinds[row][space] = Cell::Label;
        for (i, ch) in name.chars().enumerate() {
            self.chars[row][start + i] = ch;
            self.kinds[row][start + i] = Cell::Label;
        }
        true
    }
}

/// The character for a line going `dr` rows down and `dc` columns right,
/// taking a row as twice as tall as a column is wide.
fn line_char(dr: i64, dc: i64) -> char {
    if dc == 0 {
        return '|';
    }
    let slope = 2.0 * dr.abs() as f64 / dc.abs() as f64;
    if slope < 0.414 {
        '-'
    } else if slope > 2.414 {
        '|'
    } else if (dr < 0) == (dc > 0) {
        '/'
    } else {
        '\\'
    }
}

/// Columns per unit of x (a unit of y is half as many rows): the smallest
/// scale that keeps every two distinct points two rows apart, or far enough
/// apart on one row for a name between them, but no larger than fits in
/// `cols x rows`. Zero when all points coincide.
fn graph_scale(points: &[(f64, f64)], extent: (f64, f64), cols: usize, rows: usize, name_len: usize) -> f64 {
    let mut most = f64::INFINITY;
    if extent.0 > 0.0 {
        most = most.min(cols as f64 / extent.0);
    }
    if extent.1 > 0.0 {
        most = most.min(2.0 * rows as f64 / extent.1);
    }
    if !most.is_finite() {
        return 0.0;
    }
    let (col_gap, row_gap) = ((name_len + 4) as f64, 2.0);
    let mut need = 0.0f64;
    for (i, &(x0, y0)) in points.iter().enumerate() {
        for &(x1, y1) in &points[i + 1..] {
            let (ex, ey) = ((x1 - x0).abs(), (y1 - y0).abs());
            let by_cols = if ex > 0.0 { col_gap / ex } else { f64::INFINITY };
            let by_rows = if ey > 0.0 { 2.0 * row_gap / ey } else { f64::INFINITY };
            let pair = by_cols.min(by_rows);
            if pair.is_finite() {
                need = need.max(pair);
            }
        }
    }
    need.min(most)
}

fn coordinate(v: f64) -> f64 {
    if v.is_nan() { 0.0 } else { v.clamp(-MAX_COORD, MAX_COORD) }
}

/// A graph board drawn from its points' coordinates (y up): each point as its
/// piece's symbol (`.` when empty) with its name beside it, and the lines
/// between points as `-`, `|`, `/`, `\` (`+` where two cross). At most
/// `PICTURE_WIDTH` columns and `PICTURE_HEIGHT` rows. When some names find
/// no room, the rows are numbered and a legend below lists those names row by
/// row, left to right.
fn graph_picture(state: &State) -> String {
    let board: &Board = &state.game().board;
    if board.site_count() == 0 {
        return String::new();
    }
    let width = PICTURE_WIDTH - INDENT;
    let name_len = board.site_names().map(|n| n.chars().count()).max().unwrap_or(0);
    let cols = width - (name_len + 1).min(MAX_LABEL_ROOM);
    let rows = PICTURE_HEIGHT;
    let points: Vec<(f64, f64)> = board.sites.iter().map(|s| (coordinate(s.x), coordinate(s.y))).collect();
    let (min_x, max_x, min_y, max_y) = points
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY, f64::INFINITY, f64::NEG_INFINITY), |(a, b, c, d), &(x, y)| {
            (a.min(x), b.max(x), c.min(y), d.max(y))
        });
    let scale = graph_scale(&points, (max_x - min_x, max_y - min_y), cols - 1, rows - 1, name_len);

    let mut canvas = Canvas::new(width, rows);
    let mut at = Vec::with_capacity(points.len());
    for &(x, y) in &points {
        let col = ((x - min_x) * scale).round().clamp(0.0, (cols - 1) as f64) as usize;
        let row = ((max_y - y) * scale / 2.0).round().clamp(0.0, (rows - 1) as f64) as usize;
        let (row, col) = canvas.free_near(row, col, rows, cols);
        canvas.kinds[row][col] = Cell::Point;
        at.push((row, col));
    }
    for line in &board.lines {
        let k = line.points.len();
        let segments = if line.closed && k > 2 { k } else { k.saturating_sub(1) };
        for i in 0..segments {
            canvas.line(at[line.points[i] as usize], at[line.points[(i + 1) % k] as usize]);
        }
    }
    for (site, &(row, col)) in at.iter().enumerate() {
        let code = state.cell(site as Site);
        canvas.chars[row][col] = if code == 0 { '.' } else { symbol(state, code) };
    }
    let mut unnamed: Vec<usize> =
        (0..at.len()).filter(|&site| !canvas.label(at[site].0, at[site].1, board.site_name(site as Site))).collect();

    // Rows with nothing on them are left out, so the picture has no blank line.
    let kept: Vec<usize> = (0..rows).filter(|&r| canvas.kinds[r].iter().any(|&k| k != Cell::Blank)).collect();
    let mut out = String::new();
    for (number, &row) in kept.iter().enumerate() {
        let text: String = canvas.chars[row].iter().collect();
        let margin = if unnamed.is_empty() { String::new() } else { format!("{:>2}", number + 1) };
        out.push_str(&format!("{margin:INDENT$}{}\n", text.trim_end()));
    }
    if !unnamed.is_empty() {
        // The rows are numbered; name the points left unnamed row by row.
        unnamed.sort_by_key(|&site| (at[site].0, at[site].1));
        out.push_str("names that did not fit, by row, left to right:\n");
        for (number, &row) in kept.iter().enumerate() {
            let names: Vec<&str> =
                unnamed.iter().filter(|&&site| at[site].0 == row).map(|&site| board.site_name(site as Site)).collect();
            if names.is_empty() {
                continue;
            }
            let mut line = format!("{:>2}", number + 1);
            for name in names {
                if line.len() + 1 + name.len() > PICTURE_WIDTH && line.len() > INDENT {
                    out.push_str(&line);
                    out.push('\n');
                    line = " ".repeat(INDENT - 1);
                }
                line.push(' ');
                line.push_str(name);
            }
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

pub fn status_text(state: &State) -> String {
    let game = state.game();
    let mut parts = vec![format!("ply {}", state.ply()), format!("phase {}", state.phase_name())];
    match state.outcome() {
        Some(o) => {
            // The line or group that won, by its sites.
            let deciding: Vec<&str> = state.deciding_sites().iter().map(|&s| game.board.site_name(s)).collect();
            let with = if deciding.is_empty() { String::new() } else { format!(": {}", deciding.join(" ")) };
            parts.push(match o.winner {
                Some(w) => format!("{w} wins ({}{with})", terminal_safe(&o.reason)),
                None => format!("draw ({})", terminal_safe(&o.reason)),
            })
        }
        None if state.current_player() == CHANCE => {
            parts.push(format!("chance throws for {}", game.player_name(state.holder())))
        }
        None => parts.push(format!("{} to move", game.player_name(state.current_player()))),
    }
    let owners = game.players.iter().map(String::as_str).chain(["the supply"]);
    for (p, player) in owners.enumerate() {
        let held: Vec<String> = (0..game.pieces.len())
            .filter(|&t| state.hand(p as u8, t as u8) > 0)
            .map(|t| format!("{} {}", state.hand(p as u8, t as u8), game.pieces[t].name))
            .collect();
        if !held.is_empty() {
            parts.push(format!("{player} holds {}", held.join(", ")));
        }
    }
    if let Some(dice) = &game.dice {
        let shown: Vec<String> = state.dice().iter().map(u8::to_string).collect();
        if state.dice().iter().any(|&v| v > 0) {
            parts.push(format!("dice {} = {}", dice.names.join(", "), shown.join(", ")));
        }
    }
    for counter in &game.counters {
        parts.push(format!("{} = {}", counter.name, state.counter(&counter.name).unwrap_or(0)));
    }
    parts.join(" | ")
}
