//! Follow-ups (`then …`): after a move, the same player acts again within
//! the same move, on a site they choose. Written last in a `move` or
//! `place` rule; a placed piece may be sent by a movement from the
//! destination (a shot from where the moving piece landed).

use super::conditions::{game_test, site_filter};
use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::rules::{FollowAction, FollowMode, FollowUp};
use crate::syntax::ast::{EffectMode, FollowUpDecl, Statement};
use crate::syntax::span::Span;

/// The statements before a trailing `then`, and the `then`.
pub(super) fn split(statements: &[Statement]) -> (&[Statement], Option<&Statement>) {
    match statements.split_last() {
        Some((last @ Statement::Then { .. }, rest)) => (rest, Some(last)),
        _ => (statements, None),
    }
}

/// A `then` anywhere but last in its rule, outside `if` (E0413).
pub(super) fn misplaced(scope: &Scope, span: Span) {
    scope.error(
        Diagnostic::error("E0413", "a follow-up comes last in its rule")
            .with_label(scope.trimmed(span), "`then` before other statements, or inside `if`")
            .with_help("write one `then …` as the rule's last statement; choose between follow-ups with `then when CONDITION …`"),
    );
}

/// Lowers a `then` statement; `None` if it has errors (reported).
pub(super) fn follow_up(scope: &Scope, statement: &Statement) -> Option<FollowUp> {
    let Statement::Then { mode, guard, action, span } = statement else { return None };
    let mode = match mode.as_ref().map(|m| m.node) {
        None => FollowMode::WhenPossible,
        Some(EffectMode::May) => FollowMode::May,
        Some(EffectMode::Must) => FollowMode::Must,
    };
    let guard = match guard {
        Some(cond) => {
            game_test(scope, cond).and_then(|test| super::phase::guard_ends(scope, cond).then_some(Some(test)))
        }
        None => Some(None),
    };
    let action = match action {
        FollowUpDecl::Remove { on } => site_filter(scope, on).map(|on| FollowAction::Remove { on }),
        FollowUpDecl::Place { neutral, piece, on, movement } => {
            let piece = scope.piece(piece);
            let on = match on {
                Some(on) => site_filter(scope, on),
                None => super::program::everywhere(scope),
            };
            let path = if movement.is_empty() { Some(Vec::new()) } else { movement_path(scope, movement, *span) };
            if let Some(piece) = piece {
                scope.used.borrow_mut().pieces_moved[piece as usize] = true;
            }
            match (piece, on, path) {
                (Some(piece), Some(on), Some(path)) => Some(FollowAction::Place { piece, neutral: *neutral, on, path }),
                _ => None,
            }
        }
    };
    Some(FollowUp { guard: guard?, mode, action: action? })
}

/// The movement of a placed piece from the destination: movements only.
fn movement_path(scope: &Scope, movement: &[Statement], span: Span) -> Option<Vec<crate::game::rules::MoveOp>> {
    let program = super::program::move_program(scope, movement, span)?;
    if !program.effects.is_empty() || !program.forbid.is_empty() || program.then.is_some() {
        scope.error(
            Diagnostic::error("E0413", "a follow-up's movement only finds the site")
                .with_label(scope.trimmed(span), "captures, flips, `forbid` or `then` in a follow-up's movement")
                .with_help("write only `step`, `slide`, `hop` and `leap` inside `then place TYPE { … }`"),
        );
        return None;
    }
    Some(program.path)
}
