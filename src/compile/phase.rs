//! Phases: their `place`, `move`, `next`, `after`, `when blocked`,
//! `promote`, `along` and `if` rules become a [`PhaseDef`], with what move
//! generation wants to know in advance: which rules have equal effects,
//! whether moves need merging, and how far moves can capture.

use super::conditions::{game_test, site_filter};
use super::program;
use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::limits::{MAX_ALONG, MAX_GROUP_RULES, MAX_PHASE_RULES};
use crate::game::rules::*;
use crate::syntax::ast::{BlockedActionDecl, GameCond, PhaseRule, Trigger};

pub(super) fn phase(scope: &Scope, decl: &crate::syntax::ast::PhaseDecl) -> Option<PhaseDef> {
    let mut def = empty_phase(&decl.name.node);
    def.chance = decl.chance.is_some();
    let mut ok = phase_rules(scope, &decl.rules, &mut def);
    if let Some(span) = decl.chance {
        if scope.dice.is_none() {
            ok = false;
            scope.error(
                Diagnostic::error("E0714", "a phase by chance needs dice to throw")
                    .with_label(span, "the chance player throws the dice here")
                    .with_help("declare them, as in `dice d1, d2 of 6 sides`"),
            );
        }
        if !def.moves.is_empty() {
            ok = false;
            scope.error(
                Diagnostic::error("E0713", "in a phase by chance, only the chance player moves")
                    .with_label(decl.name.span, "its moves are the dice's outcomes")
                    .with_help("put the players' moves in a phase of their own, entered with `next`"),
            );
        }
    }
    if def.moves.len() > MAX_PHASE_RULES {
        ok = false;
        scope.error(
            Diagnostic::error("E0415", format!("a phase has at most {MAX_PHASE_RULES} rules that make moves"))
                .with_label(decl.name.span, format!("{} rules", def.moves.len()))
                .with_help("rules that differ only in a piece type can name a group of types instead"),
        );
    }
    if def.moves.len() > MAX_GROUP_RULES && def.moves.iter().any(|m| matches!(m, MoveRule::Group { .. })) {
        ok = false;
        scope.error(
            Diagnostic::error("E0712", format!("a phase with group moves has at most {MAX_GROUP_RULES} move rules"))
                .with_label(decl.name.span, format!("{} rules", def.moves.len())),
        );
    }
    if def.chains_by_captures {
        for rule in &mut def.moves {
            if let MoveRule::Move { path, .. } = rule {
                for op in path {
                    if let MoveOp::Hop { chain: Some(chain), .. } | MoveOp::Slide { chain: Some(chain), .. } = op {
                        chain.by_captures = true;
                    }
                }
            }
        }
    }
    let circles = scope.board.as_ref().is_some_and(|b| b.lines.iter().any(|l| l.closed));
    // On a grid, different directions from a site lead to different sites.
    let grid = scope.board.as_ref().is_some_and(|b| !matches!(b.shape, crate::board::BoardShape::Graph));
    classify_effects(&mut def, circles, grid);
    if let Some((radius, lines)) = threat_reach(&def, scope.board.as_ref()) {
        def.threat_radius = Some(radius);
        def.threat_lines = lines;
    }
    def.capturing = def.moves.iter().map(capturing).collect();
    super::race::check_phase(scope, &decl.rules, &def);
    def.countable = countable(&def, scope.board.as_ref());
    // Labels are written on the phase's entries (`label: move …`).
    for source in &mut def.sources {
        let entry =
            decl.entries.iter().find(|(_, span)| span.start <= source.span.start && source.span.end <= span.end);
        source.label = entry.and_then(|(label, _)| label.as_ref()).map(|l| l.node.clone());
    }
    ok.then_some(def)
}

