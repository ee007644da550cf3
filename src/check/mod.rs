//! Checking a rule file: declarations and name lookups with "did you mean"
//! hints ([`scope`], from [`crate::diagnostics::suggest`]), and warnings
//! for what is legal but suspicious ([`lints`]). Every finding carries a span.

pub mod lints;
mod named_conditions;
pub mod scope;

use crate::diagnostics::{Diagnostic, Source};

/// Checks a rule file and returns every error and warning, sorted by position.
pub fn check(source: &Source) -> Vec<Diagnostic> {
    crate::compile::compile(source, &[]).1
}
