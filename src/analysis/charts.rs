//! The analysis drawn as SVG charts: outcomes with their intervals, the
//! length histogram, the branching-factor curve and the winner's estimate
//! over the game. Given two analyses (a base and its variant), each chart
//! overlays them in two colours.

use super::Analysis;
use crate::render::xml_escape;
use std::fmt::Write;

/// The colours of the first and second analysis.
const COLOURS: [&str; 2] = ["#3465a4", "#e0762a"];
const WIDTH: f64 = 560.0;
const HEIGHT: f64 = 250.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 44.0;
const BOTTOM: f64 = 44.0;

/// Every chart of the analyses, one below the other, in one SVG.
pub fn all(analyses: &[&Analysis]) -> String {
    let charts = charts(analyses);
    let height = HEIGHT * charts.len() as f64;
    let mut body = String::new();
    for (i, chart) in charts.iter().enumerate() {
        let _ = write!(body, r#"<g transform="translate(0 {})">{chart}</g>"#, HEIGHT * i as f64);
    }
    svg_element(height, &body) + "\n"
}

/// Each chart as a standalone `<svg>` element.
pub fn each(analyses: &[&Analysis]) -> Vec<String> {
    charts(analyses).iter().map(|chart| svg_element(HEIGHT, chart)).collect()
}

/// An `<svg>` element `height` high holding `body`.
fn svg_element(height: f64, body: &str) -> String {
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="11">{body}</svg>"#
    )
}

/// The charts' bodies (without their `<svg>` element).
fn charts(analyses: &[&Analysis]) -> Vec<String> {
    let mut out = vec![outcomes(analyses), lengths(analyses), branching(analyses)];
    if analyses.iter().any(|a| a.drama.is_some()) {
        out.push(estimates(analyses));
    }
    out
}

/// A chart's frame: title, axes with ticks and labels, and the legend.
/// `to_x`/`to_y` map values to the drawing.
struct Frame {
    x: (f64, f64),
    y: (f64, f64),
}

impl Frame {
    fn to_x(&self, v: f64) -> f64 {
        LEFT + (v - self.x.0) / (self.x.1 - self.x.0).max(f64::MIN_POSITIVE) * (WIDTH - LEFT - RIGHT)
    }
    fn to_y(&self, v: f64) -> f64 {
        HEIGHT - BOTTOM - (v - self.y.0) / (self.y.1 - self.y.0).max(f64::MIN_POSITIVE) * (HEIGHT - TOP - BOTTOM)
    }

