//! Counters in rules: which counter a name means (a fixed one, or a
//! player's among a per-player counter's), the numbers conditions and
//! updates read (numbers, number options, dice, counters), and updates.

use super::conditions::{game_test, resolve_who};
use crate::check::scope::Scope;
use crate::diagnostics::Diagnostic;
use crate::game::rules::{CounterRef, CounterUpdate, PieceType, Quantity};
use crate::syntax::ast::{GameCond, Measure, Operand, Update};
use crate::syntax::span::Name;

/// The counter `name`, or `name(who)` for a per-player counter.
pub(super) fn counter_ref(scope: &Scope, name: &Name, who: Option<&Name>, read: bool) -> Option<CounterRef> {
    let per_player = scope.per_player.contains(&name.node);
    match (who, per_player) {
        (Some(who), true) => {
            let base = scope.counter(name, read);
            if let (Some(base), true) = (base, read) {
                // Whose counter it is depends on the move: each may be read.
                let mut used = scope.used.borrow_mut();
                let players = scope.players.len();
                used.counters_read[base..base + players].iter_mut().for_each(|r| *r = true);
            }
            let who = resolve_who(scope, who);
            Some(CounterRef::OfPlayer { base: base?, who: who? })
        }
        (None, true) => {
            scope.error(
                Diagnostic::error("E0510", format!("`{}` is a counter a player", name.node))
                    .with_label(name.span, "whose?")
                    .with_help(format!("write `{0}(mover)`, `{0}(opponent)` or `{0}(PLAYER)`", name.node)),
            );
            None
        }
        (Some(who), false) => {
            scope.counter(name, read)?;
            scope.error(
                Diagnostic::error("E0511", format!("`{}` is one counter for everybody", name.node))
                    .with_label(who.span, "not a per-player counter")
                    .with_help(format!(
                        "write `{}` alone, or declare it `counter {} = N per player`",
                        name.node, name.node
                    )),
            );
            None
        }
        (None, false) => scope.counter(name, read).map(CounterRef::Fixed),
    }
}

/// A number a rule reads: a number, a number option, a die or a counter.
pub(super) fn quantity(scope: &Scope, operand: &Operand) -> Option<Quantity> {
    match operand {
        Operand::Number(n) => Some(Quantity::Number(n.node)),
        Operand::Option(name) => {
            if let Some(die) = scope.die(name) {
                return Some(Quantity::Die(die));
            }
            if scope.per_player.contains(&name.node) || scope.counter_index(name).is_some() {
                return counter_ref(scope, name, None, true).map(reading);
            }
            scope.number_option(name, true).map(Quantity::Number)
        }
        Operand::PlayerCounter(name, who) => counter_ref(scope, name, Some(who), true).map(reading),
        Operand::Sum(parts) => {
            let parts: Vec<Option<Quantity>> = parts.iter().map(|p| quantity(scope, p)).collect();
            Some(Quantity::Sum(parts.into_iter().collect::<Option<_>>()?))
        }
        Operand::Measure(Measure::Size, name) => scope.pattern(name).map(Quantity::Size),
        Operand::Measure(Measure::Longest, name) => scope.pattern(name).map(Quantity::Longest),
        Operand::Sites(cond, _) => super::conditions::site_filter(scope, cond).map(|f| Quantity::Sites(Box::new(f))),
        Operand::Pieces(cond, _) => super::conditions::site_filter(scope, cond).map(|f| Quantity::Pieces(Box::new(f))),
        Operand::Plies(_) => Some(Quantity::Plies),
        Operand::Captured(_) => Some(Quantity::Captured),
        Operand::Hand { who, piece, .. } => {
            let (who, types, _) = super::conditions::count_parts(scope, who, piece.as_ref(), None)?;
            Some(Quantity::Hand(Box::new((who, types))))
        }
        Operand::Groups { who, directions, .. } => super::group_count::groups(scope, who, directions.as_ref()),
        Operand::Territory { who, directions, .. } => super::group_count::territory(scope, who, directions.as_ref()),
        Operand::Decimal { span, .. } => {
            super::fraction::misplaced(scope, *span);
            None
        }
        Operand::Count(count) => {
            let (who, types, region) =
                super::conditions::count_parts(scope, &count.who, count.piece.as_ref(), count.region.as_ref())?;
            Some(Quantity::Count(Box::new((who, types, region))))
        }
    }
}

/// The quantity a counter holds.
pub(super) fn reading(counter: CounterRef) -> Quantity {
    match counter {
        CounterRef::Fixed(c) => Quantity::Counter(c),
        CounterRef::OfPlayer { base, who } => Quantity::OfPlayer { base, who },
    }
}

/// An update of a counter, after moves of `piece` (any, if `None`) and when
/// `when` holds.
pub(super) fn update(
    scope: &Scope,
    update: &Update,
    piece: Option<PieceType>,
    when: Option<&GameCond>,
) -> Option<CounterUpdate> {
    let counter = counter_ref(scope, &update.counter, update.who.as_ref(), false);
    let amount = quantity(scope, &update.amount);
    let when = match when {
        Some(cond) => Some(game_test(scope, cond)?),
        None => None,
    };
    Some(CounterUpdate { piece, when, counter: counter?, op: update.op, amount: amount? })
}
