//! Names of rules, for variants to replace and remove them by. A rule may be
//! given one (`jump: move man { … }`); otherwise its name says what it is:
//! `place_man`, `move_man`, `together`, `chains_differ`, `group_cube`, `add`, `next_movement`,
//! `turn`, `after_move`, `after_capture_man`, `blocked`, `promote_man`,
//! `along_ring`, `if_long_moves`, an action's own name. Two rules of a phase
//! with one implied name are told apart by `_2`, `_3`, … in order. End rules
//! without a written name are `end_1`, `end_2`, … in the order of the file.

use crate::syntax::ast::{EndRule, PhaseDecl, PhaseRule, Trigger};

/// The implied name of a phase rule.
pub fn implied(rule: &PhaseRule) -> String {
    match rule {
        PhaseRule::Place { piece, .. } => format!("place_{}", piece.node),
        PhaseRule::Move { piece, .. } => format!("move_{}", piece.node),
        PhaseRule::Together { .. } => "together".to_string(),
        PhaseRule::MustCapture { .. } => "must_capture".to_string(),
        PhaseRule::MustLeave { .. } => "must_leave".to_string(),
        PhaseRule::MustUseDice { .. } => "must_use_dice".to_string(),
        PhaseRule::ChainsDiffer { .. } => "chains_differ".to_string(),
        PhaseRule::AfterEffects { .. } => "after_move".to_string(),
        PhaseRule::Group { power: Some(p), .. } => format!("group_{}", p.node),
        PhaseRule::Group { power: None, .. } => "group".to_string(),
        PhaseRule::Add { .. } => "add".to_string(),
        PhaseRule::Next { phase, .. } => format!("next_{}", phase.node),
        PhaseRule::Turn { .. } => "turn".to_string(),
        PhaseRule::After { trigger, piece, .. } => {
            let trigger = match trigger.node {
                Trigger::Move => "move",
                Trigger::Capture => "capture",
                Trigger::Promotion => "promotion",
            };
            match piece {
                Some(p) => format!("after_{trigger}_{}", p.node),
                None => format!("after_{trigger}"),
            }
        }
        PhaseRule::Action { name, .. } => name.node.clone(),
        PhaseRule::Blocked { .. } => "blocked".to_string(),
        PhaseRule::Promote { piece, .. } => format!("promote_{}", piece.node),
        PhaseRule::Along { track, .. } => format!("along_{}", track.node),
        PhaseRule::If { option, .. } => format!("if_{}", option.node),
    }
}

/// The names of a phase's rules, in order: written or implied, made unique.
pub fn rule_names(phase: &PhaseDecl) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (i, rule) in phase.rules.iter().enumerate() {
        let written = phase.entries.get(i).and_then(|(label, _)| label.as_ref()).map(|l| l.node.clone());
        let name = written.unwrap_or_else(|| {
            let base = implied(rule);
            let mut name = base.clone();
            let mut n = 1;
            while names.contains(&name) {
                n += 1;
                name = format!("{base}_{n}");
            }
            name
        });
        names.push(name);
    }
    names
}

/// The names of end rules, in file order: written, or `end_N`.
pub fn end_names<'a>(rules: impl Iterator<Item = &'a EndRule>) -> Vec<String> {
    rules
        .enumerate()
        .map(|(i, rule)| rule.label.as_ref().map_or_else(|| format!("end_{}", i + 1), |l| l.node.clone()))
        .collect()
}
