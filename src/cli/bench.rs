//! `orrery bench`: random playouts, measured.

use super::common::load;
use super::progress;
use super::{Format, GameArgs};
use crate::agents::playout::{PlayoutEngine, run_batch_reporting, runs_on_kernel};
use std::time::Instant;

pub fn run(args: &GameArgs, playouts: u64, seed: u64, threads: usize, general: bool, format: Format) -> i32 {
    let Ok((game, state)) = load(args) else {
        return 1;
    };
    let begun = Instant::now();
    let bar = progress::bar(playouts, &crate::diagnostics::terminal_safe(&game.title), "playouts");
    // The bar moves a chunk of playouts at a time, from the threads running them.
    let engine = if general { PlayoutEngine::General } else { PlayoutEngine::Auto };
    let stats = run_batch_reporting(&state, playouts, seed, threads.max(1), engine, &|done| bar.inc(done));
    bar.finish_and_clear();
    let seconds = begun.elapsed().as_secs_f64().max(1e-9);
    let n = stats.playouts.max(1) as f64;
    let kernel = !general && runs_on_kernel(&state);
    if format == Format::Json {
        let wins: serde_json::Map<String, serde_json::Value> =
            game.players.iter().zip(&stats.wins).map(|(p, w)| (p.clone(), (*w).into())).collect();
        let figures = serde_json::json!({
            "game": game.title,
            "playouts": stats.playouts,
            "seed": seed,
            "threads": threads.max(1),
            "engine": if kernel { "playout kernel" } else { "general" },
            "seconds": seconds,
            "playouts_per_second": stats.playouts as f64 / seconds,
            "plies_per_second": stats.plies as f64 / seconds,
            "plies": stats.plies,
            "mean_length": stats.plies as f64 / n,
            "wins": wins,
            "draws": stats.draws,
            "unfinished": stats.unfinished,
        });
        println!("{figures}");
        return 0;
    }
    println!(
        "{}: {} random playouts, seed {seed}, {} thread(s)",
        crate::diagnostics::terminal_safe(&game.title),
        stats.playouts,
        threads.max(1)
    );
    println!("engine       {}", if kernel { "playout kernel" } else { "general" });
    println!("time         {seconds:.3} s");
    println!("playouts/s   {:.0}", stats.playouts as f64 / seconds);
    println!("plies/s      {:.0}", stats.plies as f64 / seconds);
    println!("mean length  {:.2} plies", stats.plies as f64 / n);
    for (player, wins) in game.players.iter().zip(&stats.wins) {
        println!("{player:<12} {wins} wins ({:.1}%)", 100.0 * *wins as f64 / n);
    }
    println!("draws        {} ({:.1}%)", stats.draws, 100.0 * stats.draws as f64 / n);
    if stats.unfinished > 0 {
        println!("unfinished   {} (stopped at the ply cap)", stats.unfinished);
    }
    0
}
