//! The playout kernel plays the very games the general engine plays: for
//! every game it takes, seeded playouts give the same plies and outcome and
//! leave the random generator in the same state, from the start and from
//! positions part way through. Small games below use what the bundled ones
//! do not (pieces that return to hand, neutral pieces, guards, other
//! `when blocked` rules, per-player regions, counted sites).

use orrery::agents::playout::{MAX_PLIES, PlayoutRng, pick, random_playout, runs_on_kernel};
use orrery::diagnostics::Source;
use orrery::engine::kernel::{Kernel, KernelPosition};
use orrery::{Game, State, with_width};
use rand::SeedableRng;
use std::sync::Arc;

/// Playouts compared per start position.
const PLAYOUTS: u64 = 60;

/// Plays `PLAYOUTS` seeded playouts from `start` on both engines; the
/// first difference, if any.
fn compare(name: &str, start: &State) -> Result<(), String> {
    with_width!(start.game().board.width, S => {
        let Some(kernel) = Kernel::<S>::for_state(start) else {
            return Err(format!("{name}: the kernel does not take this game"));
        };
        let mut kpos = KernelPosition::default();
        let mut buf = Vec::new();
        for seed in 0..PLAYOUTS {
            let mut general_rng = PlayoutRng::seed_from_u64(seed);
            let mut kernel_rng = general_rng.clone();
            let mut state = start.clone();
            let general = random_playout(&mut state, &mut general_rng, &mut buf);
            let (plies, outcome) = kernel.playout(start, &mut kpos, &mut kernel_rng, MAX_PLIES);
            if (plies, outcome) != (general.plies, general.outcome) {
                return Err(format!(
                    "{name}, seed {seed}: kernel {plies} plies, {outcome:?}; general {} plies, {:?}",
                    general.plies, general.outcome
                ));
            }
            if kernel_rng != general_rng {
                return Err(format!("{name}, seed {seed}: the engines drew different numbers"));
            }
        }
        Ok(())
    })
}

/// `start`, and positions reached from it by a few random legal moves.
fn starts(start: &State) -> Vec<State> {
    let mut rng = PlayoutRng::seed_from_u64(99);
    let mut starts = vec![start.clone()];
    let mut buf = Vec::new();
    for plies in [3, 11, 30] {
        let mut state = start.clone();
        for _ in 0..plies {
            state.legal_moves(&mut buf);
            if state.is_over() || buf.is_empty() {
                break;
            }
            let mv = pick(&state, &buf, &mut rng);
            state.apply(&mv);
        }
        starts.push(state);
    }
    starts
}

fn check_all(name: &str, game: &Arc<Game>) {
    let start = game.initial_state();
    for (i, start) in starts(&start).iter().enumerate() {
        if let Err(e) = compare(&format!("{name} (start {i})"), start) {
            panic!("{e}");
        }
    }
}

/// A rule text of this file's, which the kernel must take and play as the
/// general engine does.
fn check_inline(name: &str, text: &str) {
    let game = inline(&format!("{name}.rules"), text);
    assert!(runs_on_kernel(&game.initial_state()), "{name}: the kernel does not take it");
    check_all(name, &game);
}

