//! From game records to the figures of an analysis.

use super::record::{EFFECTS, GameRecord};
use super::{Analysis, Choice, Drama, EffectCount, Endings, Length, Outcomes, Players, RuleCount, Share, stats};
use crate::game::Game;
use crate::game::rules::GameTest;

/// The figures of `records`, games of `game` from `file`.
pub fn summarize(
    game: &Game,
    file: &str,
    players: Players,
    seed: u64,
    max_plies: u32,
    records: &[GameRecord],
) -> Analysis {
    let n = records.len() as u64;
    Analysis {
        file: file.to_string(),
        title: game.title.clone(),
        games: n,
        players: game.players.clone(),
        agents: players.to_string(),
        seed,
        max_plies,
        outcomes: outcomes(game, records),
        length: length(records),
        choice: choice(records),
        drama: drama(game, records),
        rules: rules(game, records),
        end_rules: end_rules(game, records),
        effects: effects(records),
        endings: endings(game, records),
    }
}

fn share(count: u64, n: u64) -> Share {
    let (low, high) = stats::wilson(count, n);
    Share { count, share: stats::fraction(count, n), low, high }
}

fn outcomes(game: &Game, records: &[GameRecord]) -> Outcomes {
    let n = records.len() as u64;
    let players = game.players.len();
    let wins: Vec<u64> = (0..players).map(|p| records.iter().filter(|r| r.winner == Some(p)).count() as u64).collect();
    let draws = records.iter().filter(|r| r.finished && r.winner.is_none()).count() as u64;
    let decisive: u64 = wins.iter().sum();
    let even = 1.0 / players.max(1) as f64;
    let first_p = stats::share_against(wins.first().copied().unwrap_or(0), decisive, even);
    let edge = if decisive == 0 { 0.0 } else { stats::fraction(wins[0], decisive) - even };
    Outcomes {
        wins: wins.iter().map(|&w| share(w, n)).collect(),
        draws: share(draws, n),
        first_player_edge: edge,
        first_player_p: first_p,
        first_player_significant: first_p < 0.05,
    }
}

fn length(records: &[GameRecord]) -> Length {
    let each: Vec<f64> = records.iter().map(|r| r.plies as f64).collect();
    let mut lengths = each.clone();
    lengths.sort_by(f64::total_cmp);
    let (mean, _) = stats::mean_var(&lengths);
    let (min, max) = (lengths.first().copied().unwrap_or(0.0), lengths.last().copied().unwrap_or(0.0));
    let bin_width = ((max - min) / 10.0).max(1.0);
    let bins = (((max - min) / bin_width).floor() as usize + 1).min(10);
    let mut histogram = vec![0u64; bins];
    for &l in &lengths {
        histogram[(((l - min) / bin_width) as usize).min(bins - 1)] += 1;
    }
    Length {
        mean,
        median: stats::quantile(&lengths, 0.5),
        q1: stats::quantile(&lengths, 0.25),
        q3: stats::quantile(&lengths, 0.75),
        min,
        max,
        histogram,
        bin_width,
        each,
    }
}

fn choice(records: &[GameRecord]) -> Choice {
    let all: Vec<f64> = records.iter().flat_map(|r| r.choices.iter().map(|&c| c as f64)).collect();
    let forced = if all.is_empty() { 0.0 } else { all.iter().filter(|&&c| c == 1.0).count() as f64 / all.len() as f64 };
    let longest = records.iter().map(|r| r.choices.len()).max().unwrap_or(0);
    let by_tens: Vec<f64> = (0..longest.div_ceil(10).min(30))
        .map(|t| {
            let xs: Vec<f64> =
                records.iter().flat_map(|r| r.choices.iter().skip(t * 10).take(10).map(|&c| c as f64)).collect();
            stats::mean_var(&xs).0
        })
        .collect();
    Choice { mean: stats::mean_var(&all).0, forced, by_tens_of_plies: by_tens }
}

/// Decisiveness and lead changes, from the searching players' estimates of
/// their own moves; two-player games only, where one player's estimate is
/// the other's complement. `None` without estimates (random players).
fn drama(game: &Game, records: &[GameRecord]) -> Option<Drama> {
    if game.players.len() != 2 || records.iter().all(|r| r.values.is_empty()) {
        return None;
    }
    // Player 0's chance at each estimated ply: the mean of its own last
    // estimate and one minus the opponent's. A search rates its chosen move
    // above its true worth; averaging the two sides cancels that bias,
    // which alone would hand the lead back and forth every ply.
    let first_value = |r: &GameRecord| -> Vec<(u32, f64)> {
        let mut last: [Option<f64>; 2] = [None, None];
        r.values
            .iter()
            .map(|&(ply, mover, v)| {
                last[(mover as usize).min(1)] = Some(if mover == 0 { v as f64 } else { 1.0 - v as f64 });
                let (sum, known) = last.iter().flatten().fold((0.0, 0.0), |(s, k), v| (s + v, k + 1.0));
                (ply, sum / known)
            })
            .collect()
    };
    let mut decided_at = Vec::new();
    let mut changes = Vec::new();
    let mut by_tenths = [(0.0, 0u64); 10];
    for r in records.iter().filter(|r| !r.values.is_empty()) {
        let values = first_value(r);
        changes.push(lead_changes(&values) as f64);
        let Some(winner) = r.winner else { continue };
        let winner_value = |v: f64| if winner == 0 { v } else { 1.0 - v };
        let plies = r.plies.max(1) as f64;
        // The first estimated ply after the winner's last estimate of one half or less.
        let last_behind = values.iter().rposition(|&(_, v)| winner_value(v) <= 0.5);
        let at = match last_behind {
            None => 0.0,
            Some(i) => values.get(i + 1).map_or(1.0, |&(ply, _)| ply as f64 / plies),
        };
        decided_at.push(at);
        for &(ply, v) in &values {
            let tenth = ((ply as f64 / plies * 10.0) as usize).min(9);
            by_tenths[tenth].0 += winner_value(v);
            by_tenths[tenth].1 += 1;
        }
    }
    let mut sorted = decided_at.clone();
    sorted.sort_by(f64::total_cmp);
    Some(Drama {
        games: decided_at.len() as u64,
        decided_at_mean: stats::mean_var(&decided_at).0,
        decided_at_median: stats::quantile(&sorted, 0.5),
        lead_changes_mean: stats::mean_var(&changes).0,
        lead_changes_max: changes.iter().fold(0.0f64, |a, &b| a.max(b)) as u64,
        winner_value_by_tenths: by_tenths.iter().map(|&(sum, k)| (k > 0).then(|| sum / k as f64)).collect(),
        each_decided_at: decided_at,
        each_lead_changes: changes,
    })
}

