//! Input as people and editors write it, and as a downloaded file may be
//! written to harm: thousands of the same mistake, a byte-order mark, old
//! Mac line ends, unusual spaces in strings, escape codes for the terminal,
//! and a game so slow that `check` must watch its clock.

use orrery::Game;
use orrery::diagnostics::{SHOWN, Source, render_all};
use orrery::formats::position::parse_position;
use std::time::Instant;

/// A game on a board of 26 x 99 squares, with this setup and these items.
fn big_game(setup: &str, items: &str) -> String {
    format!(
        "game \"Big\"\nplayers white, black\nboard square 26 x 99\npiece man\n{items}setup {{\n{setup}}}\n\
         phase play {{\n  move man {{ step n to empty }}\n}}\nend {{\n  gone: when count(opponent) == 0: mover wins \"x\"\n}}\n"
    )
}

fn diagnostics(text: &str) -> (Source, Vec<orrery::diagnostics::Diagnostic>) {
    let source = Source::new("big.rules", text);
    let (_, diagnostics) = orrery::compile::compile(&source, &[]);
    (source, diagnostics)
}

/// A file in a fresh temporary folder, removed with it when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, bytes: impl AsRef<[u8]>) -> Self {
        let dir = std::env::temp_dir().join(format!("orrery-text-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join(name);
        std::fs::write(&file, bytes).unwrap();
        TempFile(file)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        std::fs::remove_dir_all(self.0.parent().unwrap()).ok();
    }
}

/// 100 lines putting men on the whole board: one error for each line after
/// the first, naming its first site (254,826 errors in 8 s and 277 MB, one
/// for each pair, each naming the range).
#[test]
fn a_range_over_occupied_sites_is_one_error_naming_a_site() {
    let setup: String = (0..100).map(|_| "  white man on a1..z99\n".to_string()).collect();
    let (source, found) = diagnostics(&big_game(&setup, ""));
    let clashes: Vec<_> = found.iter().filter(|d| d.code == "E0505").collect();
    assert_eq!(clashes.len(), 99, "one for each line after the first");
    assert_eq!(clashes[0].message, "site `a1` is given two pieces at the start");
    assert!(
        clashes[0].labels[0].message.contains("`a1` and 2573 more sites of this range already have a piece"),
        "{:?}",
        clashes[0].labels
    );
    let second_line = source.text.match_indices("a1..z99").nth(1).unwrap().0;
    assert_eq!(clashes[0].labels[0].span.start, second_line);
}

/// Thousands of the same mistake: the first `SHOWN` drawn, then how many
/// more, exactly (16,000 lines of `white man on a1` took 20 s, 16,000
/// regions of one name 14 s: each drawing read the file from the first
/// piece to its own).
#[test]
fn thousands_of_errors_are_capped_with_their_count() {
    let setup: String = (0..16_000).map(|_| "  white man on a1\n".to_string()).collect();
    let regions: String = (0..16_000).map(|_| "region r = a1\n".to_string()).collect();
    for (text, code) in [(big_game(&setup, ""), "E0505"), (big_game("  white man on a1\n", &regions), "E0104")] {
        let begun = Instant::now();
        let (source, found) = diagnostics(&text);
        assert_eq!(found.iter().filter(|d| d.code == code).count(), 15_999);
        let drawn = render_all(&source, &found, false);
        let seconds = begun.elapsed().as_secs_f64();
        assert_eq!(drawn.matches(code).count(), SHOWN, "{code}");
        let errors = found.iter().filter(|d| d.is_error()).count();
        let more = format!("big.rules: and {} more errors (only the first {SHOWN} are shown)\n", errors - SHOWN);
        assert!(drawn.contains(&more), "{}", &drawn[drawn.len().saturating_sub(300)..]);
        assert!(drawn.ends_with(&format!("big.rules: {errors} error(s), 0 warning(s)\n")));
        assert!(seconds < 5.0, "{code}: {seconds}s");
    }
}

