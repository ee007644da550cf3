//! Text as editors write it: a UTF-8 byte-order mark in front, and lines
//! ended by LF, CRLF or a bare CR (old Mac editors). Everything that reads
//! a file reads it through here, so every reader agrees on where its lines
//! end and a byte-order mark is never a token or a column.

use std::borrow::Cow;

/// The byte-order mark some editors (Windows Notepad of old) put in front of UTF-8.
pub const BOM: char = '\u{feff}';

/// The text with a leading byte-order mark dropped and each bare CR turned
/// into LF (CRLF is left as it is: both readers and the renderer take it as
/// one line end). For a [`crate::diagnostics::Source`]: its offsets then
/// count from after the mark.
pub fn normalized(text: String) -> String {
    let text = match text.strip_prefix(BOM) {
        Some(rest) => rest.to_string(),
        None => text,
    };
    match bare_crs_as_lf(&text) {
        Cow::Borrowed(_) => text,
        Cow::Owned(fixed) => fixed,
    }
}

/// The text as the parsers read it, the same length so that every offset
/// still points where it did: a byte-order mark at the start of a line
/// (a file's start, or a variant's file after its base's) becomes three
/// spaces, and a bare CR a LF.
pub fn readable(text: &str) -> Cow<'_, str> {
    let needs_bom = text.contains(BOM);
    let fixed = bare_crs_as_lf(text);
    if !needs_bom {
        return fixed;
    }
    let mut out = String::with_capacity(text.len());
    let mut line_start = true;
    for c in fixed.chars() {
        if c == BOM && line_start {
            out.push_str("   ");
        } else {
            out.push(c);
        }
        line_start = c == '\n';
    }
    Cow::Owned(out)
}

/// Each CR not followed by LF replaced by LF (one byte for one).
fn bare_crs_as_lf(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let bare = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(bare) {
        return Cow::Borrowed(text);
    }
    let fixed: Vec<u8> = (0..bytes.len()).map(|i| if bare(i) { b'\n' } else { bytes[i] }).collect();
    // CR and LF are ASCII: the bytes are still UTF-8.
    Cow::Owned(String::from_utf8(fixed).unwrap_or_else(|_| text.to_string()))
}
