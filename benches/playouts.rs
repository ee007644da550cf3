//! Random playouts, one benchmark per bundled game (`games/*.rules`), and
//! Man in the Moon against a hand-written native engine of the same game
//! (`src/native_man_in_the_moon.rs`), both with the same named seeded
//! generator: the ratio of the two is the cost of interpreting rules from a
//! text file.
//!
//! Run with `cargo bench -p orrery-benches` from the project root; the
//! per-playout times criterion prints convert to playouts/s as 1 / time.

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use orrery::agents::playout::{PlayoutRng, random_playout};
use orrery::game::Game;
use orrery_benches::NativeMoon;
use rand::SeedableRng;
use std::path::Path;
use std::time::Duration;

const GAMES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../games");

/// One random playout after another from each bundled game's start.
fn bundled_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1)).sample_size(10).measurement_time(Duration::from_secs(3));
    let mut files: Vec<_> = std::fs::read_dir(GAMES)
        .expect("the games folder")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "rules"))
        .collect();
    files.sort();
    for file in files {
        let game = Game::load(&file).expect("bundled rules load");
        let start = game.initial_state();
        let mut rng = PlayoutRng::seed_from_u64(1);
        let mut buf = Vec::new();
        let name = Path::new(&file).file_stem().expect("a file name").to_string_lossy().into_owned();
        group.bench_function(name, |b| {
            b.iter_batched_ref(
                || start.clone(),
                |state| random_playout(state, &mut rng, &mut buf),
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();
}

/// Man in the Moon, interpreted and native, with and without its option.
fn against_native(c: &mut Criterion) {
    let mut group = c.benchmark_group("man_in_the_moon_playout");
    group.throughput(Throughput::Elements(1));
    for long_moves in [false, true] {
        let label = if long_moves { "long_moves" } else { "short_moves" };
        let options = [("long_moves".to_string(), long_moves.to_string())];
        let rules = Path::new(GAMES).join("man_in_the_moon.rules");
        let game = Game::load_with_options(rules, &options).expect("bundled rules load");
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

criterion_group!(benches, against_native, bundled_games);
criterion_main!(benches);
