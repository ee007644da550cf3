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
    let setup = "game \"Guarded\"\nplayers white, black\nboard square 8 x 8\npiece king royal\npiece man\n\
                 setup {\n  white king on a1\n  white man on d1\n  black king on h8\n  black man on b2\n}\n";
    // A move's guard, and the condition of a follow-up inside a move.
    for rule in [
        "move man when not threatened(mover, king) { step all to not friend }",
        "move man { step all to not friend then when threatened(mover, king) remove on enemy }",
    ] {
        let text = format!("{setup}phase play {{\n  move king {{ step all to not friend }}\n  {rule}\n}}\n");
        let Err(orrery::compile::LoadError::Invalid(report)) =
            Game::from_source(Source::new("guarded.rules", text.as_str()), &[])
        else {
            panic!("the guard must be refused: {rule}");
        };
        let error = report.diagnostics.iter().find(|d| d.code == "E0305").expect("E0305");
        let threatened = text.find("threatened(mover, king)").expect("in the text");
        assert_eq!(error.labels[0].span.start, threatened);
        // `check --no-run` says so too, with status 1.
        let dir = std::env::temp_dir().join(format!("orrery-guarded-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("guarded.rules");
        std::fs::write(&file, &text).unwrap();
        let out = crate::run::orrery(&["check", "--no-run", file.to_str().unwrap()]);
        std::fs::remove_dir_all(&dir).ok();
        assert_eq!(out.status.code(), Some(1));
        assert!(String::from_utf8_lossy(&out.stderr).contains("E0305"));
    }
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

/// A game whose one move rule's guard is `guard`.
fn guarded(guard: &str) -> String {
    format!(
        "game \"Deep\"\nplayers white, black\nboard square 3 x 3\npiece man\nsetup {{\n  white man on a1\n}}\n\
         phase play {{\n  move man when plies >= 0 {{ step orthogonal to {guard} }}\n}}\nend {{\n  full: when plies > 9: draw \"long\"\n}}\n"
    )
}

fn codes(text: &str) -> Vec<String> {
    orrery::check::check(&Source::new("deep.rules", text)).iter().map(|d| d.code.to_string()).collect()
}

/// Conditions inside conditions without brackets or `not`: `some next all
/// is …` thousands deep once went through every stage; 128 conditions one
/// inside another is the limit (E0002, at the one too many), whatever
/// nests them, and the syntax tree is measured without recursion.
#[test]
fn deep_conditions_without_brackets_are_an_error() {
    let rays = |n: usize| guarded(&format!("{}empty", "some next all is ".repeat(n)));
    // n rays and the `empty` inside them: n + 1 conditions.
    assert!(codes(&rays(127)).is_empty());
    assert_eq!(codes(&rays(128)), ["E0002"]);
    assert_eq!(codes(&rays(5_000)), ["E0002"]);
    let text = rays(128);
    let error = orrery::check::check(&Source::new("deep.rules", text.as_str())).remove(0);
    assert_eq!(error.labels[0].span.start, text.rfind("empty").unwrap());
    // Deeper than the parser's own stack allows: a syntax error, no crash.
    assert_eq!(codes(&rays(50_000)), ["E0001"]);
}

/// `some next all is …` on a square board: the site past the board's, which
/// the compiler keeps for threats, has no neighbours (it once read past the
/// table of neighbours and panicked).
#[test]
fn a_condition_on_every_neighbour_compiles() {
    let text = "game \"Ring\"\nplayers white, black\nboard square 3 x 3\npiece man\nsetup {\n  hand white: 2 man\n  hand black: 2 man\n}\n\
                phase play {\n  place man on empty and some next all is empty\n}\nend {\n  when hands empty: draw\n}\n";
    let game = Game::from_source(Source::new("ring.rules", text), &[]).expect("compiles");
    assert_eq!(orrery::agents::perft::perft(&game.initial_state(), 1), 9);
}

/// A mistake at column 150,000 of one line: miette cannot draw a label past
/// column 65,535 (it panicked), so the line is drawn in part around the
/// label, and the header still gives the file's own line and column.
#[test]
fn a_mistake_far_along_a_long_line_is_drawn() {
    let sites = "a1, ".repeat(37_500);
    let text = format!(
        "game \"Long\"\nplayers white, black\nboard square 3 x 3\npiece man\nregion r = {sites}zz9\n\
         setup {{\n  white man on r\n}}\nphase play {{\n  move man {{ step all to empty }}\n}}\n"
    );
    let source = Source::new("long.rules", text.as_str());
    let diagnostics = orrery::check::check(&source);
    let error = diagnostics.iter().find(|d| d.is_error()).expect("an unknown site");
    let (_, line, column) = source.locate(error.labels[0].span.start);
    assert_eq!((line, column), (5, 12 + sites.len()));
    let rendered = orrery::diagnostics::render_all(&source, &diagnostics, false);
    assert!(rendered.contains(&format!("long.rules:5:{column}")), "{rendered}");
    assert!(rendered.contains("…a1, a1, ") && rendered.contains("zz9"), "{rendered}");
    assert!(rendered.len() < 5_000, "{} bytes", rendered.len());
    // `not` 50,000 times on one line, refused at the 65th: drawn short too.
    let text = guarded(&format!("{}empty", "not ".repeat(50_000)));
    let source = Source::new("deep.rules", text.as_str());
    let rendered = orrery::diagnostics::render_all(&source, &orrery::check::check(&source), false);
    assert!(rendered.contains("E0002") && rendered.len() < 5_000, "{rendered}");
}

/// Thousands of diagnostics are drawn from the lines around each, not from
/// the whole file each time (20,000 unused counters took minutes).
#[test]
fn thousands_of_warnings_are_drawn_quickly() {
    let counters: String = (0..20_000).map(|i| format!("counter c{i} = 0\n")).collect();
    let text = format!("{}{counters}", guarded("empty"));
    let begun = std::time::Instant::now();
    let source = Source::new("many.rules", text.as_str());
    let diagnostics = orrery::check::check(&source);
    assert_eq!(diagnostics.len(), 20_000);
    // The first 100 are drawn, then how many more there are.
    let rendered = orrery::diagnostics::render_all(&source, &diagnostics, false);
    assert!(rendered.contains("many.rules: and 19900 more warnings (only the first 100 are shown)"));
    // Each is drawn from the lines around it: the last one too.
    for diagnostic in &diagnostics {
        orrery::diagnostics::render(&source, diagnostic, false);
    }
    let last = orrery::diagnostics::render(&source, &diagnostics[diagnostics.len() - 1], false);
    let line = format!("many.rules:{}:", text.lines().count());
    assert!(last.contains(&line), "the last counter's line, {line}");
    assert!(begun.elapsed().as_secs_f64() < 20.0, "{:?}", begun.elapsed());
}

/// Commands whose output is long enough to be cut.
const LONG_OUTPUT: &[&[&str]] = &[
    &["bench", "games/tic_tac_toe.rules", "--playouts", "20000"],
    &["perft", "games/tic_tac_toe.rules", "--depth", "9"],
    &["trace", "games/sun_moon_and_stars.rules"],
    &["check", "games"],
    &["check", "games", "--format", "json"],
    &["test", "games"],
    &["show", "games/chess.rules"],
    &["diff", "games/chess.rules", "games/breakthrough.rules"],
    &["draw", "games/chess.rules"],
    &["draw", "games/chess.rules", "--format", "text"],
    &["fmt", "games/chess.rules", "--stdout"],
    &["completions", "bash"],
    &["help"],
];

/// `orrery … | head -c 1` for every command: the rest has nowhere to go;
/// each ends quietly with the status of a broken pipe (or 0 when it had
/// written everything already), never a panic.
#[test]
fn every_command_ends_quietly_when_its_output_is_cut() {
    for args in LONG_OUTPUT {
        let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
            .args(*args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("orrery runs");
        let mut first = [0u8; 1];
        child.stdout.as_mut().expect("piped").read_exact(&mut first).expect("some output");
        drop(child.stdout.take());
        let mut errors = String::new();
        child.stderr.take().expect("piped").read_to_string(&mut errors).expect("readable");
        let status = child.wait().expect("it ends");
        assert!(!errors.contains("panicked"), "{args:?}: {errors}");
        assert!(matches!(status.code(), Some(141) | Some(0)), "{args:?}: {status:?}");
    }
}

/// Output to a full disk (`/dev/full`): status 1 and one line saying so.
#[test]
fn every_command_says_when_its_output_cannot_be_written() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in LONG_OUTPUT {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full");
        let out = Command::new(env!("CARGO_BIN_EXE_orrery"))
            .args(*args)
            .stdout(Stdio::from(full))
            .stderr(Stdio::piped())
            .output()
            .expect("orrery runs");
        let errors = String::from_utf8_lossy(&out.stderr);
        assert!(!errors.contains("panicked"), "{args:?}: {errors}");
        assert_eq!(out.status.code(), Some(1), "{args:?}: {errors}");
        assert!(errors.contains("cannot write to stdout"), "{args:?}: {errors}");
    }
}

/// `orrery check` on a game whose plies are slow and which never ends (a
/// board of 2,574 squares, 2,574 men stepping about, no end rule) finishes
/// in seconds: its random games stop when their time is up, even in the
/// middle of one, and it says what its budget was.
#[test]
fn check_finishes_in_seconds_on_an_endless_slow_game() {
    let dir = std::env::temp_dir().join(format!("orrery-slow-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("slow.rules");
    std::fs::write(
        &file,
        "game \"Slow\"\nplayers white, black\nboard square 26 x 99\npiece man\n\
         setup {\n  white man on a1..z48\n  black man on a52..z99\n}\n\
         phase play {\n  move man { slide all to empty }\n}\n",
    )
    .unwrap();
    let begun = std::time::Instant::now();
    let out = crate::run::orrery(&["check", file.to_str().unwrap(), "--format", "json"]);
    let seconds = begun.elapsed().as_secs_f64();
    std::fs::remove_dir_all(&dir).ok();
    assert!(seconds < 30.0, "{seconds}s");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let files: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let smoke = &files[0]["smoke"];
    assert_eq!(smoke["seconds_budget"], 1.0, "{smoke}");
    assert_eq!(smoke["ply_cap"], 100_000, "{smoke}");
    assert!(smoke["cut_after"].as_u64().is_some(), "the time ran out in a game: {smoke}");
    let out = crate::run::orrery(&["check", "games/tic_tac_toe.rules"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("200 random games (budget 100000 plies a game, 1s in all)"), "{said}");
}

/// A perft deeper than 64 plies (it keeps a position a ply and recurses as
/// deep), and more than 256 threads, are usage errors: status 2.
#[test]
fn perft_depth_and_threads_have_ranges() {
    for (args, status) in [
        (&["perft", "games/tic_tac_toe.rules", "--depth", "64"][..], 0),
        (&["perft", "games/tic_tac_toe.rules", "--depth", "65"][..], 2),
        (&["perft", "games/tic_tac_toe.rules", "--depth", "0"][..], 2),
        (&["perft", "games/tic_tac_toe.rules", "--depth", "4000000000"][..], 2),
        (&["bench", "games/tic_tac_toe.rules", "--playouts", "10", "--threads", "256"][..], 0),
        (&["bench", "games/tic_tac_toe.rules", "--playouts", "10", "--threads", "257"][..], 2),
        (&["bench", "games/tic_tac_toe.rules", "--playouts", "10", "--threads", "0"][..], 2),
    ] {
        let out = crate::run::orrery(args);
        assert_eq!(out.status.code(), Some(status), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
}
