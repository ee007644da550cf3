//! The `stacks` item: which pieces may share a site. Each limit forbids a
//! combination; together, the `at most` limits must bound a stack's height.

use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::limits::{MAX_STACK, MAX_STACK_TYPES};
use crate::game::rules::{StackDef, StackLimit};
use crate::syntax::ast::StackLimitDecl;
use crate::syntax::span::Name;

/// `Some(None)` for a game without stacks; `None` on errors.
pub(super) fn stacks(scope: &Scope) -> Option<Option<StackDef>> {
    let Some((unordered, decls, span)) = scope.stacks else { return Some(None) };
    let types = scope.pieces.len();
    let mark = |names: &[&Name]| -> Option<Vec<bool>> {
        let mut marked = vec![false; types];
        let mut ok = true;
        for name in names {
            match types_of(scope, name) {
                Some(list) => list.into_iter().for_each(|t| marked[t as usize] = true),
                None => ok = false,
            }
        }
        ok.then_some(marked)
    };
    let mut limits = Vec::new();
    let mut ok = true;
    for decl in decls {
        let limit = match decl {
            StackLimitDecl::AtMost(count, name) => {
                if !(1..=MAX_STACK as i64).contains(&count.node) {
                    scope.error(
                        Diagnostic::error("E0708", format!("a stack holds from 1 to {MAX_STACK} pieces"))
                            .with_label(count.span, "out of range"),
                    );
                    ok = false;
                    continue;
                }
                mark(&[name]).map(|types| StackLimit::AtMost { types, count: count.node as u8 })
            }
            StackLimitDecl::OneOwner => Some(StackLimit::OneOwner),
            StackLimitDecl::FoundChoice => continue,
            StackLimitDecl::OnlyWith(piece, with) => {
                let with: Vec<&Name> = with.iter().collect();
                match (scope.piece(piece), mark(&with)) {
                    (Some(piece), Some(with)) => Some(StackLimit::OnlyWith { piece, with }),
                    _ => None,
                }
            }
            StackLimitDecl::NotWith(piece, others) => {
                let others: Vec<&Name> = others.iter().collect();
                match (scope.piece(piece), mark(&others)) {
                    (Some(piece), Some(others)) => Some(StackLimit::NotWith { piece, others }),
                    _ => None,
                }
            }
        };
        match limit {
            Some(limit) => limits.push(limit),
            None => ok = false,
        }
    }
    if !ok {
        return None;
    }
    // The height: the `at most` limits, added up, must cover every type.
    let mut covered = vec![false; types];
    let mut height = 0usize;
    for limit in &limits {
        if let StackLimit::AtMost { types, count } = limit {
            height += *count as usize;
            covered.iter_mut().zip(types).for_each(|(c, t)| *c |= *t);
        }
    }
    let uncovered: Vec<&str> =
        scope.pieces.iter().zip(&covered).filter(|(_, c)| !**c).map(|((n, _), _)| n.as_str()).collect();
    if !uncovered.is_empty() || height > MAX_STACK {
        let message = if uncovered.is_empty() {
            format!("these limits let a stack grow to {height} pieces; at most {MAX_STACK} fit on a site")
        } else {
            format!(
                "nothing limits how many pieces of type {} a stack holds",
                uncovered.iter().map(|t| format!("`{t}`")).collect::<Vec<_>>().join(", ")
            )
        };
        scope.error(
            Diagnostic::error("E0709", message).with_label(scope.trimmed(span), "the stacks' limits").with_help(
                format!("add `at most N TYPE` limits that cover every piece type, adding up to at most {MAX_STACK}"),
            ),
        );
        return None;
    }
    if types > MAX_STACK_TYPES {
        scope.error(
            Diagnostic::error("E0710", format!("a game with stacks has at most {MAX_STACK_TYPES} piece types"))
                .with_label(scope.trimmed(span), "the stacks"),
        );
        return None;
    }
    let found_choice = decls.iter().any(|d| matches!(d, StackLimitDecl::FoundChoice));
    Some(Some(StackDef { capacity: height as u8, unordered, found_choice, limits }))
}

/// The types a name stands for: a piece type, or a group of them.
fn types_of(scope: &Scope, name: &Name) -> Option<Vec<u8>> {
    match scope.group(name.as_str()) {
        Some(types) => types,
        None => scope.piece(name).map(|t| vec![t]),
    }
}
