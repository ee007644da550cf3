//! The fuzz suite: seeded mutants (`mutate.rs`: bit flips, insertions,
//! deletions, truncations, swapped tokens and lines, numbers at the edges
//! of integer types) of every bundled rule
//! file, position file, scenario file and stored transcript, each run
//! through the library as the commands run it (check and compile, format,
//! render the diagnostics, smoke-play a compiled game; read a position and
//! play from it; run and bless a scenario file; read a transcript's header
//! and replay it). No mutant may panic: a panic fails the test, naming the
//! input and the seed (`mutate(&std::fs::read(INPUT)?, SEED)` rebuilds the
//! mutant, and its text is written to a temporary file), and a mutant that
//! runs for more than a minute stops the run, naming its case.
//!
//! The default run is brief (a few seconds); the long one runs 50 times as
//! many mutants: `cargo test --release --test suite fuzz -- --ignored`.

use crate::mutate::mutate;
use orrery::agents::playout::{PlayoutRng, pick};
use orrery::diagnostics::{Source, render_all};
use orrery::formats::position::{parse_position, to_toml};
use orrery::formats::trace::{board_json, read_header, replay};
use orrery::{Game, State};
use rand::SeedableRng;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Mutants per input file in the default run, by input kind.
const RULE_MUTANTS: u64 = 20;
const POSITION_MUTANTS: u64 = 12;
const SCENARIO_MUTANTS: u64 = 2;
const TRANSCRIPT_MUTANTS: u64 = 4;
/// Scenario files that take half a second a run: one mutant each by default.
const SLOW_SCENARIOS: &[&str] = &["flying_obelisks.tests.toml", "sun_and_moon_open_twilight.tests.toml"];
/// How many times more the long run (`--ignored`) tries.
const LONG_FACTOR: u64 = 50;
/// A mutant running longer than this is a hang: the run stops and names it.
const HANG: Duration = Duration::from_secs(60);

/// One input file and how a mutant of it is run.
struct Input {
    kind: &'static str,
    path: PathBuf,
    bytes: Vec<u8>,
    run: Box<dyn Fn(&str)>,
}

/// The files of `dir` whose names end with `suffix`, sorted, optionally
/// in its subfolders too.
fn files(dir: &str, suffix: &str, deep: bool) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![PathBuf::from(dir)];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a bundled folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                if deep {
                    folders.push(path);
                }
            } else if path.to_string_lossy().ends_with(suffix) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// Plays up to `plies` random legal moves from `state`, drawing each
/// position as text and in the transcript format on the way.
fn smoke_play(mut state: State, plies: usize) {
    let mut rng = PlayoutRng::seed_from_u64(1);
    let mut moves = Vec::new();
    let _ = orrery::render::board_text(&state);
    let _ = orrery::render::status_text(&state);
    let _ = to_toml(&state);
    for _ in 0..plies {
        state.legal_moves(&mut moves);
        if moves.is_empty() || state.is_over() {
            break;
        }
        let _ = state.move_text(&moves[0]);
        let mv = pick(&state, &moves, &mut rng);
        state.apply(&mv);
        let _ = board_json(&state);
    }
    let _ = state.outcome();
}

/// A rule file, or a variant's own text after its bases' (the bases as
/// they are): checked and compiled, formatted, shown resolved, its
/// diagnostics rendered, and a compiled game played a few plies.
fn rule_input(path: PathBuf) -> Input {
    let (source, _) = orrery::variants::load_source(&path).expect("a bundled rule file");
    let own = source.files.last().map_or(0, |f| f.1);
    let bytes = std::fs::read(&path).expect("readable");
    assert_eq!(source.text.as_bytes()[own..], bytes[..], "{}: the own text comes last", path.display());
    let run = move |text: &str| {
        let mut whole = source.text[..own].to_string();
        whole.push_str(text);
        let mutant = Source { name: source.name.clone(), text: whole, files: source.files.clone() };
        let _ = orrery::syntax::format::format(text);
        let (file, _) = orrery::variants::show::resolve(&mutant);
        let _ = orrery::variants::show::show(&file, &mutant);
        let (game, diagnostics) = orrery::compile::compile(&mutant, &[]);
        let _ = render_all(&mutant, &diagnostics, false);
        if let Some(game) = game {
            smoke_play(Arc::new(game).initial_state(), 12);
        }
    };
    Input { kind: "rule file", path, bytes, run: Box::new(run) }
}

