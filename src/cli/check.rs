//! `orrery check`: every error and warning of each rule file, then a short
//! smoke run of each game that compiled (perft and seeded random playouts).

use super::Format;
use super::common::color;
use crate::agents::perft::{perft, perft_until};
use crate::agents::playout::{MAX_PLIES, PlayoutRng, pick};
use crate::diagnostics::{NotShown, SHOWN, render_all, terminal_safe, to_json};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Playouts in a smoke run: enough to reach the end rules, quick to run.
const SMOKE_PLAYOUTS: u64 = 200;
/// The smoke run's perft goes at most this deep…
const SMOKE_PERFT_DEPTH: u32 = 3;
/// …and no deeper than where it would generate about this many moves.
const SMOKE_PERFT_MOVES: u64 = 5_000_000;
/// The smoke run's perft stops after this long, even in the middle of a
/// level (the clock is read at every position it lists moves for; the
/// levels it finished are reported)…
const SMOKE_PERFT_SECONDS: f64 = 1.0;
/// …and its random games after this long, even in the middle of a game
/// (the clock is read at every ply: on a large board a ply can take tens
/// of milliseconds). `check` on any file that compiles finishes in about
/// the two budgets plus one ply.
const SMOKE_SECONDS: f64 = 1.0;
/// A smoke game that reaches this many plies without ending is reported.
const SMOKE_PLY_CAP: u32 = MAX_PLIES;

pub fn run(paths: &[PathBuf], format: Format, smoke: bool, options: &[String]) -> i32 {
    let options = match super::common::parse_options(options) {
        Ok(options) => options,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let files = match rule_files(paths) {
        Ok(files) => files,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let mut failed = false;
    let mut json = Vec::new();
    for file in &files {
        let (source, loading) = match crate::variants::load_source(file) {
            Ok(loaded) => loaded,
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", file.display());
                failed = true;
                continue;
            }
        };
        // A variant whose base cannot be loaded is not checked further:
        // everything it does not say would be missing.
        let (game, diagnostics) =
            if loading.is_empty() { crate::compile::compile(&source, &options) } else { (None, loading) };
        let game = game.map(std::sync::Arc::new);
        failed |= game.is_none();
        let summary = match (&game, smoke) {
            (Some(game), true) => Some(smoke_run(game)),
            _ => None,
        };
        match format {
            Format::Text => {
                eprint!("{}", render_all(&source, &diagnostics, color()));
                match (&game, summary) {
                    (Some(game), Some(s)) => {
                        println!("ok    {}: {} -- {s}", file.display(), terminal_safe(&game.title));
                        if s.unfinished > 0 {
                            eprintln!(
                                "warning: {}: {} of {} random games reached the cap of {} plies without ending; \
                                 do the end rules cover every way a game can go on?",
                                file.display(),
                                s.unfinished,
                                s.games,
                                s.ply_cap
                            );
                        }
                    }
                    (Some(game), None) => println!("ok    {}: {}", file.display(), terminal_safe(&game.title)),
                    (None, _) => println!("error {}: does not compile", file.display()),
                }
            }
            Format::Json => json.push(serde_json::json!({
                "file": source.name,
                "ok": game.is_some(),
                "diagnostics": to_json(&source, &diagnostics[..diagnostics.len().min(SHOWN)]),
                // The diagnostics after the first SHOWN: how many.
                "not_shown": NotShown::of(&diagnostics),
                "smoke": summary,
            })),
        }
    }
    if format == Format::Json {
        println!("{}", serde_json::to_string_pretty(&json).unwrap_or_default());
    }
    i32::from(failed)
}

/// What a smoke run found: perft from the start and seeded random games.
#[derive(serde::Serialize)]
struct Smoke {
    perft_depth: u32,
    perft: u64,
    /// The perft level the time ran out in, if it did (`perft` is the level before).
    perft_cut_at: Option<u32>,
    perft_seconds_budget: f64,
    games: u64,
    mean_plies: f64,
    /// Wins per player, in the players' order.
    wins: serde_json::Map<String, serde_json::Value>,
    draws: u64,
    /// Games stopped by the ply cap before any end rule ended them.
    unfinished: u64,
    /// The ply cap those games reached.
    ply_cap: u32,
    /// How long the random games may take in all.
    seconds_budget: f64,
    /// When the time ran out in the middle of a game (not counted in
    /// `games`): the plies it had reached.
    cut_after: Option<u32>,
    seconds: f64,
}

impl std::fmt::Display for Smoke {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let wins: Vec<String> = self.wins.iter().map(|(p, w)| format!("{p} {w}")).collect();
        write!(
            f,
            "perft({}) = {}; {} random games (budget {} plies a game, {}s in all), mean {:.1} plies, {}, draws {} ({:.2}s)",
            self.perft_depth,
            self.perft,
            self.games,
            self.ply_cap,
            self.seconds_budget,
            self.mean_plies,
            wins.join(", "),
            self.draws,
            self.seconds
        )?;
        if let Some(depth) = self.perft_cut_at {
            write!(f, "; perft({depth}) ran out of its {}s", self.perft_seconds_budget)?;
        }
        if self.unfinished > 0 {
            write!(f, "; {} games did not end", self.unfinished)?;
        }
        if let Some(plies) = self.cut_after {
            write!(f, "; the time ran out in game {} after {plies} plies", self.games + 1)?;
        }
        Ok(())
    }
}

