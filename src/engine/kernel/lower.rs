//! Which games the playout kernel takes, and their rules in its form. A
//! game is taken when every rule has a form the kernel plays exactly as the
//! general engine does; anything else (stacks, dice, royal pieces,
//! repetition, histories, patterns, searches in conditions, chains, slides,
//! follow-ups, promotions, choices inside moves) leaves it to the general
//! engine.

use super::conditions::{Amount, Cond, lower_amount, lower_cond, lower_filter, per_mover};
use super::{Blocked, Custodial, GeneralUpdate, Kernel, NextStep, Phase, Rays, Rule, Update};
use crate::board::{Dir, NO_SITE, SiteSet};
use crate::game::Game;
use crate::game::rules::{
    BlockedAction, CounterRef, CounterUpdate, EffectOp, GameTest, Heading, MoveOp, MoveRule, PhaseDef, UpdateOp, Who,
};

impl<S: SiteSet> Kernel<S> {
    /// The game in the kernel's form, or `None` when some rule needs the
    /// general engine.
    pub fn for_game(game: &Game) -> Option<Kernel<S>> {
        let plain_game = game.dice.is_none()
            && game.stacks.is_none()
            && !game.counted
            && !game.has_royal
            && game.repetition.is_none()
            && !game.tracks_unmoved
            && !game.end_reads_blocked
            && !game.reads_repeated
            // The kernel sends a captured piece to its owner's hand, as itself.
            && game.pieces.iter().all(|p| !p.to_capturer && p.returns_as.is_none())
            && !game
                .end_rules
                .iter()
                .any(|r| matches!(r.action, crate::game::rules::EndAction::Most { region: Some(_), .. }))
            && game.board.site_count() < S::CAPACITY
            && game.board.site_count() <= super::MAX_CELLS
            && game.pieces.len() * (game.players.len() + 1) < super::MAX_CODES
            && game.players.len() < super::MAX_OWNERS
            && game.counters.len() <= super::MAX_COUNTERS;
        if !plain_game {
            return None;
        }
        let phases = game.phases.iter().map(|phase| lower_phase(game, phase)).collect::<Option<Vec<_>>>()?;
        let lowered = game
            .end_rules
            .iter()
            .enumerate()
            .map(|(i, rule)| Some((i as u16, rule.phase, lower_cond(game, &rule.when)?, rule.action.clone())))
            .collect::<Option<Vec<_>>>()?;
        let end_rules = (0..phases.len())
            .map(|phase| {
                let applies = |only_in: &Option<usize>| only_in.is_none_or(|p| p == phase);
                let rules = lowered.iter().filter(|(_, only_in, ..)| applies(only_in));
                rules.map(|(i, _, when, action)| (*i, when.clone(), action.clone())).collect()
            })
            .collect();
        let sites = game.board.site_count();
        let dirs = game.board.directions.len();
        let mut next = vec![NO_SITE; dirs * sites];
        for dir in 0..dirs {
            for site in 0..sites {
                next[dir * sites + site] = game.board.next(site as _, dir as _);
            }
        }
        let players = game.players.len();
        Some(Kernel {
            players,
            next_of: per_mover(Who::Opponent, players),
            types: game.pieces.len(),
            all: game.board.all_sites(),
            sites,
            next,
            returns: game.pieces.iter().map(|p| p.returns).collect(),
            code_owner: std::array::from_fn(|code| game.code_owner.get(code).copied().unwrap_or(0)),
            code_type: std::array::from_fn(|code| game.code_type.get(code).copied().unwrap_or(0)),
            phases,
            end_rules,
        })
    }
}

fn lower_phase<S: SiteSet>(game: &Game, phase: &PhaseDef) -> Option<Phase<S>> {
    let plain_phase = phase.countable
        && !phase.chance
        && !phase.together
        && !phase.dedupe
        && !phase.must_capture
        && phase.must_leave.is_empty()
        && phase.forbid_leaves.is_empty()
        && !phase.capture_most
        && phase.promotions.is_empty()
        && phase.additions.is_empty()
        && phase.along.is_empty()
        && phase.after_promotion.is_empty()
        && phase.after_effects.is_empty();
    if !plain_phase {
        return None;
    }
    let updates = |list: &[CounterUpdate]| list.iter().map(|u| lower_update(game, u)).collect::<Option<Vec<_>>>();
    let when = |test: &Option<GameTest>| match test {
        Some(test) => lower_cond(game, test).map(Some),
        None => Some(None),
    };
    let next = phase
        .next
        .iter()
        .map(|rule| Some(NextStep { when: when(&rule.when)?, phase: rule.phase, pass_turn: rule.pass_turn }))
        .collect::<Option<Vec<_>>>()?;
    let blocked = phase
        .blocked
        .iter()
        .map(|(test, action)| {
            let action = match *action {
                BlockedAction::Skip => Blocked::Skip,
                BlockedAction::Lose => Blocked::Lose,
                BlockedAction::Draw => Blocked::Draw,
                BlockedAction::Next { phase, pass_turn } => Blocked::Next { phase, pass_turn },
                // A pass is a move of its own: the general engine.
                BlockedAction::Pass => return None,
            };
            Some((when(test)?, action))
        })
        .collect::<Option<Vec<_>>>()?;
    if phase.moves.len() > super::MAX_RULES {
        return None;
    }
    let rules = phase.moves.iter().map(|rule| lower_rule(game, rule)).collect::<Option<Vec<_>>>()?;
    let lone_rule = match &rules[..] {
        [Rule::Step { guard, shifts, .. }] => guard.is_none() && !shifts.is_empty(),
        [Rule::Place { .. }] => true,
        _ => false,
    };
    Some(Phase {
        rules,
        lone_rule,
        after_move: updates(&phase.after_move)?,
        after_capture: updates(&phase.after_capture)?,
        next,
        blocked,
        passes_turn: !phase.turn_stays,
    })
}

