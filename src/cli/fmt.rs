//! `orrery fmt`: rule files rewritten in the canonical layout
//! (src/syntax/format.rs), in place, checked (`--check`, for CI) or printed
//! (`--stdout`).

use super::common::color;
use crate::diagnostics::{Source, render_all};
use crate::syntax::format::{FormatError, format};
use std::path::{Path, PathBuf};

/// What to do with a formatted file.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Rewrite the files that change.
    Write,
    /// Write nothing; list the files that would change.
    Check,
    /// Print every file formatted.
    Stdout,
}

/// Exit code 1 when a file could not be formatted, or, with `Mode::Check`,
/// when one would change.
pub fn run(paths: &[PathBuf], mode: Mode) -> i32 {
    if paths.iter().any(|p| p.as_os_str() == "-") {
        return standard_input(paths, mode);
    }
    let files = match super::check::rule_files(paths) {
        Ok(files) => files,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let mut failed = false;
    let mut changing = 0;
    for file in &files {
        match format_file(file, mode) {
            Ok(changed) => changing += usize::from(changed),
            Err(()) => failed = true,
        }
    }
    if mode == Mode::Check && changing > 0 {
        eprintln!("{changing} of {} file(s) would be reformatted; `orrery fmt` rewrites them", files.len());
        failed = true;
    }
    i32::from(failed)
}

/// `orrery fmt -`: the rule file on standard input, printed formatted (with
/// `--check`, nothing printed: exit code 1 if it would change). Diagnostics
/// name it `<stdin>`.
fn standard_input(paths: &[PathBuf], mode: Mode) -> i32 {
    if paths.len() > 1 {
        eprintln!("error: `-` (standard input) is formatted alone; name no other file with it");
        return 2;
    }
    let mut text = String::new();
    if let Err(e) = std::io::Read::read_to_string(&mut std::io::stdin(), &mut text) {
        eprintln!("error: cannot read standard input: {e}");
        return 1;
    }
    let mode = if mode == Mode::Check { Mode::Check } else { Mode::Stdout };
    match format_text(Path::new("<stdin>"), text, mode) {
        Ok(true) if mode == Mode::Check => 1,
        Ok(_) => 0,
        Err(()) => 1,
    }
}

/// Formats one file as `mode` says; whether it changes. Errors are printed.
fn format_file(file: &Path, mode: Mode) -> Result<bool, ()> {
    let text = std::fs::read_to_string(file).map_err(|e| eprintln!("error: cannot read {}: {e}", file.display()))?;
    format_text(file, text, mode)
}

/// Formats the text of `file` as `mode` says; whether it changes.
fn format_text(file: &Path, text: String, mode: Mode) -> Result<bool, ()> {
    let formatted = match format(&text) {
        Ok(formatted) => formatted,
        Err(FormatError::Syntax(diagnostics)) => {
            let source = Source::new(file.display().to_string(), text);
            eprint!("{}", render_all(&source, &diagnostics, color()));
            eprintln!("error {}: not formatted, it does not parse", file.display());
            return Err(());
        }
        Err(FormatError::Unsafe(why)) => {
            eprintln!("error {}: not formatted: {why} (please report this)", file.display());
            return Err(());
        }
    };
    let changed = formatted != text;
    match mode {
        Mode::Stdout => print!("{formatted}"),
        Mode::Check if changed => println!("would reformat {}", file.display()),
        Mode::Check => {}
        Mode::Write if changed => {
            crate::safe_write::replace(file, formatted.as_bytes())
                .map_err(|e| eprintln!("error: cannot write {}: {e}; the file is unchanged", file.display()))?;
            println!("formatted {}", file.display());
        }
        Mode::Write => {}
    }
    Ok(changed)
}
