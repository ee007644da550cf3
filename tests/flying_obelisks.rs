//! Flying Obelisks (games/flying_obelisks.rules): perft from the start is the
//! spec's binding figures; a hand-built position with stacks is checked
//! against a hand derivation and against the independent generator in
//! tools/reference (`python3 tools/reference/flying_obelisks_perft.py
//! --depth 3 tests/positions/flying_obelisks_stacks.toml`).

use orrery::agents::perft::perft;
use orrery::agents::playout::PlayoutRng;
use orrery::diagnostics::Source;
use orrery::formats::notation::parse_move;
use orrery::formats::position::{load_position, parse_position, to_toml};
use orrery::game::Game;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

fn game() -> Arc<Game> {
    Game::load("games/flying_obelisks.rules").expect("bundled game compiles")
}

/// The spec's binding figures (section "perft from the start").
#[test]
fn perft_from_the_start_is_the_specs() {
    let state = game().initial_state();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&state, d)).collect();
    assert_eq!(counts, [51, 2_559, 134_021]);
}

/// Depth 1 by hand (the spec): vprism 8 (a2..a8 and the capture on a9),
/// triangles 3 + 3, stars 4 + 4, cubes 5 + 5, globe 2, hprism 1, each disk 4
/// (a disk may step backwards onto its own pieces: d2-c1 joins the star,
/// d2-e1 the globe), pyramid 0.
#[test]
fn the_first_moves_are_the_specs() {
    let texts = game().initial_state().legal_move_texts();
    let from = |site: &str| texts.iter().filter(|t| t.starts_with(site)).count();
    let counts: Vec<usize> =
        ["a1", "b1", "h1", "c1", "g1", "d1", "f1", "e1", "i1", "b2", "d2", "f2", "h2", "e2"].map(from).to_vec();
    assert_eq!(counts, [8, 3, 3, 4, 4, 5, 5, 2, 1, 4, 4, 4, 4, 0]);
    assert!(texts.contains(&"a1xa9".to_string()));
    // Cube d1: onto its own disk on d2 (a disk and a cube may share a site),
    // onto the star on c1, two-step jumps to b1, d3 and f1; never onto the
    // globe on e1 (a globe shares its site only with disks).
    let cube: Vec<&String> = texts.iter().filter(|t| t.starts_with("d1")).collect();
    assert_eq!(cube, ["d1-b1", "d1-c1", "d1-d2", "d1-d3", "d1-f1"]);
}

fn stacks_position() -> orrery::State {
    load_position(&game(), "tests/positions/flying_obelisks_stacks.toml".as_ref()).expect("position reads")
}

/// The stack globe, disk, disk on e1 (everything at level 0). Groups: {globe},
/// {disk}, {disk,disk}, {globe,disk} and the whole stack. The globe's power
/// (one step any way, never up) takes each group holding it to d1, d2, e2,
/// f1, f2: 3 x 5 = 15. The disk's power (one diagonal step) adds the groups
/// without the globe, to d2 and f2: 2 x 2 = 4. Nothing may join the globe but
/// disks, so no other black piece could come here. 19 moves.
#[test]
fn a_globe_with_two_disks_moves_as_derived_by_hand() {
    let texts = stacks_position().legal_move_texts();
    let e1: Vec<&String> = texts.iter().filter(|t| t.contains("e1-") || t.contains("e1x")).collect();
    assert_eq!(
        e1,
        [
            "e1-d1",
            "e1-d2",
            "e1-e2",
            "e1-f1",
            "e1-f2",
            "{disk,disk}e1-d2",
            "{disk,disk}e1-f2",
            "{disk}e1-d2",
            "{disk}e1-f2",
            "{globe,disk}e1-d1",
            "{globe,disk}e1-d2",
            "{globe,disk}e1-e2",
            "{globe,disk}e1-f1",
            "{globe,disk}e1-f2",
            "{globe}e1-d1",
            "{globe}e1-d2",
            "{globe}e1-e2",
            "{globe}e1-f1",
            "{globe}e1-f2",
        ]
    );
}

