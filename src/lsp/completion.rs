//! Completion: the language's keywords (read from its grammar) and the
//! names the document and its bases declare.

use super::document::Document;
use super::symbols::{Kind, declarations};
use lsp_types::{CompletionItem, CompletionItemKind, CompletionResponse};
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

pub fn completion(document: &Document) -> CompletionResponse {
    let mut items: Vec<CompletionItem> = Vec::new();
    let mut seen = BTreeSet::new();
    for declaration in declarations(&document.merged) {
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
    for keyword in keywords() {
        if seen.insert(keyword.clone()) {
            items.push(CompletionItem {
                label: keyword.clone(),
                kind: Some(CompletionItemKind::KEYWORD),
                ..CompletionItem::default()
            });
        }
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
