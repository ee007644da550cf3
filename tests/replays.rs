//! Replay integrity, in the style of Ludii's trial tests: `tests/replays/`
//! holds a seeded transcript of every bundled game and variant (and of the
//! games' options, dice included, and of a game from a position file),
//! recorded by `orrery trace`'s recorder. Each ply's line records the board
//! before the move, the player to move, the phase, the number of legal
//! moves, the counters and dice where the game has them; the last line the
//! final board and the outcome. The test replays every file and checks
//! every one of those at every ply, not only the moves and the outcome.
//!
//! After a deliberate change of a game's behaviour, record the files again
//! with `ORRERY_BLESS=1 cargo test --release --test suite replays::` and
//! read the diff.

use orrery::Game;
use orrery::formats::position::load_position;
use orrery::formats::trace::{ReplayError, record, replay};
use std::path::Path;

/// One stored transcript: its file name, the rules, the options, the start
/// position (a position file, or the setup) and the seed.
struct Replay {
    name: &'static str,
    rules: &'static str,
    options: &'static [(&'static str, &'static str)],
    start: Option<&'static str>,
    seed: u64,
}

const fn of(name: &'static str, rules: &'static str) -> Replay {
    Replay { name, rules, options: &[], start: None, seed: 1 }
}

const REPLAYS: &[Replay] = &[
    of("amazons", "games/amazons.rules"),
    of("backgammon", "games/backgammon.rules"),
    of("breakthrough", "games/breakthrough.rules"),
    of("chess", "games/chess.rules"),
    Replay { start: Some("tests/positions/chess/kiwipete.toml"), ..of("chess_kiwipete", "games/chess.rules") },
    of("connect_four", "games/connect_four.rules"),
    of("minishogi", "games/minishogi.rules"),
    of("english_draughts", "games/english_draughts.rules"),
    Replay {
        options: &[("most_captures", "true")],
        ..of("english_draughts_most_captures", "games/english_draughts.rules")
    },
    of("international_draughts", "games/international_draughts.rules"),
    Replay {
        options: &[("count_routes", "true")],
        ..of("international_draughts_count_routes", "games/international_draughts.rules")
    },
    of("flying_obelisks", "games/flying_obelisks.rules"),
    of("go", "games/go.rules"),
    of("gomoku", "games/gomoku.rules"),
    Replay { options: &[("overlines", "true")], ..of("gomoku_overlines", "games/gomoku.rules") },
    of("hex", "games/hex.rules"),
    of("kalah", "games/kalah.rules"),
    Replay { options: &[("swap", "true")], ..of("hex_swap", "games/hex.rules") },
    of("man_in_the_moon", "games/man_in_the_moon.rules"),
    Replay { options: &[("long_moves", "true")], ..of("man_in_the_moon_long_moves", "games/man_in_the_moon.rules") },
    of("oware", "games/oware.rules"),
    of("reversi", "games/reversi.rules"),
    of("sun_and_moon", "games/sun_and_moon.rules"),
    Replay {
        options: &[("stars_take_stars", "true"), ("twilight_one_step", "true"), ("quiet_limit", "40")],
        ..of("sun_and_moon_options", "games/sun_and_moon.rules")
    },
    of("sun_moon_and_stars", "games/sun_moon_and_stars.rules"),
    Replay {
        options: &[("eighth_coin", "true"), ("max_plies", "120")],
        ..of("sun_moon_and_stars_options", "games/sun_moon_and_stars.rules")
    },
    of("tablut", "games/tablut.rules"),
    of("tic_tac_toe", "games/tic_tac_toe.rules"),
    of("zodiac", "games/zodiac.rules"),
    of("variant_big_moon", "games/variants/big_moon.rules"),
    of("variant_go_13x13", "games/variants/go_13x13.rules"),
    of("variant_pockets", "games/variants/pockets.rules"),
    of("variant_sun_and_moon_open_twilight", "games/variants/sun_and_moon_open_twilight.rules"),
    of("variant_zodiac_repetition_draw", "games/variants/zodiac_repetition_draw.rules"),
];

const FOLDER: &str = "tests/replays";

fn path(replay: &Replay) -> String {
    format!("{FOLDER}/{}.jsonl", replay.name)
}

