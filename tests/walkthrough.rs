//! The README's walk through a new author's first variant runs as
//! written: each command of its `sh` block (after the line marking it) is
//! run by bash, in order, with `orrery` on the PATH, in a fresh folder
//! that sees the bundled games as `games/`. A command that fails fails
//! the test, naming it.

use std::path::{Path, PathBuf};
use std::process::Command;

const MARK: &str = "<!-- walkthrough: tests/walkthrough.rs runs the block below -->";

/// The walkthrough's shell block, without `cargo` lines (the test has the
/// binary already).
fn walkthrough_script() -> String {
    let readme = std::fs::read_to_string("README.md").expect("readable");
    let after = readme.split(MARK).nth(1).expect("the README marks its walkthrough");
    let block = after.split("```sh\n").nth(1).and_then(|b| b.split("\n```").next()).expect("an sh block");
    block.lines().filter(|l| !l.trim_start().starts_with("cargo ")).collect::<Vec<_>>().join("\n")
}

#[test]
fn the_readme_walkthrough_runs_as_written() {
    let script = walkthrough_script();
    assert!(script.contains("orrery check") && script.contains("orrery test"), "{script}");
    let dir = std::env::temp_dir().join(format!("orrery-walkthrough-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).expect("a temporary folder");
    let games: PathBuf = std::fs::canonicalize("games").expect("the bundled games");
    std::os::unix::fs::symlink(&games, dir.join("games")).expect("a link to the games");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_orrery"), bin.join("orrery")).expect("a link to the binary");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    // Each command alone, so that a failure names it (a heredoc is one command).
    for command in commands(&script) {
        let out = Command::new("bash")
            .args(["-euo", "pipefail", "-c", &command])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "`{command}` failed ({}):\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(Path::new(&dir).join("my_variants").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The script's commands: lines, with a heredoc (`<<'EOF'` … `EOF`) kept
/// whole; comments and blank lines dropped.
fn commands(script: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut lines = script.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut command = line.to_string();
        if let Some(tag) = line.split("<<'").nth(1).and_then(|t| t.split('\'').next()) {
            for body in lines.by_ref() {
                command.push('\n');
                command.push_str(body);
                if body.trim() == tag {
                    break;
                }
            }
        }
        out.push(command);
    }
    out
}
