//! Sun Moon and Stars (games/sun_moon_and_stars.rules) against the spec's
//! binding section "Plies, notation and trace": perft from the start, the
//! 30-coin invariant over random games, seeded transcripts that replay with
//! their dice, and the trace's counters. The state machine's branches are
//! walked with fixed dice in games/sun_moon_and_stars.tests.toml.

use orrery::agents::perft::perft;
use orrery::agents::playout::{MAX_PLIES, PlayoutRng, pick};
use orrery::agents::{Agent, MctsAgent};
use orrery::formats::notation::parse_move;
use orrery::formats::trace::{record, replay};
use orrery::game::rules::CHANCE;
use orrery::{Game, State};
use proptest::prelude::*;
use rand::SeedableRng;
use serde_json::Value;
use std::sync::Arc;

fn game() -> Arc<Game> {
    Game::load("games/sun_moon_and_stars.rules").expect("bundled game compiles")
}

/// P15: plies 1-7 are the setup (7·6·5·4·3 orders of lo's placements times
/// 2·1 of hi's); ply 8 is lo's first throw (21 outcomes). Depth 9 is
/// 5040 · 672: from any setup each coin has one direction for any value, so
/// 5 turn-ending sums are followed by hi's throw (21 each), 5 playable
/// doubles give 21 moves and 11 other pairs 42: 105 + 105 + 462 = 672.
#[test]
fn perft_from_the_start_is_the_spec() {
    let start = game().initial_state();
    let counts: Vec<u64> = (1..=8).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [7, 42, 210, 840, 2_520, 5_040, 5_040, 105_840]);
}

/// Depth 9 from one setup: 672 (see above), the same for every setup.
#[test]
fn one_setup_then_a_throw_and_a_move_give_672() {
    let mut state = game().initial_state();
    for text in ["a1", "c1", "d1", "f1", "g1", "b7", "e7"] {
        state.play(text).expect("legal setup");
    }
    assert_eq!(state.phase_name(), "throw");
    assert_eq!(perft(&state, 2), 672);
}

/// The first throw: a double is 21 moves (each pair of coins once), another
/// pair 42 (which coin takes which die matters); both written by column.
#[test]
fn two_coin_moves_are_one_per_result() {
    let mut state = game().initial_state();
    for text in ["a1", "c1", "d1", "f1", "g1", "b7", "e7", "2+2"] {
        state.play(text).expect("legal");
    }
    let doubles = state.legal_move_texts();
    assert_eq!(doubles.len(), 21);
    assert!(doubles.contains(&"a1-a3,b7-b5".to_string()));
    let mut state = game().initial_state();
    for text in ["a1", "c1", "d1", "f1", "g1", "b7", "e7", "5+3"] {
        state.play(text).expect("legal");
    }
    let pairs = state.legal_move_texts();
    assert_eq!(pairs.len(), 42);
    assert!(pairs.contains(&"a1-a4,b7-b2".to_string()) && pairs.contains(&"a1-a6,b7-b4".to_string()));
    // The parts may be typed in either order.
    let mv = parse_move(&state, "b7-b2,a1-a4").expect("either order");
    assert_eq!(state.move_text(&mv), "a1-a4,b7-b2");
}

fn coins(state: &State) -> i64 {
    let game = state.game();
    let coin = game.pieces.iter().position(|p| p.name == "coin").expect("a coin type") as u8;
    state.count(game.neutral(), Some(coin)) as i64
}

fn total(state: &State) -> i64 {
    let read = |name: &str| state.counter(name).expect("a counter");
    read("stake_lo") + read("stake_hi") + read("pot") + coins(state)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// P13: stakes, pot and the coins on the board always make 30; random
    /// games end (P14) with an empty board (P12), and the hash kept move by
    /// move is always the one computed afresh.
    #[test]
    fn thirty_coins_always_and_games_end(seed in any::<u64>()) {
        let game = game();
        let mut state = game.initial_state();
        let mut rng = PlayoutRng::seed_from_u64(seed);
        let mut moves = Vec::new();
        while !state.is_over() {
            prop_assert!(state.ply() < MAX_PLIES, "the game did not end");
            prop_assert_eq!(total(&state), 30, "at ply {}", state.ply());
            state.legal_moves(&mut moves);
            let mv = pick(&state, &moves, &mut rng);
            state.apply(&mv);
            prop_assert_eq!(state.hash(), state.compute_hash(), "after ply {}", state.ply());
        }
        prop_assert_eq!(total(&state), 30);
        prop_assert_eq!(coins(&state), 0, "the winner takes the board");
        prop_assert!(state.outcome().is_some_and(|o| o.winner.is_some()), "no draws without max_plies");
    }
}