fn empty_phase(name: &str) -> PhaseDef {
    PhaseDef {
        name: name.to_string(),
        chance: false,
        turn_stays: false,
        moves: Vec::new(),
        next: Vec::new(),
        after_move: Vec::new(),
        after_effects: Vec::new(),
        must_capture: false,
        capture_most: false,
        must_leave: Vec::new(),
        forbid_leaves: Vec::new(),
        most_dice: false,
        chains_by_captures: false,
        together: false,
        after_capture: Vec::new(),
        after_promotion: Vec::new(),
        blocked: Vec::new(),
        promotions: Vec::new(),
        additions: Vec::new(),
        along: Vec::new(),
        threat_radius: None,
        threat_lines: Vec::new(),
        capturing: Vec::new(),
        countable: false,
        dedupe: false,
        sources: Vec::new(),
    }
}

/// Lowers phase rules into `def`; false if any has errors.
fn phase_rules(scope: &Scope, rules: &[PhaseRule], def: &mut PhaseDef) -> bool {
    let mut ok = true;
    for rule in rules {
        phase_rule(scope, rule, def, &mut ok);
        // The move rules it made (a rule may make several) are written here.
        let source = RuleSource { span: rule_span(scope, rule), label: None };
        def.sources.resize(def.moves.len(), source);
    }
    ok
}

/// Where a rule that makes moves is written.
fn rule_span(scope: &Scope, rule: &PhaseRule) -> crate::syntax::span::Span {
    match rule {
        PhaseRule::Place { span, .. }
        | PhaseRule::Move { span, .. }
        | PhaseRule::Together { span, .. }
        | PhaseRule::Group { span, .. }
        | PhaseRule::Action { span, .. } => scope.trimmed(*span),
        _ => crate::syntax::span::Span::default(),
    }
}

