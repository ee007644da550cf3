//! `orrery show`: the whole rule file a variant resolves to, each item (and
//! each rule of a phase or `end`) marked with the file and line it comes
//! from; and the items of two rule files side by side, for `orrery diff`.

use super::names::{end_names, rule_names};
use crate::diagnostics::{Diagnostic, Source};
use crate::syntax::ast::{Item, RuleFile};
use crate::syntax::span::Span;

/// The order items are shown in.
const ORDER: [&str; 22] = [
    "game",
    "players",
    "board",
    "directions",
    "region",
    "track",
    "attribute",
    "piece",
    "group",
    "threat",
    "stacks",
    "dice",
    "pattern",
    "option",
    "counter",
    "setup",
    "phase",
    "end",
    "repetition",
    "notation",
    "variant",
    "remove",
];

/// Parses and merges a loaded source: the rule file the checker would see.
pub fn resolve(source: &Source) -> (RuleFile, Vec<Diagnostic>) {
    let (file, mut diagnostics) = crate::syntax::parse(&source.text);
    let (file, merging) = super::merge(file, source);
    diagnostics.extend(merging);
    (file, diagnostics)
}

/// One item or rule of a resolved file: what it is, its text without
/// comments and with its whitespace collapsed, and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// `piece king`, `board`, `phase movement`, `rule move_man of phase movement`, `end rule reduced`.
    pub key: String,
    pub text: String,
    pub span: Span,
}

/// Every item and rule of a resolved file, in the order shown.
pub fn parts(file: &RuleFile, source: &Source) -> Vec<Part> {
    let text = |span: Span| normalise(source.text.get(span.start..span.end).unwrap_or(""));
    let mut items: Vec<_> = file.items.iter().collect();
    items.sort_by_key(|i| ORDER.iter().position(|k| *k == i.node.keyword()).unwrap_or(ORDER.len()));
    let mut parts = Vec::new();
    let mut ends = 0;
    for item in items {
        let keyword = item.node.keyword();
        match &item.node {
            Item::Phase(phase) => {
                let chance = if phase.chance.is_some() { " by chance" } else { "" };
                let key = format!("phase {}", phase.name.node);
                parts.push(Part {
                    key: key.clone(),
                    text: format!("phase {}{chance}", phase.name.node),
                    span: item.span,
                });
                for (name, (_, span)) in rule_names(phase).into_iter().zip(&phase.entries) {
                    parts.push(Part {
                        key: format!("rule {name} of {key}"),
                        text: unlabelled(&text(*span)),
                        span: *span,
                    });
                }
            }
            Item::End(rules) => {
                let names = all_end_names(file);
                for rule in rules {
                    let name = names.get(ends).cloned().unwrap_or_default();
                    ends += 1;
                    parts.push(Part {
                        key: format!("end rule {name}"),
                        text: unlabelled(&text(rule.span)),
                        span: rule.span,
                    });
                }
            }
            other => {
                let key = match super::merge::item_name(other).map(|n| n.as_str()) {
                    Some(name) => format!("{keyword} {name}"),
                    None => keyword.to_string(),
                };
                parts.push(Part { key, text: text(item.span), span: item.span });
            }
        }
    }
    parts
}

/// The names of all end rules, in file order.
fn all_end_names(file: &RuleFile) -> Vec<String> {
    end_names(
        file.items
            .iter()
            .filter_map(|i| match &i.node {
                Item::End(rules) => Some(rules),
                _ => None,
            })
            .flatten(),
    )
}

/// Text without comments, whitespace collapsed.
fn normalise(text: &str) -> String {
    let lines = text.lines().map(|line| {
        // A `#` inside a string is not a comment.
        let mut in_string = false;
        let end = line
            .char_indices()
            .find(|&(_, c)| {
                if c == '"' {
                    in_string = !in_string;
                }
                c == '#' && !in_string
            })
            .map_or(line.len(), |(i, _)| i);
        &line[..end]
    });
    lines.flat_map(str::split_whitespace).collect::<Vec<_>>().join(" ")
}

/// An item's text without the comment lines after it (they belong to what
/// follows).
fn without_trailing_comments(text: &str) -> String {
    let mut lines: Vec<&str> = text.lines().collect();
    while lines.last().is_some_and(|l| l.trim().is_empty() || l.trim_start().starts_with('#')) {
        lines.pop();
    }
    lines.join("\n")
}

/// A rule's text without its written name (`jump: move …` is `move …`).
fn unlabelled(text: &str) -> String {
    match text.split_once(':') {
        Some((label, rest)) if !label.contains(char::is_whitespace) && !label.is_empty() => rest.trim().to_string(),
        _ => text.to_string(),
    }
}

/// The resolved rule file as text: each item, and each rule of a phase or
/// `end`, under a comment naming its file and line.
pub fn show(file: &RuleFile, source: &Source) -> String {
    let origin = |span: Span| {
        let (name, line, _) = source.locate(span.start);
        format!("# from {name}:{line}")
    };
    let raw = |span: Span| without_trailing_comments(source.text.get(span.start..span.end).unwrap_or(""));
    let end_names = all_end_names(file);
    let mut ends = 0;
    let mut out = String::new();
    let mut items: Vec<_> = file.items.iter().collect();
    items.sort_by_key(|i| ORDER.iter().position(|k| *k == i.node.keyword()).unwrap_or(ORDER.len()));
    for item in items {
        match &item.node {
            Item::Phase(phase) => {
                let chance = if phase.chance.is_some() { " by chance" } else { "" };
                out.push_str(&format!("{}\nphase {}{chance} {{\n", origin(item.span), phase.name.node));
                for (name, (label, span)) in rule_names(phase).into_iter().zip(&phase.entries) {
                    let text = raw(*span);
                    let text = if label.is_some() { text } else { format!("{name}: {text}") };
                    out.push_str(&format!("  {}\n  {text}\n", origin(*span)));
                }
                out.push_str("}\n\n");
            }
            Item::End(rules) => {
                out.push_str(&format!("{}\nend {{\n", origin(item.span)));
                for rule in rules {
                    let text = raw(rule.span);
                    let name = end_names.get(ends).cloned().unwrap_or_default();
                    ends += 1;
                    let text = if rule.label.is_some() { text } else { format!("{name}: {text}") };
                    out.push_str(&format!("  {}\n  {text}\n", origin(rule.span)));
                }
                out.push_str("}\n\n");
            }
            _ => out.push_str(&format!("{}\n{}\n\n", origin(item.span), raw(item.span))),
        }
    }
    out
}