/// `check --format json` gives the first `SHOWN` diagnostics and the count
/// of the rest.
#[test]
fn check_json_caps_the_diagnostics_too() {
    let setup: String = (0..300).map(|i| format!("  white man on a1  # {i}\n")).collect();
    let file = TempFile::new("many.rules", big_game(&setup, ""));
    let out = crate::run::orrery(&["check", "--no-run", "--format", "json", file.path()]);
    assert_eq!(out.status.code(), Some(1));
    let files: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(files[0]["diagnostics"].as_array().map(Vec::len), Some(SHOWN));
    assert_eq!(files[0]["not_shown"], serde_json::json!({ "errors": 299 - SHOWN, "warnings": 0 }));
}

/// 20,000 unknown sites in a position file on a large board: read, and the
/// first `SHOWN` drawn with a suggestion each, in well under a second (100,000
/// took 52 s, most of it suggesting a near name for every one).
#[test]
fn thousands_of_unknown_sites_in_a_position_are_quick() {
    let game = Game::from_source(Source::new("big.rules", big_game("  white man on a1\n", "")), &[]).expect("compiles");
    let board: String = (100..20_100).map(|i| format!("a{i} = \"white man\"\n")).collect();
    let text = format!("to_move = \"white\"\n[board]\n{board}");
    let begun = Instant::now();
    let report = parse_position(&game, Source::new("many.toml", text)).expect_err("unknown sites");
    let drawn = render_all(&report.source, &report.diagnostics, false);
    let seconds = begun.elapsed().as_secs_f64();
    assert_eq!(report.diagnostics.len(), 20_000);
    assert!(report.diagnostics[0].help.as_deref().is_some_and(|h| h.starts_with("did you mean")));
    assert!(drawn.contains("many.toml: and 19900 more errors (only the first 100 are shown)"));
    assert!(seconds < 3.0, "{seconds}s");
}

const SMALL: &str = "game \"Small\"\nplayers white, black\nboard square 8 x 8\npiece man\n\
                     setup {\n  white man on a1\n}\nphase play {\n  move man { step n to empty }\n}\n\
                     end {\n  gone: when count(opponent) == 0: mover wins \"x\"\n}\n";

/// The line and column of the first diagnostic of a rule text.
fn first_place(text: &str) -> (usize, usize) {
    let source = Source::new("t.rules", text);
    let (_, found) = orrery::compile::compile(&source, &[]);
    let first = found.first().expect("a diagnostic");
    let (_, line, column) = source.locate(first.primary_span().start);
    (line, column)
}

/// A byte-order mark in front (E0001 before), and lines ended by CR (read
/// as one comment line before), CRLF or LF: each reads as the same game, and
/// a mistake is placed at its own line and column.
#[test]
fn a_byte_order_mark_and_any_line_end_read_as_editors_mean() {
    let with_comment = format!("# a comment\n{SMALL}");
    for (what, text) in [
        ("LF", with_comment.clone()),
        ("BOM", format!("\u{feff}{with_comment}")),
        ("CR", with_comment.replace('\n', "\r")),
        ("CRLF", with_comment.replace('\n', "\r\n")),
        ("BOM and CR", format!("\u{feff}{}", with_comment.replace('\n', "\r"))),
    ] {
        let game = Game::from_source(Source::new("t.rules", text.as_str()), &[]);
        assert!(game.is_ok(), "{what}: {:?}", game.err().map(|e| e.to_string()));
        // A misspelt piece on line 7 (the setup's line), column 9.
        let broken = text.replace("white man on a1", "white mam on a1");
        assert_eq!(first_place(&broken), (7, 9), "{what}");
        // A mistake on the first line: the mark is not a column.
        let broken = text.replacen("# a comment", "game 5", 1);
        assert_eq!(first_place(&broken), (1, 6), "{what}");
    }
}

