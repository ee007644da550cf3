//! What self-play says about a game (`orrery analyze`): who wins and how
//! surely, how long games last, how many choices a player has, which rules
//! fire, how games end. The games are played by seeded agents (random or
//! Monte Carlo tree search), each game seeded by the seed and its number,
//! so the same seed gives the same figures on any number of threads.

pub mod stats;

use crate::agents::{Agent, MctsAgent, RandomAgent};
use crate::engine::outcome::Reason;
use crate::engine::{Move, State};
use crate::game::Game;
use crate::game::rules::CHANCE;
use serde::Serialize;
use std::sync::Arc;

/// Who plays: uniformly random moves, or MCTS with so many playouts a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Players {
    Random,
    Mcts(u32),
}

impl std::str::FromStr for Players {
    type Err = String;
    fn from_str(text: &str) -> Result<Players, String> {
        match text.split_once(':') {
            None if text == "random" => Ok(Players::Random),
            Some(("mcts", n)) => n
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .map(Players::Mcts)
                .ok_or(format!("`{n}` is not a number of playouts")),
            _ => Err(format!("`{text}`: write `random` or `mcts:PLAYOUTS`, such as `mcts:200`")),
        }
    }
}

/// What one game gave.
#[derive(Clone, Debug, Default)]
struct GameRecord {
    plies: u32,
    winner: Option<usize>,
    finished: bool,
    /// How it ended: an end rule's number, or `None` for the others.
    end_rule: Option<usize>,
    repetition: bool,
    blocked: bool,
    /// Legal moves at each of the player's (not chance's) plies.
    choices: Vec<u32>,
    /// Moves played by each (phase, rule).
    rules: Vec<Vec<u64>>,
}

/// The figures of an analysis.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    pub file: String,
    pub title: String,
    pub games: u64,
    pub players: Vec<String>,
    pub seed: u64,
    pub max_plies: u32,
    pub outcomes: Outcomes,
    pub length: Length,
    pub choice: Choice,
    pub rules: Vec<RuleCount>,
    pub end_rules: Vec<RuleCount>,
    pub endings: Endings,
}