fn start(replay: &Replay) -> orrery::State {
    let options: Vec<(String, String)> = replay.options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let game = Game::load_with_options(replay.rules, &options).expect("a bundled game");
    match replay.start {
        None => game.initial_state(),
        Some(position) => load_position(&game, Path::new(position)).expect("a bundled position"),
    }
}

fn recorded(replay: &Replay) -> String {
    let lines: Vec<String> = record(&start(replay), replay.seed).iter().map(|l| l.to_string()).collect();
    lines.join("\n") + "\n"
}

#[test]
fn every_stored_transcript_replays_ply_by_ply() {
    if std::env::var_os("ORRERY_BLESS").is_some() {
        std::fs::create_dir_all(FOLDER).expect("the folder");
        for replay in REPLAYS {
            std::fs::write(path(replay), recorded(replay)).expect("writable");
        }
    }
    let mut plies = 0;
    for stored in REPLAYS {
        let file = path(stored);
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
            panic!("{file}: {e} (record it: ORRERY_BLESS=1 cargo test --release --test suite replays::)")
        });
        let lines: Vec<serde_json::Value> =
            text.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
        // The file records what the test thinks it does: the rules, the
        // options, the seed, and every ply's position.
        let header = &lines[0];
        assert_eq!(header["rules"], stored.rules, "{file}");
        assert_eq!(header["seed"], stored.seed, "{file}");
        for (option, value) in stored.options {
            assert_eq!(header["options"][option].to_string(), *value, "{file}: option {option}");
        }
        assert_eq!(header["start"].is_null(), stored.start.is_none(), "{file}");
        let moves = &lines[1..lines.len() - 1];
        assert!(!moves.is_empty(), "{file}: no plies");
        for line in moves {
            for key in ["ply", "to_move", "phase", "legal", "move", "board"] {
                assert!(line.get(key).is_some(), "{file}: a ply without `{key}`: {line}");
            }
        }
        let last = lines.last().expect("lines");
        assert!(last["outcome"].is_object(), "{file}: the game ends: {last}");
        match replay(&start(stored), &text) {
            Ok(n) => assert_eq!(n as usize, moves.len(), "{file}"),
            Err(e) => panic!(
                "{file}: {e}\n(after a deliberate change: ORRERY_BLESS=1 cargo test --release --test suite replays::)"
            ),
        }
        plies += moves.len();
    }
    eprintln!("replays: {} transcripts, {plies} plies checked", REPLAYS.len());
    // No stored file is left without its entry above.
    let names: Vec<String> = REPLAYS.iter().map(path).collect();
    for entry in std::fs::read_dir(FOLDER).expect("the folder") {
        let file = entry.expect("an entry").path().display().to_string();
        assert!(names.contains(&file), "{file} is not in REPLAYS");
    }
}

/// Every bundled game and variant has its stored transcript.
#[test]
fn every_bundled_game_has_a_stored_transcript() {
    let mut rules: Vec<String> = Vec::new();
    for folder in ["games", "games/variants"] {
        for entry in std::fs::read_dir(folder).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "rules") {
                rules.push(path.display().to_string());
            }
        }
    }
    for file in rules {
        assert!(REPLAYS.iter().any(|r| r.rules == file), "{file} has no stored transcript");
    }
}

/// A rule changed on purpose changes the replay: Breakthrough with pawns
/// whose diagonal step must take (no diagonal step to an empty square) has
/// fewer legal moves from the first ply, and the replay names that ply.
#[test]
fn a_changed_rule_fails_the_replay_at_the_first_ply_it_changes() {
    let text = std::fs::read_to_string("games/breakthrough.rules").expect("bundled");
    let changed = text.replace("step forward_diagonal to not friend", "step forward_diagonal to enemy");
    assert_ne!(changed, text);
    let source = orrery::diagnostics::Source::new("games/breakthrough.rules", changed);
    let game = Game::from_source(source, &[]).expect("still a game");
    let stored = std::fs::read_to_string(format!("{FOLDER}/breakthrough.jsonl")).expect("stored");
    match replay(&game.initial_state(), &stored) {
        Err(ReplayError::Differs { line: 2, ply: 0, what, .. }) => assert_eq!(what, "a legal move count of"),
        other => panic!("{other:?}"),
    }
}
