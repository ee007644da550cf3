//! Completion: what the grammar allows at the cursor (its words, and the
//! names the document and its bases declare where a name may come).

use super::document::Document;
use super::symbols::{Kind, declarations};
use lsp_types::{CompletionItem, CompletionItemKind, CompletionResponse, Position};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// The grammar the parser is built from, for its keywords.
const GRAMMAR: &str = include_str!("../../grammar/rules.pest");

/// Every word the grammar spells out: the quoted literals made of letters
/// and `_`, outside comments; sorted.
pub fn keywords() -> &'static [String] {
    static KEYWORDS: OnceLock<Vec<String>> = OnceLock::new();
    KEYWORDS.get_or_init(|| {
        let mut words = BTreeSet::new();
        for line in GRAMMAR.lines() {
            let code = line.split("//").next().unwrap_or("");
            for (i, literal) in code.split('"').enumerate() {
                let is_word = literal.chars().any(|c| c.is_ascii_lowercase())
                    && literal.chars().all(|c| c.is_ascii_lowercase() || c == '_');
                if i % 2 == 1 && is_word {
                    words.insert(literal.to_string());
                }
            }
        }
        words.into_iter().collect()
    })
}

/// What fits at the cursor: the words the grammar allows there, and the
/// declared names where a name may come. Where the text before the cursor
/// does not tell (an error earlier in the item), every keyword and name.
pub fn completion(document: &Document, position: Position) -> CompletionResponse {
    let text = &document.text;
    let cursor = document.offset(position).saturating_sub(document.own_start).min(text.len());
    let word = text[..cursor].trim_end_matches(|c: char| c.is_ascii_alphanumeric() || c == '_').len();
    // The item the cursor is in starts a line with a word, at its first column.
    let item = text[..word]
        .match_indices('\n')
        .map(|(i, _)| i + 1)
        .rev()
        .chain([0])
        .find(|&start| text[start..].starts_with(|c: char| c.is_ascii_lowercase()))
        .unwrap_or(0);
    match crate::syntax::expected_after(&text[item..word]) {
        Some((words, names)) => {
            items(document, names, words.iter().filter(|w| w.chars().all(|c| c.is_ascii_lowercase() || c == '_')))
        }
        None => items(document, true, keywords().iter()),
    }
}

fn items<'a>(document: &Document, names: bool, words: impl Iterator<Item = &'a String>) -> CompletionResponse {
    let mut items: Vec<CompletionItem> = Vec::new();
    let mut seen = BTreeSet::new();
    // Words the grammar allows first: they are what must come.
    for keyword in words {
        if seen.insert(keyword.clone()) {
            items.push(CompletionItem {
                label: keyword.clone(),
                kind: Some(CompletionItemKind::KEYWORD),
                ..CompletionItem::default()
            });
        }
    }
    for declaration in declarations(&document.merged).into_iter().filter(|_| names) {
        if !seen.insert(declaration.name.clone()) {
            continue;
        }
        items.push(CompletionItem {
            label: declaration.name,
            kind: Some(item_kind(declaration.kind)),
            detail: Some(declaration.kind.word().to_string()),
            ..CompletionItem::default()
        });
    }
    CompletionResponse::Array(items)
}

fn item_kind(kind: Kind) -> CompletionItemKind {
    match kind {
        Kind::Piece | Kind::Group => CompletionItemKind::CLASS,
        Kind::Player | Kind::Counter | Kind::Die | Kind::Attribute => CompletionItemKind::VARIABLE,
        Kind::Option => CompletionItemKind::PROPERTY,
        Kind::Phase | Kind::Rule | Kind::Action => CompletionItemKind::FUNCTION,
        Kind::Directions => CompletionItemKind::ENUM,
        Kind::Point | Kind::Line | Kind::Region | Kind::Track => CompletionItemKind::CONSTANT,
        Kind::Pattern | Kind::Condition => CompletionItemKind::INTERFACE,
        Kind::EndRule => CompletionItemKind::EVENT,
    }
}
