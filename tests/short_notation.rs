//! Short notation, read for any game whose pieces have letters: SAN in
//! chess (`Nf3`, `exd5`, `Nbd7`, `O-O`, `e8=Q`, `+`/`#` ignored), drops as
//! `P*c3` in Minishogi, through `play`, `explain`, scenarios and replay.
//! Each short move must name exactly the move its coordinates name.

use orrery::formats::position::load_position;
use orrery::{Game, State};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;

fn chess() -> Arc<Game> {
    Game::load("games/chess.rules").expect("chess loads")
}

/// Plays both lines from the start; each pair of moves must be one move.
fn same_moves(game: &Arc<Game>, start: Option<&str>, pairs: &[(&str, &str)]) {
    let mut short = match start {
        Some(path) => load_position(game, Path::new(path)).unwrap(),
        None => game.initial_state(),
    };
    let mut long = short.clone();
    for (typed, written) in pairs {
        let a = short.play(typed).unwrap_or_else(|e| panic!("`{typed}`: {e}"));
        let b = long.play(written).unwrap_or_else(|e| panic!("`{written}`: {e}"));
        assert_eq!(a, b, "`{typed}` and `{written}`");
    }
}

fn refused(state: &State, typed: &str) -> String {
    let mut state = state.clone();
    match state.play(typed) {
        Ok(mv) => panic!("`{typed}` was taken as {}", state.move_text(&mv)),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_chess_opening_in_san() {
    let pairs = [
        ("e4", "e2-e4"),
        ("e5", "e7-e5"),
        ("Nf3", "g1-f3"),
        ("Nc6", "b8-c6"),
        ("Bb5", "f1-b5"),
        ("a6", "a7-a6"),
        ("Bxc6", "b5-c6"),
        ("dxc6", "d7-c6"),
        ("O-O", "e1-g1,h1-f1"),
        ("Bg4", "c8-g4"),
        ("h3", "h2-h3"),
        ("Qd6", "d8-d6"),
        ("hxg4", "h3-g4"),
        ("O-O-O", "e8-c8,a8-d8"),
        ("d3!?", "d2-d3"),
        ("Qxd3+", "d6-d3"),
    ];
    same_moves(&chess(), None, &pairs);
}

#[test]
fn the_origin_is_named_only_as_far_as_needed() {
    let game = chess();
    let mut state = game.initial_state();
    for m in ["Nf3", "a6", "d3", "a5"] {
        state.play(m).unwrap();
    }
    // Both knights reach d2.
    let why = refused(&state, "Nd2");
    assert!(why.contains("say which") && why.contains("b1-d2") && why.contains("f3-d2"), "{why}");
    for (typed, written) in
        [("Nbd2", "b1-d2"), ("Nfd2", "f3-d2"), ("N1d2", "b1-d2"), ("Nb1d2", "b1-d2"), ("Nf3-d2", "f3-d2")]
    {
        let (mut a, mut b) = (state.clone(), state.clone());
        assert_eq!(a.play(typed).unwrap(), b.play(written).unwrap(), "{typed}");
    }
}

#[test]
fn promotions_are_said_or_asked_for() {
    let position = "tests/positions/chess/promotion_at_99_quiet_plies.toml";
    let game = chess();
    same_moves(&game, Some(position), &[("b8=Q", "b7-b8/queen")]);
    same_moves(&game, Some(position), &[("b8N", "b7-b8/knight")]);
    same_moves(&game, Some(position), &[("b8=rook", "b7-b8/rook")]);
    same_moves(&game, Some(position), &[("b8=B+", "b7-b8/bishop")]);
    let state = load_position(&game, Path::new(position)).unwrap();
    let why = refused(&state, "b8");
    assert!(why.contains("say which") && why.contains("b7-b8/queen") && why.contains("b7-b8/knight"), "{why}");
}

#[test]
fn a_short_move_no_piece_can_make_says_so_without_a_false_hint() {
    let state = chess().initial_state();
    let why = refused(&state, "Nf4");
    assert!(why.contains("no knight can move to f4"), "{why}");
    assert!(!why.contains("did you mean"), "{why}");
    let why = refused(&state, "O-O");
    assert!(why.contains("no move of the rule `castle_short` (`O-O`) is legal now"), "{why}");
    // Not short notation at all: the site hint stays.
    let why = refused(&state, "e2-e9");
    assert!(why.contains("there is no site `e9`"), "{why}");
}

#[test]
fn minishogi_drops_as_letter_star_site() {
    let game = Game::load("games/minishogi.rules").unwrap();
    let position = "tests/positions/minishogi/pawn_drop_check.toml";
    same_moves(&game, Some(position), &[("P*c3", "pawn@c3")]);
    same_moves(&game, Some(position), &[("P@d4", "pawn@d4")]);
    same_moves(&game, Some(position), &[("Gc4", "b3-c4")]);
    let state = load_position(&game, Path::new(position)).unwrap();
    let why = refused(&state, "P*b3");
    assert!(why.contains("no pawn can be placed on b3"), "{why}");
}

/// The terminal game takes SAN, and `explain` explains it.
#[test]
fn play_and_explain_take_short_notation() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(["play", "games/chess.rules"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(b"e4\ne5\nNf3\nNc6\nBc4\nNf6\nO-O\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("not a move"), "{text}");
    assert!(text.contains("e1-g1,h1-f1"), "castling was played: {text}");

    let out = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(["explain", "games/chess.rules", "Nf3", "--after", "e4", "e5"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("`Nf3` is legal for white, written in full `g1-f3`"), "{text}");
}

/// Scenario files and transcripts may be written in short notation.
#[test]
fn scenarios_take_short_notation() {
    let dir = std::env::temp_dir().join(format!("orrery-short-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy("games/chess.rules", dir.join("chess.rules")).unwrap();
    let scenarios = r#"
[[scenario]]
name = "the Ruy Lopez in SAN"
moves = ["e4", "e5", "Nf3", "Nc6", "Bb5"]
includes = ["a6", "Nf6", "Bc5"]
excludes = ["Nf4", "O-O"]
board = { b5 = "white bishop", f3 = "white knight", c6 = "black knight" }
"#;
    std::fs::write(dir.join("chess.tests.toml"), scenarios).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(["test", dir.join("chess.tests.toml").to_str().unwrap()])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
}

/// `explain` of a short move no legal move fits: with one such piece, the
/// rule that refuses it; with several, which to say.
#[test]
fn explain_reads_a_refused_short_move() {
    let explain = |mv: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_orrery"))
            .args(["explain", "games/chess.rules", mv])
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{mv}");
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
    };
    let text = explain("Ke2");
    assert!(text.contains("`Ke2` is not legal for white") && text.contains("the destination, e2, fails"), "{text}");
    let text = explain("Nd4");
    assert!(text.contains("no knight of white can move to d4 now"), "{text}");
    assert!(text.contains("say which knight, as in `b1-d4` or `g1-d4`"), "{text}");
    // Legal for two knights: the two are named, and only they.
    let out = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(["explain", "games/chess.rules", "Nd2", "--after", "d4", "e5", "Nf3", "e4"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(
        text.contains("`Nd2` is legal for more than one knight of white: say which, as in `b1-d2` or `f3-d2`"),
        "{text}"
    );
    // Two knights, one of which can make it: that one is explained.
    let out = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(["explain", "games/chess.rules", "Nf3", "--after", "e4", "e5", "Nc3", "Nc6"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("written in full `g1-f3`"), "{text}");
}

/// Text that is neither the game's notation nor short notation stays
/// refused, with the game's own reason.
#[test]
fn malformed_short_text_is_refused() {
    let state = chess().initial_state();
    for text in ["-e4", "e2--e4", "xe4", "Nxx f3", "N", "O-O-O-O", "P*", "=Q", "e4=", "Zf3"] {
        let mut copy = state.clone();
        assert!(copy.play(text).is_err(), "`{text}` was accepted");
    }
    let mut copy = state.clone();
    assert_eq!(copy.play("Nxf3").ok(), state.clone().play("g1-f3").ok(), "a capture sign is optional");
}

/// Castling's texts come from the rule file's `notation` items, not from
/// the tool: a variant names it otherwise, or not at all.
#[test]
fn named_moves_come_from_the_rule_file() {
    let game = Game::load("tests/games/chess_castling_named_otherwise.rules").expect("the variant loads");
    let opening = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"];
    let mut pairs: Vec<(&str, &str)> = opening.iter().map(|m| (*m, *m)).collect();
    pairs.push(("K", "e1-g1,h1-f1"));
    same_moves(&game, None, &pairs);
    let mut state = game.initial_state();
    for m in ["d4", "d5", "Nc3", "Nc6", "Bf4", "Bf5", "Qd2", "Qd7"] {
        state.play(m).unwrap();
    }
    // The base's `O-O-O` was removed, and `O-O` replaced.
    for gone in ["O-O-O", "O-O"] {
        let why = refused(&state, gone);
        assert!(!why.contains("castle"), "`{gone}`: {why}");
    }
    assert!(state.clone().play("e1-c1,a1-d1").is_ok());
}