/// Trace lines carry the counters before the ply, throws as `3+5` by the
/// chance player, two-coin moves by column; the transcript replays with its
/// dice to the same end.
#[test]
fn seeded_transcripts_replay_with_their_dice() {
    let game = game();
    let start = game.initial_state();
    for seed in [1, 2] {
        let lines = record(&start, seed);
        let text: Vec<String> = lines.iter().map(Value::to_string).collect();
        assert_eq!(replay(&start, &text.join("\n")), Ok(lines.len() as u64 - 2));
        let first = &lines[1];
        assert_eq!(first["counters"], serde_json::json!({"stake_lo": 15, "stake_hi": 15, "pot": 0}));
        assert_eq!(first["to_move"], "lo");
        let throw = &lines[8];
        assert_eq!((throw["to_move"].as_str(), throw["phase"].as_str()), (Some("chance"), Some("throw")));
        assert_eq!(throw["counters"], serde_json::json!({"stake_lo": 10, "stake_hi": 13, "pot": 0}));
        let written = throw["move"].as_str().expect("a throw");
        let values: Vec<u8> = written.split('+').map(|v| v.parse().expect("a die")).collect();
        assert!(values.len() == 2 && values[0] <= values[1] && (1..=6).contains(&values[1]), "{written}");
        for line in &lines[1..lines.len() - 1] {
            let sum: i64 = ["stake_lo", "stake_hi", "pot"].iter().map(|c| line["counters"][c].as_i64().unwrap()).sum();
            assert_eq!(sum + line["board"].as_object().unwrap().len() as i64, 30, "{line}");
        }
        let last = lines.last().unwrap();
        assert_eq!(last["board"], serde_json::json!({}));
        assert!(last["outcome"]["winner"].is_string());
    }
}

/// A short seeded game (max_plies = 60), snapshotted: any change to the
/// rules' behaviour shows up here.
#[test]
fn a_capped_game_as_json_lines() {
    let options = [("max_plies".to_string(), "60".to_string())];
    let game = Game::load_with_options("games/sun_moon_and_stars.rules", &options).expect("compiles");
    let lines: Vec<String> = record(&game.initial_state(), 7).iter().map(Value::to_string).collect();
    assert_eq!(lines.len(), 62, "header, 60 plies, the end");
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("sun_moon_and_stars_seed_7_capped_json", lines.join("\n")));
}

/// The search agent leaves throws to chance and decides in turns of several
/// plies.
#[test]
fn the_search_agent_plays_turns_of_several_plies() {
    let mut state = game().initial_state();
    let mut agent = MctsAgent::new(5, 8);
    let mut rng = PlayoutRng::seed_from_u64(5);
    let mut moves = Vec::new();
    for _ in 0..40 {
        if state.is_over() {
            break;
        }
        let mv = if state.current_player() == CHANCE {
            state.legal_moves(&mut moves);
            pick(&state, &moves, &mut rng)
        } else {
            agent.choose(&state).expect("a move")
        };
        state.apply(&mv);
        assert_eq!(total(&state), 30);
    }
    assert!(state.ply() >= 40 || state.is_over());
}

/// Every position of a seeded game, written as a position file, reads back
/// to the same position: dice (none before the first throw), both coins of
/// the last two-coin move, counters, phase and player.
#[test]
fn every_position_of_a_game_reads_back() {
    use orrery::diagnostics::Source;
    use orrery::formats::position::{parse_position, to_toml};
    let game = game();
    let mut state = game.initial_state();
    let mut rng = PlayoutRng::seed_from_u64(3);
    let mut moves = Vec::new();
    for _ in 0..300 {
        if state.is_over() {
            break;
        }
        let text = to_toml(&state);
        let back = parse_position(&game, Source::new("back.toml", text.clone())).expect("own output reads back");
        assert_eq!(back.hash(), state.hash(), "{text}");
        assert_eq!(back.position().last_to_second, state.position().last_to_second, "{text}");
        assert_eq!(back.legal_move_texts(), state.legal_move_texts(), "{text}");
        for counter in ["stake_lo", "stake_hi", "pot"] {
            assert_eq!(back.counter(counter), state.counter(counter));
        }
        state.legal_moves(&mut moves);
        let mv = pick(&state, &moves, &mut rng);
        state.apply(&mv);
    }
}
