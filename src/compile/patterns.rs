//! `pattern` items: a condition on sites and the directions its runs follow,
//! with each line of sites walked in one direction only.

use super::conditions::site_filter;
use crate::board::{Dir, NO_SITE, Site};
use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::rules::PatternDef;
use crate::syntax::ast::Item;

pub(super) fn patterns(scope: &Scope) -> Option<Vec<PatternDef>> {
    let compiled: Vec<Option<PatternDef>> = scope.patterns.iter().map(|item| pattern(scope, item)).collect();
    compiled.into_iter().collect()
}

fn pattern(scope: &Scope, item: &Item) -> Option<PatternDef> {
    let Item::Pattern { name, cond, directions, length, touching } = item else { return None };
    let cond = site_filter(scope, cond);
    let touching = touching.as_ref().map(|t| site_filter(scope, t));
    let dirs = scope.directions(directions);
    let (low, high) = length.node;
    if !(1..=255).contains(&low) || high.is_some_and(|h| !(low..=255).contains(&h)) {
        scope.error(
            Diagnostic::error("E0718", "a pattern's length runs from 1 to 255, low to high")
                .with_label(length.span, "not a length a run can have")
                .with_help("write for example `3`, `2..` or `4..5`"),
        );
        return None;
    }
    let board = scope.board.as_ref()?;
    let sites = board.site_count();
    let next = |site: usize, dir: Dir| board.next(site as Site, dir);
    // Of two opposite directions, a run needs only one.
    let mut axes: Vec<Dir> = Vec::new();
    for dir in dirs? {
        if !axes.iter().any(|&a| board.opposite.get(a as usize) == Some(&dir)) {
            axes.push(dir);
        }
    }
    let prev = axes
        .iter()
        .map(|&dir| {
            let mut prev = vec![NO_SITE; sites];
            for s in 0..sites {
                let t = next(s, dir);
                if t != NO_SITE && t as usize != s {
                    prev[t as usize] = s as Site;
                }
            }
            prev
        })
        .collect();
    let touching = match touching {
        Some(t) => Some(t?),
        None => None,
    };
    Some(PatternDef {
        name: name.node.clone(),
        cond: cond?,
        axes,
        prev,
        min: low as u8,
        max: high.unwrap_or(255) as u8,
        touching,
    })
}
