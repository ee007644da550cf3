//! Named site conditions (`condition NAME = SITE-CONDITION`): the checks on
//! their names and on what they use. A named condition is folded where it
//! is used, as if its body were written there in parentheses, so it cannot
//! use itself (it would never end) and cannot share a name with what a site
//! condition already reads (a site word, a region, a piece type, a group).

use super::scope::{SITE_WORDS, Scope};
use crate::diagnostics::Diagnostic;
use crate::syntax::ast::SiteCond;
use crate::syntax::span::Name;

/// Reports named conditions whose names clash, and each cycle of conditions
/// using one another once, at the first condition of the cycle.
pub(super) fn check_names(scope: &Scope) {
    for (name, _) in &scope.conditions {
        clash(scope, name);
    }
    let mut reported = vec![false; scope.conditions.len()];
    for start in 0..scope.conditions.len() {
        if reported[start] {
            continue;
        }
        let Some(cycle) = cycle_from(scope, start) else { continue };
        cycle.iter().for_each(|&(i, _)| reported[i] = true);
        let names: Vec<&str> = cycle.iter().map(|&(i, _)| scope.conditions[i].0.as_str()).collect();
        let own = names[0];
        let (message, chain) = if cycle.len() == 1 {
            (format!("condition `{own}` uses itself"), format!("`{own}` is used inside `{own}`"))
        } else {
            let mut chain: Vec<String> = names.windows(2).map(|w| format!("`{}` uses `{}`", w[0], w[1])).collect();
            chain.push(format!("`{}` uses `{own}`", names[names.len() - 1]));
            (format!("condition `{own}` uses itself through {}", quoted(&names[1..])), chain.join(", "))
        };
        scope.error(
            Diagnostic::error("E0307", message)
                .with_label(cycle[0].1.span, chain)
                .with_label(scope.conditions[start].0.span, "declared here")
                .with_help("a named condition stands for its condition written out, so it cannot contain itself; write the repeated part in full"),
        );
    }
}

fn quoted(names: &[&str]) -> String {
    names.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
}

/// A condition's name may not be one a site condition reads already.
fn clash(scope: &Scope, name: &Name) {
    let other = if SITE_WORDS.contains(&name.as_str()) {
        Some(("site word", None))
    } else if let Some((region, _)) = scope.regions.iter().find(|(r, _)| r.node == name.node) {
        Some(("region", Some(region.span)))
    } else if let Some((piece, _)) = scope.pieces.iter().find(|(p, _)| p.node == name.node) {
        Some(("piece type", Some(piece.span)))
    } else {
        scope.groups.iter().find(|(g, _)| g.node == name.node).map(|(group, _)| ("group", Some(group.span)))
    };
    let Some((kind, declared)) = other else { return };
    let mut diagnostic = Diagnostic::error(
        "E0308",
        format!("condition `{}` has the name of {}", name.node, super::scope::article(kind)),
    )
    .with_label(name.span, "a site condition would read the other one here")
    .with_help("give the condition a name of its own");
    if let Some(span) = declared {
        diagnostic = diagnostic.with_label(span, format!("the {kind} `{}`", name.node));
    }
    scope.error(diagnostic);
}

/// The named conditions a condition uses, with the place of each use.
fn uses<'c>(cond: &'c SiteCond, out: &mut Vec<&'c Name>) {
    match cond {
        SiteCond::Name(name) => out.push(name),
        SiteCond::RegionOf { .. } | SiteCond::Pieces(..) | SiteCond::Liberties { .. } => {}
        SiteCond::Ray { cond, .. } | SiteCond::Transpose(cond, _) | SiteCond::Not(cond, _) => uses(cond, out),
        SiteCond::And(parts) | SiteCond::Or(parts) => parts.iter().for_each(|p| uses(p, out)),
    }
}

/// A path of uses from condition `start` back to itself, if there is one:
/// each condition on it with its use of the next. Depth first, without
/// recursion (a file may chain many conditions).
fn cycle_from<'a>(scope: &Scope<'a>, start: usize) -> Option<Vec<(usize, &'a Name)>> {
    let index = |name: &Name| scope.conditions.iter().position(|(c, _)| c.node == name.node);
    // The uses still to try, in the order written, of `start` and of each
    // condition the path has entered.
    let uses_of = |i: usize| {
        let mut out = Vec::new();
        uses(scope.conditions[i].1, &mut out);
        out.reverse();
        out
    };
    let mut pending: Vec<Vec<&'a Name>> = vec![uses_of(start)];
    let mut path: Vec<(usize, &'a Name)> = Vec::new();
    let mut visited = vec![false; scope.conditions.len()];
    visited[start] = true;
    while let Some(todo) = pending.last_mut() {
        let at = path.last().and_then(|(_, used)| index(used)).unwrap_or(start);
        let Some(used) = todo.pop() else {
            pending.pop();
            path.pop();
            continue;
        };
        let Some(next) = index(used) else { continue };
        if next == start {
            path.push((at, used));
            return Some(path);
        }
        if !visited[next] {
            visited[next] = true;
            path.push((at, used));
            pending.push(uses_of(next));
        }
    }
    None
}
