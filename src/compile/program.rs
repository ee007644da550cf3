//! Move programs: the statements of a `move` rule become movement ops (how
//! the piece travels, with the player's choices) followed by effect ops
//! (what the arrival does). Options are fixed when a game is loaded, so an
//! `if OPTION` picks its branch here, after both branches are checked.

use super::conditions::site_filter;
use crate::board::Dir;
use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::limits::MAX_PATH;
use crate::game::rules::{
    CaptureMode, Chain, CustodialLimits, EffectOp, FollowUp, Heading, MoveOp, MoveTest, RunLength, SiteFilter,
    SiteTest, SlideBy,
};
use crate::syntax::ast::{
    Again, CaptureTarget, EffectMode, Heading as HeadingDecl, MoveCond, MoveSite, Operand, SiteCond,
    SlideBy as SlideByDecl, Statement,
};
use crate::syntax::span::{Span, Spanned};

/// What the statements so far have written, errors or not: checks further
/// on go by this, so that one mistake is reported once.
#[derive(Default)]
pub(super) struct Written {
    /// A live `step` or `slide`, even one with errors.
    movement: bool,
    /// A live `capture` after a movement, even one with errors.
    effect: bool,
    /// Where the program names the `over` site, to check there is a hop.
    over_uses: Vec<Span>,
    /// A `forbid` names `ahead`, so moves must carry their direction.
    ahead_used: bool,
    /// Optional effects so far (each gets a bit of `Move::taken`).
    optional: u8,
    /// A live chain of hops (`hop … again`), where it is written.
    chain: Option<Span>,
}

/// A lowered move program.
pub struct Program {
    pub path: Vec<MoveOp>,
    pub effects: Vec<EffectOp>,
    pub forbid: Vec<MoveTest>,
    /// Something needs the direction of the last movement.
    pub needs_dir: bool,
    /// The piece stores its direction (`keep`).
    pub keeps_dir: bool,
    /// `then …`: the follow-up after the move.
    pub then: Option<Box<FollowUp>>,
}

/// Lowers a move program; `None` if any part of it has errors.
pub fn move_program(scope: &Scope, statements: &[Statement], rule_span: Span) -> Option<Program> {
    let mut program = Program {
        path: Vec::new(),
        effects: Vec::new(),
        forbid: Vec::new(),
        needs_dir: false,
        keeps_dir: false,
        then: None,
    };
    let mut written = Written::default();
    let (statements, then) = super::follow_up::split(statements);
    let then = then.map(|t| super::follow_up::follow_up(scope, t));
    let mut ok = lower_block(scope, statements, &mut program, &mut written, true);
    match then {
        Some(Some(then)) => program.then = Some(Box::new(then)),
        Some(None) => ok = false,
        None => {}
    }
    program.needs_dir |= written.ahead_used;
    let flies = |op: &MoveOp| matches!(op, MoveOp::Hop { .. } | MoveOp::Slide { over: Some(_), .. });
    if !program.path.iter().any(flies) && !program.path.is_empty() {
        for span in &written.over_uses {
            ok = false;
            scope.error(
                Diagnostic::error("E0405", "this move passes over nothing, so it has no `over` site")
                    .with_label(*span, "`over` names the site a `hop` jumps or a `slide … over` flies over")
                    .with_help(
                        "add `hop DIRECTIONS over CONDITION`, or give the slide `over CONDITION`; or name another site of the move (`to`, `ahead`)",
                    ),
            );
        }
    }
    if let Some(span) = written.chain {
        ok &= chain_fits(scope, &program, span);
    }
    let path = &program.path;
    if ok && path.is_empty() {
        // Underline `move PIECE`, not the whole body.
        let head_end =
            scope.source_text[rule_span.start..rule_span.end].find('{').map_or(rule_span.end, |i| rule_span.start + i);
        let head = scope.trimmed(Span::new(rule_span.start, head_end));
        let help = if has_movement(statements) {
            "every `step`, `slide` and `hop` of this move is in an `if` branch that the options in force rule out"
        } else {
            "write for example `move man { step orthogonal }`"
        };
        scope.error(
            Diagnostic::error("E0401", "this move rule never moves the piece")
                .with_label(head, "expected a `step`, `slide` or `hop` in this move")
                .with_help(help),
        );
        return None;
    }
    ok.then_some(program)
}

