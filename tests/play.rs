//! `orrery play` driven through its input as a person would type: what a
//! move did is said, the last move is marked, `undo`, `hint`, `save FILE`
//! and `--resume FILE` work; and the progress bars of long commands never
//! reach a pipe.

use crate::run::orrery_typing as play;
use std::path::PathBuf;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder for this test's files.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("orrery-play-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The boards printed, in order (piped output prints each board whole:
/// rank lines, then the file letters).
fn boards(stdout: &str) -> Vec<String> {
    let mut boards = Vec::new();
    let mut board = String::new();
    for line in stdout.lines() {
        // A board's first line may follow a prompt on the same line.
        let line = line.rsplit("> ").next().unwrap_or(line);
        if line.starts_with(|c: char| c == ' ' || c.is_ascii_digit()) && line.len() > 2 {
            board.push_str(line);
            board.push('\n');
            if line.trim_start().starts_with("a b") {
                boards.push(std::mem::take(&mut board));
            }
        } else {
            board.clear();
        }
    }
    boards
}

#[test]
fn a_flip_is_said_and_the_move_is_marked_on_the_board() {
    let out = play(&["play", "games/reversi.rules"], "d3\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("black plays d3: flips d4\n"), "{stdout}");
    let after = &boards(&stdout)[1];
    assert!(after.contains(" 3  . . .[D]. . . .\n"), "{after}");
    assert!(after.contains(" 4  . . . D D . . .\n"), "{after}");
}

#[test]
fn captures_and_promotions_are_said() {
    let out = play(&["play", "games/chess.rules"], "e2-e4\nd7-d5\ne4-d5\nquit\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("white plays e4-d5: captures d5\n"), "{stdout}");
    assert!(stdout.contains("black plays d7-d5\n"), "a quiet move is only the move: {stdout}");

    let position = "tests/positions/draughts/crowning.toml";
    let out = play(&["play", "games/english_draughts.rules", "--position", position], "d6xf8/king\nquit\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("black plays d6xf8/king: captures e7, f8 becomes king\n"), "{stdout}");

    // Castling: the rook's move is in the move's text already, so it is not said again.
    let out = play(&["play", "games/chess.rules"], "e2-e4\ne7-e5\ng1-f3\nb8-c6\nf1-c4\ng8-f6\ne1-g1,h1-f1\nquit\n");
    assert!(text(&out.stdout).contains("white plays e1-g1,h1-f1\n"), "{}", text(&out.stdout));
}

#[test]
fn undo_takes_back_a_move_or_two_against_the_computer() {
    let out = play(&["play", "games/reversi.rules"], "d3\nundo\nundo\nquit\n");
    let stdout = text(&out.stdout);
    let boards = boards(&stdout);
    assert_eq!(boards.len(), 3, "{stdout}");
    assert_eq!(boards[2], boards[0], "undo gives the start back: {stdout}");
    assert!(stdout.contains("took back 1 move\n"), "{stdout}");
    assert!(stdout.contains("nothing to undo"), "{stdout}");

    let out = play(&["play", "games/reversi.rules", "--random", "white"], "d3\nundo\nquit\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("white plays"), "{stdout}");
    assert!(stdout.contains("took back 2 moves\n"), "{stdout}");
    let last_status = stdout.lines().rfind(|l| l.starts_with("ply ")).unwrap_or_default();
    assert!(last_status.starts_with("ply 0 | phase play | black to move"), "{stdout}");
}

#[test]
fn a_saved_game_replays_and_resumes_with_the_right_player() {
    let dir = temp_dir("save");
    let file = dir.join("game.jsonl");
    let file = file.to_str().expect("a path in UTF-8");
    let out = play(&["play", "games/reversi.rules"], &format!("d3\nc5\nf6\nsave {file}\nquit\n"));
    assert!(text(&out.stdout).contains(&format!("saved 3 plies to {file}\n")), "{}", text(&out.stdout));

    let out = play(&["replay", "games/reversi.rules", file], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("3 plies replay"), "{}", text(&out.stdout));

    // Three plies in, white is to move, and the game goes on from there.
    let out = play(&["play", "games/reversi.rules", "--resume", file], "f5\nquit\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains(&format!("resumed {file} after 3 plies\n")), "{stdout}");
    assert!(stdout.contains("ply 3 | phase play | white to move"), "{stdout}");
    assert!(stdout.contains("white plays f5"), "{stdout}");
    // The resumed game can be taken back past where it was saved.
    let out = play(&["play", "games/reversi.rules", "--resume", file], "undo\nundo\nundo\nundo\nquit\n");
    let stdout = text(&out.stdout);
    assert!(stdout.contains("nothing to undo"), "{stdout}");
    assert_eq!(stdout.matches("took back 1 move\n").count(), 3, "{stdout}");
}

#[test]
fn a_bad_file_to_save_or_resume_is_a_clear_error() {
    let dir = temp_dir("bad");
    let out = play(&["play", "games/reversi.rules"], "save /nonexistent-folder/x.jsonl\nd3\nquit\n");
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("error: cannot write /nonexistent-folder/x.jsonl"), "{stdout}");
    assert!(stdout.contains("black plays d3"), "play goes on: {stdout}");

    let missing = dir.join("missing.jsonl");
    let out = play(&["play", "games/reversi.rules", "--resume", missing.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("error: cannot read"), "{}", text(&out.stderr));

    let illegal = dir.join("illegal.jsonl");
    std::fs::write(&illegal, "{\"game\":\"Reversi\"}\n{\"move\":\"a1\"}\n").unwrap();
    let out = play(&["play", "games/reversi.rules", "--resume", illegal.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("line 2, ply 0: `a1` is no longer legal"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn hint_names_a_legal_move_without_playing_it() {
    let out = play(&["play", "games/reversi.rules", "--think", "200"], "hint\nmoves\nquit\n");
    let stdout = text(&out.stdout);
    let hint = stdout.split("hint: ").nth(1).and_then(|s| s.lines().next()).expect("a hint");
    let legal = stdout.split("legal: ").nth(1).and_then(|s| s.lines().next()).expect("the legal moves");
    assert!(legal.split(' ').any(|m| m == hint), "hint {hint}, legal {legal}");
    assert!(!stdout.contains("plays"), "a hint plays nothing: {stdout}");
}

/// The computer's thinking is limited by time (`--ai-time`) or by playouts
/// (`--think`, also `--ai-playouts`); a time that is no time is refused.
#[test]
fn the_computer_thinks_for_a_time_or_a_number_of_playouts() {
    // Both sides by the computer: the game is played to its end.
    let timed = play(&["play", "games/tic_tac_toe.rules", "--ai", "x", "--ai", "o", "--ai-time", "0.02"], "");
    assert_eq!(timed.status.code(), Some(0), "{}", text(&timed.stderr));
    assert!(text(&timed.stdout).contains("x plays"), "{}", text(&timed.stdout));
    let counted = play(&["play", "games/tic_tac_toe.rules", "--ai", "x", "--ai", "o", "--ai-playouts", "50"], "");
    assert_eq!(counted.status.code(), Some(0), "{}", text(&counted.stderr));
    for bad in ["0", "-1", "NaN", "1e9"] {
        let refused = play(&["play", "games/tic_tac_toe.rules", "--ai", "x", &format!("--ai-time={bad}")], "");
        assert_eq!(refused.status.code(), Some(1), "--ai-time {bad}");
        assert!(text(&refused.stderr).contains("--ai-time takes seconds"), "{}", text(&refused.stderr));
    }
    let both = play(&["play", "games/tic_tac_toe.rules", "--ai-time", "1", "--think", "10"], "");
    assert_eq!(both.status.code(), Some(2), "a time and a playout count are one too many");
}

#[test]
fn help_lists_every_command() {
    let out = play(&["play", "games/man_in_the_moon.rules"], "help\nquit\n");
    let stdout = text(&out.stdout);
    for command in ["moves", "board", "undo", "hint", "save FILE", "help", "quit"] {
        assert!(stdout.contains(&format!("\n  {command} ")), "`{command}` missing: {stdout}");
    }
}

/// Progress bars and in-place redraws are for terminals: piped output has
/// neither bar characters nor escape sequences.
#[test]
fn piped_output_has_no_progress_bars_or_screen_control() {
    let runs: [&[&str]; 4] = [
        &["bench", "games/man_in_the_moon.rules", "--playouts", "2000", "--threads", "2"],
        &["perft", "games/man_in_the_moon.rules", "--depth", "3"],
        &["check", "games/reversi.rules"],
        &["play", "games/reversi.rules", "--ai", "white", "--think", "300"],
    ];
    for args in runs {
        let out = play(args, "d3\nhint\nquit\n");
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert_eq!(text(&out.stderr), "", "{args:?}: nothing on stderr");
        let stdout = text(&out.stdout);
        for bar in ["\x1b", "\r", "=>", "/s, "] {
            assert!(!stdout.contains(bar), "{args:?}: {bar:?} in {stdout}");
        }
    }
}