/// Levels follow the power used (R5): from the middle level c4, the disk
/// takes its stack up or level (b5, d5), a cube's jump over the hilltop c5
/// lands level on c6 (capturing the white cube), the triangle may not leap up
/// to f4 from g2.
#[test]
fn levels_follow_the_power_used() {
    let texts = stacks_position().legal_move_texts();
    let has = |t: &str| texts.iter().any(|x| x == t);
    assert!(has("{disk}c4-b5"));
    assert!(has("{disk,cube}c4xd5"));
    assert!(has("{cube}c4xc6"));
    assert!(!has("{cube}c4-c5"), "a cube never climbs to the hilltop");
    assert!(!has("{triangle}g2xf4"), "a leap lands no higher than it starts");
    assert!(has("{triangle,triangle}g2-e3"));
}

/// Checked against tools/reference/flying_obelisks_perft.py.
#[test]
fn perft_from_a_position_with_stacks_matches_the_reference() {
    let state = stacks_position();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&state, d)).collect();
    assert_eq!(counts, [119, 4_131, 379_696]);
}

fn perft_of(file: &str, depth: u32) -> Vec<u64> {
    let state = load_position(&game(), format!("tests/positions/flying_obelisks_{file}.toml").as_ref()).expect("reads");
    (1..=depth).map(|d| perft(&state, d)).collect()
}

/// Four crowded positions built to reach every rule within three plies, each
/// described in its file, with their counts from the independent generator
/// (`python3 tools/reference/flying_obelisks_perft.py --depth 3
/// tests/positions/flying_obelisks_NAME.toml`): flights with and without the
/// obelisk, bridges with the pyramid moving or staying, an hprism stopped by
/// a lone obelisk, arrivals on obelisks (`/x`, `/obelisk`), every kind of
/// recovery, the supply running out, both wins and their order.
#[test]
fn perft_from_crowded_positions_matches_the_reference() {
    assert_eq!(perft_of("hills", 3), [192, 8_757, 1_389_320]);
    assert_eq!(perft_of("recovery", 3), [178, 6_862, 1_027_724]);
    assert_eq!(perft_of("hilltop", 3), [91, 4_065, 337_129]);
    assert_eq!(perft_of("flight_win", 3), [117, 3_516, 302_615]);
}

/// The position after `a1-b2 e9-e8 b2-a1` from a repetition position file.
fn after_shuffle(file: &str) -> orrery::State {
    let mut state =
        load_position(&game(), format!("tests/positions/flying_obelisks_{file}.toml").as_ref()).expect("reads");
    for text in ["a1-b2", "e9-e8", "b2-a1"] {
        let mv = parse_move(&state, text).expect("legal in the shuffle");
        state.apply(&mv);
    }
    state
}

/// FO-12 (R12): white's e8-e9 would bring back the position the file starts
/// from, with black to move. The black globe on e6 covers d7, e7, f7, the
/// hprism on a8 covers d8 and f8, the triangle on c7 covers d9, but f9 is
/// safe: not every other move leaves the globe capturable, so e8-e9 is
/// banned.
#[test]
fn a_repeating_move_is_banned() {
    let state = after_shuffle("rep_ban");
    assert_eq!(state.legal_move_texts(), ["e8-d7", "e8-d8", "e8-d9", "e8-e7", "e8-f7", "e8-f8", "e8-f9"]);
    let counts: Vec<u64> = (1..=3).map(|d| perft(&state, d)).collect();
    assert_eq!(counts, [7, 132, 765], "tools/reference/flying_obelisks_perft.py --play");
}

/// The exception: the black globe on e6 covers d7, e7, f7, the hprism on a8
/// covers d8 and f8 along rank 8, the triangle on c7 covers d9, and a second
/// black triangle on g7 covers f9. Every move that does not repeat leaves
/// white's globe open to capture, so the repeating e8-e9 is legal too, and
/// so is every other move (tools/reference/flying_obelisks_repetition.txt).
#[test]
fn the_exception_allows_the_repeating_move() {
    let state = after_shuffle("rep_exception");
    assert_eq!(state.legal_move_texts(), ["e8-d7", "e8-d8", "e8-d9", "e8-e7", "e8-e9", "e8-f7", "e8-f8", "e8-f9"]);
    let counts: Vec<u64> = (1..=3).map(|d| perft(&state, d)).collect();
    assert_eq!(counts, [8, 207, 1_193]);
}

