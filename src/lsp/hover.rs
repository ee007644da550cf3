//! Hover on a name: what declares it and, for a piece type, the rules that
//! move or place it; on a word of the language (`custodial`, `slide`), the
//! first lines of its section of the language guide.

use super::document::Document;
use super::symbols::{Kind, declarations, rules_of_piece};
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position};

/// A declaration or a rule of at most this many lines is shown whole.
const SHORT: usize = 8;

pub fn hover(document: &Document, position: Position) -> Option<Hover> {
    let (name, span) = document.name_at(position)?;
    let found: Vec<_> = declarations(&document.merged).into_iter().filter(|d| d.name == name).collect();
    if found.is_empty() {
        // A word of the language: the first lines of its section in the guide.
        let value = keyword_doc(&name)?;
        return Some(Hover {
            contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value }),
            range: Some(document.own_range(span)),
        });
    }
    let mut text = String::new();
    for declaration in &found {
        if !text.is_empty() {
            text.push_str("\n---\n");
        }
        text.push_str(&format!(
            "**{}** `{name}`, {} line {}\n\n```orrery\n{}\n```\n",
            declaration.kind.word(),
            document.file_label(declaration.span),
            document.line_of(declaration.name_span),
            declaring_text(document, declaration.span, declaration.name_span),
        ));
        if declaration.kind == Kind::Piece {
            let rules = rules_of_piece(&document.merged, &document.source.text, &name);
            if rules.is_empty() {
                text.push_str("\nNo rule moves or places it.\n");
            } else {
                text.push_str("\nIts rules:\n");
                for (phase, rule) in rules {
                    text.push_str(&format!(
                        "\nphase `{phase}`, {} line {}:\n```orrery\n{}\n```\n",
                        document.file_label(rule),
                        document.line_of(rule),
                        shortened(document.slice(rule)),
                    ));
                }
            }
        }
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: text }),
        range: Some(document.own_range(span)),
    })
}

/// The declaration as written: the whole item when it is short, else the
/// line that declares the name.
fn declaring_text(document: &Document, span: crate::syntax::span::Span, name: crate::syntax::span::Span) -> String {
    let whole = without_trailing_comments(document.slice(span));
    if whole.lines().count() <= SHORT {
        return whole.to_string();
    }
    let text = &document.source.text;
    let start = text[..name.start.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let end = text[name.start.min(text.len())..].find('\n').map_or(text.len(), |i| name.start + i);
    text[start..end].trim_end().to_string()
}

/// A text without the blank and comment lines that end it (an item's span
/// runs up to the next item).
fn without_trailing_comments(text: &str) -> &str {
    let mut end = text.trim_end().len();
    while let Some(start) = text[..end].rfind('\n').map(|i| i + 1) {
        let line = text[start..end].trim();
        if !(line.is_empty() || line.starts_with('#')) {
            break;
        }
        end = text[..start].trim_end().len();
    }
    &text[..end]
}

/// A rule as written, its first lines only when it is long.
fn shortened(text: &str) -> String {
    let text = without_trailing_comments(text);
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= SHORT {
        return text.to_string();
    }
    format!("{}\n…", lines[..SHORT].join("\n"))
}

/// The language guide, built in: hovers quote it.
const GUIDE: &str = include_str!("../../docs/language.md");

/// Lines of a guide section a keyword's hover shows at most.
const GUIDE_LINES: usize = 12;

/// The section of the guide whose heading names `word` in backquotes
/// (`### 12.6 \`capture custodial\``), first the headings that are the
/// word alone: its heading and first paragraph.
fn keyword_doc(word: &str) -> Option<String> {
    if word.is_empty() || word.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let lines: Vec<&str> = GUIDE.lines().collect();
    let names_word = |heading: &str| {
        heading.split('`').skip(1).step_by(2).any(|quoted| quoted.split_whitespace().any(|w| w == word))
    };
    let headings = || lines.iter().enumerate().filter(|(_, l)| l.starts_with("## ") || l.starts_with("### "));
    let (at, heading) = headings()
        .find(|(_, l)| l.split('`').nth(1).is_some_and(|q| q == word))
        .or_else(|| headings().find(|(_, l)| names_word(l)))?;
    let mut text = format!("**{}** (docs/language.md)\n\n", heading.trim_start_matches('#').trim());
    let body: Vec<&str> = lines[at + 1..]
        .iter()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .take(GUIDE_LINES)
        .copied()
        .collect();
    text.push_str(&body.join("\n"));
    Some(text)
}