/// Lowers one phase rule into `def`; `ok` turns false on errors.
fn phase_rule(scope: &Scope, rule: &PhaseRule, def: &mut PhaseDef, ok: &mut bool) {
    {
        match rule {
            PhaseRule::If { option, then, otherwise } => {
                let chosen = scope.bool_option(option);
                *ok &= chosen.is_some();
                let chosen = chosen.unwrap_or(true);
                // The branch not taken is checked all the same, into a phase thrown away.
                let mut unused = empty_phase(&def.name);
                let (live, dead) = if chosen { (then, otherwise) } else { (otherwise, then) };
                *ok &= phase_rules(scope, live, def);
                *ok &= phase_rules(scope, dead, &mut unused);
            }
            PhaseRule::Along { track, limit } => {
                let found = scope.track(track);
                if !(0..=8).contains(&limit.node) {
                    *ok = false;
                    scope.error(
                        Diagnostic::error("E0410", "`along … at most N` takes N from 0 to 8")
                            .with_label(limit.span, "out of range"),
                    );
                } else if def.along.len() == MAX_ALONG {
                    *ok = false;
                    scope.error(
                        Diagnostic::error("E0410", format!("a phase may limit at most {MAX_ALONG} tracks"))
                            .with_label(track.span, "one too many"),
                    );
                } else if let Some(t) = found {
                    def.along.push((t, limit.node as u8));
                } else {
                    *ok = false;
                }
            }
            PhaseRule::Place { neutral, piece, on, guard, effects, .. } => {
                let piece = scope.piece(piece);
                let on = site_filter(scope, on);
                let guard = rule_guard(scope, guard.as_ref());
                let (effects, leaves) = super::leaves::split(scope, effects);
                let effects = program::placement_effects(scope, &effects);
                match (piece, on, guard, effects, leaves) {
                    (Some(piece), Some(mut on), Some(guard), Some((effects, then)), Some(leaves)) => {
                        super::leaves::attach(def, def.moves.len(), leaves);
                        // A piece is only ever placed on an empty site, whatever
                        // the condition adds: placing never captures or stacks.
                        on.test = match on.test {
                            SiteTest::True | SiteTest::Empty => SiteTest::Empty,
                            other => SiteTest::And(vec![SiteTest::Empty, other]),
                        };
                        scope.used.borrow_mut().pieces_moved[piece as usize] = true;
                        def.moves.push(MoveRule::Place { piece, on, guard, neutral: *neutral, effects, then });
                    }
                    _ => *ok = false,
                }
            }
            PhaseRule::Group { power, needs, movement, condition, passing, span } => {
                let parts = super::group::GroupParts {
                    power: power.as_ref(),
                    needs: needs.as_ref(),
                    movement,
                    condition: condition.as_ref(),
                    passing: passing.as_ref(),
                    span: *span,
                };
                match super::group::group_rule(scope, parts) {
                    Some(rule) => def.moves.push(rule),
                    None => *ok = false,
                }
            }
            PhaseRule::Add { sources, when, span } => match super::group::addition(scope, sources, when, *span) {
                Some(addition) => def.additions.push(addition),
                None => *ok = false,
            },
            PhaseRule::Move { span, .. } if scope.stacks.is_some() => {
                *ok = false;
                scope.error(
                    Diagnostic::error("E0706", "in a game with stacks, pieces move as groups")
                        .with_label(scope.trimmed(*span), "a move of one piece")
                        .with_help("write `move group with TYPE { … }`: any part of a stack holding a TYPE moves by its movement"),
                );
            }
            PhaseRule::Move { program, .. } if super::sow::is_sowing(program) => {
                match super::sow::sow_rule(scope, rule) {
                    Some(compiled) => def.moves.push(compiled),
                    None => *ok = false,
                }
            }
            PhaseRule::Move { program, from_hand, .. } if from_hand.is_some() || super::race::is_advance(program) => {
                match super::race::advance_rule(scope, rule) {
                    Some(compiled) => def.moves.push(compiled),
                    None => *ok = false,
                }
            }
            PhaseRule::Move { program, .. } => {
                // `forbid leaves` is the rule's, not its program's: taken off first.
                let (rest, leaves) = super::leaves::split(scope, program);
                let plain = match rule {
                    PhaseRule::Move { neutral, piece, from_hand, guard, span, .. } => PhaseRule::Move {
                        neutral: *neutral,
                        piece: piece.clone(),
                        from_hand: *from_hand,
                        guard: guard.clone(),
                        program: rest,
                        span: *span,
                    },
                    _ => unreachable!("a move rule"),
                };
                match (move_rules(scope, &plain), leaves) {
                    (Some(compiled), Some(leaves)) => {
                        for index in def.moves.len()..def.moves.len() + compiled.len() {
                            super::leaves::attach(def, index, leaves.clone());
                        }
                        def.moves.extend(compiled)
                    }
                    _ => *ok = false,
                }
            }
            PhaseRule::Together { parts: decl_parts, span } => {
                let compiled: Vec<Option<MoveRule>> = decl_parts.iter().map(|p| move_rule(scope, p)).collect();
                let Some(parts) = compiled.into_iter().collect::<Option<Vec<_>>>() else {
                    *ok = false;
                    return;
                };
                let capturing = parts.iter().position(
                    |p| matches!(p, MoveRule::Move { effects, then, .. } if !effects.is_empty() || then.is_some()),
                );
                if let Some(index) = capturing {
                    *ok = false;
                    let part_span = match &decl_parts[index] {
                        PhaseRule::Move { span, .. } => scope.trimmed(*span),
                        _ => scope.trimmed(*span),
                    };
                    scope.error(
                        Diagnostic::error("E0716", "the parts of `together` only move pieces")
                            .with_label(part_span, "this part captures, flips or has a follow-up")
                            .with_help(
                                "move each piece to an empty site; captures in several parts are not supported yet",
                            ),
                    );
                    return;
                }
                // The same result may come from the parts in either order (doubles).
                def.dedupe = true;
                def.together = true;
                def.moves.push(MoveRule::Together { parts });
            }
            PhaseRule::AfterEffects { when, effects, .. } => {
                let compiled = super::effects::effects(scope, effects);
                let when = when.as_ref().map(|cond| game_test(scope, cond));
                match (compiled, when) {
                    (Some(effects), None) => def.after_effects.extend(effects),
                    (Some(then), Some(Some(when))) => {
                        def.after_effects.push(Effect::If { when, then, otherwise: Vec::new() })
                    }
                    _ => *ok = false,
                }
            }
            PhaseRule::Next { phase, pass_turn, when, .. } => {
                let target = scope.phase(phase);
                let when = match when {
                    Some(cond) => game_test(scope, cond).map(Some),
                    None => Some(None),
                };
                match (target, when) {
                    (Some(target), Some(when)) => {
                        scope.used.borrow_mut().phases_entered[target] = true;
                        def.next.push(NextRule { when, phase: target, pass_turn: *pass_turn });
                    }
                    _ => *ok = false,
                }
            }
            PhaseRule::Turn { stays, .. } => def.turn_stays = *stays,
            PhaseRule::MustUseDice { .. } => def.most_dice = true,
            PhaseRule::MustCapture { most, .. } => {
                def.must_capture = true;
                def.capture_most |= *most;
            }
            PhaseRule::MustLeave { cond, .. } => match super::sow::must_leave(scope, cond) {
                Some(test) => def.must_leave.push(test),
                None => *ok = false,
            },
            PhaseRule::ChainsDiffer { by_captures, .. } => def.chains_by_captures = *by_captures,
            PhaseRule::After { trigger, piece, when, update } => {
                let piece = piece.as_ref().map(|p| scope.piece(p));
                let update = super::counters::update(scope, update, piece.flatten(), when.as_ref());
                match (update, piece) {
                    (Some(_), Some(None)) | (None, _) => *ok = false,
                    (Some(update), _) => match trigger.node {
                        Trigger::Move => def.after_move.push(update),
                        Trigger::Capture => def.after_capture.push(update),
                        Trigger::Promotion => def.after_promotion.push(update),
                    },
                }
            }
            PhaseRule::Action { name, when, effects, .. } => {
                let guard = match when {
                    Some(cond) => game_test(scope, cond).map(Some),
                    None => Some(None),
                };
                match (guard, super::effects::effects(scope, effects)) {
                    (Some(guard), Some(effects)) => {
                        def.moves.push(MoveRule::Action { name: name.node.clone(), guard, effects })
                    }
                    _ => *ok = false,
                }
            }
            PhaseRule::Blocked { when, action } => {
                let when = match when {
                    Some(cond) => game_test(scope, cond).map(Some),
                    None => Some(None),
                };
                let action = match &action.node {
                    BlockedActionDecl::Plain(plain) => Some(match plain {
                        crate::syntax::ast::BlockedAction::Skip => BlockedAction::Skip,
                        crate::syntax::ast::BlockedAction::Pass => BlockedAction::Pass,
                        crate::syntax::ast::BlockedAction::Lose => BlockedAction::Lose,
                        crate::syntax::ast::BlockedAction::Draw => BlockedAction::Draw,
                    }),
                    BlockedActionDecl::Next(phase, pass_turn) => scope.phase(phase).map(|p| {
                        scope.used.borrow_mut().phases_entered[p] = true;
                        BlockedAction::Next { phase: p, pass_turn: *pass_turn }
                    }),
                };
                match (when, action) {
                    (Some(when), Some(action)) => def.blocked.push((when, action)),
                    _ => *ok = false,
                }
            }
            PhaseRule::Promote { piece, on, from, to, span } => {
                let (piece, on) = (scope.piece(piece), site_filter(scope, on));
                let from = from.as_ref().map(|cond| site_filter(scope, cond));
                let to: Vec<Option<PieceType>> = to.iter().map(|t| scope.piece(t)).collect();
                if from.is_some() && to.is_empty() {
                    *ok = false;
                    scope.error(
                        Diagnostic::error("E0431", "`or from` needs the types to promote to")
                            .with_label(scope.trimmed(*span), "a promotion from hand")
                            .with_help(
                                "a piece waiting for a piece from hand is looked at where it stands, not where its move began: write `to TYPE, …`, or leave out `or from`",
                            ),
                    );
                }
                // No `or from`: nothing to test; one that failed: an error.
                let from = from.map_or(Some(None), |filter| filter.map(Some));
                match (piece, on, from, to.into_iter().collect::<Option<Vec<_>>>()) {
                    (Some(piece), Some(on), Some(from), Some(to)) => {
                        def.promotions.push(PromoteRule { piece, on, to, from })
                    }
                    _ => *ok = false,
                }
            }
        }
    }
}

