//! Race moves: `move TYPE [from hand] { advance TRACK by dice|NUMBER [to
//! CONDITION] [off [exact] [when CONDITION]] }` becomes `MoveRule::Advance`,
//! with each player's path of the track turned into tables of sites.

use super::conditions::{game_test, site_filter};
use super::phase::rule_guard;
use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::rules::{
    Advance, AdvanceAmount, BearOffRule, MoveRule, OFF_PATH, PhaseDef, SiteFilter, SiteTest, TrackDef,
};
use crate::syntax::ast::{AdvanceBy, PhaseRule, Statement};
use crate::syntax::span::Span;

/// The longest path `advance` follows: indices along it fit in a byte.
pub const MAX_TRACK_PATH: usize = 254;

/// Whether a move program is an `advance` (anywhere in it).
pub(super) fn is_advance(program: &[Statement]) -> bool {
    program.iter().any(|s| match s {
        Statement::Advance { .. } => true,
        Statement::If { then, otherwise, .. } => is_advance(then) || is_advance(otherwise),
        _ => false,
    })
}

/// A `move` rule whose program is `advance …`, or that moves `from hand`.
pub(super) fn advance_rule(scope: &Scope, rule: &PhaseRule) -> Option<MoveRule> {
    let PhaseRule::Move { neutral, piece, from_hand, guard, program, span } = rule else { return None };
    let Some(Statement::Advance { track, by, to, off, span: advance_span }) = lone_advance(scope, program, *span)
    else {
        if let (Some(hand), false) = (from_hand, is_advance(program)) {
            scope.error(
                Diagnostic::error("E0421", "a move `from hand` enters a track: its program is `advance …`")
                    .with_label(*hand, "pieces from hand")
                    .with_help("write `move TYPE from hand { advance TRACK by dice }`; a piece from hand may also be placed with `place`"),
            );
        }
        return None;
    };
    let piece_index = scope.piece(piece);
    let guard = rule_guard(scope, guard.as_ref());
    let track_index = scope.track(track);
    let to = match to {
        Some(cond) => site_filter(scope, cond),
        None => Some(SiteFilter { allowed: scope.board.as_ref()?.every_site(), plain: true, test: SiteTest::Empty }),
    };
    let by = match by {
        AdvanceBy::Dice(dice_span) => {
            if scope.dice.is_none() {
                scope.error(
                    Diagnostic::error("E0424", "`advance … by dice` needs dice to spend")
                        .with_label(*dice_span, "one of the dice thrown")
                        .with_help(
                            "declare them, as in `dice d1, d2 of 6 sides`, and throw them in a phase `by chance`",
                        ),
                );
                None
            } else {
                Some(AdvanceAmount::Dice)
            }
        }
        AdvanceBy::Number(number, _) => super::counters::quantity(scope, number).map(AdvanceAmount::Number),
    };
    // `Some(None)`: no bearing off; `None`: errors.
    let off: Option<Option<BearOffRule>> = match off {
        Some(bear) if from_hand.is_some() => {
            scope.error(
                Diagnostic::error("E0422", "a piece entering from hand cannot go off the board")
                    .with_label(bear.span, "bearing off")
                    .with_help(
                        "bear pieces off in the rule that moves them on the track (`move TYPE { advance … off }`)",
                    ),
            );
            None
        }
        Some(bear) => match &bear.when {
            Some(cond) => game_test(scope, cond).map(|when| Some(BearOffRule { exact: bear.exact, when: Some(when) })),
            None => Some(Some(BearOffRule { exact: bear.exact, when: None })),
        },
        None => Some(None),
    };
    let paths = track_index.and_then(|t| paths(scope, &scope.tracks[t].1, track.span));
    let (piece, guard, to, by, off, (paths, looped)) = (piece_index?, guard?, to?, by?, off?, paths?);
    if looped && off.is_some() {
        scope.error(
            Diagnostic::error("E0423", "a track that comes back to its start has no end to go off")
                .with_label(*advance_span, "bears off a looped track")
                .with_help("end the track's path elsewhere than where it starts, or remove `off`"),
        );
        return None;
    }
    scope.used.borrow_mut().pieces_moved[piece as usize] = true;
    let sites = scope.board.as_ref()?.site_count();
    let index = paths
        .iter()
        .map(|path| {
            let mut index = vec![OFF_PATH; sites];
            for (i, &site) in path.iter().enumerate() {
                index[site as usize] = i as u8;
            }
            index
        })
        .collect();
    Some(MoveRule::Advance(Box::new(Advance {
        piece,
        neutral: *neutral,
        guard,
        from_hand: from_hand.is_some(),
        paths,
        index,
        looped,
        by,
        to,
        off,
    })))
}

/// The program's `advance`, when it is the whole program (E0420 otherwise).
fn lone_advance<'a>(scope: &Scope, program: &'a [Statement], rule_span: Span) -> Option<&'a Statement> {
    match program {
        [advance @ Statement::Advance { .. }] => Some(advance),
        _ if !is_advance(program) => None,
        _ => {
            let span = program
                .iter()
                .find_map(|s| match s {
                    Statement::Advance { span, .. } => Some(*span),
                    _ => None,
                })
                .unwrap_or(rule_span);
            scope.error(
                Diagnostic::error("E0420", "`advance` is the whole program of its move")
                    .with_label(span, "other statements share this move")
                    .with_help("a piece advancing on a track captures what it lands on; say where it may stop with `to CONDITION`"),
            );
            None
        }
    }
}

/// Each player's path of the track, in order, and whether the track loops
/// (E0423 for a track with no order, or a path too long).
fn paths(scope: &Scope, track: &TrackDef, span: Span) -> Option<(Vec<Vec<crate::board::Site>>, bool)> {
    let players = scope.players.len();
    let paths: Vec<Vec<crate::board::Site>> = (0..players).map(|p| track.path(p as u8).to_vec()).collect();
    if paths.iter().all(Vec::is_empty) {
        scope.error(
            Diagnostic::error("E0423", format!("track `{}` has no order to advance along", track.name))
                .with_label(span, "several separate paths")
                .with_help("give it one path (`track race = a1 - b1 - c1`) or one per player (`track race { white: … black: … }`)"),
        );
        return None;
    }
    if let Some(long) = paths.iter().find(|p| p.len() > MAX_TRACK_PATH) {
        scope.error(
            Diagnostic::error("E0423", format!("a track `advance` follows has at most {MAX_TRACK_PATH} sites a path"))
                .with_label(span, format!("{} sites", long.len())),
        );
        return None;
    }
    Some((paths, track.looped()))
}

/// Warnings and flags about the dice a phase spends: `must use most dice`
/// in a phase whose moves spend none changes nothing (W0112).
pub(super) fn check_phase(scope: &Scope, rules: &[PhaseRule], def: &PhaseDef) {
    if !def.most_dice || spends_dice(def) {
        return;
    }
    let Some(span) = rules.iter().find_map(|r| match r {
        PhaseRule::MustUseDice { span } => Some(*span),
        _ => None,
    }) else {
        return;
    };
    scope.error(
        Diagnostic::warning("W0112", "`must use most dice` in a phase whose moves spend no dice")
            .with_label(span, "changes nothing here")
            .with_help("moves spend dice with `advance TRACK by dice`"),
    );
}

/// Whether some move of the phase spends a die.
pub(crate) fn spends_dice(def: &PhaseDef) -> bool {
    def.moves.iter().any(|m| matches!(m, MoveRule::Advance(a) if matches!(a.by, AdvanceAmount::Dice)))
}
