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
    assert_eq!(run.results.iter().filter(|(_, ok)| !ok).count(), 4);
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
