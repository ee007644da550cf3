//! Inputs that used to crash Orrery: a move guard that reads the threat
//! test (which generates moves, whose guards read the threat test, …), and
//! output cut short by a closed pipe.

use orrery::Game;
use orrery::diagnostics::Source;
use std::io::Read;
use std::process::{Command, Stdio};

/// White's man may move only while the white king is not threatened. The
/// black man on b2 threatens the king on a1, so only the king moves, and
/// only to take it (a2 and b1 are next to b2). Inside the threat test the
/// guard reads `threatened` as false, so black's man still threatens.
#[test]
fn a_guard_reading_threatened_does_not_recurse() {
    let text = "game \"Guarded\"\nplayers white, black\nboard square 8 x 8\npiece king royal\npiece man\n\
                setup {\n  white king on a1\n  white man on d1\n  black king on h8\n  black man on b2\n}\n\
                phase play {\n  move king { step all to not friend }\n  move man when not threatened(mover, king) { step all to not friend }\n}\n";
    let game = Game::from_source(Source::new("guarded.rules", text), &[]).expect("compiles");
    let state = game.initial_state();
    assert_eq!(state.legal_move_texts(), ["a1-b2"]);
    // Deeper, the guard is read again and again without end of stack.
    assert!(orrery::agents::perft::perft(&state, 3) > 0);
}

/// `orrery trace … | head -1`: the rest of the output has nowhere to go;
/// the program stops quietly with the status of a broken pipe.
#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(["trace", "games/sun_moon_and_stars.rules", "--format", "json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("orrery runs");
    let mut first = [0u8; 64];
    child.stdout.as_mut().expect("piped").read_exact(&mut first).expect("some output");
    drop(child.stdout.take());
    let status = child.wait().expect("it ends");
    let mut errors = String::new();
    child.stderr.take().expect("piped").read_to_string(&mut errors).expect("readable");
    assert!(!errors.contains("panicked"), "{errors}");
    assert!(matches!(status.code(), Some(141) | Some(0)), "{status:?}");
}
