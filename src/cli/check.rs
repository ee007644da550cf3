//! `orrery check`: every error and warning of each rule file, then a short
//! smoke run of each game that compiled (perft and seeded random playouts).

use super::Format;
use super::common::color;
use crate::agents::perft::perft;
use crate::agents::playout::{MAX_PLIES, run_batch};
use crate::diagnostics::{render_all, to_json};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Playouts in a smoke run: enough to reach the end rules, quick to run.
const SMOKE_PLAYOUTS: u64 = 200;
/// The smoke run's perft goes at most this deep…
const SMOKE_PERFT_DEPTH: u32 = 3;
/// …and no deeper than where it would generate about this many moves.
const SMOKE_PERFT_MOVES: u64 = 5_000_000;
/// Slow games stop their smoke run after this long (whole batches of
/// `SMOKE_BATCH` games, so at least one batch always runs).
const SMOKE_SECONDS: f64 = 1.0;
const SMOKE_BATCH: u64 = 10;

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
                        println!("ok    {}: {} -- {s}", file.display(), game.title);
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
                    (Some(game), None) => println!("ok    {}: {}", file.display(), game.title),
                    (None, _) => println!("error {}: does not compile", file.display()),
                }
            }
            Format::Json => json.push(serde_json::json!({
                "file": source.name,
                "ok": game.is_some(),
                "diagnostics": to_json(&source, &diagnostics),
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
    games: u64,
    mean_plies: f64,
    /// Wins per player, in the players' order.
    wins: serde_json::Map<String, serde_json::Value>,
    draws: u64,
    /// Games stopped by the ply cap before any end rule ended them.
    unfinished: u64,
    /// The ply cap those games reached.
    ply_cap: u32,
    seconds: f64,
}

impl std::fmt::Display for Smoke {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let wins: Vec<String> = self.wins.iter().map(|(p, w)| format!("{p} {w}")).collect();
        write!(
            f,
            "perft({}) = {}; {} random games, mean {:.1} plies, {}, draws {} ({:.2}s)",
            self.perft_depth,
            self.perft,
            self.games,
            self.mean_plies,
            wins.join(", "),
            self.draws,
            self.seconds
        )?;
        if self.unfinished > 0 {
            write!(f, "; {} games did not end", self.unfinished)?;
        }
        Ok(())
    }
}

fn smoke_run(game: &std::sync::Arc<crate::engine::Game>) -> Smoke {
    let start = game.initial_state();
    let begun = Instant::now();
    // perft to depth 3, going a level deeper only while the moves it would
    // generate (the leaves so far times their branching) stay in budget.
    let (mut depth, mut nodes, mut before) = (1, perft(&start, 1), 1u64);
    while depth < SMOKE_PERFT_DEPTH && nodes.saturating_mul(nodes / before.max(1)) <= SMOKE_PERFT_MOVES && nodes > 0 {
        before = nodes;
        depth += 1;
        nodes = perft(&start, depth);
    }
    let playouts_begun = Instant::now();
    let bar = super::progress::bar(SMOKE_PLAYOUTS, &format!("smoke run of {}", game.title), "games");
    let mut stats = run_batch(&start, SMOKE_BATCH, 1, 1);
    while stats.playouts < SMOKE_PLAYOUTS && playouts_begun.elapsed().as_secs_f64() < SMOKE_SECONDS {
        bar.set_position(stats.playouts);
        stats.add(&run_batch(&start, SMOKE_BATCH, 1 + stats.playouts, 1));
    }
    bar.finish_and_clear();
    Smoke {
        perft_depth: depth,
        perft: nodes,
        games: stats.playouts,
        mean_plies: stats.plies as f64 / stats.playouts.max(1) as f64,
        wins: game.players.iter().zip(&stats.wins).map(|(p, w)| (p.clone(), serde_json::json!(w))).collect(),
        draws: stats.draws,
        unfinished: stats.unfinished,
        ply_cap: MAX_PLIES,
        seconds: begun.elapsed().as_secs_f64(),
    }
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
