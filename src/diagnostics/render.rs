//! rustc-style rendering through miette: file:line:column, the source line,
//! the span underlined with a label, and a help line.

use super::{Diagnostic, Severity, Source};
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use std::fmt;

/// Adapter that lets miette draw one of our diagnostics: the part of it in
/// one file, with the parts in other files (a variant's base) as related
/// reports, each with its own file.
struct Drawn<'a> {
    diagnostic: &'a Diagnostic,
    /// The message shown: the diagnostic's own, or a pointer for a related part.
    message: String,
    source: NamedSource<String>,
    /// (start, length, message, primary) within `source`.
    labels: Vec<(usize, usize, String, bool)>,
    related: Vec<Drawn<'a>>,
    /// The part with the primary label (or the only part).
    main: bool,
}

impl fmt::Debug for Drawn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for Drawn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Drawn<'_> {}

impl miette::Diagnostic for Drawn<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.main.then(|| Box::new(self.diagnostic.code) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            _ if !self.main => miette::Severity::Advice,
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
            Severity::Note => miette::Severity::Advice,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diagnostic.help.as_ref().filter(|_| self.main).map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let labels = self.labels.iter().map(|(start, len, message, primary)| {
            let text = Some(message.clone());
            if *primary {
                LabeledSpan::new_primary_with_span(text, (*start, *len))
            } else {
                LabeledSpan::new_with_span(text, (*start, *len))
            }
        });
        Some(Box::new(labels))
    }

    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn miette::Diagnostic> + 'b>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(self.related.iter().map(|r| r as &dyn miette::Diagnostic)))
    }
}

/// The diagnostic split by the file each label points into: the primary
/// label's file first.
fn drawn<'a>(source: &Source, diagnostic: &'a Diagnostic) -> Drawn<'a> {
    let mut files: Vec<usize> = Vec::new();
    let primary_file = source.file_index(diagnostic.primary_span().start);
    files.push(primary_file);
    for label in &diagnostic.labels {
        let file = source.file_index(label.span.start);
        if !files.contains(&file) {
            files.push(file);
        }
    }
    let mut parts: Vec<Drawn<'a>> = files
        .iter()
        .map(|&file| {
            let offset = source.files.get(file).map_or(0, |f| f.1);
            let (name, start, end) = source.file_at(offset);
            let labels = diagnostic
                .labels
                .iter()
                .enumerate()
                .filter(|(_, l)| source.file_index(l.span.start) == file)
                .map(|(i, l)| {
                    let from = l.span.start.saturating_sub(start).min(end - start);
                    (from, l.span.len().min(end - start - from), l.message.clone(), i == 0)
                })
                .collect();
            Drawn {
                diagnostic,
                message: if file == primary_file { diagnostic.message.clone() } else { format!("see also {name}") },
                source: NamedSource::new(name, source.text[start..end].to_string()),
                labels,
                related: Vec::new(),
                main: file == primary_file,
            }
        })
        .collect();
    let mut main = parts.remove(0);
    main.related = parts;
    main
}

/// Renders one diagnostic. `color` selects ANSI colours for a terminal; tests
/// and snapshots use plain text.
pub fn render(source: &Source, diagnostic: &Diagnostic, color: bool) -> String {
    let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100).with_links(false);
    let drawn = drawn(source, diagnostic);
    let mut out = String::new();
    if handler.render_report(&mut out, &drawn).is_err() {
        out = format!("{}: {}\n", source.name, diagnostic.message);
    }
    out
}

/// Renders every diagnostic, then a summary line like rustc's.
pub fn render_all(source: &Source, diagnostics: &[Diagnostic], color: bool) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        out.push_str(&render(source, diagnostic, color));
        out.push('\n');
    }
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = diagnostics.len() - errors;
    if errors + warnings > 0 {
        out.push_str(&format!("{}: {} error(s), {} warning(s)\n", source.name, errors, warnings));
    }
    out
}
