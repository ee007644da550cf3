//! Variants: rule files that name their base and say only what differs
//! (src/variants/). Merging by name, variants of variants, the bundled
//! variants, `orrery show` and `orrery diff`, and the mistakes a variant can
//! make, each with a diagnostic snapshot naming both files where it should.

use crate::run::orrery;
use orrery::Game;
use orrery::agents::perft::perft;
use orrery::compile::LoadError;
use orrery::diagnostics::render_all;

fn perfts(path: &str, depth: u32) -> Vec<u64> {
    let game = Game::load(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let start = game.initial_state();
    (1..=depth).map(|d| perft(&start, d)).collect()
}

/// The lines of a rule file that are not comments or blank.
fn rule_lines(path: &str) -> usize {
    let text = std::fs::read_to_string(path).expect("readable");
    text.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).count()
}

/// Big Moon (7 x 7, 24 men, steps in eight directions, a jumping capture)
/// in ten lines or fewer: 48 empty squares but the centre, then 47, 46.
#[test]
fn big_moon_is_a_short_variant() {
    assert!(rule_lines("games/variants/big_moon.rules") <= 10);
    assert_eq!(perfts("games/variants/big_moon.rules", 3), [48, 48 * 47, 48 * 47 * 46]);
    let game = Game::load("games/variants/big_moon.rules").unwrap();
    assert_eq!(game.title, "Big Moon");
    // The base's end rules and options come along.
    assert_eq!(game.end_rules.len(), 2);
    assert!(game.option_value("long_moves").is_some());
}

/// The child turns an option on (the kings slide), replaces the men's rule
/// (north, east or west) and adds a retreat south; the base is unchanged.
#[test]
fn a_variant_replaces_adds_and_changes_defaults() {
    let base = Game::load("tests/variants/base.rules").unwrap();
    let child = Game::load("tests/variants/child.rules").unwrap();
    assert_eq!(child.option_value("fast"), Some(1));
    assert_eq!(base.option_value("fast"), Some(0));
    // The option keeps the base's description.
    let fast = child.options.iter().find(|o| o.name == "fast").unwrap();
    assert_eq!(fast.doc.as_deref(), Some("kings slide"));
    let moves = |game: &std::sync::Arc<Game>| game.initial_state().legal_move_texts();
    // Base, white: a1-a2, b1-b2 (men north), king c1 steps to b2, c2, d1, d2.
    assert_eq!(moves(&base), ["a1-a2", "b1-b2", "c1-b2", "c1-c2", "c1-d1", "c1-d2"]);
    // Child: men north or east (west of a1 is off the board, b1 east and a1 east
    // are blocked by b1 and the king), kings slide: c1-b2-a3, c1-c2-c3, d1, d2.
    assert_eq!(moves(&child), ["a1-a2", "b1-b2", "c1-a3", "c1-b2", "c1-c2", "c1-c3", "c1-d1", "c1-d2"]);
}

/// A variant of a variant: the retreat removed again, the end rule replaced
/// by name.
#[test]
fn variants_of_variants() {
    let grandchild = Game::load("tests/variants/grandchild.rules").unwrap();
    assert_eq!(grandchild.title, "Grandchild");
    assert_eq!(grandchild.end_rules.len(), 1);
    assert_eq!(grandchild.end_rules[0].reason, "one man left");
    let child = Game::load("tests/variants/child.rules").unwrap();
    let retreats = |game: &std::sync::Arc<Game>| game.phases[0].moves.len();
    assert_eq!(retreats(&child), retreats(&grandchild) + 1);
}

fn broken(name: &str) -> String {
    match Game::load(format!("tests/variants/{name}.rules")) {
        Err(LoadError::Invalid(report)) => render_all(&report.source, &report.diagnostics, false),
        Err(e) => panic!("{name}: {e}"),
        Ok(_) => panic!("{name} should not load"),
    }
}

fn snapshot(name: &str, text: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!(format!("variant_{name}"), text));
}

#[test]
fn a_missing_base_is_named_at_the_variant() {
    let text = broken("missing_base");
    assert!(text.contains("E0801") && text.contains("missing_base.rules:2:"), "{text}");
    snapshot("missing_base", &text);
}

#[test]
fn a_cycle_is_an_error() {
    let text = broken("cycle_a");
    assert!(text.contains("E0802") && text.contains("cycle_a.rules -> cycle_b.rules -> cycle_a.rules"), "{text}");
    snapshot("cycle", &text);
}

#[test]
fn removing_what_is_not_there_suggests_a_name() {
    let text = broken("unknown_remove");
    assert_eq!(text.matches("E0803").count(), 3, "{text}");
    assert!(text.contains("did you mean `king`?") && text.contains("did you mean `play`?"), "{text}");
    snapshot("unknown_remove", &text);
}

/// The base's rule still moves the king the variant removed: the error is
/// at the base's line, and the variant's `remove` is shown in its own file.
#[test]
fn a_dangling_reference_shows_both_files() {
    let text = broken("dangling");
    assert!(text.contains("E0106"), "{text}");
    assert!(text.contains("tests/variants/base.rules:16:"), "{text}");
    assert!(text.contains("tests/variants/dangling.rules:3:"), "{text}");
    snapshot("dangling", &text);
}

#[test]
fn remove_outside_a_variant_is_an_error() {
    let text = broken("remove_outside");
    assert!(text.contains("E0805"), "{text}");
    snapshot("remove_outside", &text);
}