/// The same through the binary: `check` reads a file with a mark and CR
/// line ends, and its drawn diagnostics name the right line.
#[test]
fn check_reads_a_file_as_an_editor_wrote_it() {
    let text =
        format!("\u{feff}# a comment\n{}", SMALL.replace("white man on a1", "white mam on a1")).replace('\n', "\r");
    let file = TempFile::new("mac.rules", text);
    let out = crate::run::orrery(&["check", "--no-run", file.path()]);
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(errors.contains("mac.rules:7:9]"), "{errors}");
    assert!(errors.contains(" 7 │   white mam on a1\n"), "{errors}");
    assert!(!errors.contains('\r') && !errors.contains('\u{feff}'), "{errors:?}");
}

/// `orrery fmt` keeps strings as written, with whatever spaces they hold
/// (a tab, a no-break space, a line separator, an ideographic space: it
/// refused them as "reading as a different game"), and writes a file with
/// a mark and CR line ends as plain LF lines.
#[test]
fn fmt_keeps_any_space_in_a_string() {
    for space in ['\t', '\u{a0}', '\u{2028}', '\u{3000}'] {
        let text =
            SMALL.replace("\"Small\"", &format!("\"Sm{space}all\"")).replace("\"x\"", &format!("\"{space}x{space}\""));
        let formatted = orrery::syntax::format::format(&text).unwrap_or_else(|e| panic!("{space:?}: {e:?}"));
        assert!(formatted.contains(&format!("game \"Sm{space}all\"\n")), "{space:?}: {formatted}");
        assert!(formatted.contains(&format!("\"{space}x{space}\"")), "{space:?}: {formatted}");
    }
    let plain = orrery::syntax::format::format(SMALL).expect("formats");
    for text in [format!("\u{feff}{SMALL}"), SMALL.replace('\n', "\r"), SMALL.replace('\n', "\r\n")] {
        assert_eq!(orrery::syntax::format::format(&text).expect("formats"), plain, "{text:?}");
    }
}

/// A position file with a mark and CR line ends reads as with LF.
#[test]
fn a_position_file_may_have_a_mark_and_cr_line_ends() {
    let game = Game::from_source(Source::new("small.rules", SMALL), &[]).expect("compiles");
    let text = "\u{feff}to_move = \"white\"\r[board]\rc3 = \"white man\"\r";
    let state = parse_position(&game, Source::new("p.toml", text)).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!(orrery::formats::position::to_toml(&state).matches("white man").count(), 1);
    // A mistake is placed on its line.
    let report = parse_position(&game, Source::new("p.toml", text.replace("c3", "c33"))).expect_err("no c33");
    assert_eq!(report.source.locate(report.diagnostics[0].primary_span().start), ("p.toml", 3, 1));
}

/// A title, a reason and a position file's site name holding terminal
/// escape codes (retitle the window, clear the screen): shown escaped by
/// `check`, `show`, `draw --format text` and in diagnostics, never sent raw;
/// `check --format json` keeps them exact.
#[test]
fn escape_codes_from_a_file_never_reach_the_terminal() {
    let evil = "\u{1b}]0;pwned\u{7}\u{1b}[2J";
    let shown = "\\u{1b}]0;pwned\\u{7}\\u{1b}[2J";
    let text = SMALL.replace("\"Small\"", &format!("\"Small{evil}\"")).replace("\"x\"", &format!("\"{evil}\""));
    let rules = TempFile::new("evil.rules", &text);
    for args in [
        &["check", rules.path()][..],
        &["show", rules.path()],
        &["draw", rules.path(), "--format", "text"],
        &["perft", rules.path(), "--depth", "1"],
        &["bench", rules.path(), "--playouts", "2"],
    ] {
        let out = crate::run::orrery(args);
        let all = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(!all.contains('\u{1b}') && !all.contains('\u{7}'), "{args:?}: {all:?}");
        if args[0] != "draw" {
            assert!(all.contains(shown), "{args:?}: {all}");
        }
    }
    // A mistake on the title's line: the drawn line, the message and the label escaped.
    let broken = TempFile::new("broken.rules", text.replace("white man on a1", "white man on a1 # \u{9b}31m"));
    let broken_title = text.replacen("game \"", "game \"\u{1b}[31m\" oops \"", 1);
    let broken_title = TempFile::new("broken_title.rules", broken_title);
    for file in [&broken, &broken_title] {
        let out = crate::run::orrery(&["check", "--no-run", file.path()]);
        let errors = String::from_utf8_lossy(&out.stderr);
        assert!(!errors.chars().any(|c| c == '\u{1b}' || c == '\u{9b}'), "{errors:?}");
    }
    // TOML writes control characters as escapes.
    let in_toml = "\\u001b]0;pwned\\u0007\\u001b[2J";
    let position =
        TempFile::new("evil.toml", format!("to_move = \"white\"\n[board]\n\"a1{in_toml}\" = \"white man\"\n"));
    let out = crate::run::orrery(&["draw", rules.path(), "--position", position.path(), "--format", "text"]);
    let errors = String::from_utf8_lossy(&out.stderr);
    assert!(errors.contains(&format!("there is no site `a1{shown}`")), "{errors}");
    assert!(!errors.contains('\u{1b}'), "{errors:?}");
    // JSON stays exact: the title as the file has it.
    let out = crate::run::orrery(&["check", "--format", "json", rules.path()]);
    assert!(!String::from_utf8_lossy(&out.stdout).contains('\u{1b}'), "escaped by JSON itself");
    let files: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(files[0]["ok"].as_bool().unwrap_or(false));
    let rules_json = crate::run::orrery(&["trace", rules.path(), "--format", "json"]);
    let first: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&rules_json.stdout).lines().next().unwrap_or("")).expect("JSON");
    assert_eq!(first["game"], format!("Small{evil}"));
}

