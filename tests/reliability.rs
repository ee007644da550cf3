//! Inputs that used to crash Orrery: a move guard that reads the threat
//! test (which generates moves, whose guards read the threat test, …: now
//! an error at check time), and output cut short by a closed pipe.

use orrery::Game;
use orrery::diagnostics::Source;
use std::io::Read;
use std::process::{Command, Stdio};

/// A move guard that reads `threatened` would start the threat test, which
/// generates the other player's moves, guards included, without end: it is
/// an error when the file is checked, with the span of the test, and never a
/// crash at run time.
#[test]
fn a_guard_reading_threatened_is_refused_at_check_time() {
    let text = "game \"Guarded\"\nplayers white, black\nboard square 8 x 8\npiece king royal\npiece man\n\
                setup {\n  white king on a1\n  white man on d1\n  black king on h8\n  black man on b2\n}\n\
                phase play {\n  move king { step all to not friend }\n  move man when not threatened(mover, king) { step all to not friend }\n}\n";
    let Err(orrery::compile::LoadError::Invalid(report)) = Game::from_source(Source::new("guarded.rules", text), &[])
    else {
        panic!("the guard must be refused");
    };
    let error = report.diagnostics.iter().find(|d| d.code == "E0305").expect("E0305");
    let threatened = text.find("threatened(mover, king)").expect("in the text");
    assert_eq!(error.labels[0].span.start, threatened);
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
