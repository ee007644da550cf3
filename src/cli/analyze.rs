//! `orrery analyze FILE [--vs OTHER]`: self-play figures of a game (who
//! wins, how long, how many choices, which rules fire, how games end), and
//! with `--vs` the same for a second file on the same seeds, each figure
//! with its difference and whether that difference is significant.

use super::common::load;
use super::{Format, GameArgs};
use crate::analysis::{Analysis, Players, analyze_reporting, stats};
use std::path::Path;

pub struct Settings {
    pub games: u64,
    pub players: Players,
    pub seed: u64,
    pub threads: usize,
    pub max_plies: u32,
}

pub fn run(args: &GameArgs, vs: Option<&Path>, settings: &Settings, format: Format) -> i32 {
    let Ok((game, _)) = load(args) else { return 1 };
    let file = args.file.display().to_string();
    let s = settings;
    // A bar on a terminal for each file's games, with the time left.
    let run = |game: &std::sync::Arc<crate::game::Game>, file: &str| {
        let bar = super::progress::bar(s.games, &crate::diagnostics::terminal_safe(&game.title), "games");
        let analysis =
            analyze_reporting(game, file, s.games, s.players, s.seed, s.threads, s.max_plies, &|| bar.inc(1));
        bar.finish_and_clear();
        analysis
    };
    let first = run(&game, &file);
    let second = match vs {
        None => None,
        Some(other) => {
            let other_args = GameArgs { file: other.to_path_buf(), position: None, options: args.options.clone() };
            let Ok((game, _)) = load(&other_args) else { return 1 };
            Some(run(&game, &other.display().to_string()))
        }
    };
    match format {
        Format::Json => {
            let value = match &second {
                None => serde_json::to_value(&first),
                Some(second) => serde_json::to_value(serde_json::json!({
                    "first": first,
                    "second": second,
                    "differences": differences(&first, second),
                })),
            };
            println!("{}", serde_json::to_string_pretty(&value.unwrap_or_default()).unwrap_or_default());
        }
        Format::Text => {
            print!("{}", text(&first));
            if let Some(second) = &second {
                print!("\n{}", text(second));
                println!("\ndifferences (second minus first; * significant at 5%):");
                for d in differences(&first, second) {
                    let mark = if d.p < 0.05 { "*" } else { " " };
                    println!("  {mark} {:<28} {:>+9.3}   p = {:.4}", d.figure, d.difference, d.p);
                }
            }
        }
    }
    0
}

/// A figure of two analyses: its difference and the p-value of "no difference".
#[derive(serde::Serialize)]
struct Difference {
    figure: String,
    difference: f64,
    p: f64,
}

fn differences(a: &Analysis, b: &Analysis) -> Vec<Difference> {
    let mut out = Vec::new();
    for (i, player) in a.players.iter().enumerate() {
        let (Some(wa), Some(wb)) = (a.outcomes.wins.get(i), b.outcomes.wins.get(i)) else { continue };
        out.push(Difference {
            figure: format!("{player} wins (share)"),
            difference: wb.share - wa.share,
            p: stats::two_shares(wa.count, a.games, wb.count, b.games),
        });
    }
    out.push(Difference {
        figure: "draws (share)".to_string(),
        difference: b.outcomes.draws.share - a.outcomes.draws.share,
        p: stats::two_shares(a.outcomes.draws.count, a.games, b.outcomes.draws.count, b.games),
    });
    out.push(Difference {
        figure: "mean length (plies)".to_string(),
        difference: b.length.mean - a.length.mean,
        p: stats::two_means(&a.length.each, &b.length.each),
    });
    out
}

fn text(a: &Analysis) -> String {
    let mut out = format!("{} ({}): {} games, seed {}\n", a.title, a.file, a.games, a.seed);
    out.push_str("outcomes (95% intervals):\n");
    for (player, w) in a.players.iter().zip(&a.outcomes.wins) {
        out.push_str(&format!(
            "  {player:<12} {:>6} wins  {:>5.1}%  [{:.1}%, {:.1}%]\n",
            w.count,
            w.share * 100.0,
            w.low * 100.0,
            w.high * 100.0
        ));
    }
    let d = &a.outcomes.draws;
    out.push_str(&format!(
        "  {:<12} {:>6}       {:>5.1}%  [{:.1}%, {:.1}%]\n",
        "draws",
        d.count,
        d.share * 100.0,
        d.low * 100.0,
        d.high * 100.0
    ));
    out.push_str(&format!(
        "  first player's edge in decisive games: {:+.1} points, p = {:.4}{}\n",
        a.outcomes.first_player_edge * 100.0,
        a.outcomes.first_player_p,
        if a.outcomes.first_player_significant { " (significant)" } else { "" }
    ));
    let l = &a.length;
    out.push_str(&format!(
        "length (plies): mean {:.1}, median {:.1}, quartiles {:.1}-{:.1}, range {}-{}\n",
        l.mean, l.median, l.q1, l.q3, l.min, l.max
    ));
    let widest = l.histogram.iter().copied().max().unwrap_or(1).max(1);
    for (i, &count) in l.histogram.iter().enumerate() {
        let from = l.min + i as f64 * l.bin_width;
        let bar = "#".repeat((count * 40).div_ceil(widest) as usize);
        out.push_str(&format!("  {:>7.0}-{:<7.0} {:>6} {bar}\n", from, from + l.bin_width, count));
    }
    let c = &a.choice;
    out.push_str(&format!(
        "choice: {:.1} legal moves a ply on average, {:.1}% of plies forced\n",
        c.mean,
        c.forced * 100.0
    ));
    let curve: Vec<String> = c.by_tens_of_plies.iter().map(|m| format!("{m:.1}")).collect();
    out.push_str(&format!("  by tens of plies: {}\n", curve.join(" ")));
    out.push_str("rules (moves played by each):\n");
    for r in &a.rules {
        let never = if r.fired == 0 { "   never fired" } else { "" };
        out.push_str(&format!("  {:>8}  {} / {}{never}\n", r.fired, r.phase, r.rule));
    }
    out.push_str("end rules (games they ended):\n");
    for r in &a.end_rules {
        let never = if r.fired == 0 { "   never fired" } else { "" };
        out.push_str(&format!("  {:>8}  {}{never}\n", r.fired, r.rule));
    }
    let e = &a.endings;
    out.push_str(&format!(
        "endings: {} by an end rule, {} by a blocked player, {} by repetition, {} cut at {} plies\n",
        e.by_end_rule, e.blocked, e.repetition, e.cut_by_cap, a.max_plies
    ));
    out
}
