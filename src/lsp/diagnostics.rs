//! The checker's diagnostics as LSP diagnostics: the same codes, messages
//! and hints as `orrery check`, each label a piece of related information.

use super::document::Document;
use crate::diagnostics::{Diagnostic, Severity};
use lsp_types::{DiagnosticRelatedInformation, DiagnosticSeverity, NumberOrString, Position, Range};

/// The name diagnostics carry as their `source`.
pub const SOURCE: &str = "orrery";

pub fn to_lsp(document: &Document) -> Vec<lsp_types::Diagnostic> {
    document.diagnostics.iter().map(|d| convert(document, d)).collect()
}

fn convert(document: &Document, d: &Diagnostic) -> lsp_types::Diagnostic {
    // A finding in a base file is shown on the `variant of` line, its place
    // in the base given as related information.
    let range = match d.labels.first() {
        Some(label) if document.is_own(label.span) => document.own_range(label.span),
        Some(_) => document.variant_span().map_or_else(start_of_file, |span| document.own_range(span)),
        None => start_of_file(),
    };
    let severity = match d.severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Note => DiagnosticSeverity::INFORMATION,
    };
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .labels
        .iter()
        .map(|label| DiagnosticRelatedInformation {
            location: document.location(label.span),
            message: if label.message.is_empty() { d.message.clone() } else { label.message.clone() },
        })
        .collect();
    lsp_types::Diagnostic {
        range,
        severity: Some(severity),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some(SOURCE.to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        ..lsp_types::Diagnostic::default()
    }
}

fn start_of_file() -> Range {
    Range::new(Position::new(0, 0), Position::new(0, 0))
}
