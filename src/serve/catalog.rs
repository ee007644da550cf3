//! The rule files a server offers: found in the files and folders it was
//! given (folders searched again at each listing, so new files appear),
//! each with its players, options and check status. Only these files can
//! be opened through the interface.

use crate::compile::LoadError;
use crate::diagnostics::{Severity, to_json};
use crate::engine::Game;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The files and folders given on the command line.
pub struct Catalog {
    roots: Vec<PathBuf>,
}

/// A rule file read and checked: the game (with its default options) or
/// the diagnostics that stop it.
pub struct Checked {
    /// The text of the file and its bases, to notice edits.
    pub text: String,
    pub game: Result<Arc<Game>, Value>,
    /// Every diagnostic (warnings too), as `orrery check --format json` gives them.
    pub diagnostics: Value,
}

impl Checked {
    /// `ok`, `warnings` or `errors`.
    pub fn status(&self) -> &'static str {
        match (&self.game, self.diagnostics.as_array().is_some_and(|d| !d.is_empty())) {
            (Err(_), _) => "errors",
            (Ok(_), true) => "warnings",
            (Ok(_), false) => "ok",
        }
    }
}

impl Catalog {
    pub fn new(roots: Vec<PathBuf>) -> Catalog {
        Catalog { roots }
    }

    /// The rule files, sorted; folders are searched with the folders inside them.
    pub fn files(&self) -> Vec<String> {
        let mut found = Vec::new();
        for root in &self.roots {
            if root.is_dir() {
                rules_in(root, &mut found, 0);
            } else {
                found.push(root.clone());
            }
        }
        let mut names: Vec<String> = found.iter().map(|p| p.display().to_string()).collect();
        names.sort();
        names.dedup();
        names
    }

    /// The path of a file the catalog offers, named as `files` names it.
    pub fn find(&self, file: &str) -> Option<PathBuf> {
        self.files().into_iter().find(|f| f == file).map(PathBuf::from)
    }

    /// Every file with its game's title, players, options and check status.
    pub fn list(&self) -> Value {
        let games: Vec<Value> = self.files().iter().map(|file| describe(file, &check(Path::new(file), &[]))).collect();
        json!({ "games": games })
    }
}

/// One file of the list.
pub fn describe(file: &str, checked: &Checked) -> Value {
    let mut entry = json!({
        "file": file,
        "status": checked.status(),
        "diagnostics": checked.diagnostics,
    });
    match &checked.game {
        Ok(game) => {
            entry["name"] = json!(game.title);
            entry["players"] = json!(game.players);
            entry["options"] = options(game);
        }
        Err(_) => {
            entry["name"] = json!(Path::new(file).file_stem().map(|s| s.to_string_lossy().to_string()));
            entry["players"] = json!([]);
            entry["options"] = json!([]);
        }
    }
    entry
}

/// The game's options: name, default, kind, what it does, and the value in force.
pub fn options(game: &Game) -> Value {
    let list: Vec<Value> = game
        .options
        .iter()
        .zip(&game.option_values)
        .map(|(o, &value)| {
            let shown = |v: i64| if o.is_bool { json!(v != 0) } else { json!(v) };
            json!({
                "name": o.name,
                "kind": if o.is_bool { "bool" } else { "number" },
                "default": shown(o.default),
                "value": shown(value),
                "doc": o.doc,
            })
        })
        .collect();
    Value::Array(list)
}

/// Reads, checks and compiles a rule file with option overrides.
pub fn check(path: &Path, options: &[(String, String)]) -> Checked {
    let text = source_text(path);
    match Game::load_with_options(path, options) {
        Ok(game) => Checked { text, diagnostics: to_json(&game.source, &game.warnings), game: Ok(game) },
        Err(LoadError::Invalid(report)) => {
            let diagnostics = to_json(&report.source, &report.diagnostics);
            Checked { text, game: Err(diagnostics.clone()), diagnostics }
        }
        Err(e @ LoadError::Io { .. }) => {
            let diagnostics = json!([{
                "file": path.display().to_string(),
                "severity": Severity::Error,
                "code": "io",
                "message": e.to_string(),
                "line": 0,
                "column": 0,
                "labels": [],
                "help": null,
            }]);
            Checked { text, game: Err(diagnostics.clone()), diagnostics }
        }
    }
}

/// The text of a rule file and its bases, as loading reads them (empty
/// when unreadable): what an edit changes.
pub fn source_text(path: &Path) -> String {
    crate::variants::load_source(path).map(|(source, _)| source.text).unwrap_or_default()
}

/// The `.rules` files in a folder and the folders inside it, a few levels deep.
fn rules_in(folder: &Path, found: &mut Vec<PathBuf>, depth: usize) {
    let Ok(entries) = std::fs::read_dir(folder) else { return };
    for path in entries.filter_map(|entry| entry.ok().map(|e| e.path())) {
        if path.is_dir() {
            if depth < 4 {
                rules_in(&path, found, depth + 1);
            }
        } else if path.extension().is_some_and(|e| e == "rules") {
            found.push(path);
        }
    }
}
