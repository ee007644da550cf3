//! Games of chance: the chance player throws the dice declared in the rule
//! file (tests/games/doubles.rules: two dice, in turn, the first double
//! wins). perft counts each outcome as one move, random play draws them by
//! their probability, and notation, traces and position files show them.

use orrery::agents::perft::perft;
use orrery::agents::playout::run_batch;
use orrery::agents::{Agent, MctsAgent};
use orrery::diagnostics::Source;
use orrery::formats::notation::parse_move;
use orrery::formats::position::{parse_position, to_toml};
use orrery::formats::trace::{record, replay};
use orrery::game::Game;
use orrery::game::rules::CHANCE;
use std::sync::Arc;

fn doubles() -> Arc<Game> {
    Game::load("tests/games/doubles.rules").expect("the test game compiles")
}

/// Two unordered dice have 21 outcomes: 6 doubles (each 1 throw in 36) and
/// 15 pairs (2 in 36). A double ends the game, so each ply multiplies the
/// lines that go on by 15: 21, 15 x 21, 15 x 15 x 21.
#[test]
fn perft_counts_each_outcome_once() {
    let state = doubles().initial_state();
    assert_eq!(state.current_player(), CHANCE);
    let counts: Vec<u64> = (1..=3).map(|d| perft(&state, d)).collect();
    assert_eq!(counts, [21, 315, 4_725]);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let weights: u32 = moves.iter().map(|m| state.weight(m)).sum();
    assert_eq!(weights, 36);
    let doubles = moves.iter().filter(|m| state.weight(m) == 1).count();
    assert_eq!(doubles, 6);
}

/// The first player wins with probability (1/6) / (1 - (5/6)^2) = 6/11,
/// about 0.545; drawing the 21 outcomes uniformly would give 6/21 a throw
/// and about 0.583. 40,000 seeded games tell the two apart many times over
/// (one standard deviation is about 0.0025).
#[test]
fn random_play_draws_throws_by_their_probability() {
    let stats = run_batch(&doubles().initial_state(), 40_000, 7, 1);
    let first = stats.wins[0] as f64 / stats.playouts as f64;
    assert!((first - 6.0 / 11.0).abs() < 0.012, "first wins {first}");
    // A game lasts 1 / (1/6) = 6 throws on average.
    let mean = stats.plies as f64 / stats.playouts as f64;
    assert!((mean - 6.0).abs() < 0.15, "mean length {mean}");
}

/// Throws are written smaller value first, and may be typed in any order.
#[test]
fn throws_are_written_and_read_as_their_values() {
    let state = doubles().initial_state();
    let texts = state.legal_move_texts();
    assert_eq!(texts.len(), 21);
    assert!(texts.contains(&"3+5".to_string()) && texts.contains(&"6+6".to_string()));
    let typed = parse_move(&state, "5+3").expect("any order");
    assert_eq!(state.move_text(&typed), "3+5");
    assert!(parse_move(&state, "3+7").is_err());
    let mut after = state.clone();
    after.apply(&typed);
    assert_eq!(after.dice(), [3, 5]);
    assert_eq!(after.holder(), 1, "no double: the dice pass to the second player");
    let mut double = state.clone();
    double.apply(&parse_move(&state, "4+4").expect("legal"));
    assert_eq!(double.outcome().expect("over").winner.as_deref(), Some("first"));
}

/// Transcripts show the chance player's plies and the dice, and replay.
#[test]
fn transcripts_show_the_throws_and_replay() {
    let start = doubles().initial_state();
    for seed in 0..20 {
        let lines = record(&start, seed);
        for line in &lines[1..lines.len() - 1] {
            assert_eq!(line["to_move"], "chance");
            assert!(line["move"].as_str().is_some_and(|m| m.len() == 3 && m.contains('+')));
            assert!(line["dice"].is_array());
        }
        let text: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        assert_eq!(replay(&start, &text.join("\n")).expect("replays") as usize, lines.len() - 2);
    }
}

