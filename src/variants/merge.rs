//! Merging a variant over its base: the items of each file, in order, over
//! those before them. An item with the name of an earlier one changes it:
//! single items (`game`, `board`, `setup`, …) and named declarations are
//! replaced in place (an option keeps its description when the variant
//! gives none); a phase, or an `end`, is merged rule by rule: a rule with
//! the name of an earlier rule replaces it in place, others are added.
//! `remove KIND NAME` takes an item out, `remove rule NAME from PHASE` a rule.

use super::names::{end_names, rule_names};
use crate::diagnostics::suggest::help_for;
use crate::diagnostics::{Diagnostic, Source};
use crate::syntax::ast::{Item, PhaseDecl, RuleFile};
use crate::syntax::span::{Name, Span, Spanned};

/// Items of which a file has one: a variant's replaces the base's.
const SINGLE: [&str; 7] = ["game", "players", "board", "setup", "repetition", "dice", "stacks"];

/// Applies each file's items over the files before it. Returns the merged
/// file and the mistakes found (an unknown item to remove, `remove` outside
/// a variant, two `variant of`).
pub fn merge(file: RuleFile, source: &Source) -> (RuleFile, Vec<Diagnostic>) {
    let RuleFile { items, unparsed, mut removed } = file;
    let mut diagnostics = Vec::new();
    let mut merged: Vec<Spanned<Item>> = Vec::new();
    // A variant whose base could not be loaded stands alone; that is reported already.
    let orphan = items.iter().any(|i| matches!(i.node, Item::Variant(_)) && source.file_index(i.span.start) == 0);
    let mut variant_of: Vec<(usize, Span)> = Vec::new();
    // What each variant file has changed: (file, keyword, name) and where.
    let mut changed: Vec<(usize, &'static str, Option<String>, Span)> = Vec::new();
    for item in items {
        let file = source.file_index(item.span.start);
        match &item.node {
            Item::Variant(base) => {
                if let Some((_, first)) = variant_of.iter().find(|(f, _)| *f == file) {
                    diagnostics.push(
                        Diagnostic::error("E0804", "a variant names one base")
                            .with_label(base.span, "a second base")
                            .with_label(*first, "the first")
                            .with_help("make a variant of a variant instead: each file names its own base"),
                    );
                }
                variant_of.push((file, base.span));
            }
            Item::Remove { kind, .. } if file == 0 => {
                if !orphan {
                    diagnostics.push(
                        Diagnostic::error("E0805", "`remove` belongs in a variant")
                            .with_label(kind.span, "this file is not a variant")
                            .with_help("start the file with `variant of \"BASE\"`, or delete the item"),
                    );
                }
            }
            Item::Remove { kind, name, from } => {
                let span = item.span;
                if let Some(found) = remove(&mut merged, kind, name.as_ref(), from.as_ref(), span, &mut diagnostics) {
                    removed.push((kind.node.clone(), found, span));
                }
            }
            _ if file == 0 => merged.push(item),
            _ => {
                if let Some(twice) = changed_twice(&mut changed, file, &item) {
                    diagnostics.push(twice);
                }
                if let Some(warning) = near_miss(&merged, &item.node) {
                    diagnostics.push(warning);
                }
                apply(&mut merged, item)
            }
        }
    }
    (RuleFile { items: merged, unparsed, removed }, diagnostics)
}

/// An item a variant file declares a second time (two `region centre`, two
/// `board`): in a plain rule file that is an error, and in a variant the
/// second would silently replace the first. A phase or an `end` may come
/// back: they merge rule by rule.
fn changed_twice(
    changed: &mut Vec<(usize, &'static str, Option<String>, Span)>,
    file: usize,
    item: &Spanned<Item>,
) -> Option<Diagnostic> {
    let keyword = item.node.keyword();
    if matches!(item.node, Item::Phase(_) | Item::End(_)) {
        return None;
    }
    let name = item_name(&item.node);
    if name.is_none() && !SINGLE.contains(&keyword) {
        return None;
    }
    let key = name.map(|n| n.node.to_string());
    let span = name.map_or(item.span, |n| n.span);
    if let Some((.., first)) = changed.iter().find(|(f, k, n, _)| *f == file && *k == keyword && *n == key) {
        let what = key.as_ref().map_or(format!("`{keyword}`"), |n| format!("{keyword} `{n}`"));
        return Some(
            Diagnostic::error("E0807", format!("the variant declares {what} twice"))
                .with_label(span, "declared again here")
                .with_label(*first, "first declared here")
                .with_help("keep one: the second would replace the first"),
        );
    }
    changed.push((file, keyword, key, span));
    None
}

/// The name an item is known by, if it is a named declaration.
pub(super) fn item_name(item: &Item) -> Option<&Name> {
    match item {
        Item::Region { name, .. }
        | Item::Piece { name, .. }
        | Item::Option { name, .. }
        | Item::Counter { name, .. }
        | Item::Group { name, .. }
        | Item::Condition { name, .. }
        | Item::Track { name, .. }
        | Item::Attribute { name, .. }
        | Item::Pattern { name, .. } => Some(name),
        Item::Threat { piece, .. } => Some(piece),
        Item::Notation { rule, .. } => Some(rule),
        Item::Directions { name, .. } => Some(name),
        Item::Phase(phase) => Some(&phase.name),
        _ => None,
    }
}

/// A variant's new named item whose name is close to one of the base's of
/// the same kind: most likely a misspelt change, so a warning says so.
fn near_miss(merged: &[Spanned<Item>], item: &Item) -> Option<Diagnostic> {
    let name = item_name(item)?;
    let keyword = item.keyword();
    let same_kind = || merged.iter().filter(|i| i.node.keyword() == keyword).filter_map(|i| item_name(&i.node));
    if same_kind().any(|n| n.node == name.node) {
        return None;
    }
    let close = crate::diagnostics::suggest::closest(name.as_str(), same_kind().map(|n| n.as_str()))?;
    Some(
        Diagnostic::warning("W0801", format!("the variant adds a new {keyword} `{}`", name.node))
            .with_label(name.span, format!("the base has a {keyword} `{close}`"))
            .with_help(format!("to change the base's {keyword}, name it `{close}`; a new name adds a new {keyword}")),
    )
}

/// One item of a variant over what came before it.
fn apply(merged: &mut Vec<Spanned<Item>>, item: Spanned<Item>) {
    let keyword = item.node.keyword();
    let same = |other: &Spanned<Item>| {
        other.node.keyword() == keyword
            && match (item_name(&other.node), item_name(&item.node)) {
                (Some(a), Some(b)) => a.node == b.node,
                (None, None) => SINGLE.contains(&keyword),
                _ => false,
            }
    };
    if let Item::End(rules) = item.node {
        merge_end(merged, rules, item.span);
        return;
    }
    let Some(index) = merged.iter().position(same) else {
        merged.push(item);
        return;
    };
    match (&mut merged[index].node, item.node) {
        (Item::Phase(base), Item::Phase(change)) => merge_phase(base, change),
        (Item::Option { doc, .. }, Item::Option { name, value, doc: None }) => {
            let doc = doc.take();
            merged[index] = Spanned::new(Item::Option { name, value, doc }, item.span);
        }
        (_, node) => merged[index] = Spanned::new(node, item.span),
    }
}

/// A phase of a variant over the base's phase of that name.
fn merge_phase(base: &mut PhaseDecl, change: PhaseDecl) {
    let names = rule_names(&change);
    let PhaseDecl { chance, rules, entries, .. } = change;
    for ((rule, (label, span)), name) in rules.into_iter().zip(entries).zip(names) {
        let base_names = rule_names(base);
        match base_names.iter().position(|n| *n == name) {
            Some(i) => {
                // The rule keeps the name it is known by.
                let label = label.or_else(|| base.entries[i].0.clone());
                base.rules[i] = rule;
                base.entries[i] = (label, span);
            }
            None => {
                base.rules.push(rule);
                base.entries.push((label, span));
            }
        }
    }
    if chance.is_some() {
        base.chance = chance;
    }
}

/// End rules of a variant: a written name that an earlier end rule has
/// replaces it; the others are added to the last `end` item.
fn merge_end(merged: &mut Vec<Spanned<Item>>, rules: Vec<crate::syntax::ast::EndRule>, span: Span) {
    let mut added = Vec::new();
    for rule in rules {
        let names = end_names(merged.iter().filter_map(end_rules).flatten());
        let found = rule.label.as_ref().and_then(|l| names.iter().position(|n| *n == l.node));
        match found {
            Some(index) => *end_rule_mut(merged, index).expect("named above") = rule,
            None => added.push(rule),
        }
    }
    if added.is_empty() {
        return;
    }
    match merged.iter_mut().rev().find_map(|i| if let Item::End(r) = &mut i.node { Some(r) } else { None }) {
        Some(last) => last.extend(added),
        None => merged.push(Spanned::new(Item::End(added), span)),
    }
}

fn end_rules(item: &Spanned<Item>) -> Option<&Vec<crate::syntax::ast::EndRule>> {
    match &item.node {
        Item::End(rules) => Some(rules),
        _ => None,
    }
}

/// The end rule at `index` in file order.
fn end_rule_mut(merged: &mut [Spanned<Item>], mut index: usize) -> Option<&mut crate::syntax::ast::EndRule> {
    for item in merged.iter_mut() {
        if let Item::End(rules) = &mut item.node {
            if index < rules.len() {
                return rules.get_mut(index);
            }
            index -= rules.len();
        }
    }
    None
}

/// `remove KIND [NAME] [from PHASE]`; the name removed, or `None` with a
/// diagnostic when there is nothing of that name.
fn remove(
    merged: &mut Vec<Spanned<Item>>,
    kind: &Spanned<String>,
    name: Option<&Name>,
    from: Option<&Name>,
    span: Span,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<String> {
    let kind_word = kind.node.as_str();
    match (kind_word, name, from) {
        ("rule", Some(rule), Some(phase)) => {
            let Some(item) = merged
                .iter_mut()
                .find(|i| item_name(&i.node).is_some_and(|n| n.node == phase.node) && matches!(i.node, Item::Phase(_)))
            else {
                diagnostics.push(nothing(phase, "phase", phases(merged)));
                return None;
            };
            let Item::Phase(decl) = &mut item.node else { return None };
            let names = rule_names(decl);
            match names.iter().position(|n| *n == rule.node) {
                Some(i) => {
                    decl.rules.remove(i);
                    decl.entries.remove(i);
                    Some(rule.node.clone())
                }
                None => {
                    let mut diagnostic = nothing(rule, "rule", names.iter().map(String::as_str).collect());
                    diagnostic.message = format!("phase `{}` has no rule `{}` to remove", phase.node, rule.node);
                    diagnostics.push(diagnostic);
                    None
                }
            }
        }
        ("rule", Some(rule), None) => {
            diagnostics.push(
                Diagnostic::error("E0806", format!("which phase is rule `{}` to be removed from?", rule.node))
                    .with_label(rule.span, "a rule of some phase")
                    .with_help(format!("write `remove rule {} from PHASE`", rule.node)),
            );
            None
        }
        ("end", Some(rule), _) => {
            let names = end_names(merged.iter().filter_map(end_rules).flatten());
            let Some(index) = names.iter().position(|n| *n == rule.node) else {
                diagnostics.push(nothing(rule, "end rule", names.iter().map(String::as_str).collect()));
                return None;
            };
            let mut index = index;
            for item in merged.iter_mut() {
                if let Item::End(rules) = &mut item.node {
                    if index < rules.len() {
                        rules.remove(index);
                        break;
                    }
                    index -= rules.len();
                }
            }
            Some(rule.node.clone())
        }
        (single, _, _) if SINGLE.contains(&single) => match merged.iter().position(|i| i.node.keyword() == single) {
            Some(i) => {
                merged.remove(i);
                Some(single.to_string())
            }
            None => {
                diagnostics.push(
                    Diagnostic::error("E0803", format!("the base has no `{single}` to remove"))
                        .with_label(kind.span, "nothing to remove"),
                );
                None
            }
        },
        (_, Some(name), _) => {
            let found = merged
                .iter()
                .position(|i| i.node.keyword() == kind_word && item_name(&i.node).is_some_and(|n| n.node == name.node));
            match found {
                Some(i) => {
                    merged.remove(i);
                    Some(name.node.clone())
                }
                None => {
                    let known: Vec<&str> = merged
                        .iter()
                        .filter(|i| i.node.keyword() == kind_word)
                        .filter_map(|i| item_name(&i.node).map(|n| n.as_str()))
                        .collect();
                    diagnostics.push(nothing(name, kind_word, known));
                    None
                }
            }
        }
        (_, None, _) => {
            diagnostics.push(
                Diagnostic::error("E0806", format!("which {kind_word} is to be removed?"))
                    .with_label(span, "no name")
                    .with_help(format!("write `remove {kind_word} NAME`")),
            );
            None
        }
    }
}

fn phases(merged: &[Spanned<Item>]) -> Vec<&str> {
    merged
        .iter()
        .filter_map(|i| match &i.node {
            Item::Phase(p) => Some(p.name.as_str()),
            _ => None,
        })
        .collect()
}

/// "the base has no X named N", with the closest name as a hint.
fn nothing(name: &Name, what: &str, known: Vec<&str>) -> Diagnostic {
    Diagnostic::error("E0803", format!("the base has no {what} `{}` to remove", name.node))
        .with_label(name.span, "not found")
        .with_help(help_for(name.as_str(), what, known))
}
