//! `orrery show FILE`: the whole rule file a variant resolves to, each item
//! marked with the file and line it comes from.

use super::common::color;
use crate::diagnostics::render_all;
use crate::variants::{load_source, show};
use std::path::Path;

pub fn run(file: &Path) -> i32 {
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
    print!("{}", show::show(&resolved, &source));
    0
}