/// A position file fixes the dice, so that a test can walk a game of chance
/// exactly; a written position reads back the same.
#[test]
fn position_files_fix_the_dice() {
    let game = doubles();
    let text = "to_move = \"second\"\ndice = [5, 2]\n";
    let state = parse_position(&game, Source::new("dice.toml", text.to_string())).expect("reads");
    assert_eq!(state.dice(), [2, 5]);
    assert_eq!(state.holder(), 1);
    let back = parse_position(&game, Source::new("back.toml", to_toml(&state))).expect("own output");
    assert_eq!(back.hash(), state.hash());
    let bad = "dice = [0, 7]\n";
    let err = parse_position(&game, Source::new("bad.toml", bad.to_string())).expect_err("not a throw");
    assert!(format!("{:?}", err.diagnostics).contains("E0615"));
}

/// The search agent leaves throws to chance and plays a game to its end.
#[test]
fn the_search_agent_plays_a_game_of_chance() {
    let mut state = doubles().initial_state();
    let mut agent = MctsAgent::new(3, 50);
    while !state.is_over() {
        let mv = agent.choose(&state).expect("a move");
        state.apply(&mv);
    }
    assert!(state.outcome().is_some());
}

fn pig() -> Arc<Game> {
    Game::load("tests/games/pig.rules").expect("the test game compiles")
}

/// Pig (tests/games/pig.rules): a throw C has 6 outcomes, a 1 passing the
/// die (to the other player's throw) and 2..6 leading to a decision D of two
/// actions, `roll` (a throw again) and `hold` (bank, then the other's
/// throw); no game ends within four plies. So C(d) = C(d-1) + 5 D(d-1) and
/// D(d) = 2 C(d-1), with C(1) = 6 and D(1) = 2: 6, 16, 76, 236.
#[test]
fn pig_perft_by_hand() {
    let state = pig().initial_state();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&state, d)).collect();
    assert_eq!(counts, [6, 16, 76, 236]);
}

/// Turns of several plies: the holder throws, decides, and the counters
/// keep the turn's total and each player's banked score.
#[test]
fn pig_turns_keep_the_die_until_a_hold_or_a_one() {
    let mut state = pig().initial_state();
    for text in ["4", "roll", "5"] {
        let mv = parse_move(&state, text).expect("legal");
        state.apply(&mv);
    }
    assert_eq!(state.holder(), 0);
    assert_eq!(state.legal_move_texts(), ["hold", "roll"]);
    assert_eq!(state.counter("turn"), Some(9));
    state.apply(&parse_move(&state, "hold").expect("legal"));
    assert_eq!((state.counter("score_first"), state.counter("turn")), (Some(9), Some(0)));
    assert_eq!((state.holder(), state.current_player()), (1, CHANCE));
    // A 1 loses the turn's total and passes the die.
    for text in ["6", "roll", "1"] {
        state.apply(&parse_move(&state, text).expect("legal"));
    }
    assert_eq!((state.counter("score_second"), state.counter("turn"), state.holder()), (Some(0), Some(0), 0));
}

/// `when blocked: next PHASE passing the turn`: a throw that leaves the
/// holder without a move ends his turn. One neutral token walks east on a
/// 3 x 1 board, one site on a throw of 1 (a three-sided die); a 2 or a 3
/// blocks, and the other player throws. Whoever brings it to c1 wins.
/// Throw 1: 3 outcomes. Then a 1 gives one step, a 2 or a 3 the other
/// player's throw (3): 1 + 3 + 3 = 7. Ply 3: after the step, the other
/// player's throw (3); after each blocked throw, the other's throw again
/// gives 1 + 3 + 3 = 7: 3 + 7 + 7 = 17.
#[test]
fn a_blocked_player_can_end_his_turn() {
    let text = r#"
game "Steps"
players first, second
board square 3 x 1
piece token
region goal = c1
dice die of 3 sides
setup {
  neutral token on a1
}
phase throw by chance {
  next walk
}
phase walk {
  move neutral token when die == 1 { step e }
  next throw
  when blocked: next throw passing the turn
}
end {
  when full(goal): mover wins "reached c1"
}
"#;
    let game = Game::from_source(Source::new("steps.rules", text.to_string()), &[]).expect("compiles");
    let state = game.initial_state();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&state, d)).collect();
    assert_eq!(counts, [3, 7, 17]);
    let mut after = state.clone();
    after.apply(&parse_move(&state, "2").expect("a throw"));
    assert_eq!((after.current_player(), after.holder(), after.phase_name()), (CHANCE, 1, "throw"));
}
