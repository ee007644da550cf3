//! Byte spans into a rule file, and values that carry one.

use serde::Serialize;

/// A half-open byte range `start..end` into the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// A value together with where it was written.
#[derive(Clone, Debug, PartialEq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// A name as written in the rule file.
pub type Name = Spanned<String>;

impl Name {
    pub fn as_str(&self) -> &str {
        &self.node
    }
}

/// Line and column (both 1-based, column counted in characters) of a byte
/// offset. LF, CRLF and a bare CR each end a line; a byte-order mark at the
/// start of a line is not a column.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(text, offset.min(text.len()));
    let bytes = text.as_bytes();
    let ends_line = |i: usize| bytes[i] == b'\n' || (bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
    let line = (0..offset).filter(|&i| ends_line(i)).count() + 1;
    let line_start = (0..offset).rev().find(|&i| ends_line(i)).map_or(0, |i| i + 1);
    let mut in_line = &text[line_start..offset];
    in_line = in_line.strip_prefix(super::input::BOM).unwrap_or(in_line);
    // The CR of a CRLF, when the offset is its LF, is the line's end, not a column.
    in_line = in_line.strip_suffix('\r').unwrap_or(in_line);
    (line, in_line.chars().count() + 1)
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}
