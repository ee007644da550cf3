//! Group moves in games with stacks: `move group with TYPE { MOVEMENT
//! [where CONDITION] }`. The `where` condition speaks only of the board's
//! geometry (site attributes, regions), so it is decided here, once per
//! start site, and folded into the movement's tables: move generation never
//! evaluates it.

use super::conditions::site_filter;
use crate::board::{Board, BoardShape, Dir, NO_SITE, Site};
use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::rules::{Addition, CompareOp, GroupMovement, MoveRule, SiteFilter, SiteTest};
use crate::syntax::ast::{Heading, MoveCond, PathSite, Pool, SiteCond, Statement, StaticCond, StaticValue};
use crate::syntax::span::{Name, Span, Spanned};

/// A `where` condition with its names resolved.
enum Static {
    Compare(Value, CompareOp, Value),
    In(PathSite, crate::board::Sites),
    Not(Box<Static>),
    And(Vec<Static>),
    Or(Vec<Static>),
}

enum Value {
    Number(i64),
    Attribute(usize, PathSite),
}

/// The sites a `where` condition is asked about.
struct Sites<'a> {
    from: Site,
    prev: Site,
    to: Site,
    over: &'a [Site],
}

/// The parts of a `move group` rule as written.
pub(super) struct GroupParts<'a> {
    pub power: Option<&'a Name>,
    pub needs: Option<&'a Name>,
    pub movement: &'a Statement,
    pub condition: Option<&'a StaticCond>,
    pub passing: Option<&'a StaticCond>,
    pub span: Span,
}

pub(super) fn group_rule(scope: &Scope, parts: GroupParts) -> Option<MoveRule> {
    let GroupParts { power, needs, movement, condition, passing, span } = parts;
    needs_stacks(scope, span, "group moves need stacks", "a group moves part of a stack")?;
    let power = power.map(|p| scope.piece(p));
    let needs = needs.map(|p| scope.piece(p));
    let condition = match condition {
        Some(c) => resolve(scope, c).map(Some),
        None => Some(None),
    };
    let passing = match passing {
        Some(c) => resolve(scope, c).map(Some),
        None => Some(None),
    };
    let board = scope.board.as_ref()?;
    let holds = |sites: &Sites| condition.as_ref().is_none_or(|c| c.as_ref().is_none_or(|c| eval(scope, c, sites)));
    let passes = |sites: &Sites| passing.as_ref().is_some_and(|c| c.as_ref().is_some_and(|c| eval(scope, c, sites)));
    if passing.as_ref().is_some_and(Option::is_some) && !matches!(movement, Statement::Slide { .. }) {
        scope.error(
            Diagnostic::error("E0711", "only a slide passes sites")
                .with_label(scope.trimmed(span), "`passing` in a move that is no slide"),
        );
        return None;
    }
    let movement = match movement {
        Statement::Step { heading, to, .. } => {
            let dirs = plain_directions(scope, heading)?;
            let to = destination(scope, to.as_ref())?;
            let jumps = per_site(board, |from| {
                dirs.iter()
                    .map(|&d| board.next(from, d))
                    .filter(|&next| next != NO_SITE && holds(&Sites { from, prev: from, to: next, over: &[] }))
                    .map(|next| (next, NO_SITE))
                    .collect()
            });
            GroupMovement::Jump { to, over: None, jumps }
        }
        Statement::Hop { directions, over, to, .. } => {
            let dirs = scope.directions(directions)?;
            let over = site_filter(scope, over)?;
            let to = destination(scope, to.as_ref())?;
            let jumps = per_site(board, |from| {
                let mut out = Vec::new();
                for &d in &dirs {
                    let hopped = board.next(from, d);
                    let land = if hopped == NO_SITE { NO_SITE } else { board.next(hopped, d) };
                    if land != NO_SITE && land != from && holds(&Sites { from, prev: from, to: land, over: &[hopped] })
                    {
                        out.push((land, hopped));
                    }
                }
                out
            });
            GroupMovement::Jump { to, over: Some(over), jumps }
        }
        Statement::Leap { offsets, to, span } => {
            let (a, b) = leap_offsets(scope, offsets, *span)?;
            let BoardShape::Square { files, ranks } = board.shape else { return None };
            let to = destination(scope, to.as_ref())?;
            let jumps = per_site(board, |from| leaps(board, files, ranks, from, a, b, &holds));
            GroupMovement::Jump { to, over: None, jumps }
        }
        Statement::Slide { heading, distance, over: None, through: None, to, .. } => {
            let dirs = plain_directions(scope, heading)?;
            let to = destination(scope, to.as_ref())?;
            let (min, max) = super::program::slide_distance(scope, distance.as_ref())?;
            let rays = per_site(board, |from| {
                dirs.iter()
                    .map(|&d| {
                        let (mut ray, mut prev, mut next) = (Vec::new(), from, board.next(from, d));
                        let mut passed: Vec<Site> = Vec::new();
                        while next != NO_SITE && next != from {
                            let sites = Sites { from, prev, to: next, over: &passed };
                            if !holds(&sites) {
                                break;
                            }
                            ray.push((next, passes(&sites)));
                            passed.push(next);
                            prev = next;
                            next = board.next(next, d);
                        }
                        ray
                    })
                    .collect()
            });
            GroupMovement::Slide { to, min, max, rays }
        }
        other => {
            let span = match other {
                Statement::Slide { span, .. } | Statement::Step { span, .. } => *span,
                _ => span,
            };
            scope.error(
                Diagnostic::error("E0704", "a group moves by one `step`, `slide`, `hop` or `leap`")
                    .with_label(scope.trimmed(span), "not a movement a group can make")
                    .with_help("a group's slide takes no `over` or `through`: say what it may pass with `where`"),
            );
            return None;
        }
    };
    let power = match power {
        Some(p) => Some(p?),
        None => None,
    };
    let needs = match needs {
        Some(p) => Some(p?),
        None => None,
    };
    condition?;
    passing?;
    // Any piece may ride in a group, so every type can move.
    scope.used.borrow_mut().pieces_moved.iter_mut().for_each(|moved| *moved = true);
    Some(MoveRule::Group { power, needs, movement })
}

