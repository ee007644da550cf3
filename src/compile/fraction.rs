//! Numbers with a fraction (`+ 7.5`, points given to one side) in comparisons. Every number
//! a game reads is whole, so a comparison with fractions is rewritten, when
//! the game is loaded, into an exact one of whole numbers: `A > B + 7.5`
//! holds exactly when `A > B + 7`, and `A >= B + 7.5` when `A > B + 7`.
//! Play then compares whole numbers only.

use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::rules::{CompareOp, Quantity};
use crate::syntax::ast::Operand;

/// `LEFT OP RIGHT` as a comparison of whole numbers: the sides without
/// their fractions, the operator, and the whole number to add to the
/// right-hand side (`Ok`); or the comparison's constant value when it
/// cannot depend on whole numbers (`Err`: `== 7.5` never holds). `None`
/// when a fraction has more than three digits after the point (E0312).
pub(super) fn exact_comparison(
    scope: &Scope,
    left: &Operand,
    op: CompareOp,
    right: &Operand,
) -> Option<Result<(Operand, CompareOp, Operand, i64), bool>> {
    let (left, on_left) = without_fractions(scope, left)?;
    let (right, on_right) = without_fractions(scope, right)?;
    Some(exact(op, on_right - on_left).map(|(whole, op)| (left, op, right, whole)))
}

/// `quantity + whole` (the quantity itself for 0).
pub(super) fn plus(quantity: Quantity, whole: i64) -> Quantity {
    if whole == 0 { quantity } else { Quantity::Sum(vec![quantity, Quantity::Number(whole)]) }
}

/// `LEFT OP RIGHT + thousandths/1000` as a comparison of whole numbers:
/// the whole part to add to the right-hand side and the operator, or the
/// comparison's constant value.
fn exact(op: CompareOp, thousandths: i64) -> Result<(i64, CompareOp), bool> {
    let whole = thousandths.div_euclid(1000);
    if thousandths.rem_euclid(1000) == 0 {
        return Ok((whole, op));
    }
    // Strictly between `whole` and `whole + 1`: a whole difference is
    // above it exactly when it is above `whole`.
    match op {
        CompareOp::Gt | CompareOp::Ge => Ok((whole, CompareOp::Gt)),
        CompareOp::Lt | CompareOp::Le => Ok((whole, CompareOp::Le)),
        CompareOp::Eq => Err(false),
        CompareOp::Ne => Err(true),
    }
}

/// The operand without its fractions, and their sum in thousandths.
fn without_fractions(scope: &Scope, operand: &Operand) -> Option<(Operand, i64)> {
    match operand {
        Operand::Decimal { thousandths, digits, span } => {
            if *digits > 3 {
                scope.error(
                    Diagnostic::error("E0312", "a number has at most three digits after the point")
                        .with_label(*span, format!("{digits} digits after the point"))
                        .with_help("round it: `7.5`, `0.125`"),
                );
                return None;
            }
            Some((Operand::Sum(Vec::new()), *thousandths))
        }
        Operand::Sum(parts) => {
            let mut total = 0;
            let mut kept = Vec::new();
            for part in parts {
                let (part, fraction) = without_fractions(scope, part)?;
                total += fraction;
                kept.push(part);
            }
            Some((Operand::Sum(kept), total))
        }
        other => Some((other.clone(), 0)),
    }
}

/// E0311 for a number with a fraction outside a comparison (a counter
/// update, a distance): those are whole numbers.
pub(super) fn misplaced(scope: &Scope, span: crate::syntax::span::Span) {
    scope.error(
        Diagnostic::error("E0311", "a number with a fraction is only compared, never counted or moved by")
            .with_label(span, "a fraction here")
            .with_help("fractions go in comparisons (`… > count(white) + 7.5`); counters, distances and updates are whole numbers"),
    );
}