/// A `move` rule; one per player, each guarded by its player, when it
/// reads directions given per player (`step forward`).
fn move_rules(scope: &Scope, rule: &PhaseRule) -> Option<Vec<MoveRule>> {
    let errors_before = scope.diagnostics.borrow().len();
    scope.player_directions_read.set(false);
    scope.direction_player.set(Some(0));
    let first = move_rule(scope, rule);
    let per_player = scope.player_directions_read.get() && scope.diagnostics.borrow().len() == errors_before;
    let mut rules = vec![first?];
    if per_player {
        for player in 1..scope.players.len() as u8 {
            scope.direction_player.set(Some(player));
            rules.push(move_rule(scope, rule)?);
        }
        for (player, rule) in rules.iter_mut().enumerate() {
            if let MoveRule::Move { guard, .. } = rule {
                let mover = GameTest::MoverIs(player as Player);
                *guard = Some(match guard.take() {
                    Some(other) => GameTest::And(vec![mover, other]),
                    None => mover,
                });
            }
        }
    }
    scope.direction_player.set(None);
    Some(rules)
}

/// A rule's `when` guard, lowered: `None` after errors, `Some(None)`
/// without a guard.
pub(super) fn rule_guard(scope: &Scope, guard: Option<&GameCond>) -> Option<Option<GameTest>> {
    match guard {
        Some(cond) => game_test(scope, cond).and_then(|test| guard_ends(scope, cond).then_some(Some(test))),
        None => Some(None),
    }
}

