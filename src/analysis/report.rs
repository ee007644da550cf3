//! The analysis as one self-contained HTML page: the figures as tables,
//! the charts inline, and for two files their differences. Nothing is
//! fetched from elsewhere, so the file can be mailed or archived as is.

use super::{Analysis, Difference, charts, text};
use crate::render::xml_escape;
use std::fmt::Write;

/// The whole page.
pub fn html(analyses: &[&Analysis], differences: &[Difference]) -> String {
    let title = analyses.iter().map(|a| a.title.as_str()).collect::<Vec<_>>().join(" against ");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Analysis: {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{}</body>\n</html>\n",
        xml_escape(&title),
        fragment(analyses, differences)
    )
}

/// The report's body, for a page that has its own head (`orrery serve`).
pub fn fragment(analyses: &[&Analysis], differences: &[Difference]) -> String {
    let mut out = format!("<style>{FIGURES_STYLE}</style>\n");
    let names: Vec<String> = analyses.iter().map(|a| format!("{} ({})", a.title, a.file)).collect();
    let _ = writeln!(out, "<h1 class=\"analysis-title\">Analysis of {}</h1>", xml_escape(&names.join(" against ")));
    if let Some(a) = analyses.first() {
        let _ = writeln!(
            out,
            "<p>{} games each, played by {} players, seed {}, cut at {} plies.</p>",
            a.games, a.agents, a.seed, a.max_plies
        );
    }
    if !differences.is_empty() {
        out.push_str("<h2>Differences (second minus first)</h2>\n<table class=\"figures\"><tr><th>figure</th><th>difference</th><th>p</th><th></th></tr>\n");
        for d in differences {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{:+.3}</td><td>{:.4}</td><td>{}</td></tr>",
                xml_escape(&d.figure),
                d.difference,
                d.p,
                if d.significant() { "<strong>significant</strong>" } else { "" }
            );
        }
        out.push_str("</table>\n");
    }
    out.push_str("<h2>Charts</h2>\n<div class=\"charts\">\n");
    for chart in charts::each(analyses) {
        out.push_str(&chart);
        out.push('\n');
    }
    out.push_str("</div>\n");
    for a in analyses {
        figures(&mut out, a);
    }
    out
}

fn figures(out: &mut String, a: &Analysis) {
    let _ = writeln!(out, "<h2>{} <small>{}</small></h2>", xml_escape(&a.title), xml_escape(&a.file));
    out.push_str(
        "<table class=\"figures\"><tr><th>outcome</th><th>games</th><th>share</th><th>95% interval</th></tr>\n",
    );
    let draws = ("draws".to_string(), &a.outcomes.draws);
    for (name, s) in a.players.iter().map(|p| format!("{p} wins")).zip(&a.outcomes.wins).chain([(draws.0, draws.1)]) {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{:.1}%</td><td>{:.1}% to {:.1}%</td></tr>",
            xml_escape(&name),
            s.count,
            s.share * 100.0,
            s.low * 100.0,
            s.high * 100.0
        );
    }
    out.push_str("</table>\n");
    let o = &a.outcomes;
    let _ = writeln!(
        out,
        "<p>The first player's edge in decisive games: {:+.1} points (p = {:.4}){}.</p>",
        o.first_player_edge * 100.0,
        o.first_player_p,
        if o.first_player_significant { ", <strong>significant</strong>" } else { "" }
    );
    let l = &a.length;
    let _ = writeln!(
        out,
        "<p>Length: mean {:.1} plies, median {:.1}, quartiles {:.1} to {:.1}, range {} to {}. Choice: {:.1} legal moves a ply, {:.1}% of plies forced.</p>",
        l.mean,
        l.median,
        l.q1,
        l.q3,
        l.min,
        l.max,
        a.choice.mean,
        a.choice.forced * 100.0
    );
    if let Some(d) = &a.drama {
        let _ = writeln!(
            out,
            "<p>Decisiveness: the winner leads for good after {:.0}% of the game (median {:.0}%); {:.2} lead changes a game, at most {}.</p>",
            d.decided_at_mean * 100.0,
            d.decided_at_median * 100.0,
            d.lead_changes_mean,
            d.lead_changes_max
        );
    }
    out.push_str("<table class=\"figures\"><tr><th>rule</th><th>fired</th></tr>\n");
    for r in a.rules.iter().chain(&a.end_rules) {
        let class = if r.fired == 0 { " class=\"never\"" } else { "" };
        let never = if r.fired == 0 { " (never fired)" } else { "" };
        let _ = writeln!(
            out,
            "<tr{class}><td>{} / {}{never}</td><td>{}</td></tr>",
            xml_escape(&r.phase),
            xml_escape(&r.rule),
            r.fired
        );
    }
    out.push_str("</table>\n");
    let _ =
        writeln!(out, "<details><summary>The text report</summary><pre>{}</pre></details>", xml_escape(&text::text(a)));
}

/// The page's own look, for the whole report.
const STYLE: &str = "body{font-family:sans-serif;max-width:1180px;margin:1em auto;padding:0 1em;color:#222}\
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.4em}small{color:#666;font-weight:normal}pre{font-size:12px}";

/// The tables' and charts' look, carried by the body itself so that a page
/// showing it (`orrery serve`) needs no copy.
const FIGURES_STYLE: &str = "table.figures{border-collapse:collapse;margin:.5em 0}\
table.figures td,table.figures th{border:1px solid #ccc;padding:2px 8px;text-align:left}\
tr.never td{color:#a40000}.charts{display:flex;flex-wrap:wrap;gap:8px}";
