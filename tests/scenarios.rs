//! Scenario files (`orrery test`): the bundled games' scenario files all
//! hold, and a failing or malformed scenario is reported with its span.

use orrery::diagnostics::render_all;
use orrery::formats::scenario::{run_file, scenarios_for};
use std::path::Path;

#[test]
fn the_bundled_scenarios_hold() {
    for game in [
        "man_in_the_moon",
        "zodiac",
        "sun_and_moon",
        "flying_obelisks",
        "gomoku",
        "english_draughts",
        "chess",
        "amazons",
        "international_draughts",
        "kalah",
        "oware",
        "backgammon",
        "tablut",
        "go",
        "minishogi",
    ] {
        let rules = format!("games/{game}.rules");
        let scenarios = scenarios_for(Path::new(&rules));
        let run = run_file(Path::new(&rules), &scenarios).expect("the scenario file runs");
        assert!(run.results.len() >= 4, "{game}: {} scenarios", run.results.len());
        assert!(run.diagnostics.is_empty(), "{}", render_all(&run.source, &run.diagnostics, false));
    }
}

#[test]
fn failing_scenarios_say_what_does_not_hold() {
    let run = run_file(Path::new("games/zodiac.rules"), Path::new("tests/scenarios/wrong.tests.toml")).expect("runs");
    assert_eq!(run.results.iter().filter(|r| !r.holds).count(), 4);
    let rendered = render_all(&run.source, &run.diagnostics, false);
    insta::assert_snapshot!(rendered);
}

#[test]
fn a_malformed_scenario_file_is_an_error_with_a_span() {
    let Err(report) = run_file(Path::new("games/zodiac.rules"), Path::new("tests/scenarios/malformed.tests.toml"))
    else {
        panic!("a misspelt key is an error");
    };
    let rendered = render_all(&report.source, &report.diagnostics, false);
    assert!(rendered.contains("legal_cont"), "{rendered}");
    assert!(rendered.contains("malformed.tests.toml:3"), "{rendered}");
    assert!(rendered.contains("did you mean `legal_count`?"), "{rendered}");
}

/// An option's value that is neither a whole number, a truth value nor a
/// string (`2.5`) reaches the game, which says the option cannot take it,
/// at the scenario that set it.
#[test]
fn an_option_value_of_another_kind_is_refused_by_the_game() {
    let dir = std::env::temp_dir().join(format!("orrery-option-kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kinds.tests.toml");
    std::fs::write(&file, "[[scenario]]\nname = \"half a ply\"\noptions = { max_plies = 2.5 }\nlegal_count = 1\n")
        .unwrap();
    let run = run_file(Path::new("games/sun_moon_and_stars.rules"), &file).expect("runs");
    let text = render_all(&run.source, &run.diagnostics, false);
    assert!(text.contains("cannot be `2.5`"), "{text}");
    assert!(text.contains("half a ply"), "{text}");
}

/// A scenario file in a fresh folder beside a copy of Tic-Tac-Toe; the
/// rendered diagnostics of running it.
fn run_tic_tac_toe_scenarios(test: &str, scenarios: &str) -> String {
    let dir = std::env::temp_dir().join(format!("orrery-scenarios-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("tic_tac_toe.rules");
    std::fs::copy("games/tic_tac_toe.rules", &rules).unwrap();
    std::fs::write(scenarios_for(&rules), scenarios).unwrap();
    let run = run_file(&rules, &scenarios_for(&rules)).expect("runs");
    render_all(&run.source, &run.diagnostics, false)
}

/// Perft counts are compared depth by depth, and the first difference ends
/// the comparison: a list as long as 1,000 depths cannot make `orrery test`
/// count to depth 1,000 when depth 1 is already wrong.
#[test]
fn perft_stops_at_the_first_wrong_depth() {
    let ones = ["1"; 12].join(", ");
    let rendered =
        run_tic_tac_toe_scenarios("perft-first", &format!("[[scenario]]\nname = \"ones\"\nperft = [{ones}]\n"));
    assert!(rendered.contains("perft(1): expected 1, found 9"), "{rendered}");
    assert_eq!(rendered.matches("perft(").count(), 1, "{rendered}");

    let rendered =
        run_tic_tac_toe_scenarios("perft-second", "[[scenario]]\nname = \"right then wrong\"\nperft = [9, 7, 1]\n");
    assert!(rendered.contains("perft(2): expected 7, found 72"), "{rendered}");
    assert_eq!(rendered.matches("perft(").count(), 1, "{rendered}");
}

/// A list longer than the deepest count the CLI allows is refused at its
/// span, before any counting.
#[test]
fn a_perft_list_deeper_than_the_limit_is_refused_with_its_span() {
    let ones = ["1"; 1000].join(", ");
    let started = std::time::Instant::now();
    let rendered =
        run_tic_tac_toe_scenarios("perft-long", &format!("[[scenario]]\nname = \"deep\"\nperft = [{ones}]\n"));
    assert!(rendered.contains("perft lists 1000 depths; at most 64 are counted"), "{rendered}");
    assert!(rendered.contains("tic_tac_toe.tests.toml:3:"), "{rendered}");
    assert!(started.elapsed().as_secs() < 10, "took {:?}", started.elapsed());
}

/// Every misspelt key of every scenario is reported in one run, each at
/// its key with the nearest one (serde alone stops at the first).
#[test]
fn every_unknown_key_is_reported_in_one_run() {
    let dir = std::env::temp_dir().join(format!("orrery-unknown-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("keys.tests.toml");
    std::fs::write(
        &file,
        "[[scenario]]\nname = \"a\"\nmoves = [\"b2\"]\nlegall = [\"a1\"]\n\n[[scenario]]\nname = \"b\"\noutcme = \"none\"\nzzz = 1\n",
    )
    .unwrap();
    let Err(report) = run_file(Path::new("games/tic_tac_toe.rules"), &file) else { panic!("misspelt keys are errors") };
    let rendered = render_all(&report.source, &report.diagnostics, false);
    assert_eq!(report.diagnostics.len(), 3, "{rendered}");
    assert!(rendered.contains("keys.tests.toml:4:1") && rendered.contains("did you mean `legal`?"), "{rendered}");
    assert!(rendered.contains("keys.tests.toml:8:1") && rendered.contains("did you mean `outcome`?"), "{rendered}");
    assert!(rendered.contains("unknown key `zzz`") && rendered.contains("the keys of a scenario are"), "{rendered}");
}

/// The list of scenario keys in messages is asked of serde, so it follows
/// the struct: every key a scenario reads, and only those.
#[test]
fn field_names_are_the_ones_serde_reads() {
    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Two {
        first: u8,
        #[serde(rename = "later")]
        second: String,
    }
    assert_eq!(orrery::formats::field_names::field_names::<Two>(), ["first", "later"]);
    assert!(orrery::formats::field_names::field_names::<u8>().is_empty());
}