/// Whether a move rule's guard can be evaluated: `threatened` generates the
/// other player's moves of the phase, and `blocked` the mover's, whose
/// guards would run the test again, without end (E0305).
pub(super) fn guard_ends(scope: &Scope, cond: &GameCond) -> bool {
    match cond {
        GameCond::Blocked(span) => {
            scope.error(
                Diagnostic::error("E0305", "a rule's guard cannot read `blocked`")
                    .with_label(*span, "this test generates the mover's moves, guards included")
                    .with_help(
                        "what a blocked player does is a phase rule of its own: `when blocked: pass` (section 11.5)",
                    ),
            );
            false
        }
        GameCond::Threatened { span, .. } => {
            scope.error(
                Diagnostic::error("E0305", "a move rule's guard cannot read `threatened`")
                    .with_label(*span, "this test generates the other player's moves, guards included")
                    .with_help(
                        "a king that may not be left attacked is a `royal` piece; a condition on a site is `attacked`",
                    ),
            );
            false
        }
        GameCond::Not(inner, _) => guard_ends(scope, inner),
        GameCond::And(parts) | GameCond::Or(parts) => {
            // Every part is looked at, so that each such test is reported.
            let mut ok = true;
            for part in parts {
                ok &= guard_ends(scope, part);
            }
            ok
        }
        _ => true,
    }
}

/// A `move [neutral] TYPE [when …] { PROGRAM }` rule.
fn move_rule(scope: &Scope, rule: &PhaseRule) -> Option<MoveRule> {
    let PhaseRule::Move { neutral, piece, guard, program, span, .. } = rule else { return None };
    let piece = scope.piece(piece);
    let guard = rule_guard(scope, guard.as_ref());
    let program = program::move_program(scope, program, *span);
    let (piece, guard, program) = (piece?, guard?, program?);
    scope.used.borrow_mut().pieces_moved[piece as usize] = true;
    let program::Program { path, effects, forbid, needs_dir, keeps_dir, then } = program;
    let reach = capture_reach(&path, &effects);
    Some(MoveRule::Move {
        piece,
        neutral: *neutral,
        guard,
        path,
        effects,
        forbid,
        effect_class: 0,
        reach,
        needs_dir,
        keeps_dir,
        then,
    })
}

