//! `orrery perft`: legal move sequences per depth, and nodes per second.

use super::GameArgs;
use super::common::load;
use crate::agents::perft::{divide, perft};
use std::time::Instant;

pub fn run(args: &GameArgs, depth: u32, split: bool) -> i32 {
    let Ok((game, state)) = load(args) else {
        return 1;
    };
    println!(
        "{} from {}",
        game.title,
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
        let nodes = perft(&state, d);
        let seconds = begun.elapsed().as_secs_f64();
        println!("perft({d}) = {nodes:<14} {:>8.3}s  {:>12.0} nodes/s", seconds, nodes as f64 / seconds.max(1e-9));
    }
    0
}