fn smoke_run(game: &std::sync::Arc<crate::engine::Game>) -> Smoke {
    use rand::SeedableRng;
    let start = game.initial_state();
    let begun = Instant::now();
    // perft to depth 3, going a level deeper only while the moves it would
    // generate (the leaves so far times their branching) stay in budget,
    // and stopping when its time runs out.
    let perft_deadline = Instant::now() + std::time::Duration::from_secs_f64(SMOKE_PERFT_SECONDS);
    let (mut depth, mut nodes, mut before) = (1, perft(&start, 1), 1u64);
    let mut perft_cut_at = None;
    while depth < SMOKE_PERFT_DEPTH && nodes.saturating_mul(nodes / before.max(1)) <= SMOKE_PERFT_MOVES && nodes > 0 {
        let Some(deeper) = perft_until(&start, depth + 1, perft_deadline) else {
            perft_cut_at = Some(depth + 1);
            break;
        };
        before = nodes;
        depth += 1;
        nodes = deeper;
    }
    let deadline = Instant::now() + std::time::Duration::from_secs_f64(SMOKE_SECONDS);
    let bar = super::progress::bar(SMOKE_PLAYOUTS, &format!("smoke run of {}", terminal_safe(&game.title)), "games");
    let mut smoke = Smoke {
        perft_depth: depth,
        perft: nodes,
        perft_cut_at,
        perft_seconds_budget: SMOKE_PERFT_SECONDS,
        games: 0,
        mean_plies: 0.0,
        wins: serde_json::Map::new(),
        draws: 0,
        unfinished: 0,
        ply_cap: SMOKE_PLY_CAP,
        seconds_budget: SMOKE_SECONDS,
        cut_after: None,
        seconds: 0.0,
    };
    let mut wins = vec![0u64; game.players.len()];
    let (mut plies_total, mut buf) = (0u64, Vec::with_capacity(64));
    'games: for seed in 0..SMOKE_PLAYOUTS {
        let mut rng = PlayoutRng::seed_from_u64(seed);
        let mut state = start.clone();
        state.legal_moves(&mut buf);
        let mut plies = 0u32;
        loop {
            if let Some(outcome) = state.position().outcome {
                match outcome.winner {
                    Some(w) => wins[w as usize] += 1,
                    None => smoke.draws += 1,
                }
                break;
            }
            // A settled position always has a move; the cap stops the rest.
            if plies >= SMOKE_PLY_CAP || buf.is_empty() {
                smoke.unfinished += 1;
                break;
            }
            if Instant::now() >= deadline {
                smoke.cut_after = Some(plies);
                break 'games;
            }
            let mv = pick(&state, &buf, &mut rng);
            state.apply_listing(&mv, &mut buf);
            plies += 1;
        }
        smoke.games += 1;
        plies_total += u64::from(plies);
        bar.set_position(smoke.games);
        if Instant::now() >= deadline {
            break;
        }
    }
    bar.finish_and_clear();
    smoke.mean_plies = plies_total as f64 / smoke.games.max(1) as f64;
    smoke.wins = game.players.iter().zip(&wins).map(|(p, w)| (p.clone(), serde_json::json!(w))).collect();
    smoke.seconds = begun.elapsed().as_secs_f64();
    smoke
}

/// The files named, with folders replaced by the `.rules` files in them and
/// in the folders inside them (sorted).
pub(super) fn rule_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            let mut found = Vec::new();
            rules_in(path, &mut found)?;
            found.sort();
            if found.is_empty() {
                return Err(format!("no .rules files in {}", path.display()));
            }
            files.extend(found);
        } else if Path::new(path).exists() {
            files.push(path.clone());
        } else {
            return Err(format!("no such file: {}", path.display()));
        }
    }
    Ok(files)
}

/// The `.rules` files in a folder and the folders inside it (variants sit
/// in `games/variants/`).
fn rules_in(folder: &Path, found: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = std::fs::read_dir(folder).map_err(|e| format!("cannot read folder {}: {e}", folder.display()))?;
    for path in entries.filter_map(|entry| entry.ok().map(|e| e.path())) {
        if path.is_dir() {
            rules_in(&path, found)?;
        } else if path.extension().is_some_and(|e| e == "rules") {
            found.push(path);
        }
    }
    Ok(())
}
