//! rustc-style rendering through miette: file:line:column, the source line,
//! the span underlined with a label, and a help line.

use super::{Diagnostic, Severity, Source};
use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use std::fmt;

/// Adapter that lets miette draw one of our diagnostics.
struct Drawn<'a> {
    diagnostic: &'a Diagnostic,
    source: NamedSource<String>,
}

impl fmt::Debug for Drawn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic.message)
    }
}

impl fmt::Display for Drawn<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagnostic.message)
    }
}

impl std::error::Error for Drawn<'_> {}

impl miette::Diagnostic for Drawn<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.diagnostic.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diagnostic.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diagnostic.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let labels = self.diagnostic.labels.iter().enumerate().map(|(i, label)| {
            let span = (label.span.start, label.span.len());
            let text = Some(label.message.clone());
            if i == 0 { LabeledSpan::new_primary_with_span(text, span) } else { LabeledSpan::new_with_span(text, span) }
        });
        Some(Box::new(labels))
    }
}

/// Renders one diagnostic. `color` selects ANSI colours for a terminal; tests
/// and snapshots use plain text.
pub fn render(source: &Source, diagnostic: &Diagnostic, color: bool) -> String {
    let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100).with_links(false);
    let drawn = Drawn { diagnostic, source: NamedSource::new(&source.name, source.text.clone()) };
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