/// `may add TYPES from hand, TYPES from supply when CONDITION`.
pub(super) fn addition(
    scope: &Scope,
    sources: &[(Vec<Name>, Spanned<Pool>)],
    when: &MoveCond,
    span: Span,
) -> Option<Addition> {
    needs_stacks(scope, span, "adding a piece to a group's arrival needs stacks", "a piece joins a stack")?;
    let (mut hand, mut supply, mut ok) = (0u64, 0u64, true);
    for (types, pool) in sources {
        for name in types {
            let Some(t) = scope.piece(name) else {
                ok = false;
                continue;
            };
            match pool.node {
                Pool::Hand => hand |= 1 << t,
                Pool::Supply => supply |= 1 << t,
            }
        }
    }
    let when = super::program::move_test(scope, when, &mut Default::default());
    Some(Addition { hand, supply, when: when? }).filter(|_| ok)
}

/// `Some(())` in a game with stacks; otherwise error E0701 at `span`.
fn needs_stacks(scope: &Scope, span: Span, message: &str, label: &str) -> Option<()> {
    if scope.stacks.is_none() {
        scope.error(
            Diagnostic::error("E0701", message)
                .with_label(scope.trimmed(span), label)
                .with_help("declare `stacks { … }` with the limits on what a stack holds"),
        );
        return None;
    }
    Some(())
}

/// A table with one entry per site of the board.
fn per_site<T>(board: &Board, mut entry: impl FnMut(Site) -> T) -> Vec<T> {
    (0..board.site_count()).map(|s| entry(s as Site)).collect()
}

/// Where a group may go: by default anywhere, its arrival deciding what
/// happens (empty, own pieces joined, others' captured).
fn destination(scope: &Scope, to: Option<&SiteCond>) -> Option<SiteFilter> {
    match to {
        Some(cond) => site_filter(scope, cond),
        None => Some(SiteFilter { allowed: scope.board.as_ref()?.every_site(), plain: true, test: SiteTest::True }),
    }
}

/// The directions of a heading that names them (no `keep`, `straight`, `turn`).
fn plain_directions(scope: &Scope, heading: &Heading) -> Option<Vec<Dir>> {
    match heading {
        Heading::Any { directions, keep: false } => scope.directions(directions),
        Heading::Any { directions, .. } | Heading::Turn(directions) => {
            scope.error(
                Diagnostic::error("E0705", "a group's movement names its directions plainly")
                    .with_label(directions.span, "no `keep` or `turn` in a group move"),
            );
            None
        }
        Heading::Straight(span) => {
            scope.error(
                Diagnostic::error("E0705", "a group's movement names its directions plainly")
                    .with_label(*span, "`straight` needs a movement before it"),
            );
            None
        }
    }
}

