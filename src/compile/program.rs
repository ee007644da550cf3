//! Move programs: the statements of a `move` rule become movement ops (how
//! the piece travels, with the player's choices) followed by effect ops
//! (what the arrival does). Options are fixed when a game is loaded, so an
//! `if OPTION` picks its branch here, after both branches are checked.

use super::conditions::site_filter;
use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::engine::rules::{EffectOp, MoveOp, MoveTest, SiteFilter, SiteTest};
use crate::syntax::ast::{CaptureKind, MoveCond, MoveSite, SiteCond, Statement};
use crate::syntax::span::Span;

/// The most movement statements in one move (move generation keeps one
/// destination set per statement on the stack).
pub const MAX_PATH: usize = 8;

/// What the statements so far have written, errors or not: checks further
/// on go by this, so that one mistake is reported once.
#[derive(Default)]
struct Written {
    /// A live `step` or `slide`, even one with errors.
    movement: bool,
    /// A live `capture` after a movement, even one with errors.
    effect: bool,
    /// Where the program names the `over` site, to check there is a hop.
    over_uses: Vec<Span>,
}

/// A lowered move program.
pub struct Program {
    pub path: Vec<MoveOp>,
    pub effects: Vec<EffectOp>,
    pub forbid: Vec<MoveTest>,
}

/// Lowers a move program; `None` if any part of it has errors.
pub fn move_program(scope: &Scope, statements: &[Statement], rule_span: Span) -> Option<Program> {
    let mut program = Program { path: Vec::new(), effects: Vec::new(), forbid: Vec::new() };
    let mut written = Written::default();
    let mut ok = lower_block(scope, statements, &mut program, &mut written, true);
    if !program.path.iter().any(|op| matches!(op, MoveOp::Hop { .. })) && !program.path.is_empty() {
        for span in &written.over_uses {
            ok = false;
            scope.error(
                Diagnostic::error("E0405", "this move hops over nothing, so it has no `over` site")
                    .with_label(*span, "`over` names the site a `hop` jumps")
                    .with_help("add a `hop DIRECTIONS over CONDITION` to the move, or name `from` or `to`"),
            );
        }
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

/// Whether any branch of a program has a `step` or `slide`.
fn has_movement(statements: &[Statement]) -> bool {
    statements.iter().any(|s| match s {
        Statement::Step { .. } | Statement::Slide { .. } | Statement::Hop { .. } => true,
        Statement::If { then, otherwise, .. } => has_movement(then) || has_movement(otherwise),
        Statement::Capture { .. } | Statement::Flip { .. } | Statement::Forbid { .. } => false,
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
            Statement::If { option, then, otherwise, .. } => {
                let chosen = scope.bool_option(option);
                ok &= chosen.is_some();
                let chosen = chosen.unwrap_or(true);
                ok &= lower_block(scope, then, program, written, live && chosen);
                ok &= lower_block(scope, otherwise, program, written, live && !chosen);
            }
            Statement::Step { directions, to, span }
            | Statement::Slide { directions, to, span }
            | Statement::Hop { directions, to, span, .. } => {
                let path = &mut program.path;
                let span = scope.trimmed(*span);
                if written.effect && live {
                    ok = false;
                    scope.error(
                        Diagnostic::error("E0402", "the piece moves again after its capture")
                            .with_label(span, "a movement after an effect")
                            .with_help("put `capture` after the last `step` or `slide` of the move"),
                    );
                }
                written.movement |= live;
                let dirs = scope.directions(directions);
                let to = destination(scope, to.as_ref());
                let over = match statement {
                    Statement::Hop { over, .. } => site_filter(scope, over).map(Some),
                    _ => Some(None),
                };
                let (Some(dirs), Some(to), Some(over)) = (dirs, to, over) else {
                    ok = false;
                    continue;
                };
                if live && path.len() == MAX_PATH {
                    ok = false;
                    scope.error(
                        Diagnostic::error("E0404", format!("a move may take at most {MAX_PATH} steps or slides"))
                            .with_label(span, "one too many")
                            .with_help("split the movement into fewer, longer statements"),
                    );
                } else if live {
                    path.push(match statement {
                        Statement::Step { .. } => {
                            let board = scope.board.as_ref();
                            let reach = board.map(|b| b.reach(&dirs)).unwrap_or_default();
                            let back = board
                                .map(|b| b.reach(&dirs.iter().map(|&d| b.opposite[d as usize]).collect::<Vec<_>>()))
                                .unwrap_or_default();
                            MoveOp::Step { dirs, to, reach, back }
                        }
                        Statement::Hop { .. } => {
                            let jumps = scope.board.as_ref().map(|b| b.jumps(&dirs)).unwrap_or_default();
                            MoveOp::Hop { dirs, over: over.expect("a hop has an over condition"), to, jumps }
                        }
                        _ => MoveOp::Slide { dirs, to },
                    });
                }
            }
            Statement::Capture { kind, directions, span } => {
                if !written.movement && live {
                    ok = false;
                    scope.error(
                        Diagnostic::error("E0403", "a capture before the piece has moved")
                            .with_label(scope.trimmed(*span), "this capture comes first")
                            .with_help("captures happen on arrival: put `capture` after a `step` or `slide`"),
                    );
                } else {
                    written.effect |= live;
                }
                let Some(dirs) = scope.directions(directions) else {
                    ok = false;
                    continue;
                };
                if live {
                    match kind.node {
                        CaptureKind::Custodial => program.effects.push(EffectOp::CaptureCustodial { dirs }),
                    }
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
                }
                written.effect |= live;
                match site.node {
                    MoveSite::From => {
                        ok = false;
                        scope.error(
                            Diagnostic::error("E0406", "nothing is left at `from` to flip")
                                .with_label(site.span, "the moving piece has left this site")
                                .with_help("flip `over` (the piece hopped) or `to` (the piece that moved)"),
                        );
                    }
                    MoveSite::Over => written.over_uses.push(site.span),
                    MoveSite::To => {}
                }
                if live {
                    program.effects.push(EffectOp::Flip { site: site.node });
                }
            }
            Statement::Forbid { cond, .. } => match move_test(scope, cond, written) {
                Some(test) if live => program.forbid.push(test),
                Some(_) => {}
                None => ok = false,
            },
        }
    }
    ok
}

/// Lowers a condition on the move; notes uses of `over`.
fn move_test(scope: &Scope, cond: &MoveCond, written: &mut Written) -> Option<MoveTest> {
    Some(match cond {
        MoveCond::Is { site, cond } => {
            if site.node == MoveSite::Over {
                written.over_uses.push(site.span);
            }
            MoveTest::Is { site: site.node, filter: site_filter(scope, cond)? }
        }
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

/// Where a step or slide may end: `to COND`, by default an empty site.
fn destination(scope: &Scope, to: Option<&SiteCond>) -> Option<SiteFilter> {
    match to {
        Some(cond) => site_filter(scope, cond),
        None => {
            let sites = scope.board.as_ref()?.site_count();
            Some(SiteFilter { allowed: crate::board::SiteSet::first(sites), test: SiteTest::Empty })
        }
    }
}