/// Inside perft lines the ban acts from depth 4 on (without it the
/// reference counts 10,926 and 20,350).
#[test]
fn the_ban_acts_inside_perft_lines() {
    assert_eq!(perft_of("rep_ban", 4), [20, 100, 1_769, 10_853]);
    assert_eq!(perft_of("rep_exception", 4), [27, 135, 3_269, 20_270]);
}

/// Seeded random games: the incremental hash equals a fresh one after every
/// ply, and a position written mid-game reads back the same.
#[test]
fn hash_and_position_files_stay_right_in_random_games() {
    let game = game();
    let mut moves = Vec::new();
    for seed in [1, 2, 3] {
        let mut state = game.initial_state();
        let mut rng = PlayoutRng::seed_from_u64(seed);
        while !state.is_over() && state.ply() < 300 {
            state.legal_moves(&mut moves);
            let mv = moves[rng.gen_range(0..moves.len())];
            state.apply(&mv);
            assert_eq!(state.hash(), state.compute_hash(), "seed {seed}, ply {}", state.ply());
            if state.ply().is_multiple_of(50) {
                let text = to_toml(&state);
                let back = parse_position(&game, Source::new("back.toml", text)).expect("own output reads back");
                assert_eq!(back.hash(), state.hash(), "seed {seed}");
                assert_eq!(back.legal_move_texts(), state.legal_move_texts(), "seed {seed}");
            }
        }
    }
}

/// A stack that breaks a limit is an error with its span, not a position.
#[test]
fn a_position_with_an_illegal_stack_is_an_error() {
    let text = "to_move = \"black\"\n[board]\ne1 = [\"black globe\", \"black cube\"]\ne9 = \"white globe\"\n";
    let err = parse_position(&game(), Source::new("bad.toml", text.to_string())).expect_err("illegal stack");
    let shown = format!("{:?}", err.diagnostics);
    assert!(shown.contains("E0614"), "{shown}");
}

/// Seeded random games, snapshotted: a change to any rule shows up as a
/// changed game (one ply a line, then the final board and pools).
#[test]
fn seeded_games_as_text() {
    let game = game();
    for seed in [1, 2] {
        let text = orrery::formats::trace::record_text(&game.initial_state(), seed);
        insta::assert_snapshot!(format!("seed_{seed}"), text);
    }
}

/// Every recorded game replays move by move to its recorded end, and its
/// JSON lines list stacks bottom to top.
#[test]
fn transcripts_replay() {
    use orrery::formats::trace::{record, replay};
    let game = game();
    let start = game.initial_state();
    let mut stacked = 0;
    for seed in 0..8 {
        let lines = record(&start, seed);
        for line in &lines[1..] {
            let board = line["board"].as_object().expect("a board");
            stacked += board.values().filter(|pieces| pieces.as_array().is_some_and(|p| p.len() > 1)).count();
        }
        let text: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        let plies = replay(&start, &text.join("\n")).expect("the transcript replays");
        assert_eq!(plies as usize, lines.len() - 2, "seed {seed}");
    }
    assert!(stacked > 0, "random games build stacks");
}

/// The hash a group move leads to, worked out without playing it (what the
/// repetition ban compares), equals the hash of the move played.
#[test]
fn the_hash_after_a_group_move_is_worked_out_right() {
    use rand::{Rng, SeedableRng};
    let game = Game::load("games/flying_obelisks.rules").expect("bundled game");
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
    let mut moves = Vec::new();
    let mut checked = 0;
    for _ in 0..3 {
        let mut state = game.initial_state();
        while !state.is_over() {
            state.legal_moves(&mut moves);
            for mv in &moves {
                let mut played = state.clone();
                played.apply(mv);
                if played.is_over() || played.current_player() == state.current_player() {
                    // The end rules or a blocked player changed more than the move did.
                    continue;
                }
                let predicted = orrery::engine::repetition::hash_after_move(&state, mv);
                assert_eq!(predicted, played.hash(), "{}", state.move_text(mv));
                checked += 1;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            state.apply(&mv);
        }
    }
    assert!(checked > 10_000, "{checked}");
}
