//! Analyses the page asks for (`POST /api/analyses`): self-play of a rule
//! file (and, with `vs`, a second one) on a thread of their own, holding a
//! place among the computer players' so the machine stays shared; the page
//! polls the games played and, when done, gets the report the CLI's
//! `analyze --format html` gives.

use super::error::ApiError;
use super::slots::Slots;
use crate::analysis::{Analysis, Players, differences, play_games, report, summarize, to_json};
use crate::game::Game;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The most games an analysis may play per file.
pub const MAX_GAMES: u64 = 5000;
/// The most playouts a move, or milliseconds a move, for MCTS players.
pub const MAX_PLAYOUTS: u32 = 2000;
pub const MAX_THINK_MS: u32 = 1000;
/// Analyses kept; a new one forgets the oldest finished one.
const KEPT: usize = 8;

/// What the page asks for, checked.
pub struct Request {
    pub files: Vec<(String, PathBuf)>,
    pub options: Vec<(String, String)>,
    pub games: u64,
    pub players: Players,
    pub seed: u64,
    pub max_plies: u32,
}

/// One analysis: its progress, then its report or what went wrong.
pub struct Job {
    pub id: String,
    files: Vec<String>,
    games: u64,
    players: Players,
    played: AtomicU64,
    /// Asked to stop (`DELETE`): it stops between two games.
    stopped: AtomicBool,
    result: Mutex<Option<Result<(Value, String), String>>>,
}

/// What a stopped analysis says.
const STOPPED: &str = "stopped before its games were all played";

pub struct Analyses {
    jobs: Mutex<Vec<Arc<Job>>>,
    next: AtomicU64,
}

impl Analyses {
    pub fn new() -> Analyses {
        Analyses { jobs: Mutex::new(Vec::new()), next: AtomicU64::new(1) }
    }

    /// Starts an analysis on a thread of its own; its id.
    pub fn start(&self, request: Request, places: &Arc<Slots>) -> Result<Arc<Job>, ApiError> {
        let games = request
            .files
            .iter()
            .map(|(file, path)| {
                Game::load_with_options(path, &request.options)
                    .map_err(|_| ApiError::new(422, format!("{file} does not load; check it first")))
            })
            .collect::<Result<Vec<Arc<Game>>, ApiError>>()?;
        let id = format!("a{}", self.next.fetch_add(1, Ordering::Relaxed));
        let job = Arc::new(Job {
            id,
            files: request.files.iter().map(|(f, _)| f.clone()).collect(),
            games: request.games,
            players: request.players,
            played: AtomicU64::new(0),
            stopped: AtomicBool::new(false),
            result: Mutex::new(None),
        });
        {
            let mut jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
            if jobs.len() >= KEPT {
                let Some(done) = jobs.iter().position(|j| j.done()) else {
                    return Err(ApiError::new(503, format!("{KEPT} analyses are under way; wait for one to finish")));
                };
                jobs.remove(done);
            }
            jobs.push(job.clone());
        }
        let (worker, places) = (job.clone(), places.clone());
        let spawned = std::thread::Builder::new().name("orrery-analysis".to_string()).spawn(move || {
            let _place = places.take_owned();
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| worker.run(&games, &request)));
            let result = outcome.unwrap_or_else(|_| Err("the analysis failed unexpectedly".to_string()));
            *worker.result.lock().unwrap_or_else(|p| p.into_inner()) = Some(result);
        });
        if spawned.is_err() {
            *job.result.lock().unwrap_or_else(|p| p.into_inner()) = Some(Err("no thread to run it".to_string()));
        }
        Ok(job)
    }

    pub fn get(&self, id: &str) -> Result<Arc<Job>, ApiError> {
        let jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
        jobs.iter()
            .find(|j| j.id == id)
            .cloned()
            .ok_or_else(|| ApiError::not_found(format!("no analysis `{id}` (it may have been forgotten)")))
    }
}

impl Default for Analyses {
    fn default() -> Analyses {
        Analyses::new()
    }
}

impl Job {
    fn done(&self) -> bool {
        self.result.lock().unwrap_or_else(|p| p.into_inner()).is_some()
    }

    /// Asks a running analysis to stop; a finished one is left as it is.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    fn run(&self, games: &[Arc<Game>], request: &Request) -> Result<(Value, String), String> {
        let mut analyses: Vec<Analysis> = Vec::new();
        for (game, (file, _)) in games.iter().zip(&request.files) {
            // Game by game, so that a stop is heard; game g is the same
            // however the games are cut.
            let mut records = Vec::new();
            for g in 0..request.games {
                if self.stopped.load(Ordering::Relaxed) {
                    return Err(STOPPED.to_string());
                }
                records.extend(play_games(
                    game,
                    request.players,
                    request.seed,
                    g..g + 1,
                    1,
                    request.max_plies,
                    &|| {
                        self.played.fetch_add(1, Ordering::Relaxed);
                    },
                ));
            }
            analyses.push(summarize(game, file, request.players, request.seed, request.max_plies, &records));
        }
        let refs: Vec<&Analysis> = analyses.iter().collect();
        let diffs = if let [a, b] = &refs[..] { differences(a, b) } else { Vec::new() };
        Ok((to_json(refs[0], refs.get(1).copied()), report::fragment(&refs, &diffs)))
    }

    /// Its progress, and its report when done.
    pub fn to_json(&self) -> Value {
        let total = self.games * self.files.len() as u64;
        let mut reply = json!({
            "id": self.id,
            "files": self.files,
            "games": self.games,
            "players": self.players.to_string(),
            "played": self.played.load(Ordering::Relaxed).min(total),
            "total": total,
            "done": false,
        });
        match &*self.result.lock().unwrap_or_else(|p| p.into_inner()) {
            None => {}
            Some(Ok((analysis, html))) => {
                reply["done"] = json!(true);
                reply["analysis"] = analysis.clone();
                reply["html"] = json!(html);
            }
            Some(Err(why)) => {
                reply["done"] = json!(true);
                reply["error"] = json!(why);
            }
        }
        reply
    }
}

/// `players` as the page may ask: random, or MCTS within the limits.
pub fn players(text: &str) -> Result<Players, ApiError> {
    let players: Players = text.parse().map_err(ApiError::bad)?;
    match players {
        Players::Mcts(n) if n > MAX_PLAYOUTS => {
            Err(ApiError::bad(format!("at most {MAX_PLAYOUTS} playouts a move here (the CLI has no limit)")))
        }
        Players::MctsTimed(ms) if ms > MAX_THINK_MS => {
            Err(ApiError::bad(format!("at most {}s a move here (the CLI has no limit)", MAX_THINK_MS / 1000)))
        }
        _ => Ok(players),
    }
}