/// The game of each position file, by the start of its path below
/// `tests/positions/`; Man in the Moon for the others.
const POSITION_GAMES: &[(&str, &str)] = &[
    ("amazons/", "games/amazons.rules"),
    ("chess/", "games/chess.rules"),
    ("draughts/", "games/english_draughts.rules"),
    ("classic_breakthrough", "games/breakthrough.rules"),
    ("classic_reversi", "games/reversi.rules"),
    ("flying_obelisks", "games/flying_obelisks.rules"),
    ("sun_moon_and_stars", "games/sun_moon_and_stars.rules"),
    ("sun_and_moon", "games/sun_and_moon.rules"),
    ("variant_big_moon", "games/variants/big_moon.rules"),
];

fn game_of_position(path: &Path) -> PathBuf {
    let name = path.strip_prefix("tests/positions").unwrap_or(path).to_string_lossy().into_owned();
    let found = POSITION_GAMES.iter().find(|(prefix, _)| name.starts_with(prefix));
    PathBuf::from(found.map_or("games/man_in_the_moon.rules", |(_, rules)| rules))
}

/// A position file: read for its game, its errors rendered; a position
/// that reads is written back, drawn and played a few plies.
fn position_input(path: PathBuf, game: Arc<Game>) -> Input {
    let name = path.display().to_string();
    let run = move |text: &str| match parse_position(&game, Source::new(name.clone(), text)) {
        Err(report) => {
            let _ = render_all(&report.source, &report.diagnostics, false);
        }
        Ok(state) => {
            let _ = state.legal_move_texts();
            let _ = parse_position(&game, Source::new("written.toml", to_toml(&state)));
            smoke_play(state, 8);
        }
    };
    Input { kind: "position file", bytes: std::fs::read(&path).expect("readable"), path, run: Box::new(run) }
}

/// The rule file a scenario file is for: beside it, or for the test
/// fixtures, Tic-Tac-Toe or Zodiac.
fn rules_of_scenarios(path: &Path) -> PathBuf {
    let beside = PathBuf::from(path.to_string_lossy().replace(".tests.toml", ".rules"));
    if beside.exists() {
        beside
    } else if path.to_string_lossy().contains("tic_tac_toe") {
        PathBuf::from("games/tic_tac_toe.rules")
    } else {
        PathBuf::from("games/zodiac.rules")
    }
}

/// A scenario file: run against its rule file, and one mutant in three
/// (by its length) blessed too (the slowest input kind). The mutant is
/// written to a temporary folder; positions it names relative to its own
/// folder are named from the original's folder instead.
fn scenario_input(path: PathBuf, scratch: PathBuf) -> Input {
    let rules = rules_of_scenarios(&path);
    let folder = std::fs::canonicalize(path.parent().expect("a folder")).expect("a folder");
    let temp = scratch.join(path.file_name().expect("a name"));
    let run = move |text: &str| {
        let text = text.replace("position = \"", &format!("position = \"{}/", folder.display()));
        std::fs::write(&temp, &text).expect("the temporary folder is writable");
        match orrery::formats::scenario::run_file(&rules, &temp) {
            Ok(run) => {
                let _ = render_all(&run.source, &run.diagnostics, false);
            }
            Err(report) => {
                let _ = render_all(&report.source, &report.diagnostics, false);
            }
        }
        if text.len() % 3 == 0
            && let Ok(run) = orrery::formats::scenario::bless_file(&rules, &temp, &[])
        {
            let _ = orrery::formats::bless::apply(&run.source.text, &run.fills);
        }
    };
    Input { kind: "scenario file", bytes: std::fs::read(&path).expect("readable"), path, run: Box::new(run) }
}

