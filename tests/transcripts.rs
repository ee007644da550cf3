//! Seeded transcripts of whole games, snapshotted: a change to any rule's
//! behaviour shows up as a changed game. The JSON lines format is checked
//! field by field, and every transcript replays move by move.

use orrery::Game;
use orrery::formats::notation::parse_move;
use orrery::formats::trace::{record, record_text};
use serde_json::Value;

fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings
}

#[test]
fn man_in_the_moon_games_as_text() {
    let game = Game::load("games/man_in_the_moon.rules").unwrap();
    for seed in [1, 2, 3] {
        let text = record_text(&game.initial_state(), seed);
        snapshot_settings().bind(|| insta::assert_snapshot!(format!("man_in_the_moon_seed_{seed}"), text));
    }
}

#[test]
fn man_in_the_moon_long_moves_game_as_text() {
    let options = [("long_moves".to_string(), "true".to_string())];
    let game = Game::load_with_options("games/man_in_the_moon.rules", &options).unwrap();
    let text = record_text(&game.initial_state(), 5);
    snapshot_settings().bind(|| insta::assert_snapshot!("man_in_the_moon_long_moves_seed_5", text));
}

#[test]
fn man_in_the_moon_game_as_json_lines() {
    let game = Game::load("games/man_in_the_moon.rules").unwrap();
    let lines: Vec<String> = record(&game.initial_state(), 42).iter().map(Value::to_string).collect();
    snapshot_settings().bind(|| insta::assert_snapshot!("man_in_the_moon_seed_42_json", lines.join("\n")));
}

#[test]
fn json_lines_have_the_documented_fields() {
    let game = Game::load("games/man_in_the_moon.rules").unwrap();
    let lines = record(&game.initial_state(), 9);
    let header = &lines[0];
    assert_eq!(header["game"], "Man in the Moon");
    assert_eq!(header["seed"], 9);
    assert_eq!(header["players"], serde_json::json!(["white", "black"]));
    let plies = &lines[1..lines.len() - 1];
    assert!(plies.len() > 24, "placements plus moves");
    for (k, line) in plies.iter().enumerate() {
        assert_eq!(line["ply"], k as u64);
        assert!(line["to_move"] == "white" || line["to_move"] == "black");
        assert!(line["legal"].as_u64().unwrap() >= 1);
        assert!(line["move"].is_string());
        // The board before the move: ply k has k men placed during placement.
        if k < 24 {
            assert_eq!(line["board"].as_object().unwrap().len(), k);
        }
        for pieces in line["board"].as_object().unwrap().values() {
            let pieces = pieces.as_array().unwrap();
            assert_eq!(pieces.len(), 1);
            assert!(pieces[0] == "white man" || pieces[0] == "black man");
        }
    }
    let last = lines.last().unwrap();
    assert_eq!(last["ply"], plies.len() as u64);
    let outcome = &last["outcome"];
    assert!(outcome["draw"].is_boolean());
    assert!(outcome["reason"].is_string());
    assert_eq!(outcome["draw"] == true, outcome["winner"].is_null());
}

#[test]
fn transcripts_replay_to_the_same_end() {
    let game = Game::load("games/man_in_the_moon.rules").unwrap();
    for seed in 0..20 {
        let lines = record(&game.initial_state(), seed);
        let mut state = game.initial_state();
        for line in &lines[1..lines.len() - 1] {
            assert_eq!(game.players[state.current_player() as usize], line["to_move"].as_str().unwrap());
            let mv = parse_move(&state, line["move"].as_str().unwrap()).expect("recorded move is legal");
            state.apply(&mv);
        }
        let outcome = state.outcome().expect("the game ended");
        let recorded = &lines.last().unwrap()["outcome"];
        assert_eq!(outcome.winner.as_deref(), recorded["winner"].as_str());
        assert_eq!(outcome.reason, recorded["reason"].as_str().unwrap());
    }
}

