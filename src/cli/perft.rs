//! `orrery perft`: legal move sequences per depth, and nodes per second.

use super::common::load;
use super::progress;
use super::{Format, GameArgs};
use crate::agents::perft::{divide, perft_reporting};
use std::time::Instant;

pub fn run(args: &GameArgs, depth: u32, split: bool, format: Format) -> i32 {
    let Ok((game, state)) = load(args) else {
        return 1;
    };
    if format == Format::Json {
        return json(&game.title, &state, depth, split);
    }
    println!(
        "{} from {}",
        crate::diagnostics::terminal_safe(&game.title),
        args.position.as_ref().map_or("the start".to_string(), |p| p.display().to_string())
    );
    if split {
        let mut total = 0;
        for (mv, count) in divide(&state, depth) {
            println!("{mv:<12} {count}");
            total += count;
        }
        println!("total        {total}");
        return 0;
    }
    for d in 1..=depth {
        let begun = Instant::now();
        // The bar moves once per first move counted under.
        let bar = progress::bar(0, &format!("perft({d})"), "first moves");
        let nodes = perft_reporting(&state, d, &mut |done, of| {
            bar.set_length(of as u64);
            bar.set_position(done as u64);
        });
        bar.finish_and_clear();
        let seconds = begun.elapsed().as_secs_f64();
        println!("perft({d}) = {nodes:<14} {:>8.3}s  {:>12.0} nodes/s", seconds, nodes as f64 / seconds.max(1e-9));
    }
    0
}

/// `--format json`: one JSON object, the counts by depth (or by first move
/// with `--divide`) with their times.
fn json(title: &str, state: &crate::engine::State, depth: u32, split: bool) -> i32 {
    let figures = if split {
        // A list, in the order the moves are generated.
        let counts = divide(state, depth);
        let total: u64 = counts.iter().map(|(_, count)| *count).sum();
        let moves: Vec<serde_json::Value> =
            counts.into_iter().map(|(mv, count)| serde_json::json!({ "move": mv, "count": count })).collect();
        serde_json::json!({ "game": title, "depth": depth, "divide": moves, "total": total })
    } else {
        let depths: Vec<serde_json::Value> = (1..=depth)
            .map(|d| {
                let begun = Instant::now();
                let nodes = perft_reporting(state, d, &mut |_, _| {});
                let seconds = begun.elapsed().as_secs_f64();
                serde_json::json!({
                    "depth": d,
                    "nodes": nodes,
                    "seconds": seconds,
                    "nodes_per_second": nodes as f64 / seconds.max(1e-9),
                })
            })
            .collect();
        serde_json::json!({ "game": title, "perft": depths })
    };
    println!("{figures}");
    0
}
