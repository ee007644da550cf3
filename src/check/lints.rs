//! Warnings for rules that are legal but probably not what the author meant.

use super::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::syntax::ast::{BlockedAction, BlockedActionDecl, PhaseRule};
use crate::syntax::span::Spanned;

pub fn lint(scope: &Scope) {
    let used = scope.used.borrow();
    for (i, (name, _)) in scope.regions.iter().enumerate() {
        if !used.regions[i] {
            // An example in the file's own words: its first piece, this region.
            let example = match scope.pieces.first() {
                Some((piece, _)) => format!("move {} {{ step all to empty and not {} }}", piece.node, name.node),
                None => format!("empty and not {}", name.node),
            };
            scope.error(
                Diagnostic::warning("W0101", format!("region `{}` is never used", name.node))
                    .with_label(name.span, "declared here, used by no rule")
                    .with_help(format!("use it in a site condition (`{example}`) or remove it")),
            );
        }
    }
    let placed_on_board: Vec<u8> = scope
        .setup
        .iter()
        .filter_map(|e| match e {
            crate::syntax::ast::SetupEntry::Pieces { piece, .. } => {
                scope.pieces.iter().position(|(p, _)| p.node == piece.node).map(|p| p as u8)
            }
            _ => None,
        })
        .collect();
    for (i, (name, def)) in scope.pieces.iter().enumerate() {
        if !used.pieces_moved[i] && !def.royal {
            let note = if placed_on_board.contains(&(i as u8)) {
                "it stays where the setup puts it"
            } else {
                "it never appears"
            };
            scope.error(
                Diagnostic::warning("W0102", format!("no rule moves or places a `{}`", name.node))
                    .with_label(name.span, format!("declared here; {note}"))
                    .with_help(format!("add a `move {0} {{ ... }}` or `place {0} on ...` rule to a phase", name.node)),
            );
        }
    }
    for (i, phase) in scope.phases.iter().enumerate().skip(1) {
        if !used.phases_entered[i] {
            scope.error(
                Diagnostic::warning("W0103", format!("phase `{}` can never be reached", phase.name.node))
                    .with_label(phase.name.span, "no `next` rule leads here")
                    .with_help(format!(
                        "the game starts in the first phase (`{}`); add `next {} when ...` to a phase that leads here",
                        scope.phases[0].name.node, phase.name.node
                    )),
            );
        }
    }
    for (i, (name, _)) in scope.options.iter().enumerate() {
        if !used.options[i] {
            scope.error(
                Diagnostic::warning("W0104", format!("option `{}` changes nothing", name.node))
                    .with_label(name.span, "no rule uses this option")
                    .with_help(format!(
                        "test it with `if {0} {{ ... }}` (true or false) or compare with it, as in `plies >= {0}` (a number); or remove it",
                        name.node
                    )),
            );
        }
    }
    for (i, (name, _)) in scope.conditions.iter().enumerate() {
        if !used.conditions[i] {
            scope.error(
                Diagnostic::warning("W0109", format!("condition `{}` is never used", name.node))
                    .with_label(name.span, "declared here, used by no rule")
                    .with_help(format!(
                        "use it where a site condition goes (`place man on {}`) or remove it",
                        name.node
                    )),
            );
        }
    }
    move_lints(scope);
    end_lint(scope);
    for (i, (name, _)) in scope.counters.iter().enumerate() {
        if !used.counters_read[i] {
            scope.error(
                Diagnostic::warning("W0105", format!("counter `{}` is never read", name.node))
                    .with_label(name.span, "no condition tests this counter")
                    .with_help("use it in an end rule or a `next` condition, or remove it"),
            );
        }
    }
}

/// Moves that can never do what they say: a flip in a game with no
/// reversible piece, a rule moving neutral pieces of a type no neutral piece
/// ever is.
fn move_lints(scope: &Scope) {
    use crate::syntax::ast::{PhaseRule, SetupEntry, Statement};
    fn flips(statements: &[Statement], found: &mut Vec<crate::syntax::span::Span>) {
        for s in statements {
            match s {
                Statement::Flip { span, .. } => found.push(*span),
                Statement::If { then, otherwise, .. } => {
                    flips(then, found);
                    flips(otherwise, found);
                }
                _ => {}
            }
        }
    }
    fn visit<'r>(rules: &'r [PhaseRule], moves: &mut Vec<&'r PhaseRule>) {
        for rule in rules {
            match rule {
                PhaseRule::If { then, otherwise, .. } => {
                    visit(then, moves);
                    visit(otherwise, moves);
                }
                PhaseRule::Move { .. } => moves.push(rule),
                _ => {}
            }
        }
    }
    let mut moves = Vec::new();
    for phase in &scope.phases {
        visit(&phase.rules, &mut moves);
    }
    let any_reversible = scope.pieces.iter().any(|(_, p)| p.reversible);
    for rule in moves {
        let PhaseRule::Move { neutral, piece, program, .. } = rule else { continue };
        if !any_reversible {
            let mut found = Vec::new();
            flips(program, &mut found);
            for span in found {
                scope.error(
                    Diagnostic::warning("W0106", "this flip can never change anything")
                        .with_label(scope.trimmed(span), "no piece type is `reversible`")
                        .with_help("declare the piece that turns over as `piece NAME reversible`"),
                );
            }
        }
        let set_up_neutral = scope.setup.iter().any(|e| {
            matches!(e, SetupEntry::Pieces { owner, piece: p, .. } if owner.node == "neutral" && p.node == piece.node)
        });
        if *neutral && !set_up_neutral {
            scope.error(
                Diagnostic::warning("W0107", format!("no neutral `{}` is ever on the board", piece.node))
                    .with_label(piece.span, "this rule moves pieces nobody owns, and the setup places none")
                    .with_help(format!("add `neutral {} on SITES` to the setup", piece.node)),
            );
        }
    }
}

/// A game with no end rule, no effect that ends it, no repetition rule and
/// no `when blocked` rule that ends it ends only by the blocked rule's
/// default: most likely the end rules were forgotten. A game that ends when
/// a player cannot move (Amazons) says so with `when blocked: lose`.
fn end_lint(scope: &Scope) {
    if !scope.end_rules.is_empty() || !scope.said.borrow().is_empty() || scope.repetition.is_some() {
        return;
    }
    let ends_when_blocked = scope.phases.iter().flat_map(|phase| &phase.rules).any(|rule| {
        matches!(
            rule,
            PhaseRule::Blocked {
                action: Spanned { node: BlockedActionDecl::Plain(BlockedAction::Lose | BlockedAction::Draw), .. },
                ..
            }
        )
    });
    if ends_when_blocked {
        return;
    }
    let Some(span) = scope.title_span else { return };
    scope.error(
        Diagnostic::warning("W0108", "the game has no end rule")
            .with_label(span, "this game ends only when a player cannot move")
            .with_help(
                "add an `end { NAME: when CONDITION: mover wins \"REASON\" }` block, as in games/tic_tac_toe.rules",
            ),
    );
}
