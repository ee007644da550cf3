//! `orrery show FILE [--option NAME=VALUE]`: the whole rule file a variant
//! resolves to, each item marked with the file and line it comes from; with
//! options, each option set on the command line written with its value, as
//! if the file said so, and its default noted.

use super::common::{color, load_game, parse_options};
use crate::diagnostics::{render_all, terminal_safe};
use crate::engine::Game;
use crate::variants::{load_source, show};
use std::path::Path;

pub fn run(file: &Path, options: &[String]) -> i32 {
    let (source, loading) = match load_source(file) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", file.display());
            return 1;
        }
    };
    if !loading.is_empty() {
        eprint!("{}", render_all(&source, &loading, color()));
        return 1;
    }
    let (resolved, diagnostics) = show::resolve(&source);
    if diagnostics.iter().any(|d| d.is_error()) {
        eprint!("{}", render_all(&source, &diagnostics, color()));
        return 1;
    }
    let text = show::show(&resolved, &source);
    // The file's own text, strings and all: shown safe for a terminal.
    if options.is_empty() {
        print!("{}", terminal_safe(&text));
        return 0;
    }
    // The game compiled with the options checks their names and values.
    let Ok(game) = load_game(file, options) else { return 1 };
    let Ok(set) = parse_options(options) else { return 1 };
    let lines: Vec<String> = text.lines().map(|line| set_options(line, &game, &set)).collect();
    println!("{}", terminal_safe(&lines.join("\n")));
    0
}

/// `line` with an option's value replaced by the one `set` gives it, if it
/// declares one of those options (`option NAME = VALUE …`), the default
/// noted in a comment; any other line unchanged.
pub(super) fn set_options(line: &str, game: &Game, set: &[(String, String)]) -> String {
    let Some((name, value_at)) = declared_option(line) else { return line.to_string() };
    let Some(i) = game.options.iter().position(|o| o.name == name) else { return line.to_string() };
    if !set.iter().any(|(n, _)| *n == name) {
        return line.to_string();
    }
    let def = &game.options[i];
    let written = |v: i64| if def.is_bool { (v != 0).to_string() } else { v.to_string() };
    let rest = &line[value_at..];
    let old_len = rest.find(|c: char| c.is_whitespace() || c == '"' || c == '#').unwrap_or(rest.len());
    format!(
        "{}{}{}  # set by --option; the file's default is {}",
        &line[..value_at],
        written(game.option_values[i]),
        rest[old_len..].trim_end(),
        written(def.default)
    )
}

/// The option a line declares (`option NAME = VALUE`), and where its value starts.
fn declared_option(line: &str) -> Option<(&str, usize)> {
    let start = line.len() - line.trim_start().len();
    let rest = line[start..].strip_prefix("option")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let after_keyword = line.len() - rest.trim_start().len();
    let name_len = line[after_keyword..].find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    let name = &line[after_keyword..after_keyword + name_len];
    let rest = line[after_keyword + name_len..].trim_start().strip_prefix('=')?;
    Some((name, line.len() - rest.trim_start().len()))
}
