//! `orrery new`, `orrery completions`, and help text for every argument, run
//! as a user would.

use crate::run::orrery;
use clap::CommandFactory;
use std::path::PathBuf;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder per test, so tests running side by side never meet.
fn fresh_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("orrery-new-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_new_game_checks_clean_and_its_scenarios_hold() {
    let dir = fresh_dir("clean");
    let dir_arg = dir.to_str().unwrap();
    let out = orrery(&["new", "three_stones", "--dir", dir_arg]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rules = dir.join("three_stones.rules");
    let rules_text = std::fs::read_to_string(&rules).unwrap();
    assert!(rules_text.contains("game \"three stones\""), "{rules_text}");
    assert!(!rules_text.contains("{{"), "a placeholder left unfilled: {rules_text}");
    assert!(dir.join("three_stones.tests.toml").exists());

    let out = orrery(&["check", rules.to_str().unwrap()]);
    let all = text(&out.stdout) + &text(&out.stderr);
    assert!(out.status.success(), "{all}");
    assert!(!all.to_lowercase().contains("warning"), "{all}");

    let out = orrery(&["test", rules.to_str().unwrap()]);
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    assert!(text(&out.stdout).contains("3 of 3 scenarios hold"), "{}", text(&out.stdout));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn new_refuses_to_overwrite_and_leaves_the_files_as_they_were() {
    let dir = fresh_dir("twice");
    let dir_arg = dir.to_str().unwrap();
    assert!(orrery(&["new", "game", "--dir", dir_arg]).status.success());
    let rules = dir.join("game.rules");
    std::fs::write(&rules, "# mine\n").unwrap();

    let out = orrery(&["new", "game", "--dir", dir_arg]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("already exists"), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&rules).unwrap(), "# mine\n");

    // Only the scenario file there: still refused, and no rule file written.
    std::fs::remove_file(&rules).unwrap();
    let out = orrery(&["new", "game", "--dir", dir_arg]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("game.tests.toml already exists"), "{}", text(&out.stderr));
    assert!(!rules.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn new_refuses_a_name_that_is_not_a_file_stem() {
    let dir = fresh_dir("bad-name");
    for name in ["my game", "a.b", "../escape", "x/y"] {
        let out = orrery(&["new", name, "--dir", dir.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(1), "{name}");
        assert!(text(&out.stderr).contains("not a valid game name"), "{name}: {}", text(&out.stderr));
    }
    assert!(!dir.exists(), "a refused name wrote something");
}

#[test]
fn completions_print_a_script_for_the_shell() {
    let out = orrery(&["completions", "bash"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("orrery"), "{}", text(&out.stdout));
}

#[test]
fn every_argument_of_every_subcommand_has_help() {
    let mut command = orrery::cli::Cli::command();
    command.build();
    let mut missing = Vec::new();
    let mut pending = vec![(String::from("orrery"), command)];
    while let Some((path, command)) = pending.pop() {
        if command.get_about().is_none() {
            missing.push(path.clone());
        }
        for arg in command.get_arguments() {
            let generated = matches!(arg.get_id().as_str(), "help" | "version");
            if !generated && arg.get_help().is_none() {
                missing.push(format!("{path} {}", arg.get_id()));
            }
        }
        for sub in command.get_subcommands() {
            pending.push((format!("{path} {}", sub.get_name()), sub.clone()));
        }
    }
    assert!(missing.is_empty(), "no help text for: {missing:?}");
}
