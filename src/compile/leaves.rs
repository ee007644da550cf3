//! `forbid leaves GAME-CONDITION` in a `place` or `move` rule's block: the
//! rule's moves after which the condition holds are not legal (a placement
//! may not leave the opponent blocked and threatened). It judges a whole move by the
//! position it leads to, so it stands at the top of the rule's block,
//! apart from the program, and is kept per rule on the phase.

use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::rules::{GameTest, PhaseDef};
use crate::syntax::ast::Statement;
use crate::syntax::span::Span;

/// The block without its top-level `forbid leaves` statements, and their
/// conditions (`None` after errors).
pub(super) fn split(scope: &Scope, statements: &[Statement]) -> (Vec<Statement>, Option<Vec<GameTest>>) {
    let mut rest = Vec::new();
    let mut tests = Some(Vec::new());
    for statement in statements {
        match statement {
            Statement::ForbidLeaves { cond, .. } => match (super::conditions::game_test(scope, cond), tests.as_mut()) {
                (Some(test), Some(tests)) => tests.push(test),
                _ => tests = None,
            },
            other => rest.push(other.clone()),
        }
    }
    (rest, tests)
}

/// Records the conditions of move rule number `index` of the phase.
pub(super) fn attach(def: &mut PhaseDef, index: usize, tests: Vec<GameTest>) {
    if tests.is_empty() {
        return;
    }
    if def.forbid_leaves.len() <= index {
        def.forbid_leaves.resize(index + 1, Vec::new());
    }
    def.forbid_leaves[index].extend(tests);
}

/// E0432: a `forbid leaves` where it cannot judge one rule's moves.
pub(super) fn misplaced(scope: &Scope, span: Span) {
    scope.error(
        Diagnostic::error("E0432", "`forbid leaves` goes at the top of a `place` or `move` rule's block")
            .with_label(scope.trimmed(span), "not a rule's own statement here")
            .with_help(
                "it judges every move of one rule by the position the move leads to: write it in the rule's block, outside any `if`; for every move of a phase, write `must leave CONDITION` in the phase",
            ),
    );
}