/// How far past one half an estimate must go to take the lead: smaller
/// swings are a search's noise, not a change of fortune.
const LEAD_MARGIN: f64 = 0.05;

/// Changes of the leader along player 0's estimates: the lead passes to the
/// other player when the estimate crosses one half by more than the margin.
fn lead_changes(values: &[(u32, f64)]) -> u32 {
    let mut leader: Option<bool> = None;
    let mut changes = 0;
    for &(_, v) in values {
        let now = if v >= 0.5 + LEAD_MARGIN {
            Some(true)
        } else if v <= 0.5 - LEAD_MARGIN {
            Some(false)
        } else {
            None
        };
        if let Some(now) = now {
            changes += (leader.is_some_and(|l| l != now)) as u32;
            leader = Some(now);
        }
    }
    changes
}

fn rules(game: &Game, records: &[GameRecord]) -> Vec<RuleCount> {
    let mut rules = Vec::new();
    for (p, phase) in game.phases.iter().enumerate() {
        for (i, source) in phase.sources.iter().enumerate() {
            let fired = records.iter().map(|r| r.rules.get(p).and_then(|r| r.get(i)).copied().unwrap_or(0)).sum();
            let (_, line, _) = game.source.locate(source.span.start);
            let text = game.source.text.get(source.span.start..source.span.end).unwrap_or("");
            let first = text.lines().next().unwrap_or("").trim();
            let name = match &source.label {
                Some(label) => format!("{label} (line {line})"),
                None => format!("line {line}: {first}"),
            };
            rules.push(RuleCount { phase: phase.name.clone(), rule: name, fired });
        }
    }
    rules
}

fn end_rules(game: &Game, records: &[GameRecord]) -> Vec<RuleCount> {
    game.end_rules
        .iter()
        .enumerate()
        .map(|(i, rule)| RuleCount {
            phase: rule.phase.map_or("every phase".to_string(), |p| game.phases[p].name.clone()),
            rule: rule.reason.clone(),
            fired: records.iter().filter(|r| r.end_rule == Some(i)).count() as u64,
        })
        .collect()
}

/// Each effect that happened, with its plies and the games it happened in.
fn effects(records: &[GameRecord]) -> Vec<EffectCount> {
    EFFECTS
        .iter()
        .enumerate()
        .map(|(i, name)| EffectCount {
            effect: name.to_string(),
            plies: records.iter().map(|r| r.effects[i]).sum(),
            games: records.iter().filter(|r| r.effects[i] > 0).count() as u64,
        })
        .filter(|e| e.plies > 0 || e.effect == "capture")
        .collect()
}

fn endings(game: &Game, records: &[GameRecord]) -> Endings {
    // An end rule reading a count that captures set back ends games that
    // made no progress, as a fifty-move rule does.
    let no_progress: Vec<bool> = game.end_rules.iter().map(|r| reads_progress_count(&r.when, game)).collect();
    Endings {
        by_end_rule: records.iter().filter(|r| r.end_rule.is_some()).count() as u64,
        no_progress: records.iter().filter(|r| r.end_rule.is_some_and(|i| no_progress[i])).count() as u64,
        blocked: records.iter().filter(|r| r.blocked).count() as u64,
        repetition: records.iter().filter(|r| r.repetition).count() as u64,
        cut_by_cap: records.iter().filter(|r| !r.finished).count() as u64,
    }
}

/// Whether a counter counts plies without progress: some phase's
/// `after capture` sets it back.
fn counts_without_progress(game: &Game, counter: usize) -> bool {
    use crate::game::rules::{CounterRef, UpdateOp};
    let resets =
        |u: &crate::game::rules::CounterUpdate| u.op == UpdateOp::Set && u.counter == CounterRef::Fixed(counter);
    game.phases.iter().any(|phase| phase.after_capture.iter().any(resets))
}

fn reads_progress_count(test: &GameTest, game: &Game) -> bool {
    use crate::game::rules::Quantity;
    let quantity = |q: &Quantity| matches!(q, Quantity::Counter(c) if counts_without_progress(game, *c));
    match test {
        GameTest::Counter { counter, .. } => counts_without_progress(game, *counter),
        GameTest::Compare { left, right, .. } => quantity(left) || quantity(right),
        GameTest::Not(inner) => reads_progress_count(inner, game),
        GameTest::And(parts) | GameTest::Or(parts) => parts.iter().any(|p| reads_progress_count(p, game)),
        _ => false,
    }
}