#[test]
fn same_seed_same_game() {
    let game = Game::load("games/man_in_the_moon.rules").unwrap();
    assert_eq!(record(&game.initial_state(), 77), record(&game.initial_state(), 77));
    assert_ne!(record(&game.initial_state(), 77), record(&game.initial_state(), 78));
}

/// A recorded transcript replays; a transcript whose moves or outcome no
/// longer hold names the first line that fails (DESIGN: transcripts that stop
/// replaying are clear errors).
#[test]
fn transcripts_replay_and_stale_ones_say_where() {
    use orrery::formats::trace::{ReplayError, replay};
    let game = Game::load("games/zodiac.rules").expect("bundled game");
    let start = game.initial_state();
    let lines: Vec<String> = record(&start, 3).iter().map(|l| l.to_string()).collect();
    let text = lines.join("\n");
    assert_eq!(replay(&start, &text), Ok(8));

    // Ply 2 is the third line after the header: make it a move that is not legal.
    let stale = text.replacen("\"move\":\"I240-I300\"", "\"move\":\"I240-I000\"", 1);
    match replay(&start, &stale) {
        Err(ReplayError::Illegal { line, ply, text, .. }) => {
            assert_eq!((line, ply, text.as_str()), (4, 2, "I240-I000"))
        }
        other => panic!("{other:?}"),
    }
    // A changed outcome.
    let changed = text.replace("\"winner\":\"black\"", "\"winner\":\"white\"");
    assert!(
        matches!(replay(&start, &changed), Err(ReplayError::Outcome { line: 10, .. })),
        "{:?}",
        replay(&start, &changed)
    );
    // The rules of another game.
    let other = Game::load("games/man_in_the_moon.rules").expect("bundled game");
    assert!(matches!(replay(&other.initial_state(), &text), Err(ReplayError::OtherGame { line: 1, .. })));
    // Not JSON.
    assert!(matches!(replay(&start, "{\"game\""), Err(ReplayError::Malformed { line: 1, .. })));
}

/// `replay` checks every position a transcript records, not only its moves:
/// a changed board, player to move or legal move count names its line and
/// ply, and a board names the sites that differ.
#[test]
fn replay_checks_every_recorded_position() {
    use orrery::formats::trace::{ReplayError, read_header, replay};
    let game = Game::load("games/man_in_the_moon.rules").expect("bundled game");
    let start = game.initial_state();
    let mut lines: Vec<serde_json::Value> = record(&start, 5);
    let text = |lines: &[serde_json::Value]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>().join("\n");
    assert!(replay(&start, &text(&lines)).is_ok());

    // The header says how the game was set up.
    let header = read_header(&text(&lines)).expect("reads").expect("a header");
    assert_eq!(header.options, vec![("long_moves".to_string(), "false".to_string())]);
    assert_eq!(header.start, None);

    // A man moved by hand on the board before ply 3 (line 5).
    let mut board = lines[4].clone();
    board["board"]["c3"] = serde_json::json!(["white man"]);
    let mut changed = lines.clone();
    changed[4] = board;
    match replay(&start, &text(&changed)) {
        Err(ReplayError::Board { line, ply, diff }) => {
            assert_eq!((line, ply), (5, 3));
            assert!(diff.contains("c3: recorded [\"white man\"], replayed"), "{diff}");
        }
        other => panic!("{other:?}"),
    }
    // Another legal move count, and another player to move.
    let mut changed = lines.clone();
    changed[3]["legal"] = serde_json::json!(99);
    assert!(
        matches!(replay(&start, &text(&changed)), Err(ReplayError::Differs { line: 4, ply: 2, .. })),
        "{:?}",
        replay(&start, &text(&changed))
    );
    lines[2]["to_move"] = serde_json::json!("white");
    let error = replay(&start, &text(&lines)).unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 3, ply 1: the transcript records the player to move \"white\", but replaying gives \"black\""
    );
}
