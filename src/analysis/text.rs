//! The analysis as text to read, and two analyses' differences.

use super::{Analysis, Difference};

/// The report as text to read.
pub fn text(a: &Analysis) -> String {
    let mut out = format!("{} ({}): {} games of {} players, seed {}\n", a.title, a.file, a.games, a.agents, a.seed);
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
    if let Some(d) = &a.drama {
        out.push_str(&format!(
            "decisiveness (players' own estimates): the winner leads for good after {:.0}% of the game (median {:.0}%, {} games)\n",
            d.decided_at_mean * 100.0,
            d.decided_at_median * 100.0,
            d.games
        ));
        out.push_str(&format!(
            "  lead changes: {:.2} a game on average, at most {}\n",
            d.lead_changes_mean, d.lead_changes_max
        ));
        let curve: Vec<String> =
            d.winner_value_by_tenths.iter().map(|v| v.map_or("-".to_string(), |v| format!("{v:.2}"))).collect();
        out.push_str(&format!("  winner's estimate by tenths of the game: {}\n", curve.join(" ")));
    }
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
    out.push_str("effects (plies, games):\n");
    for e in &a.effects {
        out.push_str(&format!("  {:>8}  {:>6}  {}\n", e.plies, e.games, e.effect));
    }
    let e = &a.endings;
    out.push_str(&format!(
        "endings: {} by an end rule ({} of them for want of progress), {} by a blocked player, {} by repetition, {} cut at {} plies\n",
        e.by_end_rule, e.no_progress, e.blocked, e.repetition, e.cut_by_cap, a.max_plies
    ));
    out
}

/// Two analyses' differences as lines of text.
pub fn differences(differences: &[Difference]) -> String {
    let mut out = String::from("differences (second minus first; * significant at 5%):\n");
    for d in differences {
        let mark = if d.significant() { "*" } else { " " };
        out.push_str(&format!("  {mark} {:<28} {:>+9.3}   p = {:.4}\n", d.figure, d.difference, d.p));
    }
    out
}
