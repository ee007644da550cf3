//! `orrery test --bless`: expectations written empty are filled in from the
//! engine, keeping the rest of the file as written; without `--bless` an
//! empty expectation fails. Fixtures are copied to a temporary folder first:
//! blessing rewrites files, and the repository's must stay as they are.

use crate::run::orrery;
use std::path::{Path, PathBuf};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder holding tic_tac_toe.rules and `fixture` as its scenario
/// file; the scenario file's path.
fn copy_fixture(fixture: &str, test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("orrery-bless-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy("games/tic_tac_toe.rules", dir.join("tic_tac_toe.rules")).unwrap();
    let scenarios = dir.join("tic_tac_toe.tests.toml");
    std::fs::copy(Path::new("tests/scenarios").join(fixture), &scenarios).unwrap();
    scenarios
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn bless_fills_the_empty_expectations_and_keeps_the_rest() {
    let file = copy_fixture("bless_tic_tac_toe.tests.toml", "fills");
    let path = file.to_str().unwrap();
    let before = read(&file);

    let out = orrery(&["test", "--bless", path]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains(&format!("blessed 12 expectations in {path}")), "{stdout}");

    let blessed = read(&file);
    insta::assert_snapshot!(blessed);
    // Every comment survives, where it was: the lines written before the
    // first filled key are unchanged.
    for line in before.lines().filter(|l| l.contains('#')) {
        let comment = &line[line.find('#').unwrap()..];
        assert!(blessed.contains(comment), "lost {comment:?}:\n{blessed}");
    }
    // The table of its own grows by its sites; `board = {}` becomes a picture of 3 ranks, the files and the closing quotes.
    assert_eq!(
        blessed.lines().count(),
        before.lines().count() + 2 + 5,
        "only the table of its own and the picture grow"
    );

    // A second blessing finds nothing empty and changes nothing.
    let again = orrery(&["test", "--bless", path]);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert!(!text(&again.stdout).contains("blessed"), "{}", text(&again.stdout));
    assert_eq!(read(&file), blessed);

    // And the blessed file holds.
    let test = orrery(&["test", path]);
    assert_eq!(test.status.code(), Some(0), "{}", text(&test.stderr));
    assert!(text(&test.stdout).contains("4 of 4 scenarios hold"), "{}", text(&test.stdout));
}

#[test]
fn an_empty_expectation_fails_without_bless() {
    let file = copy_fixture("bless_tic_tac_toe.tests.toml", "fails");
    let before = read(&file);
    let out = orrery(&["test", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("0 of 4 scenarios hold"), "{}", text(&out.stdout));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("`legal` is empty: `orrery test --bless` fills it in from the engine"), "{stderr}");
    assert!(stderr.contains("`hands.o` is empty"), "{stderr}");
    assert!(stderr.contains("`board` is empty"), "{stderr}");
    assert!(stderr.contains("tic_tac_toe.tests.toml:8:9"), "{stderr}");
    assert_eq!(read(&file), before, "without --bless the file is not touched");
}

#[test]
fn bless_leaves_wrong_and_unanswerable_expectations_and_says_so() {
    let file = copy_fixture("bless_wrong.tests.toml", "wrong");
    let path = file.to_str().unwrap();
    let out = orrery(&["test", "--bless", path]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("FAIL  "), "{stdout}");
    assert!(stdout.contains("0 of 3 scenarios hold"), "{stdout}");
    assert!(stdout.contains(&format!("blessed 2 expectations in {path}")), "{stdout}");
    let stderr = text(&out.stderr);
    for message in [
        "to move: expected `x`, found `o`",
        "`legal` is empty and cannot be filled",
        "write `legal_count = 0`",
        "the game has no counters",
        "`reason` is empty and cannot be filled",
        "remove `reason`",
        "--bless fills in only expectations written empty, never one that differs",
    ] {
        assert!(stderr.contains(message), "no {message:?} in:\n{stderr}");
    }
    // The board and the outcome are filled in; the rest is as written.
    insta::assert_snapshot!(read(&file));
}

/// Blessing a file whose scenarios are an array of inline tables, and one
/// whose key is no longer empty (a refusal, not an overwrite).
#[test]
fn apply_writes_inline_scenarios_and_never_overwrites() {
    use orrery::formats::bless::{Fill, Filled, apply};
    let text = "scenario = [{ name = \"a\", outcome = \"\" }]  # one\n";
    let fill = Fill { scenario: 0, path: vec!["outcome".into()], value: Filled::Text("none".into()) };
    let written = apply(text, std::slice::from_ref(&fill)).unwrap();
    assert_eq!(written, "scenario = [{ name = \"a\", outcome = \"none\" }]  # one\n");
    let again = apply(&written, &[fill]).unwrap_err();
    assert_eq!(again, "cannot fill `outcome`: it is not empty");
}

/// `legal_count = ""` is an empty expectation too: it fails until blessed,
/// and `--bless` writes the number, the comment after it kept; any other
/// text is refused.
#[test]
fn an_empty_legal_count_is_filled_in() {
    let dir = std::env::temp_dir().join(format!("orrery-bless-count-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy("games/tic_tac_toe.rules", dir.join("tic_tac_toe.rules")).unwrap();
    let file = dir.join("tic_tac_toe.tests.toml");
    std::fs::write(&file, "[[scenario]]\nname = \"after b2\"\nmoves = [\"b2\"]\nlegal_count = \"\"   # how many?\n")
        .unwrap();
    let path = file.to_str().unwrap();
    let out = orrery(&["test", path]);
    assert_eq!(out.status.code(), Some(1), "an empty expectation fails");
    assert!(text(&out.stderr).contains("`legal_count` is empty"), "{}", text(&out.stderr));
    assert_eq!(orrery(&["test", "--bless", path]).status.code(), Some(0));
    assert!(read(&file).contains("legal_count = 8   # how many?\n"), "{}", read(&file));
    assert_eq!(orrery(&["test", path]).status.code(), Some(0));
    std::fs::write(&file, "[[scenario]]\nname = \"after b2\"\nmoves = [\"b2\"]\nlegal_count = \"eight\"\n").unwrap();
    let out = orrery(&["test", path]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("`legal_count` is a number"), "{}", text(&out.stderr));
}

/// A board written as a picture of its rows: `--bless` writes one for a
/// square board (`board = {}` or `board = ""`), a graph board keeps naming
/// its sites; a picture that differs names each site that does, and one
/// that is not of this board says why.
#[test]
fn the_board_is_blessed_and_checked_as_a_picture() {
    let dir = std::env::temp_dir().join(format!("orrery-bless-picture-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy("games/tic_tac_toe.rules", dir.join("tic_tac_toe.rules")).unwrap();
    let file = dir.join("tic_tac_toe.tests.toml");
    std::fs::write(&file, "[[scenario]]\nname = \"three marks\"\nmoves = [\"b2\", \"a1\", \"c3\"]\nboard = \"\"\n")
        .unwrap();
    let path = file.to_str().unwrap();
    let out = orrery(&["test", "--bless", path]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let blessed = read(&file);
    assert!(blessed.ends_with("board = '''\n 3  . . X\n 2  . X .\n 1  O . .\n    a b c\n'''\n"), "{blessed}");
    assert_eq!(orrery(&["test", path]).status.code(), Some(0));

    // One symbol wrong: the site is named, with the board as it is.
    std::fs::write(&file, blessed.replace(" 1  O . .", " 1  . O .")).unwrap();
    let out = orrery(&["test", path]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("a1: expected `.`, found `O`;"), "{stderr}");
    assert!(stderr.contains("b1: expected `O`,") && stderr.contains("found `.`; it is now:"), "{stderr}");
    // A row missing, and a row too short.
    for (broken, why) in [
        (blessed.replace(" 2  . X .\n", ""), "the picture has 2 rows"),
        (blessed.replace(" 2  . X .", " 2  . X"), "rank 2 has 2 symbols"),
        (blessed.replace(" 3  . . X", " 4  . . X"), "row 1 is labelled 4, but"),
    ] {
        std::fs::write(&file, broken).unwrap();
        let out = orrery(&["test", path]);
        assert_eq!(out.status.code(), Some(1));
        assert!(text(&out.stderr).contains(why), "{why}: {}", text(&out.stderr));
    }

    // A graph board's sites are named, as before.
    std::fs::copy("games/zodiac.rules", dir.join("zodiac.rules")).unwrap();
    let zodiac = dir.join("zodiac.tests.toml");
    std::fs::write(&zodiac, "[[scenario]]\nname = \"start\"\nboard = {}\n").unwrap();
    let out = orrery(&["test", "--bless", zodiac.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(read(&zodiac).contains("board = { A090 = \"black disc\""), "{}", read(&zodiac));
}
