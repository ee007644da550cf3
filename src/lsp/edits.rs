//! A document's text changed as the client says (`textDocument/didChange`):
//! the whole text sent again, or a range replaced, its ends given as LSP
//! positions (lines from 0, characters in UTF-16 code units).

use super::positions::LineIndex;
use lsp_types::TextDocumentContentChangeEvent;

/// Applies the changes of one notification, in order: each range is a place
/// in the text as the changes before it left it.
pub fn apply(text: &mut String, changes: Vec<TextDocumentContentChangeEvent>) {
    for change in changes {
        match change.range {
            None => *text = change.text,
            Some(range) => {
                let index = LineIndex::new(text);
                let start = index.offset(text, range.start);
                // A range given backwards replaces nothing past its start.
                let end = index.offset(text, range.end).max(start);
                text.replace_range(start..end, &change.text);
            }
        }
    }
}
