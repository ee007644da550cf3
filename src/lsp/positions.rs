//! Byte offsets into a text and LSP positions (a line from 0 and a
//! character counted in UTF-16 code units, as the protocol counts them).

use lsp_types::{Position, Range};

/// Where each line of a text begins, to turn offsets into positions and back.
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// The position of a byte offset (clamped to the text, and back to the
    /// start of a character it falls inside).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self.starts.partition_point(|&start| start <= offset).saturating_sub(1);
        let start = self.starts[line];
        let character: usize = text[start..offset].chars().map(char::len_utf16).sum();
        Position::new(to_u32(line), to_u32(character))
    }

    pub fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range::new(self.position(text, start), self.position(text, end.max(start)))
    }

    /// The byte offset of a position; a line past the end gives the end of
    /// the text, a character past the end of its line the line's end.
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else { return text.len() };
        let end = self.starts.get(position.line as usize + 1).map_or(text.len(), |&next| next - 1);
        // A `\r\n` ends a line as `\n` does: no character is placed between them.
        let line = text[start..end].strip_suffix('\r').unwrap_or(&text[start..end]);
        let end = start + line.len();
        let mut units = 0usize;
        for (i, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        end
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}