/// How far from its start a move of this program can capture: its movement
/// plus one for a capture `ahead`; `u8::MAX` when a slide is unbounded.
fn capture_reach(path: &[MoveOp], effects: &[EffectOp]) -> Vec<u8> {
    let ahead = effects.iter().any(|e| e.site() == Some(MoveSite::Ahead));
    let mut tail = vec![u8::from(ahead); path.len() + 1];
    for (i, op) in path.iter().enumerate().rev() {
        let step = match op {
            // A leap (a step with no direction) goes at most 8 squares each way.
            MoveOp::Step { dirs, heading: Heading::Any, .. } if dirs.is_empty() => crate::board::MAX_BALL as u8,
            MoveOp::Step { .. } => 1,
            // A chain goes on as long as there is something to hop.
            MoveOp::Hop { chain: Some(_), .. } | MoveOp::Slide { chain: Some(_), .. } => u8::MAX,
            MoveOp::Hop { .. } => 2,
            MoveOp::Slide { max, .. } => *max,
            // A flight goes anywhere.
            MoveOp::Fly { .. } => u8::MAX,
        };
        tail[i] = tail[i + 1].saturating_add(step);
    }
    // A capture `over` lands behind the piece's path: from the first movement on,
    // nothing bounds where the piece may be. A custodial capture reaches a
    // whole run of pieces: nothing bounds it at all.
    if effects.iter().any(|e| matches!(e, EffectOp::CaptureCustodial { .. } | EffectOp::CaptureOn { .. })) {
        tail.iter_mut().for_each(|t| *t = u8::MAX);
    } else if effects.iter().any(|e| matches!(e, EffectOp::CaptureAt { site: MoveSite::Over, .. })) {
        tail.iter_mut().skip(1).for_each(|t| *t = u8::MAX);
    }
    tail
}

/// Whether every move of the phase is counted by a set size: placements
/// (compulsory outflanking included, where sets can find it), and single
/// steps or leaps, with nothing that drops, splits or adds moves
/// (compulsory or optional effects, promotion choices, `forbid`, follow-ups,
/// deduplication, track limits, moves judged by what they leave).
fn countable(def: &PhaseDef, board: Option<&crate::board::Board>) -> bool {
    // A compulsory outflanking is counted by a set when its directions shift
    // evenly on this board (see `outflank::bracketing_sites`).
    let counted_by_sets = |effect: &EffectOp| match effect {
        EffectOp::FlipCustodial { dirs, must: true } => board.is_some_and(|b| dirs.iter().all(|&d| b.shifts_evenly(d))),
        _ => !effect.shapes_moves(),
    };
    let phase_plain = !def.chance
        && !def.must_capture
        && def.must_leave.is_empty()
        && def.forbid_leaves.is_empty()
        && !def.capture_most
        && !def.together
        && !def.dedupe
        && def.along.is_empty()
        && def.promotions.is_empty();
    phase_plain
        && def.moves.iter().all(|rule| match rule {
            MoveRule::Action { .. } => true,
            MoveRule::Place { effects, then, .. } => then.is_none() && effects.iter().all(counted_by_sets),
            MoveRule::Move { path, forbid, effects, needs_dir, keeps_dir, then, .. } => {
                matches!(&path[..], [MoveOp::Step { heading: Heading::Any, .. }])
                    && forbid.is_empty()
                    && !effects.iter().any(EffectOp::shapes_moves)
                    && !needs_dir
                    && !keeps_dir
                    && then.is_none()
            }
            MoveRule::Group { .. } | MoveRule::Together { .. } | MoveRule::Sow { .. } | MoveRule::Advance(_) => false,
        })
}