/// A stored transcript (`tests/replays/`): its header read, the game loaded
/// with the options it names (the rules are the original's), its start
/// position read, and the transcript replayed, as `orrery replay` does.
fn transcript_input(path: PathBuf) -> Input {
    let bytes = std::fs::read(&path).expect("readable");
    let header: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&bytes).lines().next().unwrap_or("")).expect("a header");
    let rules = PathBuf::from(header["rules"].as_str().expect("the rules' path"));
    let run = move |text: &str| {
        let Ok(header) = read_header(text) else { return };
        let header = header.unwrap_or_default();
        let game = match Game::load_with_options(&rules, &header.options) {
            Ok(game) => game,
            Err(orrery::compile::LoadError::Invalid(report)) => {
                let _ = render_all(&report.source, &report.diagnostics, false);
                return;
            }
            Err(e) => panic!("{e}"),
        };
        let start = match &header.start {
            None => game.initial_state(),
            Some(start) => match parse_position(&game, Source::new("start", start.clone())) {
                Ok(state) => state,
                Err(report) => {
                    let _ = render_all(&report.source, &report.diagnostics, false);
                    return;
                }
            },
        };
        if let Err(e) = replay(&start, text) {
            let _ = e.to_string();
        }
    };
    Input { kind: "transcript", bytes, path, run: Box::new(run) }
}

/// Every input of every kind, with the mutants each gets in the default run.
fn inputs(scratch: &Path) -> Vec<(Input, u64)> {
    let mut inputs = Vec::new();
    let mut rules = files("games", ".rules", false);
    rules.extend(files("games/variants", ".rules", false));
    rules.extend(files("tests/games", ".rules", false));
    inputs.extend(rules.into_iter().map(|p| (rule_input(p), RULE_MUTANTS)));
    let mut games: Vec<(PathBuf, Arc<Game>)> = Vec::new();
    for path in files("tests/positions", ".toml", true) {
        let rules = game_of_position(&path);
        let game = match games.iter().find(|(p, _)| *p == rules) {
            Some((_, game)) => game.clone(),
            None => {
                let game = Game::load(&rules).expect("a bundled game");
                games.push((rules, game.clone()));
                game
            }
        };
        inputs.push((position_input(path, game), POSITION_MUTANTS));
    }
    let mut scenarios = files("games", ".tests.toml", false);
    scenarios.extend(files("games/variants", ".tests.toml", false));
    scenarios.extend(files("tests/scenarios", ".tests.toml", false));
    for path in scenarios {
        // Half a second a run: one mutant in the default run.
        let slow = SLOW_SCENARIOS.iter().any(|s| path.ends_with(s));
        inputs.push((scenario_input(path, scratch.to_path_buf()), if slow { 1 } else { SCENARIO_MUTANTS }));
    }
    inputs
        .extend(files("tests/replays", ".jsonl", false).into_iter().map(|p| (transcript_input(p), TRANSCRIPT_MUTANTS)));
    inputs
}

