//! Text from a file, made safe to print on a terminal. A rule file or a
//! position file may hold any character in its strings: an ESC sequence in
//! a game's title, printed raw, would retitle, recolour or clear the
//! terminal of whoever checks a downloaded file. Every place that prints
//! text read from a file prints it through [`terminal_safe`]; JSON output
//! does not (serde escapes control characters, and the text stays exact).

use std::borrow::Cow;

/// Whether a character would act on a terminal rather than be shown: the
/// control characters but line feed and tab (C0, DEL and C1, whose CSI
/// starts escape sequences too), and the bidirectional overrides and
/// isolates, which reorder the text around them.
pub fn acts_on_terminal(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// How such a character is shown: as Rust writes it, `\u{1b}`.
pub fn escaped(c: char) -> String {
    format!("\\u{{{:x}}}", c as u32)
}

/// The text with every character that acts on a terminal shown escaped.
pub fn terminal_safe(text: &str) -> Cow<'_, str> {
    if !text.chars().any(acts_on_terminal) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if acts_on_terminal(c) {
            out.push_str(&escaped(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}
