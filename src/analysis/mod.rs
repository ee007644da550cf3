//! What self-play says about a game (`orrery analyze`): who wins and how
//! surely, how long games last, how many choices a player has, which rules
//! fire, how games end. The games are played by seeded agents (random or
//! Monte Carlo tree search), each game seeded by the seed and its number,
//! so the same seed gives the same figures on any number of threads.

pub mod charts;
pub mod compare;
pub mod record;
pub mod report;
pub mod stats;
mod summary;
pub mod text;

pub use compare::{Difference, differences, to_json};
pub use record::{GameRecord, play_one};
pub use summary::summarize;

use crate::game::Game;
use serde::Serialize;
use std::sync::Arc;

/// Who plays: uniformly random moves, or MCTS with so many playouts a move,
/// or thinking so many milliseconds a move (which a machine's speed changes:
/// the same seed may then give other games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Players {
    Random,
    Mcts(u32),
    MctsTimed(u32),
}

impl std::str::FromStr for Players {
    type Err = String;
    fn from_str(text: &str) -> Result<Players, String> {
        let usage = || {
            format!("`{text}`: write `random`, `mcts:PLAYOUTS` or `mcts:SECONDSs`, such as `mcts:200` or `mcts:0.5s`")
        };
        match text.split_once(':') {
            None if text == "random" => Ok(Players::Random),
            Some(("mcts", time)) if time.ends_with('s') => time[..time.len() - 1]
                .parse::<f64>()
                .ok()
                .filter(|s| s.is_finite() && *s >= 0.001 && *s <= 3600.0)
                .map(|s| Players::MctsTimed((s * 1000.0).round() as u32))
                .ok_or(format!("`{time}` is not a number of seconds from 0.001 to 3600")),
            Some(("mcts", n)) => n
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .map(Players::Mcts)
                .ok_or(format!("`{n}` is not a number of playouts (or seconds, such as `0.5s`)")),
            _ => Err(usage()),
        }
    }
}

impl std::fmt::Display for Players {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Players::Random => write!(f, "random"),
            Players::Mcts(n) => write!(f, "mcts:{n}"),
            Players::MctsTimed(ms) => write!(f, "mcts:{}s", *ms as f64 / 1000.0),
        }
    }
}

/// The figures of an analysis.
#[derive(Clone, Debug, Serialize)]
pub struct Analysis {
    pub file: String,
    pub title: String,
    pub games: u64,
    pub players: Vec<String>,
    /// Who played: `random`, `mcts:200`, `mcts:0.5s`.
    pub agents: String,
    pub seed: u64,
    pub max_plies: u32,
    pub outcomes: Outcomes,
    pub length: Length,
    pub choice: Choice,
    /// From the searching players' estimates; `None` for random players and
    /// for games of more than two players.
    pub drama: Option<Drama>,
    pub rules: Vec<RuleCount>,
    pub end_rules: Vec<RuleCount>,
    pub effects: Vec<EffectCount>,
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

/// How early games are decided and how often the lead changes, by the
/// players' own estimates (docs/analysis.md).
#[derive(Clone, Debug, Serialize)]
pub struct Drama {
    /// Games with a winner and estimates, which `decided_at` is about.
    pub games: u64,
    /// The share of the game played before the eventual winner's estimate
    /// rose above one half for good: 0 led from the first estimate, 1 never.
    pub decided_at_mean: f64,
    pub decided_at_median: f64,
    /// Changes of the leader by estimate, per game (all games with estimates).
    pub lead_changes_mean: f64,
    pub lead_changes_max: u64,
    /// The winner's mean estimate in each tenth of the game (`None`: no
    /// estimate fell in it).
    pub winner_value_by_tenths: Vec<Option<f64>>,
    #[serde(skip)]
    pub each_decided_at: Vec<f64>,
    #[serde(skip)]
    pub each_lead_changes: Vec<f64>,
}

/// An effect of moves: the plies it happened at and the games it happened in.
#[derive(Clone, Debug, Serialize)]
pub struct EffectCount {
    pub effect: String,
    pub plies: u64,
    pub games: u64,
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
    /// Of those, by an end rule reading a count that captures set back: a
    /// no-progress rule.
    pub no_progress: u64,
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
    let records = play_games(game, players, seed, 0..games, threads, max_plies, &|| {});
    summarize(game, file, players, seed, max_plies, &records)
}

/// Plays the games numbered `range` on `threads` threads, calling
/// `progress` after each (from whichever thread played it). Game g is the
/// same wherever it is played, so shares of the range may be played apart
/// and their records joined.
pub fn play_games(
    game: &Arc<Game>,
    players: Players,
    seed: u64,
    range: std::ops::Range<u64>,
    threads: usize,
    max_plies: u32,
    progress: &(dyn Fn() + Sync),
) -> Vec<GameRecord> {
    play_games_from(&game.initial_state(), players, seed, range, threads, max_plies, progress)
}

/// `play_games` from `start`, a position of the game.
pub fn play_games_from(
    start: &crate::engine::State,
    players: Players,
    seed: u64,
    range: std::ops::Range<u64>,
    threads: usize,
    max_plies: u32,
    progress: &(dyn Fn() + Sync),
) -> Vec<GameRecord> {
    use rayon::prelude::*;
    let play = |g: u64| {
        let record = play_one(start, players, seed, g, max_plies);
        progress();
        record
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads.max(1)).build() {
        Ok(pool) if threads > 1 => pool.install(|| range.into_par_iter().map(play).collect()),
        _ => range.map(play).collect(),
    }
}