/// A capture that is always made takes no `may` or `must` (E0409); false
/// when it was given one.
fn always_made(scope: &Scope, mode: Option<&Spanned<EffectMode>>, what: &str, written: &str) -> bool {
    let Some(mode) = mode else { return true };
    scope.error(
        Diagnostic::error("E0409", format!("{what} is always made"))
            .with_label(mode.span, "`may` and `must` apply to captures at a site")
            .with_help(format!("write `{written}`, or `may capture ahead`")),
    );
    false
}

/// A chain is the whole movement of its move, its only effect is capturing
/// what it passes over, each of its hops names one of at most
/// `MAX_CHAIN_DIRS` directions (a chain of hops keeps its hops in the
/// move), and each of its slides flies over a piece, at any distance.
fn chain_fits(scope: &Scope, program: &Program, span: Span) -> bool {
    let mut ok = true;
    let mut fault = |message: &str, label: &str, help: &str| {
        ok = false;
        scope.error(Diagnostic::error("E0412", message.to_string()).with_label(span, label).with_help(help));
    };
    if program.path.len() != 1 {
        fault(
            "a chain of hops is the whole movement of its move",
            "`again` with another movement in the same move",
            "write the chain in a `move` rule of its own: `move man { hop diagonal over enemy again  capture over }`",
        );
    }
    let plain_capture = |e: &EffectOp| matches!(e, EffectOp::CaptureAt { site: MoveSite::Over, mode: CaptureMode::Always, filter } if filter.test == SiteTest::True);
    if !program.effects.iter().all(plain_capture) || !program.forbid.is_empty() {
        fault(
            "a chain of hops takes only `capture over`",
            "a chain with other effects or a `forbid`",
            "`capture over` takes every piece the chain hops; other effects and `forbid` are not available on chains yet",
        );
    }
    if let Some(MoveOp::Slide { over, die, min, max, heading, .. }) = program.path.first() {
        if over.is_none() {
            fault(
                "a chain of slides takes a piece with each slide",
                "`again` on a slide that passes over nothing",
                "give the slide the pieces it flies over and takes: `slide diagonal over enemy again  capture over`",
            );
        }
        if die.is_some() || *min > 1 || *max < u8::MAX || *heading != Heading::Any {
            fault(
                "a chain of slides goes any distance, in any of its directions",
                "`again` on a slide with a distance, a die or a heading",
                "write the chain as `slide DIRECTIONS over CONDITION again`",
            );
        }
    }
    if let Some(MoveOp::Hop { dirs, .. }) = program.path.first()
        && dirs.len() > crate::game::limits::MAX_CHAIN_DIRS
    {
        fault(
            &format!("a chain of hops goes in at most {} directions", crate::game::limits::MAX_CHAIN_DIRS),
            &format!("{} directions", dirs.len()),
            "name fewer directions for the chain",
        );
    }
    ok
}

/// Whether any branch of a program has a `step` or `slide`.
fn has_movement(statements: &[Statement]) -> bool {
    statements.iter().any(|s| match s {
        Statement::Step { .. }
        | Statement::Slide { .. }
        | Statement::Hop { .. }
        | Statement::Leap { .. }
        | Statement::Fly { .. }
        | Statement::Sow { .. }
        | Statement::Advance { .. } => true,
        Statement::If { then, otherwise, .. } => has_movement(then) || has_movement(otherwise),
        Statement::Capture { .. }
        | Statement::Flip { .. }
        | Statement::FlipCustodial { .. }
        | Statement::Forbid { .. }
        | Statement::ForbidLeaves { .. }
        | Statement::Then { .. } => false,
    })
}

