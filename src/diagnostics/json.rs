//! Diagnostics as JSON, one object per finding, for editors and other tools.

use super::{Diagnostic, Source};
use crate::syntax::span::line_col;
use serde::Serialize;

#[derive(Serialize)]
struct JsonLabel<'a> {
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
            let (line, column) = line_col(&source.text, d.primary_span().start);
            let labels = d
                .labels
                .iter()
                .map(|l| {
                    let (line, column) = line_col(&source.text, l.span.start);
                    let (end_line, end_column) = line_col(&source.text, l.span.end);
                    JsonLabel {
                        message: &l.message,
                        start: l.span.start,
                        end: l.span.end,
                        line,
                        column,
                        end_line,
                        end_column,
                    }
                })
                .collect();
            JsonDiagnostic {
                file: &source.name,
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
