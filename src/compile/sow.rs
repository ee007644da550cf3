//! Sowing and what goes with it: `sow TRACK [skipping CONDITION]` as the
//! whole movement of a `move` rule (plus `forbid`), `gather … into SITE`
//! (an effect), and `most TYPE in REGION wins` (an end result).

use super::conditions::site_filter;
use crate::board::{SiteSet, Sites};
use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::rules::{Effect, GameTest, GatherFrom, MoveRule, SiteFilter, SiteTest};
use crate::syntax::ast::{GameCond, GatherSource, PhaseRule, SiteCond, Statement};
use crate::syntax::span::{Name, Span};

/// Whether a move program sows: its `sow` is then its whole movement.
pub(super) fn is_sowing(program: &[Statement]) -> bool {
    program.iter().any(|s| matches!(s, Statement::Sow { .. }))
}

/// `sow` where it cannot go: inside an `if`, or after another movement.
pub(super) fn misplaced_sow(scope: &Scope, span: Span) {
    scope.error(
        Diagnostic::error("E0416", "`sow` is the whole movement of its rule")
            .with_label(scope.trimmed(span), "sowing cannot be combined with other statements here")
            .with_help(
                "write `move [neutral] TYPE { sow TRACK [skipping CONDITION] }`, with only `forbid` beside it; the rules on the last site go in an `after move { … }` block (read `last_to`)",
            ),
    );
}

/// A `move [neutral] TYPE [when …] { sow TRACK [skipping …]  forbid … }` rule.
pub(super) fn sow_rule(scope: &Scope, rule: &PhaseRule) -> Option<MoveRule> {
    let PhaseRule::Move { neutral, piece: piece_name, guard, program, .. } = rule else { return None };
    let mut ok = true;
    let mut sow = None;
    let mut forbid = Vec::new();
    let mut written = super::program::Written::default();
    for statement in program {
        match statement {
            Statement::Sow { track, skipping, span } if sow.is_none() => sow = Some((track, skipping, *span)),
            Statement::Forbid { cond, .. } => match super::program::move_test(scope, cond, &mut written) {
                Some(test) => forbid.push(test),
                None => ok = false,
            },
            Statement::Sow { span, .. }
            | Statement::If { span, .. }
            | Statement::Step { span, .. }
            | Statement::Slide { span, .. }
            | Statement::Hop { span, .. }
            | Statement::Capture { span, .. }
            | Statement::Leap { span, .. }
            | Statement::Fly { span, .. }
            | Statement::Advance { span, .. }
            | Statement::Flip { span, .. }
            | Statement::FlipCustodial { span, .. }
            | Statement::Then { span, .. } => {
                ok = false;
                misplaced_sow(scope, *span);
            }
            Statement::ForbidLeaves { span, .. } => {
                ok = false;
                super::leaves::misplaced(scope, *span);
            }
        }
    }
    let (track_name, skipping, span) = sow?;
    let piece = scope.piece(piece_name);
    if let Some(p) = piece
        && !scope.pieces[p as usize].1.counted
    {
        ok = false;
        scope.error(
            Diagnostic::error(
                "E0417",
                format!("`sow` lays pieces of a counted type, and `{}` is not one", piece_name.node),
            )
            .with_label(scope.trimmed(span), "sows one piece at a time from a heap")
            .with_help(format!("declare the type with the trait: `piece {} counted`", piece_name.node)),
        );
    }
    let track = ordered_track(scope, track_name, true);
    let guard = match guard {
        Some(cond) => super::conditions::game_test(scope, cond).map(Some),
        None => Some(None),
    };
    let (skip, skip_start) = match skipping {
        Some(cond) => skip_condition(scope, cond)?,
        None => (None, false),
    };
    let (piece, track, guard) = (piece?, track?, guard?);
    if !ok {
        return None;
    }
    scope.used.borrow_mut().pieces_moved[piece as usize] = true;
    Some(MoveRule::Sow { piece, neutral: *neutral, guard, track, skip, skip_start, forbid })
}

/// A track whose sites come in order (one path, or one per player); with
/// `looped`, each path must close into a loop (sowing goes round).
fn ordered_track(scope: &Scope, name: &Name, looped: bool) -> Option<usize> {
    let index = scope.track(name)?;
    let def = &scope.tracks[index].1;
    let players = scope.players.len().max(1) as u8;
    let ordered = (0..players).all(|p| !def.path(p).is_empty());
    if !ordered || (looped && !def.looped()) {
        let what = if ordered { "does not close into a loop" } else { "has no order" };
        scope.error(
            Diagnostic::error("E0418", format!("track `{}` {what}", name.node))
                .with_label(name.span, if looped { "sowing goes round a loop" } else { "a run goes back along an order" })
                .with_help(
                    "write the track as one path that ends where it starts, `track ring = A - B - C - A`, or one such path per player",
                ),
        );
        return None;
    }
    Some(index)
}

