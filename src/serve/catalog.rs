//! The rule files a server offers: found in the files and folders it was
//! given (folders searched again at each listing, so new files appear),
//! each with its players, options and check status. Only these files can
//! be opened through the interface: a file or folder whose real path (links
//! followed) is outside the folders served is left out. A file's check is
//! kept and done again only when its text, or a base's, changed: reading
//! a file is microseconds, checking it milliseconds.

use crate::compile::LoadError;
use crate::diagnostics::{Severity, to_json};
use crate::engine::Game;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The files and folders given on the command line.
pub struct Catalog {
    roots: Vec<PathBuf>,
    /// The roots' real paths: what every file served must be inside.
    real_roots: Vec<PathBuf>,
    /// Each file's entry of the list, with the text it was checked from.
    checked: Mutex<HashMap<String, (String, Value)>>,
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
        let real_roots = roots.iter().filter_map(|root| root.canonicalize().ok()).collect();
        Catalog { roots, real_roots, checked: Mutex::default() }
    }

    /// The rule files, sorted; folders are searched with the folders inside them.
    pub fn files(&self) -> Vec<String> {
        let mut found = Vec::new();
        for root in &self.roots {
            if root.is_dir() {
                self.rules_in(root, &mut found, 0);
            } else if self.inside(root) {
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
        let files = self.files();
        let games: Vec<Value> = files.iter().map(|file| self.entry(file)).collect();
        super::sessions::lock(&self.checked).retain(|file, _| files.contains(file));
        json!({ "games": games })
    }

    /// One file's entry of the list: kept, or checked again if its text changed.
    pub fn entry(&self, file: &str) -> Value {
        let text = source_text(Path::new(file));
        if let Some((seen, entry)) = super::sessions::lock(&self.checked).get(file)
            && *seen == text
        {
            return entry.clone();
        }
        let checked = check(Path::new(file), &[]);
        let entry = describe(file, &checked);
        super::sessions::lock(&self.checked).insert(file.to_string(), (checked.text, entry.clone()));
        entry
    }

    /// Whether a path's real place is inside the files and folders served.
    fn inside(&self, path: &Path) -> bool {
        path.canonicalize().is_ok_and(|real| self.real_roots.iter().any(|root| real.starts_with(root)))
    }

    /// The `.rules` files in a folder and the folders inside it, a few levels
    /// deep, leaving out what links lead outside the roots.
    fn rules_in(&self, folder: &Path, found: &mut Vec<PathBuf>, depth: usize) {
        let Ok(entries) = std::fs::read_dir(folder) else { return };
        for path in entries.filter_map(|entry| entry.ok().map(|e| e.path())) {
            if !self.inside(&path) {
                continue;
            }
            if path.is_dir() {
                if depth < 4 {
                    self.rules_in(&path, found, depth + 1);
                }
            } else if path.extension().is_some_and(|e| e == "rules") {
                found.push(path);
            }
        }
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