/// Lowers statements in order. `live` is false inside a branch the options
/// rule out: it is still checked, but contributes nothing.
fn lower_block(
    scope: &Scope,
    statements: &[Statement],
    program: &mut Program,
    written: &mut Written,
    live: bool,
) -> bool {
    let mut ok = true;
    for statement in statements {
        match statement {
            // A sowing program is compiled whole (`compile::sow`): here `sow`
            // is inside an `if` or among other movements.
            Statement::Sow { span, .. } => {
                ok = false;
                super::sow::misplaced_sow(scope, *span);
            }
            Statement::Advance { span, .. } => {
                // Reached only where a whole program cannot be an advance
                // (a part of `together`, inside an `if`).
                ok = false;
                scope.error(
                    Diagnostic::error("E0420", "`advance` is the whole program of its move")
                        .with_label(scope.trimmed(*span), "an advance among other statements")
                        .with_help("write it alone in its own rule: `move TYPE { advance TRACK by dice }`"),
                );
            }
            Statement::If { option, then, otherwise, .. } => {
                let chosen = scope.bool_option(option);
                ok &= chosen.is_some();
                let chosen = chosen.unwrap_or(true);
                ok &= lower_block(scope, then, program, written, live && chosen);
                ok &= lower_block(scope, otherwise, program, written, live && !chosen);
            }
            Statement::Step { to, span, .. }
            | Statement::Slide { to, span, .. }
            | Statement::Hop { to, span, .. }
            | Statement::Leap { to, span, .. }
            | Statement::Fly { to, span } => {
                let span = scope.trimmed(*span);
                if written.effect && live {
                    ok = false;
                    scope.error(
                        Diagnostic::error("E0402", "the piece moves again after its capture")
                            .with_label(span, "a movement after an effect")
                            .with_help("put `capture` after the last `step`, `slide` or `hop` of the move"),
                    );
                }
                let heading = lower_heading(scope, statement, written, program, live);
                written.movement |= live;
                let to = destination(scope, to.as_ref());
                let Some(op) = lower_movement(scope, statement, heading, to) else {
                    ok = false;
                    continue;
                };
                if let Statement::Hop { again: Some(again), .. } | Statement::Slide { again: Some(again), .. } =
                    statement
                    && live
                {
                    written.chain = Some(scope.trimmed(again.span));
                }
                if live && program.path.len() == MAX_PATH {
                    ok = false;
                    scope.error(
                        Diagnostic::error("E0404", format!("a move may take at most {MAX_PATH} steps or slides"))
                            .with_label(span, "one too many")
                            .with_help("split the movement into fewer, longer statements"),
                    );
                } else if live {
                    program.path.push(op);
                }
            }
            Statement::Capture { mode, target, span } => {
                if !written.movement && live {
                    ok = false;
                    scope.error(
                        Diagnostic::error("E0403", "a capture before the piece has moved")
                            .with_label(scope.trimmed(*span), "this capture comes first")
                            .with_help("captures happen on arrival: put `capture` after a `step`, `slide` or `hop`"),
                    );
                } else {
                    written.effect |= live;
                }
                let effect = match target {
                    CaptureTarget::Custodial { .. } => {
                        ok &= always_made(scope, mode.as_ref(), "a custodial capture", "capture custodial DIRECTIONS");
                        capture_custodial(scope, target)
                    }
                    CaptureTarget::On(condition) => {
                        ok &= always_made(scope, mode.as_ref(), "a capture on a condition", "capture on CONDITION");
                        site_filter(scope, condition).map(|filter| EffectOp::CaptureOn { filter })
                    }
                    CaptureTarget::Site { site, condition } => {
                        ok &= effect_site(scope, site, "capture", "capture `over`, `ahead` or `to`", written, program);
                        let filter = match condition {
                            Some(c) => site_filter(scope, c),
                            None => everywhere(scope),
                        };
                        let mode = match mode.as_ref().map(|m| m.node) {
                            None => Some(CaptureMode::Always),
                            Some(EffectMode::Must) => Some(CaptureMode::Must),
                            Some(EffectMode::May) if written.optional < 8 => {
                                written.optional += live as u8;
                                Some(CaptureMode::May(written.optional - live as u8))
                            }
                            Some(EffectMode::May) => {
                                scope.error(
                                    Diagnostic::error("E0409", "a move may have at most 8 optional effects")
                                        .with_label(scope.trimmed(*span), "one too many"),
                                );
                                None
                            }
                        };
                        filter.zip(mode).map(|(filter, mode)| EffectOp::CaptureAt { site: site.node, filter, mode })
                    }
                };
                match effect {
                    Some(effect) if live => program.effects.push(effect),
                    Some(_) => {}
                    None => ok = false,
                }
            }
            Statement::Flip { site, span } => {
                if !written.movement && live {
                    ok = false;
                    scope.error(
                        Diagnostic::error("E0403", "a flip before the piece has moved")
                            .with_label(scope.trimmed(*span), "this flip comes first")
                            .with_help("effects happen on arrival: put `flip` after a `step`, `slide` or `hop`"),
                    );
                } else {
                    written.effect |= live;
                }
                let help = "flip `over` (the piece hopped) or `to` (the piece that moved)";
                ok &= effect_site(scope, site, "flip", help, written, program);
                if live {
                    program.effects.push(EffectOp::Flip { site: site.node });
                }
            }
            Statement::FlipCustodial { mode, directions, span } => {
                if !written.movement && live {
                    ok = false;
                    scope.error(
                        Diagnostic::error("E0403", "a flip before the piece has moved")
                            .with_label(scope.trimmed(*span), "this flip comes first")
                            .with_help("effects happen on arrival: put `flip` after a `step`, `slide` or `hop`"),
                    );
                } else {
                    written.effect |= live;
                }
                match (flip_custodial(scope, mode.as_ref(), directions), live) {
                    (Some(effect), true) => program.effects.push(effect),
                    (Some(_), false) => {}
                    (None, _) => ok = false,
                }
            }
            Statement::Forbid { cond, .. } => match move_test(scope, cond, written) {
                Some(test) if live => program.forbid.push(test),
                Some(_) => {}
                None => ok = false,
            },
            Statement::Then { span, .. } => {
                ok = false;
                super::follow_up::misplaced(scope, *span);
            }
            Statement::ForbidLeaves { span, .. } => {
                ok = false;
                super::leaves::misplaced(scope, *span);
            }
        }
    }
    ok
}

