//! Diagnostics: errors and warnings about a rule file or a position file,
//! each with a span, rendered rustc-style (via miette) or as JSON for tools.

pub mod escape;
mod json;
mod render;
pub mod suggest;

pub use escape::terminal_safe;
pub use json::to_json;
pub use render::{render, render_all};

use crate::syntax::span::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
    /// Information, not a fault (`orrery explain` showing the rule that makes a move).
    Note,
}

/// A labelled span: what is wrong right there.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

/// One finding about a source file.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// A stable code such as `E0102`, for tools and for looking things up.
    pub code: &'static str,
    pub message: String,
    pub labels: Vec<Label>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Error, code, message: message.into(), labels: Vec::new(), help: None }
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Warning, code, message: message.into(), labels: Vec::new(), help: None }
    }

    pub fn note(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic { severity: Severity::Note, code, message: message.into(), labels: Vec::new(), help: None }
    }

    pub fn with_label(mut self, span: Span, message: impl Into<String>) -> Self {
        self.labels.push(Label { span, message: message.into() });
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_optional_help(mut self, help: Option<String>) -> Self {
        if help.is_some() {
            self.help = help;
        }
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// Where the diagnostic starts: its first label, or the start of the file.
    pub fn primary_span(&self) -> Span {
        self.labels.first().map_or(Span::default(), |l| l.span)
    }
}

/// A named source text that diagnostics point into. A variant and its bases
/// are one text, the files one after another (the root base first), and
/// `files` says where each begins, so that a span names its own file.
#[derive(Clone, Debug)]
pub struct Source {
    pub name: String,
    pub text: String,
    /// (file name, offset where its text begins), in order; empty for a
    /// text of one file.
    pub files: Vec<(String, usize)>,
}

impl Source {
    /// A source of one file. Its text is kept as editors write it but for a
    /// byte-order mark, dropped, and bare CRs, read as LF (see
    /// [`crate::syntax::input`]): offsets count from after the mark.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        Source { name: name.into(), text: crate::syntax::input::normalized(text.into()), files: Vec::new() }
    }

    /// The file an offset falls in: its name, and where its text begins and ends.
    pub fn file_at(&self, offset: usize) -> (&str, usize, usize) {
        let index = self.files.iter().rposition(|(_, start)| *start <= offset);
        match index {
            None => (&self.name, 0, self.text.len()),
            Some(i) => {
                let end = self.files.get(i + 1).map_or(self.text.len(), |(_, start)| *start);
                (&self.files[i].0, self.files[i].1, end)
            }
        }
    }

    /// Which file (0: the root base) an offset falls in.
    pub fn file_index(&self, offset: usize) -> usize {
        self.files.iter().rposition(|(_, start)| *start <= offset).unwrap_or(0)
    }

    /// The file, line and column (from 1) of an offset.
    pub fn locate(&self, offset: usize) -> (&str, usize, usize) {
        let (name, start, end) = self.file_at(offset);
        let (line, column) =
            crate::syntax::span::line_col(&self.text[start..end], offset.saturating_sub(start).min(end - start));
        (name, line, column)
    }
}

/// How many diagnostics of one source are shown, in text and in `check`'s
/// JSON: the first ones, then how many more there are. A file of thousands
/// of mistakes (a generated one, a line copied ten thousand times) would
/// otherwise print for minutes and hold gigabytes.
pub const SHOWN: usize = 100;

/// The diagnostics after the first [`SHOWN`]: how many errors, and how many
/// warnings and notes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct NotShown {
    pub errors: usize,
    pub warnings: usize,
}

impl NotShown {
    pub fn of(diagnostics: &[Diagnostic]) -> Self {
        let rest = diagnostics.get(SHOWN..).unwrap_or_default();
        let errors = rest.iter().filter(|d| d.is_error()).count();
        NotShown { errors, warnings: rest.len() - errors }
    }

    pub fn is_empty(&self) -> bool {
        self.errors + self.warnings == 0
    }
}

/// "and 2546 more errors", "and 3 more errors and 1 more warning".
impl std::fmt::Display for NotShown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let count = |n: usize, what: &str| format!("{n} more {what}{}", if n == 1 { "" } else { "s" });
        let parts: Vec<String> = [(self.errors, "error"), (self.warnings, "warning")]
            .into_iter()
            .filter(|&(n, _)| n > 0)
            .map(|(n, what)| count(n, what))
            .collect();
        write!(f, "and {}", parts.join(" and "))
    }
}

/// Diagnostics about one source, sorted by position, errors and warnings together.
#[derive(Clone, Debug)]
pub struct Report {
    pub source: Source,
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    pub fn warning_count(&self) -> usize {
        self.diagnostics.len() - self.error_count()
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&render_all(&self.source, &self.diagnostics, false))
    }
}

impl std::error::Error for Report {}