#[derive(Clone, Debug, Serialize)]
pub struct Outcomes {
    /// Per player: wins, share of games, its 95% interval.
    pub wins: Vec<Share>,
    pub draws: Share,
    /// The first player's share of the decisive games against an even
    /// share (1 / players): its p-value, and whether it is below 0.05.
    pub first_player_edge: f64,
    pub first_player_p: f64,
    pub first_player_significant: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct Share {
    pub count: u64,
    pub share: f64,
    pub low: f64,
    pub high: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Length {
    pub mean: f64,
    pub median: f64,
    pub q1: f64,
    pub q3: f64,
    pub min: f64,
    pub max: f64,
    /// Games per bin of equal width from `min` to `max`.
    pub histogram: Vec<u64>,
    pub bin_width: f64,
    /// Each game's plies, for comparisons.
    #[serde(skip)]
    pub each: Vec<f64>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Choice {
    /// Mean legal moves a ply, over all plies.
    pub mean: f64,
    /// The share of plies with exactly one legal move.
    pub forced: f64,
    /// Mean legal moves at plies 0-9, 10-19, … (while games that long last).
    pub by_tens_of_plies: Vec<f64>,
}

#[derive(Clone, Debug, Serialize)]
pub struct RuleCount {
    pub phase: String,
    pub rule: String,
    pub fired: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Endings {
    pub by_end_rule: u64,
    pub blocked: u64,
    pub repetition: u64,
    pub cut_by_cap: u64,
}

/// Plays `games` games of `game` and gathers the figures.
pub fn analyze(
    game: &Arc<Game>,
    file: &str,
    games: u64,
    players: Players,
    seed: u64,
    threads: usize,
    max_plies: u32,
) -> Analysis {
    analyze_reporting(game, file, games, players, seed, threads, max_plies, &|| {})
}

/// `analyze`, calling `progress` after each game (from whichever thread played it).
#[allow(clippy::too_many_arguments)]
pub fn analyze_reporting(
    game: &Arc<Game>,
    file: &str,
    games: u64,
    players: Players,
    seed: u64,
    threads: usize,
    max_plies: u32,
    progress: &(dyn Fn() + Sync),
) -> Analysis {
    use rayon::prelude::*;
    let play = |g: u64| {
        let record = play_one(game, players, seed, g, max_plies);
        progress();
        record
    };
    let records: Vec<GameRecord> = match rayon::ThreadPoolBuilder::new().num_threads(threads.max(1)).build() {
        Ok(pool) if threads > 1 => pool.install(|| (0..games).into_par_iter().map(play).collect()),
        _ => (0..games).map(play).collect(),
    };
    summarize(game, file, seed, max_plies, &records)
}

fn play_one(game: &Arc<Game>, players: Players, seed: u64, g: u64, max_plies: u32) -> GameRecord {
    let n = game.players.len();
    let game_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let mut agents: Vec<Box<dyn Agent>> = (0..n as u64)
        .map(|p| -> Box<dyn Agent> {
            match players {
                Players::Random => Box::new(RandomAgent::new(game_seed.wrapping_add(p))),
                Players::Mcts(playouts) => Box::new(MctsAgent::new(game_seed.wrapping_add(p), playouts)),
            }
        })
        .collect();
    let mut chance = RandomAgent::new(game_seed ^ 0x5851_F42D_4C95_7F2D);
    let mut state: State = game.initial_state();
    let mut record =
        GameRecord { rules: game.phases.iter().map(|p| vec![0; p.moves.len()]).collect(), ..GameRecord::default() };
    let mut moves: Vec<Move> = Vec::new();
    while !state.is_over() && record.plies < max_plies {
        let mover = state.current_player();
        if mover != CHANCE {
            state.legal_moves(&mut moves);
            record.choices.push(moves.len() as u32);
        }
        let agent: &mut dyn Agent = if mover == CHANCE { &mut chance } else { agents[mover as usize].as_mut() };
        let Some(mv) = agent.choose(&state) else { break };
        if mover != CHANCE
            && let Some(count) =
                record.rules.get_mut(state.position().phase as usize).and_then(|r| r.get_mut(mv.rule as usize))
        {
            *count += 1;
        }
        state.apply(&mv);
        record.plies += 1;
    }
    if let Some(code) = state.position().outcome {
        record.finished = true;
        record.winner = code.winner.map(|w| w as usize);
        match code.reason {
            Reason::Rule(i) => record.end_rule = Some(i as usize),
            Reason::Repetition => record.repetition = true,
            Reason::Blocked | Reason::NobodyCanMove => record.blocked = true,
            Reason::Said(_) => {}
        }
    }
    record
}

fn summarize(game: &Game, file: &str, seed: u64, max_plies: u32, records: &[GameRecord]) -> Analysis {
    let n = records.len() as u64;
    let share = |count: u64| {
        let (low, high) = stats::wilson(count, n);
        Share { count, share: if n == 0 { 0.0 } else { count as f64 / n as f64 }, low, high }
    };
    let players = game.players.len();
    let wins: Vec<u64> = (0..players).map(|p| records.iter().filter(|r| r.winner == Some(p)).count() as u64).collect();
    let draws = records.iter().filter(|r| r.finished && r.winner.is_none()).count() as u64;
    let decisive: u64 = wins.iter().sum();
    let even = 1.0 / players.max(1) as f64;
    let first_p = stats::share_against(wins.first().copied().unwrap_or(0), decisive, even);
    let edge = if decisive == 0 { 0.0 } else { wins[0] as f64 / decisive as f64 - even };

    let mut lengths: Vec<f64> = records.iter().map(|r| r.plies as f64).collect();
    let each = lengths.clone();
    lengths.sort_by(f64::total_cmp);
    let (mean, _) = stats::mean_var(&lengths);
    let (min, max) = (lengths.first().copied().unwrap_or(0.0), lengths.last().copied().unwrap_or(0.0));
    let bin_width = ((max - min) / 10.0).max(1.0);
    let bins = (((max - min) / bin_width).floor() as usize + 1).min(10);
    let mut histogram = vec![0u64; bins];
    for &l in &lengths {
        histogram[(((l - min) / bin_width) as usize).min(bins - 1)] += 1;
    }

    let all_choices: Vec<u32> = records.iter().flat_map(|r| r.choices.iter().copied()).collect();
    let mean_choice = if all_choices.is_empty() {
        0.0
    } else {
        all_choices.iter().map(|&c| c as f64).sum::<f64>() / all_choices.len() as f64
    };
    let forced = if all_choices.is_empty() {
        0.0
    } else {
        all_choices.iter().filter(|&&c| c == 1).count() as f64 / all_choices.len() as f64
    };
    let longest = records.iter().map(|r| r.choices.len()).max().unwrap_or(0);
    let by_tens: Vec<f64> = (0..longest.div_ceil(10).min(30))
        .map(|t| {
            let xs: Vec<f64> =
                records.iter().flat_map(|r| r.choices.iter().skip(t * 10).take(10).map(|&c| c as f64)).collect();
            stats::mean_var(&xs).0
        })
        .collect();

    let mut rules = Vec::new();
    for (p, phase) in game.phases.iter().enumerate() {
        for (i, source) in phase.sources.iter().enumerate() {
            let fired = records.iter().map(|r| r.rules[p][i]).sum();
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
    let end_rules = game
        .end_rules
        .iter()
        .enumerate()
        .map(|(i, rule)| RuleCount {
            phase: rule.phase.map_or("every phase".to_string(), |p| game.phases[p].name.clone()),
            rule: rule.reason.clone(),
            fired: records.iter().filter(|r| r.end_rule == Some(i)).count() as u64,
        })
        .collect();
    Analysis {
        file: file.to_string(),
        title: game.title.clone(),
        games: n,
        players: game.players.clone(),
        seed,
        max_plies,
        outcomes: Outcomes {
            wins: wins.iter().map(|&w| share(w)).collect(),
            draws: share(draws),
            first_player_edge: edge,
            first_player_p: first_p,
            first_player_significant: first_p < 0.05,
        },
        length: Length {
            mean,
            median: stats::quantile(&lengths, 0.5),
            q1: stats::quantile(&lengths, 0.25),
            q3: stats::quantile(&lengths, 0.75),
            min,
            max,
            histogram,
            bin_width,
            each,
        },
        choice: Choice { mean: mean_choice, forced, by_tens_of_plies: by_tens },
        rules,
        end_rules,
        endings: Endings {
            by_end_rule: records.iter().filter(|r| r.end_rule.is_some()).count() as u64,
            blocked: records.iter().filter(|r| r.blocked).count() as u64,
            repetition: records.iter().filter(|r| r.repetition).count() as u64,
            cut_by_cap: records.iter().filter(|r| !r.finished).count() as u64,
        },
    }
}
