//! `notation RULE = "TEXT", …`: texts a player may type for the moves of a
//! labelled rule, such as a name of its own for a move of two pieces.

use super::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::rules::NotationDef;

/// Each item must name a rule label of some phase (E0519); each text must be
/// a word a player can type, given by one item only (E0520).
pub(super) fn notations(scope: &Scope) -> Vec<NotationDef> {
    let labels: Vec<&str> = scope
        .phases
        .iter()
        .flat_map(|phase| phase.entries.iter().filter_map(|(label, _)| label.as_ref()))
        .map(|label| label.node.as_str())
        .collect();
    let mut defs = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for &(rule, texts) in &scope.notations {
        if !labels.contains(&rule.node.as_str()) {
            scope.error(
                Diagnostic::error("E0519", format!("no rule is labelled `{}`", rule.node))
                    .with_label(rule.span, "expected the label of a rule in a phase")
                    .with_help(crate::diagnostics::suggest::help_for(&rule.node, "rule label", labels.iter().copied())),
            );
            continue;
        }
        for text in texts {
            let typable = !text.node.is_empty() && !text.node.chars().any(|c| c.is_whitespace() || c.is_control());
            if !typable {
                scope.error(
                    Diagnostic::error("E0520", format!("`\"{}\"` cannot be typed as a move", text.node.escape_debug()))
                        .with_label(text.span, "expected a text without spaces")
                        .with_help("a notation is one word, such as \"O-O\""),
                );
            } else if seen.contains(&text.node.as_str()) {
                scope.error(
                    Diagnostic::error("E0520", format!("`\"{}\"` names the moves of two rules", text.node))
                        .with_label(text.span, "given a second time")
                        .with_help("each text may name the moves of one rule only"),
                );
            } else {
                seen.push(&text.node);
            }
        }
        defs.push(NotationDef { rule: rule.node.clone(), texts: texts.iter().map(|t| t.node.clone()).collect() });
    }
    defs
}