/// The seed of mutant `k` of the file at `path`: the same on every machine.
fn seed(path: &Path, k: u64) -> u64 {
    let name = path.to_string_lossy();
    let fnv = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
    fnv ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// What the watchdog needs: the case being run, and since when (in
/// milliseconds from the run's start; 0 between cases).
struct Running {
    case: Mutex<String>,
    since: AtomicU64,
    done: AtomicBool,
}

/// Runs every input's mutants (`factor` times the default number); returns
/// the mutants tried per kind, and the panics as (case, message).
fn fuzz(factor: u64) -> (Vec<(&'static str, u64, Duration)>, Vec<String>) {
    let scratch = std::env::temp_dir().join(format!("orrery-fuzz-{}-{factor}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("a temporary folder");
    let found = fuzz_inputs(&inputs(&scratch), factor);
    let _ = std::fs::remove_dir_all(&scratch);
    found
}

/// Runs the mutants of `inputs`.
fn fuzz_inputs(inputs: &[(Input, u64)], factor: u64) -> (Vec<(&'static str, u64, Duration)>, Vec<String>) {
    let start = Instant::now();
    let running = Arc::new(Running { case: Mutex::new(String::new()), since: AtomicU64::new(0), done: false.into() });
    let watched = running.clone();
    let watchdog = std::thread::spawn(move || {
        while !watched.done.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(200));
            let since = watched.since.load(Ordering::Relaxed);
            if since > 0 && (start.elapsed().as_millis() as u64).saturating_sub(since) > HANG.as_millis() as u64 {
                let case = watched.case.lock().map(|c| c.clone()).unwrap_or_default();
                eprintln!("fuzz: a mutant ran for more than {HANG:?} (a hang): {case}");
                std::process::exit(1);
            }
        }
    });
    let mut tried: Vec<(&'static str, u64, Duration)> = Vec::new();
    let mut failures = Vec::new();
    for (input, count) in inputs {
        let began = Instant::now();
        for k in 0..count * factor {
            let seed = seed(&input.path, k);
            let (mutant, said) = mutate(&input.bytes, seed);
            let text = String::from_utf8_lossy(&mutant);
            let case = format!("{} {} seed {seed} ({})", input.kind, input.path.display(), said.join("; "));
            *running.case.lock().expect("not poisoned") = case.clone();
            running.since.store(start.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
            let outcome = catch_unwind(AssertUnwindSafe(|| (input.run)(&text)));
            running.since.store(0, Ordering::Relaxed);
            if let Err(panic) = outcome {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                let kept = std::env::temp_dir().join(format!("orrery-fuzz-mutant-{seed}"));
                let _ = std::fs::write(&kept, &mutant);
                failures.push(format!("{case}: panicked: {message} (the mutant: {})", kept.display()));
            }
        }
        match tried.iter_mut().find(|(kind, ..)| *kind == input.kind) {
            Some((_, n, time)) => {
                *n += count * factor;
                *time += began.elapsed();
            }
            None => tried.push((input.kind, count * factor, began.elapsed())),
        }
    }
    running.done.store(true, Ordering::Relaxed);
    let _ = watchdog.join();
    (tried, failures)
}

fn fuzz_and_report(factor: u64) {
    let (tried, failures) = fuzz(factor);
    for (kind, n, time) in &tried {
        eprintln!("fuzz: {n} mutants of {kind}s in {:.2} s", time.as_secs_f64());
    }
    // Every kind of input is there.
    assert_eq!(tried.len(), 4, "{tried:?}");
    assert!(failures.is_empty(), "{} of the mutants panicked:\n{}", failures.len(), failures.join("\n"));
}

/// The suite can fail: a run that panics on some mutants is reported with
/// the input, the seed and the mutations, and the seed rebuilds the mutant.
#[test]
fn a_panicking_mutant_is_named_by_its_input_and_seed() {
    let text = "game \"Tic\"\nplayers x, o\nboard square 3 x 3\n";
    let run = |mutant: &str| assert!(mutant.len() >= 40, "shorter");
    let input = Input { kind: "rule file", path: PathBuf::from("tic.rules"), bytes: text.into(), run: Box::new(run) };
    let (tried, failures) = fuzz_inputs(&[(input, 30)], 1);
    assert_eq!(tried[0].1, 30);
    assert!(!failures.is_empty() && failures.len() < 30, "{failures:?}");
    let failure = &failures[0];
    assert!(failure.starts_with("rule file tic.rules seed ") && failure.contains("panicked: shorter"), "{failure}");
    let seed: u64 = failure["rule file tic.rules seed ".len()..].split(' ').next().unwrap().parse().unwrap();
    assert!(mutate(text.as_bytes(), seed).0.len() < 40);
    // The mutants kept for these made-up failures are not needed.
    for failure in &failures {
        if let Some(kept) = failure.rsplit("(the mutant: ").next() {
            let _ = std::fs::remove_file(kept.trim_end_matches(')'));
        }
    }
}

#[test]
fn no_mutant_of_a_bundled_input_panics() {
    fuzz_and_report(1);
}

#[test]
#[ignore = "minutes: cargo test --release --test suite fuzz -- --ignored"]
fn no_mutant_of_a_bundled_input_panics_long_run() {
    fuzz_and_report(LONG_FACTOR);
}