/// `check` on a full board of 26 x 99 squares whose men slide any distance
/// and capture (19.1 s before: a perft level with no clock, and a clock read
/// only every 16 plies of slow random games) finishes within its two
/// budgets of a second, plus a margin for starting and compiling.
#[test]
fn check_keeps_its_smoke_run_within_budget() {
    let text = "game \"Slide\"\nplayers white, black\nboard square 26 x 99\npiece man\n\
                setup {\n  white man on a1..z49\n  black man on a51..z99\n}\n\
                phase play {\n  move man { slide all }\n}\n\
                end {\n  gone: when count(opponent) == 0: mover wins \"x\"\n}\n";
    let file = TempFile::new("slide.rules", text);
    let begun = Instant::now();
    let out = crate::run::orrery(&["check", "--format", "json", file.path()]);
    let seconds = begun.elapsed().as_secs_f64();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let files: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let smoke = &files[0]["smoke"];
    assert_eq!(smoke["perft_seconds_budget"], 1.0, "{smoke}");
    assert!(seconds < 2.0 + 3.0, "{seconds}s: {smoke}");
}

/// The readers' view of a text keeps every offset: a mark at a line's start
/// is three spaces, a bare CR is LF, CRLF stays; a mark inside a line is text.
#[test]
fn reading_keeps_every_offset() {
    use orrery::syntax::input::{normalized, readable};
    let text = "\u{feff}game \"x\"\rplayers a\r\nboard";
    assert_eq!(readable(text), "   game \"x\"\nplayers a\r\nboard");
    assert_eq!(readable(text).len(), text.len());
    assert_eq!(normalized(text.to_string()), "game \"x\"\nplayers a\r\nboard");
    assert_eq!(readable("\"a\u{feff}b\""), "\"a\u{feff}b\"");
}

/// Characters that act on a terminal are written escaped; tabs, line feeds
/// and unusual spaces are not.
#[test]
fn terminal_safe_escapes_what_acts_on_a_terminal() {
    use orrery::diagnostics::terminal_safe;
    assert_eq!(terminal_safe("a\u{1b}]0;pwned\u{7}b"), "a\\u{1b}]0;pwned\\u{7}b");
    assert_eq!(terminal_safe("x\u{9b}2J\r\u{202e}"), "x\\u{9b}2J\\u{d}\\u{202e}");
    assert_eq!(terminal_safe("Tic\ttac\u{a0}toe\nline"), "Tic\ttac\u{a0}toe\nline");
}
