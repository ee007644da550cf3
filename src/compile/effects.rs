//! What actions and `after move` blocks do: counter updates, `if`, removing
//! a pattern's runs or the pieces on some sites, placing a piece on every
//! site of a kind, ending the game and choosing the next phase.

use super::conditions::{game_test, resolve_who, site_filter};
use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::rules::{Effect, EndAction};
use crate::syntax::ast::{self, EndResult};

/// Compiles effects in order; `None` if any has errors (each reports its own).
pub(super) fn effects(scope: &Scope, effects: &[ast::Effect]) -> Option<Vec<Effect>> {
    let compiled: Vec<Option<Effect>> = effects.iter().map(|e| effect(scope, e)).collect();
    compiled.into_iter().collect()
}

fn effect(scope: &Scope, effect: &ast::Effect) -> Option<Effect> {
    Some(match effect {
        ast::Effect::Update(update) => Effect::Update(super::counters::update(scope, update, None, None)?),
        ast::Effect::If { when, then, otherwise } => {
            let (when, then, otherwise) = (game_test(scope, when), effects(scope, then), effects(scope, otherwise));
            Effect::If { when: when?, then: then?, otherwise: otherwise? }
        }
        ast::Effect::RemovePattern(name) => Effect::RemovePattern(scope.pattern(name)?),
        ast::Effect::RemoveOn(cond) => Effect::RemoveOn(site_filter(scope, cond)?),
        ast::Effect::PlaceEvery { neutral, piece, on, .. } => {
            let (piece, on) = (scope.piece(piece), site_filter(scope, on));
            let piece = piece?;
            scope.used.borrow_mut().pieces_moved[piece as usize] = true;
            let owner = if *neutral { None } else { Some(crate::game::rules::Who::Mover) };
            Effect::PlaceEvery { piece, owner, on: on? }
        }
        ast::Effect::End { result, reason, span } => {
            let action = match result {
                EndResult::Player { who, wins } => {
                    let who = resolve_who(scope, who)?;
                    if *wins { EndAction::Wins(who) } else { EndAction::Loses(who) }
                }
                _ => EndAction::Draw,
            };
            let text = match reason {
                Some(reason) => reason.node.clone(),
                None => scope.source_text.get(span.start..span.end).unwrap_or("an effect").to_string(),
            };
            let mut said = scope.said.borrow_mut();
            if said.len() >= crate::game::limits::MAX_END_EFFECTS {
                scope.error(
                    Diagnostic::error(
                        "E0414",
                        format!("a game has at most {} effects that end it", crate::game::limits::MAX_END_EFFECTS),
                    )
                    .with_label(*span, "one too many")
                    .with_help("end rules (`end { … }`) have no such limit"),
                );
                return None;
            }
            said.push(text);
            Effect::End { action, reason: (said.len() - 1) as u16 }
        }
        ast::Effect::Next { phase, pass_turn } => {
            let phase = scope.phase(phase)?;
            scope.used.borrow_mut().phases_entered[phase] = true;
            Effect::Next { phase, pass_turn: *pass_turn }
        }
        ast::Effect::Gather { source, into, unless, span } => {
            super::sow::gather(scope, source, into, unless.as_ref(), *span)?
        }
        ast::Effect::Turn { stays, .. } => Effect::Turn(*stays),
    })
}
