//! The command line, run as a user would: exit codes, output, and answers
//! to bad input.

use crate::run::orrery;
use std::io::Write;
use std::process::{Command, Stdio};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn check_accepts_the_bundled_games_and_smoke_runs_them() {
    let out = orrery(&["check", "games/"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("ok    games/man_in_the_moon.rules: Man in the Moon"), "{stdout}");
    assert!(stdout.contains("perft(3) = 12144"), "{stdout}");
}

#[test]
fn check_fails_with_exit_code_1_and_a_located_error() {
    let dir = std::env::temp_dir().join(format!("orrery-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("typo.rules");
    std::fs::write(
        &file,
        "game \"Typo\"\nplayers white, black\nboard square 3 x 3\nregion middle = b2\npiece man\nphase play {\n  place man on empty and not midle\n}\n",
    )
    .unwrap();
    let out = orrery(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("typo.rules:7:30"), "{stderr}");
    assert!(stderr.contains("did you mean `middle`?"), "{stderr}");

    let out = orrery(&["check", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let d = &json[0]["diagnostics"][0];
    assert_eq!(d["severity"], "error");
    assert_eq!(d["line"], 7);
    assert_eq!(d["column"], 30);
    assert_eq!(json[0]["ok"], false);
}

#[test]
fn perft_prints_the_counts() {
    let out = orrery(&["perft", "games/man_in_the_moon.rules", "--depth", "3"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("perft(1) = 24 "), "{stdout}");
    assert!(stdout.contains("perft(2) = 552 "), "{stdout}");
    assert!(stdout.contains("perft(3) = 12144 "), "{stdout}");
    assert!(stdout.contains("nodes/s"));
}

#[test]
fn a_position_file_is_accepted_by_perft_and_a_bad_one_is_a_located_error() {
    // White is walled in on a1, so black moves: e5-d5, e5-e4, and b2-c2, b2-b3, a2-a3, b1-c1.
    let out = orrery(&[
        "perft",
        "games/man_in_the_moon.rules",
        "--position",
        "tests/positions/blockade.toml",
        "--depth",
        "1",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("perft(1) = 6 "), "{}", text(&out.stdout));

    let out = orrery(&["perft", "games/man_in_the_moon.rules", "--position", "tests/positions/bad_site.toml"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("there is no site `f9`"), "{stderr}");
    assert!(stderr.contains("bad_site.toml:6:1"), "{stderr}");
    assert!(stderr.contains("`white kng` is not a piece"), "{stderr}");
}

#[test]
fn bench_reports_playouts_per_second() {
    let out = orrery(&["bench", "games/man_in_the_moon.rules", "--playouts", "300", "--threads", "2"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    for field in ["playouts/s", "plies/s", "mean length", "white", "black", "draws"] {
        assert!(stdout.contains(field), "{field} missing from {stdout}");
    }
}

#[test]
fn bench_results_do_not_depend_on_threads() {
    let results = |threads: &str| {
        let out =
            orrery(&["bench", "games/man_in_the_moon.rules", "--playouts", "500", "--seed", "3", "--threads", threads]);
        text(&out.stdout)
            .lines()
            .filter(|l| l.contains("wins") || l.starts_with("draws") || l.starts_with("mean"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(results("1"), results("2"));
}

#[test]
fn trace_json_starts_with_the_header() {
    let out = orrery(&["trace", "games/man_in_the_moon.rules", "--seed", "4", "--format", "json"]);
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let first: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert_eq!(first["seed"], 4);
    let last: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert!(last["outcome"].is_object());
}

#[test]
fn play_answers_a_bad_move_with_why_and_the_legal_moves() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_orrery"))
        .args(["play", "games/man_in_the_moon.rules", "--random", "black"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"c3\nz9\nb2\nmoves\nquit\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.contains("`c3` is not a move here: nothing can be placed on c3 now"), "{stdout}");
    assert!(stdout.contains("`z9` is not a move here: there is no site `z9`"), "{stdout}");
    assert!(stdout.contains("legal: a1 b1 c1"), "{stdout}");
    assert!(stdout.contains("black plays"), "{stdout}");
}

#[test]
fn unknown_option_is_refused() {
    let out = orrery(&["perft", "games/man_in_the_moon.rules", "--option", "long_move=true"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("did you mean `long_moves`?"), "{}", text(&out.stderr));
}

/// `orrery test FILE.tests.toml` runs that scenario file against the rule
/// file beside it; option values may be written as TOML writes them
/// (`swap = true` in hex.tests.toml).
#[test]
fn test_runs_a_scenario_file_given() {
    let out = orrery(&["test", "games/hex.tests.toml"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("games/hex.tests.toml: 16 of 16 scenarios hold"), "{stdout}");
}

/// A path with no scenario file tests nothing: that is an error, not a pass.
#[test]
fn test_of_nothing_fails() {
    let out = orrery(&["test", "tests/games"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no scenario files"));
    let out = orrery(&["test", "games/nothing.tests.toml"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such file"));
}

/// `--option` works on `check` and `test` too: Hex with the swap rule has
/// 121 more second moves, which its scenario file (written for the rules
/// without it) then reports.
#[test]
fn check_and_test_take_options() {
    let out = orrery(&["check", "games/hex.rules", "--no-run", "--option", "swap=true"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let out = orrery(&["check", "games/hex.rules", "--no-run", "--option", "nope=1"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no option `nope`"));
    let out = orrery(&["test", "games/hex.tests.toml", "--option", "swap=true"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("perft(2): expected") && stderr.contains("found 14641"), "{stderr}");
}

/// A transcript records the options and the start position it was played
/// with, and `replay` sets the game up from them; a rule file changed since
/// is warned about; a recorded board that no longer comes out names its ply
/// and the sites that differ.
#[test]
fn replay_sets_the_game_up_as_the_transcript_says() {
    let dir = std::env::temp_dir().join(format!("orrery-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();

    // Long moves change the game: the transcript must carry the option.
    let out = orrery(&["trace", "games/man_in_the_moon.rules", "--option", "long_moves=true", "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::write(path("long.jsonl"), &out.stdout).unwrap();
    let out = orrery(&["replay", "games/man_in_the_moon.rules", &path("long.jsonl")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("plies replay"), "{}", text(&out.stdout));
    // Said otherwise on the command line, the game is another one.
    let out = orrery(&["replay", "games/man_in_the_moon.rules", "--option", "long_moves=false", &path("long.jsonl")]);
    assert_eq!(out.status.code(), Some(1));

    // A start position is carried too.
    let position = "tests/positions/blockade.toml";
    let out = orrery(&["trace", "games/man_in_the_moon.rules", "--position", position, "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::write(path("from.jsonl"), &out.stdout).unwrap();
    let out = orrery(&["replay", "games/man_in_the_moon.rules", &path("from.jsonl")]);
    assert!(out.status.success(), "{}", text(&out.stderr));

    // Another text of the rule file: a warning, and the replay still runs.
    let rules = std::fs::read_to_string("games/man_in_the_moon.rules").unwrap();
    std::fs::write(path("edited.rules"), format!("{rules}\n# an edit\n")).unwrap();
    let out = orrery(&["replay", &path("edited.rules"), &path("long.jsonl")]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("warning:") && text(&out.stderr).contains("another text"),
        "{}",
        text(&out.stderr)
    );
}

/// `orrery check games/` (the README's first command) prints no warning
/// for any bundled file.
#[test]
fn bundled_games_check_without_warnings() {
    let out = orrery(&["check", "--no-run", "games/"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = format!("{}{}", text(&out.stdout), text(&out.stderr));
    assert!(!said.contains("warning"), "{said}");
    let rule_files = |dir: &str| {
        std::fs::read_dir(dir)
            .unwrap()
            .filter(|e| e.as_ref().unwrap().path().extension().is_some_and(|x| x == "rules"))
            .count()
    };
    let files = rule_files("games") + rule_files("games/variants");
    assert_eq!(said.lines().filter(|l| l.starts_with("ok ")).count(), files, "{said}");
}

/// A game with no end rule is warned about (W0108); a smoke run whose games
/// reach the ply cap says so on stderr; `--format json` gives the smoke run
/// as fields, not a sentence.
#[test]
fn check_warns_about_games_that_do_not_end() {
    let dir = std::env::temp_dir().join(format!("orrery-ends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let no_end = dir.join("no_end.rules");
    let rules = std::fs::read_to_string("games/tic_tac_toe.rules").unwrap();
    let without_end = rules.split("\nend {").next().unwrap().to_string();
    assert!(without_end.len() < rules.len(), "tic_tac_toe.rules has an end block");
    std::fs::write(&no_end, &without_end).unwrap();
    let out = orrery(&["check", no_end.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("W0108") && text(&out.stderr).contains("no end rule"), "{}", text(&out.stderr));
    // The bundled file has none of it.
    let out = orrery(&["check", "games/tic_tac_toe.rules"]);
    assert!(!text(&out.stderr).contains("W0108"), "{}", text(&out.stderr));
    // A blocked player losing is an end rule (Amazons ends only so).
    let blocked_loses = dir.join("blocked_loses.rules");
    std::fs::write(&blocked_loses, without_end.replace("phase play {", "phase play {\n  when blocked: lose")).unwrap();
    let out = orrery(&["check", blocked_loses.to_str().unwrap()]);
    assert!(!text(&out.stderr).contains("W0108"), "{}", text(&out.stderr));

    // Two men stepping about, never walled in: an end rule that never holds.
    let endless = dir.join("endless.rules");
    std::fs::write(
        &endless,
        "game \"Endless\"\nplayers white, black\nboard square 3 x 3\npiece man\nsetup {\n  white man on a1\n  black man on c3\n}\n\
         phase play {\n  move man { step orthogonal to empty }\n}\nend {\n  never: when count(mover) > 5: mover wins \"never\"\n}\n",
    )
    .unwrap();
    let out = orrery(&["check", endless.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("reached the cap of 100000 plies without ending"), "{}", text(&out.stderr));

    let out = orrery(&["check", "--format", "json", "games/tic_tac_toe.rules", endless.to_str().unwrap()]);
    let files: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let smoke = &files[0]["smoke"];
    assert_eq!(smoke["perft_depth"], 3);
    assert_eq!(smoke["perft"], 504);
    assert!(smoke["games"].as_u64().unwrap() > 0);
    let games = smoke["games"].as_u64().unwrap();
    let decided = smoke["wins"]["x"].as_u64().unwrap() + smoke["wins"]["o"].as_u64().unwrap();
    assert_eq!(decided + smoke["draws"].as_u64().unwrap(), games, "{smoke}");
    assert_eq!(smoke["unfinished"], 0);
    assert_eq!(files[1]["smoke"]["unfinished"], files[1]["smoke"]["games"]);
}

/// `--color always|never|auto`: diagnostics carry terminal colours only when
/// asked, or on a terminal without NO_COLOR; never in a pipe by default.
#[test]
fn color_is_chosen_by_flag_and_no_color() {
    let dir = std::env::temp_dir().join(format!("orrery-color-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("typo.rules");
    std::fs::write(
        &file,
        "game \"Typo\"\nplayers white, black\nboard square 3 x 3\npiece man\nphase play {\n  place man on emtpy\n}\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let escape = |out: &std::process::Output| text(&out.stderr).contains('\u{1b}');
    assert!(!escape(&orrery(&["check", path])), "a pipe gets no colour by default");
    assert!(escape(&orrery(&["check", "--color", "always", path])));
    assert!(escape(&orrery(&["--color=always", "check", path])), "the flag is global");
    assert!(!escape(&orrery(&["check", "--color", "never", path])));
    let with_no_color =
        Command::new(env!("CARGO_BIN_EXE_orrery")).args(["check", path]).env("NO_COLOR", "1").output().unwrap();
    assert!(!escape(&with_no_color));
    let out = orrery(&["check", "--color", "sometimes", path]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

/// `-` names standard input: `orrery fmt -` prints the formatted file (and
/// `--check` answers by its exit code), `orrery replay FILE -` reads the
/// transcript piped in.
#[test]
fn a_dash_reads_standard_input() {
    let messy = "game   \"G\"\nplayers a,b\nboard square 3 x 3\npiece p\nphase play {\nplace p on empty\n}\n";
    let out = crate::run::orrery_typing(&["fmt", "-"], messy);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let formatted = text(&out.stdout);
    assert!(formatted.starts_with("game \"G\"\nplayers a, b\n"), "{formatted}");
    assert_eq!(crate::run::orrery_typing(&["fmt", "--check", "-"], messy).status.code(), Some(1));
    assert_eq!(crate::run::orrery_typing(&["fmt", "--check", "-"], &formatted).status.code(), Some(0));
    let broken = crate::run::orrery_typing(&["fmt", "-"], "game \"G\"\nplayers a b c {\n");
    assert_eq!(broken.status.code(), Some(1));
    assert!(text(&broken.stderr).contains("<stdin>"), "{}", text(&broken.stderr));
    assert_eq!(orrery(&["fmt", "-", "games/tic_tac_toe.rules"]).status.code(), Some(2));

    let trace = orrery(&["trace", "games/tic_tac_toe.rules", "--seed", "3", "--format", "json"]);
    assert!(trace.status.success());
    let replay = crate::run::orrery_typing(&["replay", "games/tic_tac_toe.rules", "-"], &text(&trace.stdout));
    assert!(replay.status.success(), "{}{}", text(&replay.stdout), text(&replay.stderr));
}

/// `draw --after MOVES`, as `explain` takes them: the position after them,
/// the last one marked; a move that is not legal is refused with the legal ones.
#[test]
fn draw_after_moves_marks_the_last() {
    let out = orrery(&["draw", "games/tic_tac_toe.rules", "--format", "text", "--after", "b2", "a1", "c3"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let drawn = text(&out.stdout);
    assert!(drawn.contains("last move: c3 by x"), "{drawn}");
    assert!(drawn.contains("ply 3"), "{drawn}");
    let out = orrery(&["draw", "games/tic_tac_toe.rules", "--after", "b2", "b2"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("move 2 of --after, `b2`") && text(&out.stderr).contains("legal: a1"),
        "{}",
        text(&out.stderr)
    );
}

/// `perft` and `bench` answer programs with one JSON object.
#[test]
fn perft_and_bench_as_json() {
    let out = orrery(&["perft", "games/tic_tac_toe.rules", "--depth", "3", "--format", "json"]);
    let perft: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let nodes: Vec<u64> = perft["perft"].as_array().unwrap().iter().map(|d| d["nodes"].as_u64().unwrap()).collect();
    assert_eq!(nodes, [9, 72, 504]);
    let out = orrery(&["perft", "games/tic_tac_toe.rules", "--depth", "2", "--divide", "--format", "json"]);
    let divide: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(divide["total"], 72);
    assert_eq!(divide["divide"].as_array().unwrap().len(), 9);
    assert_eq!(divide["divide"][0]["count"], 8);
    let out = orrery(&["bench", "games/tic_tac_toe.rules", "--playouts", "50", "--seed", "2", "--format", "json"]);
    let bench: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(bench["playouts"], 50);
    let decided = bench["wins"]["x"].as_u64().unwrap() + bench["wins"]["o"].as_u64().unwrap();
    assert_eq!(decided + bench["draws"].as_u64().unwrap(), 50, "{bench}");
    assert!(bench["plies_per_second"].as_f64().unwrap() > 0.0);
}

/// `orrery test --format json`: one record per scenario file, each
/// scenario with whether it holds, the failures as located diagnostics;
/// the exit status as in text.
#[test]
fn test_results_as_json() {
    let out = orrery(&["test", "games/tic_tac_toe.rules", "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let records: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let record = &records[0];
    assert_eq!(record["file"], "games/tic_tac_toe.tests.toml");
    assert_eq!(record["ok"], true);
    assert_eq!(record["passed"], record["total"]);
    assert!(record["scenarios"].as_array().unwrap().iter().all(|s| s["holds"] == true));

    let dir = std::env::temp_dir().join(format!("orrery-test-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy("games/tic_tac_toe.rules", dir.join("t.rules")).unwrap();
    let file = dir.join("t.tests.toml");
    std::fs::write(&file, "[[scenario]]\nname = \"x\"\nlegal_count = 3\n").unwrap();
    let out = orrery(&["test", file.to_str().unwrap(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let records: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(records[0]["ok"], false);
    assert_eq!(records[0]["scenarios"][0]["holds"], false);
    assert_eq!(records[0]["diagnostics"][0]["line"], 3);
    assert!(records[0]["diagnostics"][0]["message"].as_str().unwrap().contains("found 9"));
}

/// `orrery test --format junit`: one suite per scenario file, one test case
/// per scenario, the failing one holding its own located diagnostic, every
/// name escaped; a file that cannot be run is an error case.
#[test]
fn test_results_as_junit_xml() {
    let dir = std::env::temp_dir().join(format!("orrery-test-junit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy("games/tic_tac_toe.rules", dir.join("t.rules")).unwrap();
    let file = dir.join("t.tests.toml");
    let scenarios = "[[scenario]]\nname = \"nine\"\nlegal_count = 9\n\n[[scenario]]\nname = \"a <wrong> & count\"\nlegal_count = 3\n\n[[scenario]]\nname = \"also nine\"\nlegal_count = 9\n";
    std::fs::write(&file, scenarios).unwrap();
    let out = orrery(&["test", file.to_str().unwrap(), "--format", "junit"]);
    assert_eq!(out.status.code(), Some(1));
    let xml = text(&out.stdout);
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"), "{xml}");
    assert!(xml.contains("tests=\"3\" failures=\"1\" errors=\"0\""), "{xml}");
    assert_eq!(xml.matches("<testcase ").count(), 3, "{xml}");
    assert!(xml.contains("<testcase name=\"nine\""), "{xml}");
    let failing = xml.split("name=\"a &lt;wrong&gt; &amp; count\"").nth(1).expect("the failing case, escaped");
    let failure = failing.split("</testcase>").next().unwrap();
    assert!(failure.contains("<failure message=\"") && failure.contains("expected 3 legal moves, found 9"), "{xml}");
    assert!(failure.contains("t.tests.toml:7:"), "the failure is located: {xml}");
    assert!(!failure.contains('\u{1b}'), "no colour codes: {xml}");
    assert_eq!(xml.matches("<testsuite ").count(), 1);
    assert!(xml.trim_end().ends_with("</testsuites>"));

    std::fs::write(&file, "[[scenario]]\nnme = \"x\"\n").unwrap();
    let out = orrery(&["test", file.to_str().unwrap(), "--format", "junit"]);
    assert_eq!(out.status.code(), Some(1));
    let xml = text(&out.stdout);
    assert!(xml.contains("errors=\"1\"") && xml.contains("<error message=\"cannot be run\">"), "{xml}");
    assert!(xml.contains("nme"), "{xml}");
}

/// Names and texts are escaped for XML; control characters XML cannot
/// hold (a colour code in a scenario name) are written out.
#[test]
fn junit_escapes_markup_and_control_characters() {
    use orrery::formats::junit::{Case, Suite, write};
    let case = Case { name: "a<b & \"c\"\u{1b}[31m".into(), failure: Some(("x > y".into(), "'q'".into())) };
    let xml = write(&[Suite { name: "s".into(), cases: vec![case], error: None }]);
    assert!(xml.contains("name=\"a&lt;b &amp; &quot;c&quot;\\u{1b}[31m\""), "{xml}");
    assert!(xml.contains("<failure message=\"x &gt; y\">&apos;q&apos;</failure>"), "{xml}");
    assert!(!xml.contains('\u{1b}'));
}

/// `orrery explain --format json`: the headline, one reason per rule with
/// its line and the rule as written, and the help, as the page shows them.
#[test]
fn explain_as_json() {
    let after = ["g2-g3", "b7-b6", "g1-f3", "c8-a6", "f1-g2", "h7-h5", "e2-e3", "h5-h4"];
    let mut args = vec!["explain", "games/chess.rules", "e1-g1", "--format", "json", "--after"];
    args.extend(after);
    let out = orrery(&args);
    assert_eq!(out.status.code(), Some(1));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(answer["legal"], false);
    assert_eq!(answer["move"], "e1-g1");
    assert!(answer["message"].as_str().unwrap().contains("not legal for white"), "{answer}");
    let reasons = answer["reasons"].as_array().unwrap();
    let castle = reasons.iter().find(|r| r["rule"].as_str().is_some_and(|r| r.contains("castl"))).expect("castling");
    assert_eq!(castle["file"], "games/chess.rules");
    assert!(castle["line"].as_u64().unwrap() > 1);
    assert!(castle["reason"].as_str().unwrap().contains("f1"), "{castle}");
    let written = castle["written"].as_str().unwrap();
    assert!(written.starts_with("together {\n  move king") && written.ends_with("\n}"), "{written}");
    assert_eq!(answer["diagnostic"]["code"], answer["code"]);

    let out = orrery(&["explain", "games/tic_tac_toe.rules", "b2", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(answer["legal"], true);
}

/// `orrery diff --format json`: the items that differ, the first position
/// whose legal moves differ, and perft by depth until they differ.
#[test]
fn diff_as_json() {
    let out = orrery(&["diff", "games/man_in_the_moon.rules", "games/variants/big_moon.rules", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let found: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(found["same_rules"], false);
    let items = found["items"].as_array().unwrap();
    let board = items.iter().find(|i| i["item"] == "board").expect("the board differs");
    assert_eq!(board["change"], "changed");
    assert_eq!(board["second"], "board square 7 x 7");
    assert!(items.iter().any(|i| i["change"] == "only_in_second"), "{found}");
    assert_eq!(found["moves_differ"]["after"].as_array().unwrap().len(), 0);
    assert!(found["moves_differ"]["only_in_second"].as_array().unwrap().iter().any(|m| m == "a6"));
    assert_eq!(found["perft"][0]["depth"], 1);
    assert_eq!(found["perft"][0]["first"], 24);
    assert_eq!(found["perft_differs_at"], 1);

    let out = orrery(&["diff", "games/man_in_the_moon.rules", "--option", "long_moves=false", "--format", "json"]);
    let found: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    // The option's line differs only by the note that --option set it.
    assert_eq!(found["items"].as_array().unwrap().len(), 1, "{found}");
    assert_eq!(found["items"][0]["item"], "option long_moves");
    assert!(found["moves_differ"].is_null());
    assert!(found["perft"].as_array().unwrap().len() >= 3);
    assert!(found["perft_differs_at"].is_null());
}