/// The offsets of a `leap (A, B)`, checked: a square board, 0 to 8 squares
/// each way, and not (0, 0).
pub(super) fn leap_offsets(scope: &Scope, offsets: &(Spanned<i64>, Spanned<i64>), span: Span) -> Option<(i64, i64)> {
    let (a, b) = offsets;
    let BoardShape::Square { .. } = scope.board.as_ref()?.shape else {
        scope.error(
            Diagnostic::error("E0702", "`leap` needs a square board")
                .with_label(scope.trimmed(span), "files and ranks give a leap its sense"),
        );
        return None;
    };
    if !(0..=8).contains(&a.node) || !(0..=8).contains(&b.node) || a.node + b.node == 0 {
        scope.error(
            Diagnostic::error("E0703", "a leap goes 0 to 8 squares each way, and somewhere")
                .with_label(Span::new(a.span.start, b.span.end), "out of range"),
        );
        return None;
    }
    Some((a.node, b.node))
}

/// The leaps from `from`, (a, b) squares in every orientation, with the
/// other sites of the rectangle they span as the sites passed over.
fn leaps(
    board: &Board,
    files: usize,
    ranks: usize,
    from: Site,
    a: i64,
    b: i64,
    holds: &impl Fn(&Sites) -> bool,
) -> Vec<(Site, Site)> {
    let at = |f: i64, r: i64| -> Site {
        if f < 0 || r < 0 || f as usize >= files || r as usize >= ranks {
            return NO_SITE;
        }
        let (x, y) = (f as f64, r as f64);
        board.sites.iter().position(|s| s.x == x && s.y == y).map_or(NO_SITE, |i| i as Site)
    };
    let (f0, r0) = (board.sites[from as usize].x as i64, board.sites[from as usize].y as i64);
    let mut out: Vec<(Site, Site)> = Vec::new();
    for (df, dr) in [(a, b), (b, a)] {
        for (sf, sr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let to = at(f0 + sf * df, r0 + sr * dr);
            if to == NO_SITE || out.iter().any(|&(t, _)| t == to) {
                continue;
            }
            let mut passed = Vec::new();
            for f in f0.min(f0 + sf * df)..=f0.max(f0 + sf * df) {
                for r in r0.min(r0 + sr * dr)..=r0.max(r0 + sr * dr) {
                    let s = at(f, r);
                    if s != NO_SITE && s != from && s != to {
                        passed.push(s);
                    }
                }
            }
            if holds(&Sites { from, prev: from, to, over: &passed }) {
                out.push((to, NO_SITE));
            }
        }
    }
    out
}

fn resolve(scope: &Scope, cond: &StaticCond) -> Option<Static> {
    let value = |v: &StaticValue| match v {
        StaticValue::Number(n) => Some(Value::Number(*n)),
        StaticValue::Attribute(name, site) => scope.attribute(name).map(|a| Value::Attribute(a, site.node)),
    };
    Some(match cond {
        StaticCond::Compare(a, op, b) => {
            let (a, b) = (value(a), value(b));
            Static::Compare(a?, *op, b?)
        }
        StaticCond::In(site, region) => {
            let r = scope.region(region)?;
            scope.used.borrow_mut().regions[r] = true;
            Static::In(site.node, scope.regions[r].1.set.clone())
        }
        StaticCond::Not(inner) => Static::Not(Box::new(resolve(scope, inner)?)),
        StaticCond::And(parts) | StaticCond::Or(parts) => {
            let resolved: Vec<Option<Static>> = parts.iter().map(|p| resolve(scope, p)).collect();
            let resolved: Vec<Static> = resolved.into_iter().collect::<Option<_>>()?;
            if matches!(cond, StaticCond::And(_)) { Static::And(resolved) } else { Static::Or(resolved) }
        }
    })
}

fn eval(scope: &Scope, cond: &Static, sites: &Sites) -> bool {
    let single = |site: PathSite| match site {
        PathSite::From => Some(sites.from),
        PathSite::Prev => Some(sites.prev),
        PathSite::To => Some(sites.to),
        PathSite::Over => None,
    };
    // Of several sites passed over, the highest value; lowest of all when none.
    let number = |v: &Value| match v {
        Value::Number(n) => *n,
        Value::Attribute(a, site) => {
            let values = &scope.attributes[*a].1.values;
            match single(*site) {
                Some(s) => values[s as usize],
                None => sites.over.iter().map(|&s| values[s as usize]).max().unwrap_or(i64::MIN),
            }
        }
    };
    match cond {
        Static::Compare(a, op, b) => op.holds(number(a), number(b)),
        Static::In(site, set) => match single(*site) {
            Some(s) => set.contains(s),
            None => sites.over.iter().any(|&s| set.contains(s)),
        },
        Static::Not(inner) => !eval(scope, inner, sites),
        Static::And(parts) => parts.iter().all(|p| eval(scope, p, sites)),
        Static::Or(parts) => parts.iter().any(|p| eval(scope, p, sites)),
    }
}