/// `orrery show` prints the resolved rules with each item's origin; that
/// text, read as a rule file of its own, is the same game.
#[test]
fn show_prints_a_rule_file_of_the_same_game() {
    let out = orrery(&["show", "games/variants/big_moon.rules"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let variant = std::fs::read_to_string("games/variants/big_moon.rules").unwrap();
    let line = variant.lines().position(|l| l.starts_with("game ")).unwrap() + 1;
    assert!(text.contains(&format!("# from games/variants/big_moon.rules:{line}\ngame \"Big Moon\"")), "{text}");
    assert!(text.contains("# from games/man_in_the_moon.rules:"), "{text}");
    assert!(text.contains("jump: move man"), "{text}");
    let dir = std::env::temp_dir().join(format!("orrery-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big_moon_resolved.rules");
    std::fs::write(&path, &text).unwrap();
    let resolved = Game::load(&path).expect("the shown file compiles");
    let start = resolved.initial_state();
    assert_eq!((1..=3).map(|d| perft(&start, d)).collect::<Vec<_>>(), perfts("games/variants/big_moon.rules", 3));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn diff_names_the_changed_items_and_the_first_perft_depth() {
    let out = orrery(&["diff", "games/man_in_the_moon.rules", "games/variants/big_moon.rules"]);
    let text = String::from_utf8(out.stdout).unwrap();
    for expected in [
        "~ board",
        "~ setup",
        "~ region centre",
        "~ rule move_man of phase movement",
        "+ rule jump of phase movement",
        "perft(1): 24 against 48",
        "perft first differs at depth 1",
    ] {
        assert!(text.contains(expected), "missing `{expected}` in\n{text}");
    }
    assert!(!text.contains("piece man"), "the unchanged piece is not listed:\n{text}");
    // The Pockets house rule changes one option's default and nothing the
    // first plies show.
    let out = orrery(&["diff", "games/sun_moon_and_stars.rules", "games/variants/pockets.rules"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("~ option house_rule"), "{text}");
    assert!(text.contains("perft is the same as deep as looked"), "{text}");
}

/// The base's scenarios against a variant: the one the variant changes differs.
#[test]
fn a_variant_runs_its_bases_scenarios() {
    let out =
        orrery(&["test", "games/variants/pockets.rules", "--with-scenarios-of", "games/sun_moon_and_stars.rules"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("83 of 84 scenarios of games/sun_moon_and_stars.rules hold"), "{text}");
    assert!(text.contains("differs P10, C5: by default a run throw of 12 (6+6) loses"), "{text}");
    // Each failure names the base's scenario file and line, as FILE:LINE.
    let failure = text.lines().find(|l| l.contains("scenario `P10, C5")).expect("a failure line");
    assert!(failure.trim_start().starts_with("games/sun_moon_and_stars.tests.toml:"), "{failure}");
}

/// Every command takes a variant as it takes a base; transcripts name the
/// rule file and the hash of the resolved rules, and replay.
#[test]
fn every_command_takes_a_variant() {
    let file = "games/variants/big_moon.rules";
    for args in [
        vec!["check", file],
        vec!["perft", file, "--depth", "2"],
        vec!["bench", file, "--playouts", "20"],
        vec!["draw", file],
        vec!["perft", file, "--depth", "1", "--option", "long_moves=true"],
    ] {
        let out = orrery(&args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let out = orrery(&["trace", file, "--seed", "4", "--format", "json"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(header["game"], "Big Moon");
    assert_eq!(header["rules"], file);
    assert_eq!(header["rules_hash"].as_str().map(str::len), Some(16));
    let dir = std::env::temp_dir().join(format!("orrery-variant-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let transcript = dir.join("big_moon.jsonl");
    std::fs::write(&transcript, &text).unwrap();
    let out = orrery(&["replay", file, transcript.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let _ = std::fs::remove_dir_all(dir);
}

/// A new name close to one of the base's is most likely a misspelt change:
/// the variant still loads, with a warning that names the base's item.
#[test]
fn a_near_miss_gets_a_did_you_mean_warning() {
    let game = Game::load("tests/variants/near_miss.rules").expect("a warning does not stop loading");
    let text = render_all(&game.source, &game.warnings, false);
    assert!(text.contains("W0801") && text.contains("the base has a phase `play`"), "{text}");
    snapshot("near_miss", &text);
}

/// A variant that declares an item twice (two `region centre`, two
/// `board`) gets the error a plain rule file gets, not a silent
/// replacement.
#[test]
fn an_item_declared_twice_in_a_variant_is_an_error() {
    let text = broken("declared_twice");
    assert_eq!(text.matches("E0807").count(), 2, "{text}");
    assert!(text.contains("region `centre` twice") && text.contains("`board` twice"), "{text}");
    assert!(text.contains("tests/variants/declared_twice.rules:7:"), "{text}");
    snapshot("declared_twice", &text);
}

/// A base named by a path with `..` is reported by its plain path
/// (`games/man_in_the_moon.rules`, never `games/variants/../man_in_the_moon.rules`).
#[test]
fn a_base_named_by_a_relative_path_is_reported_without_dots() {
    let dir = std::env::temp_dir().join(format!("orrery-dots-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("variants")).unwrap();
    std::fs::copy("games/man_in_the_moon.rules", dir.join("man_in_the_moon.rules")).unwrap();
    let variant = dir.join("variants/no_men.rules");
    std::fs::write(&variant, "variant of \"../man_in_the_moon.rules\"\ngame \"No men\"\nremove piece man\n").unwrap();
    let out = orrery(&["check", "--no-run", variant.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("/../"), "{stderr}");
    assert!(stderr.contains(&format!("{}:", dir.join("man_in_the_moon.rules").display())), "{stderr}");
}