/// The largest distance from its start at which a move of the phase can
/// capture, if every capturing rule bounds it and looks only at the sites
/// it passes; and the directions of rules that capture by one slide (any
/// distance along a line, looking only along it). Left out: rules that
/// capture only the piece that moved last (`capture on last_to`: after a
/// move far from a royal piece, that piece is far too), and single steps
/// and leaps that take by landing (they look at no site between).
fn threat_reach(def: &PhaseDef, board: Option<&crate::board::Board>) -> Option<(u8, Vec<(crate::board::Dir, bool)>)> {
    fn local(test: &SiteTest) -> bool {
        match test {
            // History, and what lies along rays, reach beyond the sites passed.
            SiteTest::LastFrom | SiteTest::LastTo | SiteTest::Ray { .. } | SiteTest::Attacked => false,
            SiteTest::Not(inner) => local(inner),
            SiteTest::And(parts) | SiteTest::Or(parts) => parts.iter().all(local),
            _ => true,
        }
    }
    fn only_last_to(test: &SiteTest) -> bool {
        match test {
            SiteTest::LastTo => true,
            SiteTest::And(parts) => parts.iter().any(only_last_to),
            _ => false,
        }
    }
    let mut radius = 0;
    let mut lines = Vec::new();
    for rule in &def.moves {
        if !capturing(rule) {
            continue;
        }
        // A follow-up may remove a piece anywhere.
        if matches!(rule, MoveRule::Group { .. } | MoveRule::Together { .. }) || rule.follow_up().is_some() {
            return None;
        }
        let MoveRule::Move { guard, reach, path, effects, forbid, .. } = rule else { continue };
        let lands_on_empty_only = landing(path).is_some_and(|to| only_empty(&to.test));
        let captures_last_to_only = effects.iter().all(|e| match e {
            EffectOp::CaptureOn { filter } => only_last_to(&filter.test),
            EffectOp::Flip { .. } | EffectOp::FlipCustodial { .. } => true,
            _ => false,
        });
        if lands_on_empty_only && captures_last_to_only {
            continue;
        }
        fn forbid_local(test: &MoveTest) -> bool {
            match test {
                MoveTest::Is { filter, .. } => local(&filter.test),
                MoveTest::Moving(..) | MoveTest::MovedBy(_) => true,
                MoveTest::Not(inner) => forbid_local(inner),
                MoveTest::And(parts) | MoveTest::Or(parts) => parts.iter().all(forbid_local),
            }
        }
        // A guard that names the mover (per-player directions) reads
        // nothing a move changes; any other guard may.
        let fixed_guard = matches!(guard, None | Some(GameTest::MoverIs(_)));
        if !fixed_guard || !forbid.iter().all(forbid_local) {
            return None;
        }
        let filters = path.iter().flat_map(|op| match op {
            MoveOp::Step { to, .. } | MoveOp::Fly { to } => vec![to],
            MoveOp::Hop { over, to, .. } => vec![over, to],
            MoveOp::Slide { to, over, through, .. } => {
                [Some(to), over.as_ref(), through.as_ref()].into_iter().flatten().collect()
            }
        });
        let effect_filters = effects.iter().filter_map(|e| match e {
            EffectOp::CaptureAt { filter, .. } => Some(filter),
            _ => None,
        });
        if !filters.chain(effect_filters).all(|f| local(&f.test)) {
            return None;
        }
        // One step or leap that takes by landing looks at nothing but its
        // own site and the captured one: a move elsewhere can only take
        // the capturing piece away.
        if let [MoveOp::Step { heading: Heading::Any, .. }] = &path[..]
            && effects.is_empty()
        {
            continue;
        }
        // One slide in any heading: the sites that matter lie on one line
        // through the captured piece, if the board can follow lines back.
        if let [MoveOp::Slide { dirs, heading: Heading::Any, over, through, die: None, by: None, .. }] = &path[..]
            && effects.is_empty()
            && let Some(board) = board
            && dirs.iter().all(|&d| (d as usize) < board.opposite.len())
        {
            let through_empty_only = over.is_none() && through.is_none();
            lines.extend(dirs.iter().map(|&d| (d, through_empty_only)));
            continue;
        }
        // Every site that matters to a capture is within the move's first
        // reach; a lone leap's reach is measured on the board.
        let mut first = reach[0];
        if let (Some(board), [MoveOp::Step { dirs, heading: Heading::Any, reach: leaps, .. }]) = (board, &path[..])
            && dirs.is_empty()
            && first < u8::MAX
        {
            first = first - crate::board::MAX_BALL as u8 + board.radius_of(leaps);
        }
        radius = radius.max(first);
    }
    lines.sort_unstable();
    lines.dedup();
    (radius as usize <= crate::board::MAX_BALL).then_some((radius, lines))
}

/// The condition on where a move program ends: its last movement's `to`.
fn landing(path: &[MoveOp]) -> Option<&SiteFilter> {
    path.last().map(|op| match op {
        MoveOp::Step { to, .. } | MoveOp::Slide { to, .. } | MoveOp::Hop { to, .. } | MoveOp::Fly { to } => to,
    })
}

