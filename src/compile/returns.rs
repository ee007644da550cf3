//! `returns as TYPE` and `returns to capturer`: which hand a captured piece
//! goes to, and as what type (a promoted type goes back to the capturer's
//! hand as the type it was promoted from).

use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::rules::{PieceDef, PieceType};

/// Resolves each `returns as TYPE` into `pieces`; false after errors.
pub(super) fn resolve(scope: &Scope, pieces: &mut [PieceDef]) -> bool {
    let mut ok = true;
    for &(name, decl) in &scope.returns {
        let Some(index) = pieces.iter().position(|p| p.name == name.node) else { continue };
        let Some(as_type) = &decl.as_type else { continue };
        let Some(target) = scope.piece(as_type) else {
            ok = false;
            continue;
        };
        if target as usize == index {
            scope.error(
                Diagnostic::warning("W0120", format!("`{}` returns as itself", name.node))
                    .with_label(as_type.span, "the type being declared")
                    .with_help("a captured piece goes to a hand as its own type anyway: leave out `as TYPE`"),
            );
        }
        if pieces[target as usize].counted != pieces[index].counted {
            ok = false;
            scope.error(
                Diagnostic::error("E0430", format!("`{}` cannot return as `{}`", name.node, as_type.node))
                    .with_label(as_type.span, "one of the two types is counted and the other is not")
                    .with_help("a piece returns as a type of its own kind: both counted (heaps), or neither"),
            );
        }
        pieces[index].returns_as = Some(target as PieceType);
    }
    ok
}