/// Checks the site an effect acts on and notes what it needs: `from` is
/// empty once the piece has moved (E0406), `over` needs a movement that
/// passes over something, `ahead` the direction of the last movement.
fn effect_site(
    scope: &Scope,
    site: &Spanned<MoveSite>,
    effect: &str,
    help: &str,
    written: &mut Written,
    program: &mut Program,
) -> bool {
    match site.node {
        MoveSite::From => {
            scope.error(
                Diagnostic::error("E0406", format!("nothing is left at `from` to {effect}"))
                    .with_label(site.span, "the moving piece has left this site")
                    .with_help(help),
            );
            return false;
        }
        MoveSite::Over => written.over_uses.push(site.span),
        MoveSite::Ahead => program.needs_dir = true,
        MoveSite::To => {}
    }
    true
}

/// Lowers a condition on the move; notes uses of `over`.
pub(super) fn move_test(scope: &Scope, cond: &MoveCond, written: &mut Written) -> Option<MoveTest> {
    Some(match cond {
        MoveCond::Is { site, cond } => {
            if site.node == MoveSite::Over {
                written.over_uses.push(site.span);
            }
            written.ahead_used |= site.node == MoveSite::Ahead;
            MoveTest::Is { site: site.node, filter: site_filter(scope, cond)? }
        }
        MoveCond::Moving(op, count) => MoveTest::Moving(*op, count.node),
        MoveCond::MovedBy(piece) => MoveTest::MovedBy(scope.piece(piece)?),
        MoveCond::Not(inner) => MoveTest::Not(Box::new(move_test(scope, inner, written)?)),
        MoveCond::And(parts) => {
            let parts: Vec<_> = parts.iter().map(|p| move_test(scope, p, written)).collect();
            MoveTest::And(parts.into_iter().collect::<Option<_>>()?)
        }
        MoveCond::Or(parts) => {
            let parts: Vec<_> = parts.iter().map(|p| move_test(scope, p, written)).collect();
            MoveTest::Or(parts.into_iter().collect::<Option<_>>()?)
        }
    })
}