/// `skipping CONDITION`: the filter, and whether `from` (the start) is one
/// of its alternatives. `from` is a site of the move, so it may stand only
/// as a whole alternative: `skipping from`, `skipping from or REGION(opponent)`.
fn skip_condition(scope: &Scope, cond: &SiteCond) -> Option<(Option<SiteFilter>, bool)> {
    let is_from = |c: &SiteCond| matches!(c, SiteCond::Name(n) if n.node == "from");
    let (rest, start): (Vec<&SiteCond>, bool) = match cond {
        SiteCond::Or(parts) => (parts.iter().filter(|p| !is_from(p)).collect(), parts.iter().any(is_from)),
        c if is_from(c) => (Vec::new(), true),
        c => (vec![c], false),
    };
    let mut ok = true;
    for part in &rest {
        if let Some(span) = from_inside(part) {
            ok = false;
            scope.error(
                Diagnostic::error("E0419", "`from` in `skipping` stands alone, as one alternative")
                    .with_label(span, "the start of the move, inside a condition")
                    .with_help("write `skipping from`, or `skipping from or CONDITION`"),
            );
        }
    }
    if !ok {
        return None;
    }
    let filter = match rest.len() {
        0 => None,
        1 => Some(site_filter(scope, rest[0])?),
        _ => Some(site_filter(scope, &SiteCond::Or(rest.into_iter().cloned().collect()))?),
    };
    Some((filter, start))
}

/// Where `from` is written inside a condition, if it is.
fn from_inside(cond: &SiteCond) -> Option<Span> {
    match cond {
        SiteCond::Name(n) if n.node == "from" => Some(n.span),
        SiteCond::Name(_) | SiteCond::RegionOf { .. } | SiteCond::Pieces(..) | SiteCond::Liberties { .. } => None,
        SiteCond::Ray { cond, .. } | SiteCond::Transpose(cond, _) | SiteCond::Not(cond, _) => from_inside(cond),
        SiteCond::And(parts) | SiteCond::Or(parts) => parts.iter().find_map(from_inside),
    }
}

/// `gather SITES into SITE [unless it empties SITES]`.
pub(super) fn gather(
    scope: &Scope,
    source: &GatherSource,
    into: &SiteCond,
    unless: Option<&SiteCond>,
    span: Span,
) -> Option<Effect> {
    let from = match source {
        GatherSource::Sites(cond) => site_filter(scope, cond).map(GatherFrom::Sites),
        GatherSource::Run { last_to, track, cond, .. } => {
            let (track, cond) = (ordered_track(scope, track, false), site_filter(scope, cond));
            track.zip(cond).map(|(track, cond)| GatherFrom::Run { last_to: *last_to, track, cond })
        }
    };
    let target = site_filter(scope, into);
    let unless = match unless {
        Some(cond) => site_filter(scope, cond).map(Some),
        None => Some(None),
    };
    let (from, target, unless) = (from?, target?, unless?);
    if !one_site_each(scope, &target) {
        scope.error(
            Diagnostic::error("E0720", "`into` names one site, for each player")
                .with_label(scope.trimmed(span), "the pieces gathered go to one site")
                .with_help(
                    "name a region of one site (`region NAME = SITE`), or a per-player region of one site each: `into REGION(mover)`",
                ),
        );
        return None;
    }
    Some(Effect::Gather { from: Box::new(from), into: Box::new(target), unless: unless.map(Box::new) })
}

/// Whether a filter names exactly one site, whoever it is seen from: a
/// fixed set of one site, or a per-player region of one site each.
fn one_site_each(scope: &Scope, filter: &SiteFilter) -> bool {
    let Some(board) = scope.board.as_ref() else { return false };
    let one = |sites: &Sites| crate::with_width!(board.width, S => sites.get::<S>().len() == 1);
    match &filter.test {
        SiteTest::True => one(&filter.allowed),
        SiteTest::PlayerIn(sets) | SiteTest::RegionOf { sets, .. } => (0..scope.players.len()).all(|p| {
            crate::with_width!(board.width, S => {
                sets.get_or_empty::<S>(p).and(filter.allowed.get::<S>()).len() == 1
            })
        }),
        _ => false,
    }
}

/// `must leave CONDITION`: a condition that generates no moves, since it
/// is tested while moves are generated (`blocked` would generate the next
/// player's, whose `must leave` would generate the mover's, without end).
pub(super) fn must_leave(scope: &Scope, cond: &GameCond) -> Option<GameTest> {
    let searches = searching(cond);
    for (span, word) in &searches {
        scope.error(
            Diagnostic::error("E0722", format!("`must leave` cannot read `{word}`"))
                .with_label(*span, "this test generates moves, which `must leave` is part of")
                .with_help("say what the move must leave with counts, as in `must leave pieces(houses(opponent)) > 0`"),
        );
    }
    let test = super::conditions::game_test(scope, cond)?;
    searches.is_empty().then_some(test)
}

/// The tests in a condition that generate moves, and their words.
fn searching(cond: &GameCond) -> Vec<(Span, &'static str)> {
    match cond {
        GameCond::Blocked(span) => vec![(*span, "blocked")],
        GameCond::AllBlocked(span) => vec![(*span, "all blocked")],
        GameCond::Threatened { span, .. } => vec![(*span, "threatened")],
        GameCond::Not(inner, _) => searching(inner),
        GameCond::And(parts) | GameCond::Or(parts) => parts.iter().flat_map(searching).collect(),
        _ => Vec::new(),
    }
}

/// The region of `most TYPE in REGION wins`: per player.
pub(super) fn most_region(scope: &Scope, name: &Name) -> Option<usize> {
    let index = scope.region(name)?;
    if scope.regions[index].1.per_player.is_empty() {
        scope.error(
            Diagnostic::error("E0721", format!("`{}` is one region for everybody", name.node))
                .with_label(name.span, "each player's pieces are counted on their own sites")
                .with_help(format!("declare it per player: `region {} {{ PLAYER: SITES … }}`", name.node)),
        );
        return None;
    }
    Some(index)
}