    /// Title, axes, y ticks, x ticks (unless the chart labels its own), legend.
    fn draw(&self, out: &mut String, title: &str, x_label: &str, y_label: &str, x_ticks: bool, analyses: &[&Analysis]) {
        let (x0, x1, y0, y1) = (LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM);
        let _ =
            write!(out, r#"<text x="{LEFT}" y="16" font-size="13" font-weight="bold">{}</text>"#, xml_escape(title));
        let _ = write!(
            out,
            r##"<path d="M{x0} {y0}V{y1}H{x1}" fill="none" stroke="#444"/><text x="{}" y="{}" text-anchor="middle">{}</text><text transform="translate(14 {}) rotate(-90)" text-anchor="middle">{}</text>"##,
            (x0 + x1) / 2.0,
            HEIGHT - 8.0,
            xml_escape(x_label),
            (y0 + y1) / 2.0,
            xml_escape(y_label)
        );
        for tick in ticks(self.y.0, self.y.1) {
            let y = self.to_y(tick);
            let _ = write!(
                out,
                r##"<path d="M{} {y:.1}H{x1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"##,
                x0,
                x0 - 4.0,
                y + 4.0,
                number(tick)
            );
        }
        if x_ticks {
            for tick in ticks(self.x.0, self.x.1) {
                let x = self.to_x(tick);
                let _ = write!(
                    out,
                    r##"<path d="M{x:.1} {y1}v4" stroke="#444"/><text x="{x:.1}" y="{}" text-anchor="middle">{}</text>"##,
                    y1 + 15.0,
                    number(tick)
                );
            }
        }
        if analyses.len() > 1 {
            // A row under the title: each file's name (without its folder) in its colour.
            let mut x = LEFT;
            for (i, a) in analyses.iter().enumerate() {
                let name = a.file.rsplit(['/', '\\']).next().unwrap_or(&a.file);
                let name: String = name.chars().take(40).collect();
                let _ = write!(
                    out,
                    r#"<rect x="{x:.1}" y="23" width="10" height="10" fill="{}"/><text x="{:.1}" y="32">{}</text>"#,
                    COLOURS[i % 2],
                    x + 14.0,
                    xml_escape(&name)
                );
                x += 30.0 + 6.2 * name.chars().count() as f64;
            }
        }
    }
}

/// Wins per player and draws, as shares with their 95% intervals.
fn outcomes(analyses: &[&Analysis]) -> String {
    let mut out = String::new();
    let first = analyses[0];
    let mut names: Vec<String> = first.players.clone();
    names.push("draws".to_string());
    let frame = Frame { x: (0.0, names.len() as f64), y: (0.0, 1.0) };
    frame.draw(&mut out, "Outcomes (share of games, 95% intervals)", "", "share of games", false, analyses);
    let slot = (WIDTH - LEFT - RIGHT) / names.len() as f64;
    let bar = slot * 0.7 / analyses.len() as f64;
    for (k, name) in names.iter().enumerate() {
        let centre = frame.to_x(k as f64 + 0.5);
        let _ = write!(
            out,
            r#"<text x="{centre:.1}" y="{}" text-anchor="middle">{}</text>"#,
            HEIGHT - BOTTOM + 15.0,
            xml_escape(name)
        );
        for (i, a) in analyses.iter().enumerate() {
            let share = if k < a.outcomes.wins.len() { a.outcomes.wins.get(k) } else { Some(&a.outcomes.draws) };
            let Some(share) = share else { continue };
            let x = centre - slot * 0.35 + bar * i as f64;
            let (top, base) = (frame.to_y(share.share), frame.to_y(0.0));
            let (low, high) = (frame.to_y(share.low), frame.to_y(share.high));
            let mid = x + bar / 2.0;
            let _ = write!(
                out,
                r##"<rect x="{x:.1}" y="{top:.1}" width="{bar:.1}" height="{:.1}" fill="{}" fill-opacity="0.8"><title>{}: {} of {} games, {:.1}% [{:.1}%, {:.1}%]</title></rect><path d="M{mid:.1} {low:.1}V{high:.1}M{:.1} {low:.1}h8M{:.1} {high:.1}h8" stroke="#222"/>"##,
                (base - top).max(0.0),
                COLOURS[i % 2],
                xml_escape(name),
                share.count,
                a.games,
                share.share * 100.0,
                share.low * 100.0,
                share.high * 100.0,
                mid - 4.0,
                mid - 4.0
            );
        }
    }
    out
}

/// The length histogram: share of games per bin of plies, the same bins
/// for every analysis (from each game's length, when the analysis has them).
fn lengths(analyses: &[&Analysis]) -> String {
    let mut out = String::new();
    let played = analyses.iter().filter(|a| a.games > 0);
    let low = played.clone().map(|a| a.length.min).reduce(f64::min).unwrap_or(0.0);
    let high = played.map(|a| a.length.max).fold(low, f64::max);
    let width = ((high - low) / 12.0).ceil().max(1.0);
    let bins = ((high - low) / width).floor() as usize + 1;
    let counts: Vec<Vec<f64>> = analyses
        .iter()
        .map(|a| {
            let mut counts = vec![0.0; bins];
            if a.length.each.is_empty() {
                // Figures read back from JSON: each bin at its start.
                for (b, &count) in a.length.histogram.iter().enumerate() {
                    let from = a.length.min + a.length.bin_width * b as f64;
                    counts[(((from - low) / width) as usize).min(bins - 1)] += count as f64;
                }
            } else {
                for &l in &a.length.each {
                    counts[(((l - low) / width) as usize).min(bins - 1)] += 1.0;
                }
            }
            counts.iter().map(|c| if a.games == 0 { 0.0 } else { c / a.games as f64 }).collect()
        })
        .collect();
    let top = counts.iter().flatten().copied().fold(0.01, f64::max);
    let frame = Frame { x: (low, low + width * bins as f64), y: (0.0, nice_top(top)) };
    frame.draw(&mut out, "Length of games", "plies", "share of games", true, analyses);
    for (i, a) in analyses.iter().enumerate() {
        for (b, &share) in counts[i].iter().enumerate() {
            let from = low + width * b as f64;
            let (left, right) = (frame.to_x(from), frame.to_x(from + width));
            let (y, base) = (frame.to_y(share), frame.to_y(0.0));
            let _ = write!(
                out,
                r##"<rect x="{left:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{}" fill-opacity="0.5" stroke="{}"><title>{:.0} to {:.0} plies: {:.1}% of games</title></rect>"##,
                (right - left - 1.0).max(0.5),
                (base - y).max(0.0),
                COLOURS[i % 2],
                COLOURS[i % 2],
                from,
                from + width,
                share * 100.0
            );
        }
        let x = frame.to_x(a.length.mean);
        let _ = write!(
            out,
            r#"<path d="M{x:.1} {TOP}V{}" stroke="{}" stroke-dasharray="4 3"><title>mean {:.1} plies</title></path>"#,
            HEIGHT - BOTTOM,
            COLOURS[i % 2],
            a.length.mean
        );
    }
    out
}

/// The branching factor: mean legal moves a ply by tens of plies.
fn branching(analyses: &[&Analysis]) -> String {
    let mut out = String::new();
    let tens = analyses.iter().map(|a| a.choice.by_tens_of_plies.len()).max().unwrap_or(0).max(1);
    let top = analyses.iter().flat_map(|a| a.choice.by_tens_of_plies.iter().copied()).fold(1.0, f64::max);
    let frame = Frame { x: (0.0, tens as f64 * 10.0), y: (0.0, nice_top(top)) };
    frame.draw(&mut out, "Choice: legal moves a ply", "ply", "legal moves", true, analyses);
    for (i, a) in analyses.iter().enumerate() {
        let points: Vec<(f64, f64)> =
            a.choice.by_tens_of_plies.iter().enumerate().map(|(t, &m)| (t as f64 * 10.0 + 5.0, m)).collect();
        line(&mut out, &frame, &points, COLOURS[i % 2], "legal moves");
    }
    out
}

/// The eventual winner's own estimate by tenths of the game.
fn estimates(analyses: &[&Analysis]) -> String {
    let mut out = String::new();
    let frame = Frame { x: (0.0, 100.0), y: (0.0, 1.0) };
    frame.draw(&mut out, "The winner's estimate over the game", "% of the game", "winner's estimate", true, analyses);
    let half = frame.to_y(0.5);
    let _ = write!(out, r##"<path d="M{LEFT} {half:.1}H{}" stroke="#999" stroke-dasharray="2 3"/>"##, WIDTH - RIGHT);
    for (i, a) in analyses.iter().enumerate() {
        let Some(drama) = &a.drama else { continue };
        let points: Vec<(f64, f64)> = drama
            .winner_value_by_tenths
            .iter()
            .enumerate()
            .filter_map(|(t, v)| v.map(|v| (t as f64 * 10.0 + 5.0, v)))
            .collect();
        line(&mut out, &frame, &points, COLOURS[i % 2], "winner's estimate");
    }
    out
}

/// A polyline with a dot (and its value as a tooltip) at each point.
fn line(out: &mut String, frame: &Frame, points: &[(f64, f64)], colour: &str, what: &str) {
    let path: Vec<String> = points.iter().map(|&(x, y)| format!("{:.1},{:.1}", frame.to_x(x), frame.to_y(y))).collect();
    let _ = write!(out, r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#, path.join(" "));
    for &(x, y) in points {
        let _ = write!(
            out,
            r#"<circle cx="{:.1}" cy="{:.1}" r="3" fill="{colour}"><title>{what} {y:.2} at {x:.0}</title></circle>"#,
            frame.to_x(x),
            frame.to_y(y)
        );
    }
}

/// A round number at or above `top`: 1, 2 or 5 times a power of ten.
fn nice_top(top: f64) -> f64 {
    let power = 10f64.powf(top.log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * power).find(|&v| v >= top).unwrap_or(top)
}

/// About five round ticks from `low` to `high`.
fn ticks(low: f64, high: f64) -> Vec<f64> {
    let span = (high - low).max(f64::MIN_POSITIVE);
    let raw = span / 5.0;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * power).find(|&s| s >= raw).unwrap_or(raw);
    let first = (low / step).ceil() * step;
    (0..=12).map(|k| first + step * k as f64).take_while(|&t| t <= high + step * 1e-9).collect()
}

/// A tick's label: no needless decimals.
fn number(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round())
    } else {
        format!("{v:.2}").trim_end_matches('0').to_string()
    }
}