/// The directions and heading of a movement statement; `None` after errors.
fn lower_heading(
    scope: &Scope,
    statement: &Statement,
    written: &Written,
    program: &mut Program,
    live: bool,
) -> Option<(Vec<Dir>, Heading)> {
    let heading = match statement {
        Statement::Step { heading, .. } | Statement::Slide { heading, .. } => heading,
        Statement::Hop { directions, .. } => return scope.directions(directions).map(|d| (d, Heading::Any)),
        // A leap goes by offsets, a flight anywhere: in no direction.
        Statement::Leap { .. } | Statement::Fly { .. } => return Some((Vec::new(), Heading::Any)),
        _ => return None,
    };
    let (directions, kind) = match heading {
        HeadingDecl::Any { directions, keep: false } => (directions, Heading::Any),
        HeadingDecl::Any { directions, keep: true } => {
            if live {
                program.keeps_dir = true;
                program.needs_dir = true;
            }
            (directions, Heading::Keep)
        }
        HeadingDecl::Turn(directions) => (directions, Heading::Turn),
        HeadingDecl::Straight(span) => {
            if !written.movement {
                scope.error(
                    Diagnostic::error("E0407", "`straight` continues a movement, but none comes before it")
                        .with_label(*span, "the first movement of the move")
                        .with_help("give directions: `step lines`, then `step straight`"),
                );
                return None;
            }
            return Some((Vec::new(), Heading::Straight));
        }
    };
    if kind == Heading::Turn && !written.movement {
        scope.error(
            Diagnostic::error("E0407", "`turn` leaves the line of a movement, but none comes before it")
                .with_label(directions.span, "the first movement of the move")
                .with_help("give directions: `step lines`, then `step turn lines`"),
        );
        return None;
    }
    scope.directions(directions).map(|d| (d, kind))
}

/// The movement op of a step, slide or hop statement; `None` after errors.
fn lower_movement(
    scope: &Scope,
    statement: &Statement,
    heading: Option<(Vec<Dir>, Heading)>,
    to: Option<SiteFilter>,
) -> Option<MoveOp> {
    let board = scope.board.as_ref();
    match statement {
        Statement::Step { .. } => {
            let ((dirs, heading), to) = (heading?, to?);
            let reach = board.map(|b| b.reach(&dirs)).unwrap_or_default();
            let back = board
                .map(|b| b.reach(&dirs.iter().map(|&d| b.opposite[d as usize]).collect::<Vec<_>>()))
                .unwrap_or_default();
            let links = board.map(|b| b.links(&dirs)).unwrap_or_default();
            let (even, has_next) = board.and_then(|b| b.shifts_apart(&dirs)).unwrap_or_default();
            Some(MoveOp::Step { dirs, heading, to, reach, back, links, even, has_next })
        }
        Statement::Leap { offsets, span, .. } => {
            let (a, b) = super::group::leap_offsets(scope, offsets, *span)?;
            let ((dirs, heading), to) = (heading?, to?);
            // The leaps from a site are the leaps to it: `back` is `reach`.
            let reach = board?.leaps(a, b)?;
            Some(MoveOp::Step {
                dirs,
                heading,
                to,
                back: reach.clone(),
                reach,
                links: Vec::new(),
                even: Vec::new(),
                has_next: crate::board::SetTable::default(),
            })
        }
        Statement::Fly { .. } => Some(MoveOp::Fly { to: to? }),
        Statement::Hop { over, again, .. } => {
            let over = site_filter(scope, over);
            let chain = chain(scope, again.as_ref());
            let ((dirs, _), to, over, chain) = (heading?, to?, over?, chain?);
            let jumps = board.map(|b| b.jumps(&dirs)).unwrap_or_default();
            Some(MoveOp::Hop { dirs, over, to, jumps, chain })
        }
        Statement::Slide { distance, by, over, through, again, .. } => {
            let (die, by) = match by {
                None => (None, None),
                Some(by) => match slide_by(scope, by)? {
                    SlideNumber::Die(d) => (Some(d), None),
                    SlideNumber::Other(by) => (None, Some(Box::new(by))),
                },
            };
            let over = over.as_ref().map(|c| site_filter(scope, c));
            let through = through.as_ref().map(|c| site_filter(scope, c));
            let (min, max) = slide_distance(scope, distance.as_ref())?;
            let simple = distance.is_none() && die.is_none() && by.is_none() && over.is_none() && through.is_none();
            let over = match over {
                Some(o) => Some(o?),
                None => None,
            };
            let through = match through {
                Some(t) => Some(t?),
                None => None,
            };
            let chain = chain(scope, again.as_ref());
            let ((dirs, heading), to, chain) = (heading?, to?, chain?);
            let links = board.map(|b| b.links(&dirs)).unwrap_or_default();
            Some(MoveOp::Slide { dirs, links, heading, to, min, max, over, through, simple, die, by, chain })
        }
        _ => None,
    }
}

