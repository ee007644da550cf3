//! Reading a rule file and, for a variant, its bases: the texts one after
//! another in one source, the root base first.

use crate::diagnostics::{Diagnostic, Source};
use crate::syntax::span::{Span, Spanned};
use std::path::{Path, PathBuf};

/// Reads `path`; for a variant, its bases too. The diagnostics are the
/// loading's own (a base not found, a cycle); an unreadable `path` itself
/// is an I/O error.
pub fn load_source(path: &Path) -> std::io::Result<(Source, Vec<Diagnostic>)> {
    load_chain(path, None, &mut Vec::new())
}

/// As [`load_source`], for a file whose text is given rather than read (an
/// editor's unsaved text): its bases are still found from `path`'s folder.
pub fn load_source_text(path: &Path, text: String) -> (Source, Vec<Diagnostic>) {
    match load_chain(path, Some(text.clone()), &mut Vec::new()) {
        Ok(loaded) => loaded,
        // Only the given file's own text is never read.
        Err(_) => (Source::new(path.display().to_string(), text), Vec::new()),
    }
}

fn load_chain(
    path: &Path,
    given: Option<String>,
    chain: &mut Vec<PathBuf>,
) -> std::io::Result<(Source, Vec<Diagnostic>)> {
    let text = match given {
        Some(text) => text,
        None => std::fs::read_to_string(path)?,
    };
    let name = path.display().to_string();
    let own = Source::new(name.clone(), text);
    let Some(base) = variant_of(&own.text) else { return Ok((own, Vec::new())) };
    let Some(base_path) = find_base(path, &base.node) else {
        let diagnostic = Diagnostic::error("E0801", format!("no rule file `{}` to be a variant of", base.node))
            .with_label(base.span, "not found")
            .with_help(
                "name a rule file by its path from this file (`../base.rules`), or a game by its name \
                 (`base`), found as NAME.rules or games/NAME.rules in this file's folder or a folder above it",
            );
        return Ok((own, vec![diagnostic]));
    };
    let canonical = base_path.canonicalize().unwrap_or_else(|_| base_path.clone());
    let here = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
    if chain.is_empty() {
        chain.push(here);
    }
    if let Some(first) = chain.iter().position(|p| *p == canonical) {
        let mut names: Vec<String> = chain[first..].iter().map(|p| file_name(p)).collect();
        names.push(file_name(&canonical));
        let diagnostic = Diagnostic::error("E0802", "these variants form a cycle")
            .with_label(base.span, format!("{} is a variant of itself", file_name(&canonical)))
            .with_help(format!("the chain: {}; one of them must be a whole rule file", names.join(" -> ")));
        return Ok((own, vec![diagnostic]));
    }
    chain.push(canonical);
    let loaded = load_chain(&base_path, None, chain);
    chain.pop();
    let (base_source, diagnostics) = match loaded {
        Ok(loaded) => loaded,
        Err(error) => {
            let diagnostic = Diagnostic::error("E0801", format!("cannot read `{}`: {error}", base_path.display()))
                .with_label(base.span, "the base named here");
            return Ok((own, vec![diagnostic]));
        }
    };
    // The base's text first, so that its spans stay as they were. The
    // variant's own diagnostics here come only when there is no base.
    let mut text = base_source.text;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    let offset = text.len();
    text.push_str(&own.text);
    let mut files = base_source.files;
    if files.is_empty() {
        files.push((base_source.name, 0));
    }
    files.push((name.clone(), offset));
    Ok((Source { name, text, files }, diagnostics))
}

fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// The base a rule file names with `variant of "BASE"`, if it does: an item
/// at the start of a line. Read without parsing the whole file (that comes
/// later, once, on the text of all the files together).
fn variant_of(text: &str) -> Option<Spanned<String>> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let Some(rest) = line.strip_prefix("variant") else { continue };
        let rest = rest.trim_start();
        let Some(rest) = rest.strip_prefix("of") else { continue };
        let open = line.len() - rest.len() + rest.find('"')?;
        let close = open + 1 + line[open + 1..].find('"')?;
        let span = Span::new(start + open, start + close + 1);
        return Some(Spanned::new(line[open + 1..close].to_string(), span));
    }
    None
}

/// Where the base named `base` is: a path from the variant's folder, or a
/// game's name looked up as NAME.rules or games/NAME.rules in the variant's
/// folder and each folder above it.
fn find_base(variant: &Path, base: &str) -> Option<PathBuf> {
    let folder = variant.parent().unwrap_or(Path::new(""));
    if base.ends_with(".rules") || base.contains('/') {
        let path = tidy(&folder.join(base));
        return path.is_file().then_some(path);
    }
    let file = format!("{base}.rules");
    folder.ancestors().flat_map(|dir| [dir.join(&file), dir.join("games").join(&file)]).find(|p| p.is_file())
}

/// A path without `.` and without a folder followed by `..`
/// (`games/variants/../base.rules` is `games/base.rules`), so messages
/// name the base as a person would; `..` at the start stays.
fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut parts: Vec<Component> = Vec::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if matches!(parts.last(), Some(Component::Normal(_))) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.iter().collect()
}
