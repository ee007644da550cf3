//! `orrery new NAME`: a starter rule file and its scenario file, both
//! checking clean, so a new game begins from something that runs.

use crate::formats::scenario::scenarios_for;
use std::path::{Path, PathBuf};

const RULES_TEMPLATE: &str = include_str!("templates/starter.rules");
const SCENARIOS_TEMPLATE: &str = include_str!("templates/starter.tests.toml");

pub fn run(name: &str, dir: &Path) -> i32 {
    match create(name, dir) {
        Ok((rules, scenarios)) => {
            println!("created {} and {}", rules.display(), scenarios.display());
            println!("next: orrery check {0} && orrery test {0}", rules.display());
            0
        }
        Err(message) => {
            eprintln!("error: {message}");
            1
        }
    }
}

/// Writes both files, or neither when either is already there.
fn create(name: &str, dir: &Path) -> Result<(PathBuf, PathBuf), String> {
    if !is_file_stem(name) {
        return Err(format!("`{name}` is not a valid game name: use letters, digits, `_` and `-` (as in my_game)"));
    }
    let rules = dir.join(format!("{name}.rules"));
    let scenarios = scenarios_for(&rules);
    // Both checked before either is written, so a refusal leaves nothing half made.
    for path in [&rules, &scenarios] {
        if path.exists() {
            return Err(format!("{} already exists; not overwriting it", path.display()));
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let title = name.replace('_', " ");
    write_new(&rules, &fill(RULES_TEMPLATE, name, &title))?;
    if let Err(e) = write_new(&scenarios, &fill(SCENARIOS_TEMPLATE, name, &title)) {
        // Neither or both: a rule file without its scenarios is taken back.
        let _ = std::fs::remove_file(&rules);
        return Err(e);
    }
    Ok((rules, scenarios))
}

/// ASCII letters, digits, `_` and `-`: a name that is safe as a file stem on every
/// system and needs no escaping inside the rule file's quoted title.
fn is_file_stem(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

fn fill(template: &str, name: &str, title: &str) -> String {
    template.replace("{{NAME}}", name).replace("{{TITLE}}", title)
}

/// Never over an existing file, even one made between the check and the
/// write; a failed write leaves no partial file.
fn write_new(path: &Path, text: &str) -> Result<(), String> {
    crate::safe_write::create_new(path, text.as_bytes()).map_err(|e| format!("cannot write {}: {e}", path.display()))
}