/// The chain `again [or stop] [until COND]` makes: `Some(None)` without
/// one, `None` when its condition has errors.
fn chain(scope: &Scope, again: Option<&Again>) -> Option<Option<Chain>> {
    let Some(again) = again else { return Some(None) };
    let until = match &again.until {
        Some(cond) => Some(site_filter(scope, cond)?),
        None => None,
    };
    Some(Some(Chain { may_stop: again.may_stop, until, by_captures: false }))
}

/// What a slide's `by` reads: a die, or another number.
enum SlideNumber {
    Die(u8),
    Other(SlideBy),
}

/// `by NUMBER`: a die (kept apart, as dice are read without a position),
/// a number conditions read, or a count along the line of movement. A lone
/// name that is neither a die, a counter nor a number option is E0717.
fn slide_by(scope: &Scope, by: &SlideByDecl) -> Option<SlideNumber> {
    match by {
        SlideByDecl::Line(cond, _) => site_filter(scope, cond).map(|f| SlideNumber::Other(SlideBy::Line(f))),
        SlideByDecl::Number(Operand::Option(name), _) => {
            if let Some(d) = scope.die(name) {
                return Some(SlideNumber::Die(d as u8));
            }
            let counter = scope.per_player.contains(&name.node) || scope.counter_index(name).is_some();
            let option = scope.options.iter().any(|(o, def)| o.node == name.node && !def.is_bool);
            if !counter && !option {
                let known: Vec<&str> =
                    scope.dice.map(|(names, _, _)| names.iter().map(|n| n.as_str()).collect()).unwrap_or_default();
                scope.error(
                    Diagnostic::error("E0717", format!("`{}` is not a die, a counter or a number option", name.node))
                        .with_label(name.span, "expected a die declared with `dice`, a counter or a number")
                        .with_help(crate::diagnostics::suggest::help_for(&name.node, "die name", known)),
                );
                return None;
            }
            super::counters::quantity(scope, &Operand::Option(name.clone()))
                .map(|q| SlideNumber::Other(SlideBy::Number(q)))
        }
        SlideByDecl::Number(number, _) => {
            super::counters::quantity(scope, number).map(|q| SlideNumber::Other(SlideBy::Number(q)))
        }
    }
}

/// A filter every site passes.
pub(super) fn everywhere(scope: &Scope) -> Option<SiteFilter> {
    Some(SiteFilter { allowed: scope.board.as_ref()?.every_site(), plain: true, test: SiteTest::True })
}