fn bundled(file: &str, options: &[(&str, &str)]) -> Arc<Game> {
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Game::load_with_options(format!("games/{file}"), &options).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn inline(name: &str, text: &str) -> Arc<Game> {
    Game::from_source(Source::new(name, text), &[]).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn bundled_games_the_kernel_takes_play_the_same() {
    check_all("Man in the Moon", &bundled("man_in_the_moon.rules", &[]));
    check_all("Breakthrough", &bundled("breakthrough.rules", &[]));
    check_all("Tic-Tac-Toe", &bundled("tic_tac_toe.rules", &[]));
    check_all("Gomoku", &bundled("gomoku.rules", &[]));
    check_all("Gomoku with overlines", &bundled("gomoku.rules", &[("overlines", "true")]));
    check_all("Connect Four", &bundled("connect_four.rules", &[]));
}

/// Which bundled games run on the kernel: a change that stops one from
/// doing so (or lets a game in that the kernel cannot play) shows here.
#[test]
fn the_kernel_takes_the_plain_bundled_games_only() {
    let mut taken = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    files.sort();
    for path in files {
        let game = Game::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if runs_on_kernel(&game.initial_state()) {
            taken.push(path.file_stem().unwrap().to_string_lossy().into_owned());
        }
    }
    assert_eq!(taken, ["breakthrough", "connect_four", "gomoku", "man_in_the_moon", "tic_tac_toe"]);
    // Long moves slide: the general engine plays them.
    let long = bundled("man_in_the_moon.rules", &[("long_moves", "true")]);
    assert!(!runs_on_kernel(&long.initial_state()));
}

const RETURNS: &str = r#"
game "Kernel test: pieces return to hand"
players red, blue
board square 4 x 4
piece stone returns
counter captures = 0
counter turns = 0
setup {
  hand red: 5 stone
  hand blue: 5 stone
}
phase play {
  place stone on empty
  move stone {
    step orthogonal
    capture custodial orthogonal
  }
  after move: turns += 1
  after capture: captures += 1
  when blocked: lose
}
end {
  long: when turns >= 60: most pieces wins, equal draws "long game"
  many: when captures >= 6: mover loses "too many captures"
}
"#;

const NEUTRAL: &str = r#"
game "Kernel test: neutral blocks and home rows"
players red, blue
board square 5 x 5
region home_row { red: a5..e5  blue: a1..e1 }
piece man
piece block
counter block_plies = 0
setup {
  red man on a1..e1
  blue man on a5..e5
  neutral block on b3, d3
}
phase play {
  move man { step orthogonal to not friend }
  move neutral block when block_plies < 2 { step diagonal to empty }
  after move block: block_plies += 1
  after move man: block_plies = 0
  when blocked: draw
}
end {
  arrived: when sites(friend and home_row) > 0: mover wins "a man arrived"
  wiped: when count(opponent) == 0: mover wins "every enemy man taken"
}
"#;

const UNEVEN: &str = r#"
game "Kernel test: uneven capture lines and a clock"
players red, blue
board square 5 x 4
piece man
counter clock = 12
setup {
  hand red: 8 man
  hand blue: 8 man
}
phase placement {
  place man on empty
  next movement when hands empty
}
phase movement {
  # One step rule: the kernel's lone-step ply. Two capture lines run up
  # the site numbers and one down, so one pair of rays has an empty side.
  move man {
    step orthogonal
    capture custodial { n, e, sw }
  }
  after move: clock -= 1
  after capture: clock = 12
  when blocked: skip
}
end {
  reduced: in movement when count(opponent) <= 2: mover wins "opponent reduced"
  quiet: in movement when clock <= 0: most pieces wins, equal draws "the clock ran out"
}
"#;

#[test]
fn uneven_capture_lines_and_counters_set_and_lowered_play_the_same() {
    check_inline("uneven", UNEVEN);
}

const PLACING: &str = r#"
game "Kernel test: placements that capture"
players red, blue
board square 4 x 4
piece stone returns
counter placed = 0
setup {
  hand red: 10 stone
  hand blue: 10 stone
}
phase play {
  # One placement rule: the kernel's lone-rule ply, custodial captures and all.
  place stone on empty { capture custodial orthogonal }
  after move: placed += 1
  when blocked: draw
}
end {
  full: when placed >= 24: most pieces wins, equal draws "enough stones placed"
}
"#;

#[test]
fn a_lone_placement_rule_that_captures_plays_the_same() {
    check_inline("placing", PLACING);
}

/// Custodial captures of runs of a given length (cut from rays by a count
/// of the run) and hands read by end rules.
#[test]
fn custodial_runs_of_a_given_length_and_hand_counts_play_the_same() {
    let pairs = PLACING.replace("capture custodial orthogonal }", "capture custodial orthogonal 2 }").replace(
        "full: when placed >= 24",
        "hands: when hand(mover) + hand(opponent, stone) <= 4: draw\n  full: when placed >= 24",
    );
    assert!(pairs.contains("orthogonal 2") && pairs.contains("hand(mover)"));
    check_inline("pairs", &pairs);
    let one_or_two = PLACING.replace("capture custodial orthogonal }", "capture custodial all 1..2 }");
    check_inline("one or two", &one_or_two);
}

/// The same on graph lines, walked site by site.
#[test]
fn custodial_runs_of_one_walked_along_graph_lines_play_the_same() {
    check_inline("graph, runs of one", &GRAPH.replace("capture custodial lines", "capture custodial lines 1"));
}

/// A graph board whose lines share their steps in site numbers (a-b-c and
/// d-e-f both go up by one), so custodial lines cannot be cut from rays
/// and are walked site by site.
const GRAPH: &str = r#"
game "Kernel test: custodial captures along graph lines"
players red, blue
board graph {
  point a at (0, 0)
  point b at (1, 0)
  point c at (2, 0)
  point d at (0, 1)
  point e at (1, 1)
  point f at (2, 1)
  point g at (0, 2)
  point h at (1, 2)
  point i at (2, 2)
  line L1: a - b - c
  line L2: d - e - f
  line L3: g - h - i
  line L4: a - d - g
  line L5: b - e - h
  line L6: c - f - i
  line L7: a - e - i
}
piece stone
counter turns = 0
setup {
  hand red: 4 stone
  hand blue: 4 stone
}
phase play {
  place stone on empty
  move stone {
    step lines
    capture custodial lines
  }
  after move: turns += 1
  when blocked: lose
}
end {
  long: when turns >= 40: most pieces wins, equal draws "long game"
  wiped: when hands empty and count(opponent) == 0: mover wins "every enemy stone taken"
}
"#;

#[test]
fn custodial_captures_walked_along_graph_lines_play_the_same() {
    check_inline("graph", GRAPH);
}

#[test]
fn pieces_returning_to_hand_and_a_blocked_player_losing_play_the_same() {
    check_inline("returns", RETURNS);
}

#[test]
fn neutral_pieces_guards_and_per_player_regions_play_the_same() {
    check_inline("neutral", NEUTRAL);
}

/// Patterns of every kind the kernel takes: runs of at least a length (no
/// longest one), runs of a range, an axis set without diagonals, a
/// condition other than `friend`; a hex board's three axes.
const PATTERNS: &str = r#"
game "Kernel test: patterns"
players red, blue
board square 5 x 4
piece stone
setup { hand red: 10 stone  hand blue: 10 stone }
pattern pair_or_three = friend along {n, e} length 2..3
pattern four_up = friend along {n, ne, se} length 4..
pattern gap = empty along {e} length 5
phase play {
  place stone on empty
}
end {
  lines: when found(four_up): mover wins "four"
  rows: when found(pair_or_three) and not found(gap) and count(mover) >= 5: opponent wins "too many pairs"
  full_board: when hands empty: draw "full"
}
"#;

/// Conditions on what a site reaches: every quantifier (some, no, every,
/// a count) over one-step reaches read by shifts and over rays read from
/// the reversed reach, nested, on a square board and on a hex one.
const RAYS: &str = r#"
game "Kernel test: rays"
players red, blue
board square 5 x 5
piece stone
setup { hand red: 12 stone  hand blue: 12 stone }
pattern three = friend along {n, e, ne, se} length 3
phase play {
  place stone on empty and (every next s is occupied or some next {e, w} is enemy)
    and no along {n} is (friend and some next {w} is friend)
    and count(next orthogonal is friend) <= 2
    and count(along diagonal is occupied) != 3
}
end {
  three: when found(three): mover wins "three"
  full_board: when hands empty: draw "full"
}
"#;

const HEX_RAYS: &str = r#"
game "Kernel test: rays on a hex board"
players red, blue
board hex 5 x 5
piece stone
setup { hand red: 13 stone  hand blue: 12 stone }
pattern three = friend along {e, ne, nw} length 3
phase play {
  place stone on empty and (no next {e, w} is friend or every along {ne} is empty)
    and count(next {ne, nw, e} is enemy) < 2
}
end {
  three: when found(three): mover wins "three"
  full_board: when hands empty: draw "full"
}
"#;

#[test]
fn ray_conditions_play_the_same() {
    check_inline("rays", RAYS);
    check_all("hex rays", &inline("hex_rays.rules", HEX_RAYS));
}

const HEX_LINES: &str = r#"
game "Kernel test: lines on a hex board"
players red, blue
board hex 5 x 5
piece stone
setup { hand red: 13 stone  hand blue: 12 stone }
pattern three = friend along {e, ne, nw} length 3
phase play {
  place stone on empty
}
end {
  three: when found(three): mover wins "three"
  full_board: when hands empty: draw "full"
}
"#;

#[test]
fn patterns_play_the_same() {
    check_inline("patterns", PATTERNS);
}

#[test]
fn patterns_on_a_hex_board_play_the_same_on_whichever_engine_takes_them() {
    // Hex directions may not move by constant steps: then the general engine plays.
    check_all("hex lines", &inline("hex_lines.rules", HEX_LINES));
}

/// `orrery bench` says which engine ran, and `--general` plays the same
/// games on the general engine.
#[test]
fn bench_names_the_engine_and_general_plays_the_same_games() {
    let results = |extra: &[&str]| {
        let mut args = vec!["bench", "games/breakthrough.rules", "--playouts", "400", "--seed", "5"];
        args.extend_from_slice(extra);
        let out = crate::run::orrery(&args);
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let games = |text: &str| {
        text.lines()
            .filter(|l| l.contains("wins") || l.starts_with("draws") || l.starts_with("mean"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let (kernel, general) = (results(&[]), results(&["--general"]));
    assert!(kernel.contains("engine       playout kernel"), "{kernel}");
    assert!(general.contains("engine       general"), "{general}");
    assert_eq!(games(&kernel), games(&general));
    assert_eq!(games(&kernel).len(), 4, "{kernel}");
}

/// The kernel's draw gives `gen_range`'s number and leaves the generator
/// where `gen_range` leaves it, for every count a game can have: small
/// ones (where rand rejects up to half its draws, so both the first and
/// the second draw, and the loop after them, are taken), powers of two,
/// and large ones.
#[test]
fn the_kernel_draw_is_rands_gen_range() {
    use orrery::engine::kernel::draw_below;
    use rand::Rng;
    let counts = (1..=300).chain([511, 512, 513, 1 << 20, (1 << 40) + 7, usize::MAX / 3]);
    let mut draws_after = [0u32; 4];
    for n in counts {
        let mut rand_rng = PlayoutRng::seed_from_u64(n as u64);
        let mut kernel_rng = rand_rng.clone();
        for _ in 0..200 {
            let before = kernel_rng.clone();
            let expected = rand_rng.gen_range(0..n);
            assert_eq!(draw_below(&mut kernel_rng, n), expected, "count {n}");
            assert_eq!(kernel_rng, rand_rng, "count {n}: the generators part");
            // How many draws this one took (one, two, or more).
            let mut probe = before;
            let taken = (1..4).find(|_| {
                rand::RngCore::next_u64(&mut probe);
                probe == rand_rng
            });
            draws_after[taken.unwrap_or(0) as usize] += 1;
        }
    }
    assert!(draws_after[1] > 0 && draws_after[2] > 0 && draws_after[3] > 0, "{draws_after:?}");
}
