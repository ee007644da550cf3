//! Random playouts of Man in the Moon: the interpreter running
//! `games/man_in_the_moon.rules` against a hand-written native engine of the
//! same game (`benches/native/`), both with the same named seeded generator.
//! The ratio of the two is the cost of interpreting rules from a text file.
//!
//! Run with `cargo bench --bench playouts`; the per-playout times criterion
//! prints convert to playouts/s as 1 / time.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use orrery::agents::playout::{PlayoutRng, random_playout};
use orrery::game::Game;
use rand::SeedableRng;

#[path = "native/man_in_the_moon.rs"]
mod native_man_in_the_moon;
use native_man_in_the_moon::NativeMoon;

const RULES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/games/man_in_the_moon.rules");

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("man_in_the_moon_playout");
    group.throughput(Throughput::Elements(1));
    for long_moves in [false, true] {
        let label = if long_moves { "long_moves" } else { "short_moves" };
        let options = [("long_moves".to_string(), long_moves.to_string())];
        let game = Game::load_with_options(RULES, &options).expect("bundled rules load");
        let start = game.initial_state();

        let mut rng = PlayoutRng::seed_from_u64(1);
        let mut buf = Vec::new();
        group.bench_function(format!("interpreter/{label}"), |b| {
            b.iter_batched_ref(
                || start.clone(),
                |state| random_playout(state, &mut rng, &mut buf),
                BatchSize::SmallInput,
            )
        });

        let mut rng = PlayoutRng::seed_from_u64(1);
        let mut native = NativeMoon::new(long_moves);
        group.bench_function(format!("native/{label}"), |b| b.iter(|| native.random_playout(&mut rng)));
    }
    group.finish();
}

criterion_group!(benches, playouts);
criterion_main!(benches);