/// Where a step or slide may end: `to COND`, by default an empty site.
fn destination(scope: &Scope, to: Option<&SiteCond>) -> Option<SiteFilter> {
    match to {
        Some(cond) => site_filter(scope, cond),
        None => Some(SiteFilter { allowed: scope.board.as_ref()?.every_site(), plain: true, test: SiteTest::Empty }),
    }
}

/// `[must] flip custodial DIRECTIONS`; `may` is not offered (E0409).
fn flip_custodial(
    scope: &Scope,
    mode: Option<&Spanned<EffectMode>>,
    directions: &crate::syntax::ast::Directions,
) -> Option<EffectOp> {
    if let Some(mode) = mode.filter(|m| m.node == EffectMode::May) {
        scope.error(
            Diagnostic::error("E0409", "an outflanking flip is made whenever it can be")
                .with_label(mode.span, "`may` is for captures at a site")
                .with_help(
                    "write `flip custodial DIRECTIONS`, or `must flip custodial DIRECTIONS` for moves that must flip",
                ),
        );
        return None;
    }
    let must = mode.is_some_and(|m| m.node == EffectMode::Must);
    scope.directions(directions).map(|dirs| EffectOp::FlipCustodial { dirs, must })
}

/// The effects of a placement (`place TYPE on … { EFFECTS }`): custodial
/// captures and flips from the site placed on (E0411 for anything else).
pub(super) fn placement_effects(
    scope: &Scope,
    statements: &[Statement],
) -> Option<(Vec<EffectOp>, Option<Box<FollowUp>>)> {
    let mut effects = Vec::new();
    let (statements, then) = super::follow_up::split(statements);
    let then = then.map(|t| super::follow_up::follow_up(scope, t));
    let mut ok = !matches!(then, Some(None));
    for statement in statements {
        let effect = match statement {
            Statement::Capture { mode: None, target: target @ CaptureTarget::Custodial { .. }, .. } => {
                capture_custodial(scope, target)
            }
            Statement::FlipCustodial { mode, directions, .. } => flip_custodial(scope, mode.as_ref(), directions),
            Statement::Then { span, .. } => {
                super::follow_up::misplaced(scope, *span);
                None
            }
            other => {
                misplaced_in_placement(scope, other);
                None
            }
        };
        match effect {
            Some(effect) => effects.push(effect),
            None => ok = false,
        }
    }
    ok.then_some((effects, then.flatten().map(Box::new)))
}

/// E0411 for a statement a placement's block cannot hold: what it is,
/// where it goes instead, and what the block may hold.
fn misplaced_in_placement(scope: &Scope, statement: &Statement) {
    let site_word = |site: MoveSite| match site {
        MoveSite::From => "from",
        MoveSite::To => "to",
        MoveSite::Over => "over",
        MoveSite::Ahead => "ahead",
    };
    let movement = "moves a piece: it goes in a `move` rule (a placement puts a piece down and moves nothing)";
    let (what, belongs, span) = match statement {
        Statement::Step { span, .. } => ("`step`".to_string(), movement.to_string(), span),
        Statement::Slide { span, .. } => ("`slide`".to_string(), movement.to_string(), span),
        Statement::Hop { span, .. } => ("`hop`".to_string(), movement.to_string(), span),
        Statement::Leap { span, .. } => ("`leap`".to_string(), movement.to_string(), span),
        Statement::Fly { span, .. } => ("`fly`".to_string(), movement.to_string(), span),
        Statement::Sow { span, .. } => ("`sow`".to_string(), movement.to_string(), span),
        Statement::Advance { span, .. } => ("`advance`".to_string(), movement.to_string(), span),
        Statement::Capture { target: CaptureTarget::On(_), span, .. } => (
            "`capture on`".to_string(),
            "goes in a `move` rule; after a placement, pieces are removed by a follow-up: `then remove on CONDITION`"
                .to_string(),
            span,
        ),
        Statement::Capture { target: CaptureTarget::Site { site, .. }, span, .. } => (
            format!("`capture {}`", site_word(site.node)),
            "takes a piece at a site of a movement: it goes in a `move` rule, after the movement".to_string(),
            span,
        ),
        Statement::Capture { mode, target: CaptureTarget::Custodial { .. }, span } => {
            let mode = mode.as_ref().map_or("", |m| if m.node == EffectMode::May { "may " } else { "must " });
            (
                format!("`{mode}capture custodial`"),
                "a custodial capture is always made: write `capture custodial DIRECTIONS`".to_string(),
                span,
            )
        }
        Statement::Flip { site, span } => (
            format!("`flip {}`", site_word(site.node)),
            "turns over a piece at a site of a movement: it goes in a `move` rule, after the movement".to_string(),
            span,
        ),
        Statement::Forbid { span, .. } => {
            ("`forbid`".to_string(), "rules out moves by their sites: it goes in a `move` rule".to_string(), span)
        }
        Statement::If { span, .. } => (
            "`if`".to_string(),
            "put `if OPTION { … }` around the placement rule, in the phase (section 11.8)".to_string(),
            span,
        ),
        // A placement's own statements, never misplaced.
        Statement::FlipCustodial { .. } | Statement::Then { .. } => return,
        Statement::ForbidLeaves { span, .. } => return super::leaves::misplaced(scope, *span),
    };
    scope.error(
        Diagnostic::error("E0411", format!("{what} does not go in a placement"))
            .with_label(scope.trimmed(*span), belongs)
            .with_help(
                "a placement's block holds `capture custodial DIRECTIONS` and `[must] flip custodial DIRECTIONS`, and last a follow-up `then …`",
            ),
    );
}