/// Whether a site condition holds on empty sites only.
fn only_empty(test: &SiteTest) -> bool {
    match test {
        SiteTest::Empty | SiteTest::False => true,
        SiteTest::And(parts) => parts.iter().any(only_empty),
        SiteTest::Or(parts) => parts.iter().all(only_empty),
        _ => false,
    }
}

/// Whether a rule's moves can ever take a piece (`View::captures_on`): by
/// landing on a site that may be occupied, by a capture effect, or by a
/// follow-up removal. Moves to empty sites only, and actions, never do.
fn capturing(rule: &MoveRule) -> bool {
    let takes = |effects: &[EffectOp]| {
        effects.iter().any(|e| !matches!(e, EffectOp::Flip { .. } | EffectOp::FlipCustodial { .. }))
    };
    if matches!(rule.follow_up(), Some(FollowUp { action: FollowAction::Remove { .. }, .. })) {
        return true;
    }
    match rule {
        MoveRule::Move { path, effects, .. } => takes(effects) || landing(path).is_some_and(|to| !only_empty(&to.test)),
        MoveRule::Place { effects, .. } => takes(effects),
        MoveRule::Together { parts } => parts.iter().any(capturing),
        MoveRule::Action { .. } => false,
        MoveRule::Group { .. } | MoveRule::Sow { .. } | MoveRule::Advance(_) => true,
    }
}

/// Gives rules with equal effects one class, and decides whether legal moves
/// need deduplicating: when a rule moves in several stages (two routes may
/// reach one site) or two rules with equal effects can reach the same sites.
fn classify_effects(def: &mut PhaseDef, circles: bool, grid: bool) {
    let mut classes: Vec<(PieceType, bool, String)> = Vec::new();
    // Per rule: effect class, destinations, the only mover, a single step's directions.
    type Reach = (u8, Option<crate::board::Sites>, Option<Player>, Option<Vec<crate::board::Dir>>);
    let mut destinations: Vec<Reach> = Vec::new();
    for rule in &mut def.moves {
        if let MoveRule::Move { piece, neutral, path, effects, effect_class, keeps_dir, guard, .. } = rule {
            let signature = (*piece, *neutral, format!("{effects:?}{keeps_dir}"));
            let class = classes.iter().position(|c| *c == signature).unwrap_or_else(|| {
                classes.push(signature);
                classes.len() - 1
            });
            *effect_class = class.min(u8::MAX as usize) as u8;
            let reach = landing(path).map(|to| to.allowed.clone());
            // Rules for different players (per-player directions) never compete.
            let only = mover_only(guard);
            // Single steps on a grid in directions the other rule does not
            // take never give the same move.
            let step_dirs = match &path[..] {
                [MoveOp::Step { dirs, heading: Heading::Any, .. }] if grid && !dirs.is_empty() => Some(dirs.clone()),
                _ => None,
            };
            let overlaps = destinations.iter().any(|(c, set, o, d)| {
                let meets = matches!((set, &reach), (Some(a), Some(b)) if !a.and(b).is_empty());
                let apart = matches!((d, &step_dirs), (Some(a), Some(b)) if !a.iter().any(|x| b.contains(x)));
                *c == *effect_class && meets && !apart && (*o == only || o.is_none() || only.is_none())
            });
            // On a closed line, a slide or hop can reach one site going either way round.
            let round = circles && path.iter().any(|op| !matches!(op, MoveOp::Step { .. }));
            def.dedupe |= path.len() > 1 || overlaps || round;
            destinations.push((*effect_class, reach, only, step_dirs));
        }
    }
}

/// The player a rule's guard limits it to (`MoverIs`, alone or first in an `and`).
fn mover_only(guard: &Option<GameTest>) -> Option<Player> {
    match guard {
        Some(GameTest::MoverIs(p)) => Some(*p),
        Some(GameTest::And(parts)) => match parts.first() {
            Some(GameTest::MoverIs(p)) => Some(*p),
            _ => None,
        },
        _ => None,
    }
}