/// The effects the kernel makes: custodial captures, in their order.
fn custodial_only<S: SiteSet>(game: &Game, effects: &[EffectOp]) -> Option<Vec<Custodial<S>>> {
    let board = &game.board;
    let around = |dirs: &[Dir]| {
        let sites = board.site_count();
        let one_step = |site: usize| dirs.iter().map(move |&d| board.next(site as _, d)).filter(|&to| to != NO_SITE);
        (0..sites).map(|site| one_step(site).fold(S::EMPTY, |acc, to| acc.or(S::single(to)))).collect()
    };
    effects
        .iter()
        .map(|effect| match effect {
            EffectOp::CaptureCustodial { dirs, length, limits: None } => Some(match rays(board, dirs) {
                Some(rays) => Custodial::OnRays(Rays { length: (!length.is_any()).then_some(*length), ..rays }),
                None => Custodial::Walked { dirs: dirs.clone(), around: around(dirs), length: *length },
            }),
            _ => None,
        })
        .collect()
}

/// The rays of `dirs` from every site, when each moves by a constant number
/// of sites.
fn rays<S: SiteSet>(board: &crate::board::Board, dirs: &[Dir]) -> Option<Rays<S>> {
    let (steps, _) = board.shifts_apart(dirs)?;
    let ray = |site: usize, dir: Dir| {
        let mut set = S::EMPTY;
        let mut at = board.next(site as _, dir);
        while at != NO_SITE && !set.contains(at) {
            set.insert(at);
            at = board.next(at, dir);
        }
        set
    };
    let towards = |up: bool| -> Vec<Dir> {
        dirs.iter().zip(&steps).filter(|&(_, &by)| if up { by > 0 } else { by < 0 }).map(|(&d, _)| d).collect()
    };
    let (ups, downs) = (towards(true), towards(false));
    let per_site = ups.len().max(downs.len());
    let nth_ray = |site: usize, dirs: &[Dir], i: usize| dirs.get(i).map_or(S::EMPTY, |&dir| ray(site, dir));
    let pairs = (0..board.site_count())
        .flat_map(|site| (0..per_site).map(move |i| (site, i)))
        .map(|(site, i)| (nth_ray(site, &ups, i), nth_ray(site, &downs, i)))
        .collect();
    Some(Rays { per_site, pairs, length: None })
}

fn lower_rule<S: SiteSet>(game: &Game, rule: &MoveRule) -> Option<Rule<S>> {
    let players = game.players.len();
    match rule {
        MoveRule::Place { piece, on, guard: None, neutral: false, effects, then: None } => Some(Rule::Place {
            piece: *piece,
            on: lower_filter(&game.board, on)?,
            custodial: custodial_only(game, effects)?,
        }),
        MoveRule::Move {
            piece,
            neutral,
            guard,
            path,
            effects,
            forbid,
            needs_dir: false,
            keeps_dir: false,
            then: None,
            ..
        } if forbid.is_empty() => {
            let [MoveOp::Step { to, reach, back, heading: Heading::Any, even, has_next, .. }] = &path[..] else {
                return None;
            };
            let guard = match guard {
                Some(test) => Some(lower_cond(game, test)?),
                None => None,
            };
            let sites = game.board.site_count();
            let shifts = even.iter().enumerate().map(|(i, &by)| (by, has_next.get::<S>(i)));
            Some(Rule::Step {
                piece: *piece,
                moving: std::array::from_fn(|player| {
                    let owner = if *neutral { players } else { player.min(players) };
                    game.code(owner as u8, *piece) as u8
                }),
                guard,
                to: lower_filter(&game.board, to)?,
                reach: (0..sites).map(|s| reach.get(s)).collect(),
                back: (0..sites).map(|s| back.get(s)).collect(),
                // A direction that did not move would be counted by no shift.
                shifts: if even.contains(&0) { Vec::new() } else { shifts.collect() },
                custodial: custodial_only(game, effects)?,
            })
        }
        _ => None,
    }
}

fn lower_update<S: SiteSet>(game: &Game, update: &CounterUpdate) -> Option<Update<S>> {
    let when: Option<Cond<S>> = match &update.when {
        Some(test) => Some(lower_cond(game, test)?),
        None => None,
    };
    let amount: Amount<S> = lower_amount(&game.board, &update.amount)?;
    let counter: CounterRef = update.counter;
    if let (None, None, CounterRef::Fixed(counter), Amount::Number(n)) = (update.piece, &when, counter, &amount) {
        let affine = match update.op {
            UpdateOp::Add => Some((-1, *n)),
            UpdateOp::Sub => n.checked_neg().map(|minus| (-1, minus)),
            UpdateOp::Set => Some((0, *n)),
        };
        if let Some((keep, add)) = affine {
            return Some(Update::Affine { counter, keep, add });
        }
    }
    Some(Update::General(GeneralUpdate { piece: update.piece, when, counter, op: update.op, amount }))
}
