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

/// A condition nested thousands of levels deep, in brackets or in `not`
/// after `not`, is error E0002 where it passes 64 levels, before any stage
/// recurses into it (it used to overflow the stack). 64 levels still parse.
#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let rules = |guard: String| {
        format!(
            "game \"Deep\"\nplayers white, black\nboard square 3 x 3\npiece man\nsetup {{\n  white man on a1\n}}\n\
             phase play {{\n  move man when {guard} {{ step orthogonal }}\n}}\nend {{\n  full: when plies > 9: draw \"long\"\n}}\n"
        )
    };
    let codes = |text: String| -> Vec<String> {
        orrery::check::check(&Source::new("deep.rules", text)).iter().map(|d| d.code.to_string()).collect()
    };
    let brackets = |n: usize| format!("{}plies > 0{}", "(".repeat(n), ")".repeat(n));
    assert_eq!(codes(rules(brackets(5_000))), ["E0002"]);
    assert_eq!(codes(rules(format!("{}plies > 0", "not ".repeat(50_000)))), ["E0002"]);
    // Within the limit (the move rule's braces count too), all is well.
    assert!(codes(rules(brackets(60))).is_empty());
    assert!(codes(rules(format!("{}plies > 0", "not ".repeat(64)))).is_empty());
}
