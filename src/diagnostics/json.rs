//! Diagnostics as JSON, one object per finding, for editors and other tools.

use super::{Diagnostic, Source};
use serde::Serialize;

#[derive(Serialize)]
struct JsonLabel<'a> {
    /// The file the label points into (a variant's base, for some).
    file: &'a str,
    message: &'a str,
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    end_line: usize,
    end_column: usize,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    file: &'a str,
    severity: super::Severity,
    code: &'a str,
    message: &'a str,
    line: usize,
    column: usize,
    labels: Vec<JsonLabel<'a>>,
    help: Option<&'a str>,
}

/// The diagnostics of one source as a JSON array value.
pub fn to_json(source: &Source, diagnostics: &[Diagnostic]) -> serde_json::Value {
    let items: Vec<JsonDiagnostic> = diagnostics
        .iter()
        .map(|d| {
            let (file, line, column) = source.locate(d.primary_span().start);
            let labels = d
                .labels
                .iter()
                .map(|l| {
                    let (file, line, column) = source.locate(l.span.start);
                    let (_, end_line, end_column) = source.locate(l.span.end);
                    let (_, file_start, _) = source.file_at(l.span.start);
                    JsonLabel {
                        file,
                        message: &l.message,
                        start: l.span.start - file_start,
                        end: l.span.end - file_start,
                        line,
                        column,
                        end_line,
                        end_column,
                    }
                })
                .collect();
            JsonDiagnostic {
                file,
                severity: d.severity,
                code: d.code,
                message: &d.message,
                line,
                column,
                labels,
                help: d.help.as_deref(),
            }
        })
        .collect();
    serde_json::to_value(items).unwrap_or(serde_json::Value::Null)
}
