//! `orrery perft`: legal move sequences per depth, and nodes per second.

use super::GameArgs;
use super::common::load;
use super::progress;
use crate::agents::perft::{divide, perft_reporting};
use std::time::Instant;

pub fn run(args: &GameArgs, depth: u32, split: bool) -> i32 {
    let Ok((game, state)) = load(args) else {
        return 1;
    };
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