/// `capture custodial DIRECTIONS [LENGTH] [where …] [against …]`: the
/// length of the runs taken runs from 1 to 255, low to high (E0719).
fn capture_custodial(scope: &Scope, target: &CaptureTarget) -> Option<EffectOp> {
    let CaptureTarget::Custodial { directions, length, taken, against, .. } = target else { return None };
    let filter = |cond: &Option<SiteCond>| cond.as_ref().map(|c| site_filter(scope, c));
    let (taken, closing) = (filter(taken), filter(against));
    let limits = match (taken, closing) {
        (Some(None), _) | (_, Some(None)) => return None,
        (None, None) => None,
        (taken, closing) => Some(Box::new(CustodialLimits { taken: taken.flatten(), closing: closing.flatten() })),
    };
    let length = length.as_ref();
    let length = match length {
        None => RunLength::ANY,
        Some(d) => {
            let (low, high) = d.node;
            let high_ok = high.is_none_or(|h| (low..=255).contains(&h));
            if !(1..=255).contains(&low) || !high_ok {
                scope.error(
                    Diagnostic::error("E0719", "a custodial capture takes runs of 1 to 255 pieces, low to high")
                        .with_label(d.span, "not a length of run to take")
                        .with_help("write for example `2` (exactly two), `1..2` (one or two) or `2..` (two or more)"),
                );
                return None;
            }
            RunLength { min: low as u16, max: high.map_or(u16::MAX, |h| h as u16) }
        }
    };
    scope.directions(directions).map(|dirs| EffectOp::CaptureCustodial { dirs, length, limits })
}

/// A slide's distance (`2`, `1..3`, `2..`; none: any), from 1 to 255, low
/// to high (E0408).
pub(super) fn slide_distance(scope: &Scope, distance: Option<&Spanned<(i64, Option<i64>)>>) -> Option<(u8, u8)> {
    let Some(d) = distance else { return Some((1, u8::MAX)) };
    let (low, high) = d.node;
    let high_ok = high.is_none_or(|h| (low..=255).contains(&h));
    if !(1..=255).contains(&low) || !high_ok {
        scope.error(
            Diagnostic::error("E0408", "a slide's distance must run from 1 to 255, low to high")
                .with_label(d.span, "not a distance a slide can go")
                .with_help("write for example `2`, `1..3` or `2..`"),
        );
        return None;
    }
    Some((low as u8, high.unwrap_or(255) as u8))
}
