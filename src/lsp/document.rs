//! An open document: the editor's text, the source it makes with its bases
//! (a variant's), what the checker says about it, and its syntax tree.

use super::positions::LineIndex;
use crate::diagnostics::{Diagnostic, Source};
use crate::syntax::ast::{Item, RuleFile};
use crate::syntax::span::Span;
use lsp_types::{Location, Range, Url};
use std::path::PathBuf;

pub struct Document {
    pub uri: Url,
    /// The text as the editor has it.
    pub text: String,
    /// The text with its bases before it, as `orrery check` reads the file.
    pub source: Source,
    /// Where the document's own text begins in `source.text`.
    pub own_start: usize,
    pub index: LineIndex,
    pub diagnostics: Vec<Diagnostic>,
    /// The items of every file of the source, unmerged, each at its own
    /// span: the outline is the document's own items as written.
    pub file: RuleFile,
    /// The items a variant resolves to (its own replacing its base's), each
    /// still at its span in its own file: what names mean, for hovers,
    /// definitions and completion. For a whole rule file, its items.
    pub merged: RuleFile,
}

impl Document {
    /// A document, checked: its `diagnostics` are what `orrery check` says.
    pub fn checked(uri: Url, text: String) -> Self {
        let (mut document, loading) = Self::read(uri, text);
        // As `orrery check` does: a variant whose base cannot be loaded is not
        // checked further.
        document.diagnostics =
            if loading.is_empty() { crate::compile::compile(&document.source, &[]).1 } else { loading };
        document
    }

    /// A document parsed but not checked (no diagnostics), to answer
    /// requests on text whose check is still to come: about half a check's
    /// time, the parse alone.
    pub fn unchecked(uri: Url, text: String) -> Self {
        Self::read(uri, text).0
    }

    /// The document without diagnostics, and what loading its bases found.
    fn read(uri: Url, text: String) -> (Self, Vec<Diagnostic>) {
        let path = path_of(&uri);
        let (source, loading) = match &path {
            Some(path) => crate::variants::load_source_text(path, text.clone()),
            None => (Source::new(uri.to_string(), text.clone()), Vec::new()),
        };
        let own_start = source.files.last().map_or(0, |(_, start)| *start);
        let (file, _) = crate::syntax::parse(&source.text);
        let (merged, _) = crate::variants::merge(file.clone(), &source);
        let index = LineIndex::new(&text);
        let document = Document { uri, text, source, own_start, index, diagnostics: Vec::new(), file, merged };
        (document, loading)
    }

    /// Whether a span of the source lies in the document's own text.
    pub fn is_own(&self, span: Span) -> bool {
        span.start >= self.own_start
    }

    /// The range in the document of a span of its own text.
    pub fn own_range(&self, span: Span) -> Range {
        let start = span.start.saturating_sub(self.own_start);
        let end = span.end.saturating_sub(self.own_start);
        self.index.range(&self.text, start, end)
    }

    /// Where a span of the source is: in the document or in one of its bases.
    pub fn location(&self, span: Span) -> Location {
        if self.is_own(span) {
            return Location::new(self.uri.clone(), self.own_range(span));
        }
        let (name, start, end) = self.source.file_at(span.start);
        let text = &self.source.text[start..end];
        let index = LineIndex::new(text);
        let range = index.range(text, span.start - start, span.end.min(end).saturating_sub(start));
        let uri = Url::from_file_path(name).unwrap_or_else(|()| self.uri.clone());
        Location::new(uri, range)
    }

    /// The source offset of a position in the document.
    pub fn offset(&self, position: lsp_types::Position) -> usize {
        self.own_start + self.index.offset(&self.text, position)
    }

    /// The text of a span of the source.
    pub fn slice(&self, span: Span) -> &str {
        let end = span.end.min(self.source.text.len());
        self.source.text.get(span.start.min(end)..end).unwrap_or("")
    }

    /// The `variant of "BASE"` line's span, if the document is a variant.
    pub fn variant_span(&self) -> Option<Span> {
        self.file.items.iter().find_map(|item| match &item.node {
            Item::Variant(base) if self.is_own(item.span) => Some(base.span),
            _ => None,
        })
    }
}

impl Document {
    /// The name (a word of letters, digits and `_`) at or just before a
    /// position, and its span in the source.
    pub fn name_at(&self, position: lsp_types::Position) -> Option<(String, Span)> {
        let offset = self.offset(position) - self.own_start;
        let text = self.text.as_bytes();
        let is_name = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
        let mut start = offset.min(text.len());
        while start > 0 && is_name(text[start - 1]) {
            start -= 1;
        }
        let mut end = offset.min(text.len());
        while end < text.len() && is_name(text[end]) {
            end += 1;
        }
        (start < end).then(|| {
            let span = Span::new(self.own_start + start, self.own_start + end);
            (self.text[start..end].to_string(), span)
        })
    }

    /// The file a source span is in, for messages: `this file` or a base's name.
    pub fn file_label(&self, span: Span) -> String {
        if self.is_own(span) {
            return "this file".to_string();
        }
        let (name, _, _) = self.source.file_at(span.start);
        let file =
            std::path::Path::new(name).file_name().map_or(name.to_string(), |n| n.to_string_lossy().into_owned());
        format!("`{file}`")
    }

    /// The line (from 1) a span of the source starts on, in its own file.
    pub fn line_of(&self, span: Span) -> usize {
        self.source.locate(span.start).1
    }
}

/// A file path for a document, if its URI names a file.
pub fn path_of(uri: &Url) -> Option<PathBuf> {
    uri.to_file_path().ok()
}
