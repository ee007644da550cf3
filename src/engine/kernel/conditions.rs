//! The conditions a kernel game reads, lowered to the game's set width:
//! site conditions as set operations, game conditions and quantities over
//! the kernel's position. Each mirrors the general engine's reading
//! (`movegen::test_set`, `apply::test_game`, `apply::quantity`) for the
//! forms it accepts; `lower_*` returns `None` for any other form, and the
//! game then plays on the general engine.

use super::KernelPosition;
use crate::board::{Board, SetTable, SiteSet};
use crate::engine::movegen::{counted_set, quantified, ray_set};
use crate::game::Game;
use crate::game::rules::{
    CompareOp, GameTest, PatternDef, PieceType, Player, Quantity, RayQuant, SiteFilter, SiteTest, Who,
};

/// A site condition: the sites where it holds, for a player.
#[derive(Clone, Debug)]
pub(super) enum SiteCond<S> {
    All,
    Nothing,
    Empty,
    Occupied,
    Friend,
    Enemy,
    Neutral,
    Type(PieceType),
    In(S),
    /// Per player (`PlayerIn`), or per player named from the one asking.
    OfPlayer(Vec<S>, Option<Who>),
    Not(Box<SiteCond<S>>),
    And(Vec<SiteCond<S>>),
    Or(Vec<SiteCond<S>>),
    /// Some, none, every one or a count of the sites a site reaches meet a
    /// condition: by shifts when every direction of a one-step reach moves
    /// by a constant step, else through the reversed reach.
    Ray(Box<Ray<S>>),
}

/// A ray condition (`SiteTest::Ray`), read as `movegen::test_set` reads it.
#[derive(Clone, Debug)]
pub(super) struct Ray<S> {
    quant: RayQuant,
    /// Per direction of a one-step reach, its step and the sites with a
    /// next site that way; empty when the reach is read from `back`.
    steps: Vec<(i32, S)>,
    back: SetTable,
    test: SiteCond<S>,
}

/// A site filter: a fixed mask and what the position adds.
#[derive(Clone, Debug)]
pub(super) struct Filter<S> {
    pub allowed: S,
    pub cond: SiteCond<S>,
}

/// A condition on the game, seen from a player.
#[derive(Clone, Debug)]
pub(super) enum Cond<S> {
    HandsEmpty,
    /// A counter, or all of a player's pieces on the board, compared with
    /// a number.
    Tally(Tally),
    Count {
        who: Who,
        types: Vec<PieceType>,
        region: Option<S>,
        op: CompareOp,
        value: i64,
    },
    MoverIs(Player),
    Full(S),
    /// A pattern's run exists, seen from the mover.
    Found(Box<Pattern<S>>),
    Compare(Amount<S>, CompareOp, Amount<S>),
    Not(Box<Cond<S>>),
    And(Vec<Cond<S>>),
    Or(Vec<Cond<S>>),
}

/// A pattern whose axes each move by a constant number of sites, read as
/// `pattern::any_run` reads it, with the board's shifts kept as data.
#[derive(Clone, Debug)]
pub(super) struct Pattern<S> {
    meets: Filter<S>,
    /// Per axis, one way and the other: the step, and the sites with a next
    /// site that way (the other way is read for runs with a longest length).
    axes: Vec<[(i32, S); 2]>,
    min: u8,
    max: u8,
    bounded: bool,
}

/// The sites whose next site along `step` is in `sites` (`Board::before`).
#[inline]
fn before<S: SiteSet>((by, has_next): (i32, S), sites: S) -> S {
    sites.shifted(-by).and(has_next)
}

impl<S: SiteSet> Pattern<S> {
    fn lower(game: &Game, pattern: &PatternDef) -> Option<Pattern<S>> {
        let board = &game.board;
        if pattern.touching.is_some() || pattern.min == 0 {
            return None;
        }
        let axes = pattern.axes.iter().map(|&dir| {
            let back = board.opposite.get(dir as usize).and_then(|&o| board.step_of(o));
            Some([board.step_of(dir)?, back?])
        });
        Some(Pattern {
            meets: lower_filter(board, &pattern.cond)?,
            axes: axes.collect::<Option<_>>()?,
            min: pattern.min,
            max: pattern.max,
            bounded: (pattern.max as usize) < board.site_count(),
        })
    }
}

/// A number compared with a fixed one: a counter's value, or how many
/// pieces a player (named from the mover's number) has on the board. Both
/// are read and one kept, so that end rules of either kind are tested the
/// same way, without a branch between them.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tally {
    counter: usize,
    whose: [Player; super::MAX_OWNERS],
    of_pieces: bool,
    within: Within,
}

impl Tally {
    #[inline(always)]
    fn holds<S: SiteSet>(&self, kpos: &KernelPosition<S>, mover: Player) -> bool {
        let owner = self.whose[mover as usize % super::MAX_OWNERS] as usize;
        let pieces = kpos.owned[owner % super::MAX_OWNERS].len() as i64;
        let value = kpos.counters[self.counter % super::MAX_COUNTERS];
        self.within.holds(std::hint::select_unpredictable(self.of_pieces, pieces, value))
    }
}

/// A comparison with a fixed number as a range of numbers (`inside`) or
/// outside one (`!=`), tested with one subtraction and one comparison.
#[derive(Clone, Copy, Debug)]
pub(super) struct Within {
    low: i64,
    span: u64,
    inside: bool,
}

impl Within {
    pub(super) fn new(op: CompareOp, value: i64) -> Within {
        let range = |low: i64, high: i64| Within { low, span: high.wrapping_sub(low) as u64, inside: true };
        let never = Within { low: i64::MIN, span: u64::MAX, inside: false };
        match op {
            CompareOp::Ge => range(value, i64::MAX),
            CompareOp::Le => range(i64::MIN, value),
            CompareOp::Eq => range(value, value),
            CompareOp::Ne => Within { inside: false, ..range(value, value) },
            CompareOp::Gt => value.checked_add(1).map_or(never, |low| range(low, i64::MAX)),
            CompareOp::Lt => value.checked_sub(1).map_or(never, |high| range(i64::MIN, high)),
        }
    }

    #[inline]
    pub(super) fn holds(self, number: i64) -> bool {
        (number.wrapping_sub(self.low) as u64 <= self.span) == self.inside
    }
}

/// A number read from the position.
#[derive(Clone, Debug)]
pub(super) enum Amount<S> {
    Number(i64),
    Counter(usize),
    OfPlayer {
        base: usize,
        who: Who,
    },
    Sum(Vec<Amount<S>>),
    Sites(Box<Filter<S>>),
    Plies,
    Count {
        who: Who,
        types: Vec<PieceType>,
        region: Option<S>,
    },
    /// Pieces in a player's hand, of the types (all when empty).
    Hand {
        who: Who,
        types: Vec<PieceType>,
    },
}

/// A filter, with the fixed sets its condition names (`in`, `not in`, at its
/// top or among the parts of an `and`) folded into the mask, so that
/// `empty and not centre` is one `and` with the empty sites.
pub(super) fn lower_filter<S: SiteSet>(board: &Board, filter: &SiteFilter) -> Option<Filter<S>> {
    let all: S = board.all_sites();
    let mut allowed: S = filter.allowed.get();
    let mut fold = |cond: SiteCond<S>| match cond {
        SiteCond::In(set) => {
            allowed = allowed.and(set);
            None
        }
        SiteCond::Not(inner) => match *inner {
            SiteCond::In(set) => {
                allowed = allowed.and(set.complement_in(all));
                None
            }
            inner => Some(SiteCond::Not(Box::new(inner))),
        },
        cond => Some(cond),
    };
    let cond = match lower_site(board, &filter.test)? {
        SiteCond::And(parts) => {
            let mut rest: Vec<_> = parts.into_iter().filter_map(&mut fold).collect();
            match rest.len() {
                0 => SiteCond::All,
                1 => rest.pop().unwrap_or(SiteCond::All),
                _ => SiteCond::And(rest),
            }
        }
        cond => fold(cond).unwrap_or(SiteCond::All),
    };
    Some(Filter { allowed, cond })
}

fn lower_site<S: SiteSet>(board: &Board, test: &SiteTest) -> Option<SiteCond<S>> {
    let all = |parts: &[SiteTest]| parts.iter().map(|p| lower_site(board, p)).collect::<Option<Vec<_>>>();
    let per_player = |sets: &crate::board::SetTable| (0..sets.len()).map(|i| sets.get::<S>(i)).collect::<Vec<_>>();
    Some(match test {
        SiteTest::True => SiteCond::All,
        SiteTest::False => SiteCond::Nothing,
        SiteTest::Empty => SiteCond::Empty,
        SiteTest::Occupied => SiteCond::Occupied,
        SiteTest::Friend => SiteCond::Friend,
        SiteTest::Enemy => SiteCond::Enemy,
        SiteTest::Neutral => SiteCond::Neutral,
        SiteTest::Type(piece) => SiteCond::Type(*piece),
        SiteTest::In(set, _) => SiteCond::In(set.get()),
        SiteTest::PlayerIn(sets) => SiteCond::OfPlayer(per_player(sets), None),
        SiteTest::RegionOf { sets, who } => SiteCond::OfPlayer(per_player(sets), Some(*who)),
        SiteTest::Not(inner) => SiteCond::Not(Box::new(lower_site(board, inner)?)),
        SiteTest::Ray { quant, back, steps, test } => {
            // Shifts only when every direction has one (`movegen::step_set`).
            let shifts = steps.iter().map(|&dir| board.step_of(dir)).collect::<Option<Vec<_>>>();
            SiteCond::Ray(Box::new(Ray {
                quant: *quant,
                steps: shifts.unwrap_or_default(),
                back: back.clone(),
                test: lower_site(board, test)?,
            }))
        }
        SiteTest::And(parts) => SiteCond::And(all(parts)?),
        SiteTest::Or(parts) => SiteCond::Or(all(parts)?),
        // History, threats, pieces counted on a site and liberties: the general engine.
        SiteTest::LastFrom
        | SiteTest::LastTo
        | SiteTest::Unmoved
        | SiteTest::Attacked
        | SiteTest::Pieces(..)
        | SiteTest::Liberties(_) => {
            return None;
        }
    })
}

/// The player `who` names, per mover's number (the opponent: the next
/// player in turn), as a table read without a branch.
pub(super) fn per_mover(who: Who, players: usize) -> [Player; super::MAX_OWNERS] {
    std::array::from_fn(|mover| match who {
        Who::Mover => mover as Player,
        Who::Opponent => ((mover + 1) % players) as Player,
        Who::Player(p) => p,
    })
}

pub(super) fn lower_cond<S: SiteSet>(game: &Game, test: &GameTest) -> Option<Cond<S>> {
    let all = |parts: &[GameTest]| parts.iter().map(|p| lower_cond(game, p)).collect::<Option<Vec<_>>>();
    Some(match test {
        GameTest::HandsEmpty => Cond::HandsEmpty,
        GameTest::Count { who, types, region: None, op, value } if types.is_empty() => {
            let whose = per_mover(*who, game.players.len());
            Cond::Tally(Tally { counter: 0, whose, of_pieces: true, within: Within::new(*op, *value) })
        }
        GameTest::Count { who, types, region, op, value } => Cond::Count {
            who: *who,
            types: types.clone(),
            region: region.as_ref().map(|r| r.get()),
            op: *op,
            value: *value,
        },
        GameTest::Counter { counter, op, value } => {
            let (whose, within) = ([0; super::MAX_OWNERS], Within::new(*op, *value));
            Cond::Tally(Tally { counter: *counter, whose, of_pieces: false, within })
        }
        GameTest::MoverIs(player) => Cond::MoverIs(*player),
        GameTest::Full { region } => Cond::Full(game.regions[*region].set.get()),
        GameTest::Found(pattern) => Cond::Found(Box::new(Pattern::lower(game, &game.patterns[*pattern])?)),
        GameTest::Compare { left, op, right } => {
            Cond::Compare(lower_amount(&game.board, left)?, *op, lower_amount(&game.board, right)?)
        }
        GameTest::Not(inner) => Cond::Not(Box::new(lower_cond(game, inner)?)),
        GameTest::And(parts) => Cond::And(all(parts)?),
        GameTest::Or(parts) => Cond::Or(all(parts)?),
        // Searches for moves, passes, threats, patterns, connections.
        GameTest::Blocked
        | GameTest::AllBlocked
        | GameTest::AllPassed
        | GameTest::Threatened { .. }
        | GameTest::Repeated
        | GameTest::Connected { .. } => return None,
    })
}

pub(super) fn lower_amount<S: SiteSet>(board: &Board, value: &Quantity) -> Option<Amount<S>> {
    Some(match value {
        Quantity::Number(n) => Amount::Number(*n),
        Quantity::Counter(c) => Amount::Counter(*c),
        Quantity::OfPlayer { base, who } => Amount::OfPlayer { base: *base, who: *who },
        Quantity::Sum(parts) => Amount::Sum(parts.iter().map(|p| lower_amount(board, p)).collect::<Option<Vec<_>>>()?),
        Quantity::Sites(filter) => Amount::Sites(Box::new(lower_filter(board, filter)?)),
        Quantity::Plies => Amount::Plies,
        Quantity::Count(count) => {
            let (who, types, region) = &**count;
            Amount::Count { who: *who, types: types.clone(), region: region.as_ref().map(|r| r.get()) }
        }
        Quantity::Hand(hand) => Amount::Hand { who: hand.0, types: hand.1.clone() },
        // Dice, patterns, groups and the last move's captures: the general engine.
        Quantity::Die(_)
        | Quantity::Size(_)
        | Quantity::Longest(_)
        | Quantity::Captured
        | Quantity::Groups(_)
        | Quantity::Territory(_)
        | Quantity::Pieces(_) => {
            return None;
        }
    })
}

impl<S: SiteSet> KernelPosition<S> {
    /// The sites passing a filter for `player`.
    #[inline]
    pub(super) fn filter(&self, kernel: &super::Kernel<S>, filter: &Filter<S>, player: Player) -> S {
        match &filter.cond {
            SiteCond::All => filter.allowed,
            SiteCond::Empty => filter.allowed.and(self.sets[0]),
            cond => filter.allowed.and(self.sites(kernel, cond, player)),
        }
    }

    fn sites(&self, kernel: &super::Kernel<S>, cond: &SiteCond<S>, player: Player) -> S {
        let all = kernel.all;
        match cond {
            SiteCond::All => all,
            SiteCond::Nothing => S::EMPTY,
            SiteCond::Empty => self.sets[0],
            SiteCond::Occupied => self.sets[0].complement_in(all),
            SiteCond::Friend => self.owned[player as usize],
            SiteCond::Enemy => self.enemies(kernel, player),
            SiteCond::Neutral => self.owned[kernel.players],
            SiteCond::Type(piece) => (0..=kernel.players)
                .fold(S::EMPTY, |acc, owner| acc.or(self.sets[kernel.code(owner as Player, *piece)])),
            SiteCond::In(set) => *set,
            SiteCond::OfPlayer(sets, who) => {
                let whose = who.map_or(player, |who| kernel.resolve(who, player));
                sets.get(whose as usize).copied().unwrap_or(S::EMPTY)
            }
            SiteCond::Not(inner) => self.sites(kernel, inner, player).complement_in(all),
            SiteCond::And(parts) => {
                let mut acc = all;
                for part in parts {
                    if acc.is_empty() {
                        break;
                    }
                    acc = acc.and(self.sites(kernel, part, player));
                }
                acc
            }
            SiteCond::Or(parts) => parts.iter().fold(S::EMPTY, |acc, p| acc.or(self.sites(kernel, p, player))),
            SiteCond::Ray(ray) => {
                let meets = self.sites(kernel, &ray.test, player);
                match ray.quant {
                    RayQuant::Count(op, n) => counted_set(op, n as usize, &ray.back, meets, all),
                    quant if ray.steps.is_empty() => ray_set(quant, &ray.back, meets, all),
                    quant => quantified(quant, meets, all, |sites| {
                        Some(ray.steps.iter().fold(S::EMPTY, |acc, &step| acc.or(before(step, sites))))
                    })
                    .unwrap_or(S::EMPTY),
                }
            }
        }
    }

    /// The sites of players other than `player` (not neutral pieces).
    #[inline]
    pub(super) fn enemies(&self, kernel: &super::Kernel<S>, player: Player) -> S {
        let owners = (kernel.players % super::MAX_OWNERS, player as usize % super::MAX_OWNERS);
        let not_enemy = self.sets[0].or(self.owned[owners.0]).or(self.owned[owners.1]);
        not_enemy.complement_in(kernel.all)
    }

    /// Pieces of `owner` of the types (all when empty), on `region` if given.
    fn count(&self, kernel: &super::Kernel<S>, owner: Player, types: &[PieceType], region: Option<S>) -> i64 {
        let within = |set: S| region.map_or(set, |r| set.and(r)).len() as i64;
        if types.is_empty() {
            within(self.owned[owner as usize])
        } else {
            types.iter().map(|&t| within(self.sets[kernel.code(owner, t)])).sum()
        }
    }

    /// `holds`, with the conditions end and `next` rules ask most answered
    /// where they are asked.
    #[inline(always)]
    pub(super) fn quick_holds(&self, kernel: &super::Kernel<S>, cond: &Cond<S>, mover: Player) -> bool {
        match cond {
            Cond::Tally(tally) => tally.holds(self, mover),
            Cond::HandsEmpty => self.hands == [0; super::MAX_CODES],
            cond => self.holds(kernel, cond, mover),
        }
    }

    /// Whether a condition holds, seen from `mover`.
    pub(super) fn holds(&self, kernel: &super::Kernel<S>, cond: &Cond<S>, mover: Player) -> bool {
        match cond {
            Cond::Tally(tally) => tally.holds(self, mover),
            Cond::HandsEmpty => self.hands == [0; super::MAX_CODES],
            Cond::Count { who, types, region, op, value } => {
                op.holds(self.count(kernel, kernel.resolve(*who, mover), types, *region), *value)
            }
            Cond::MoverIs(player) => mover == *player,
            Cond::Full(region) => region.and(self.sets[0]).is_empty(),
            Cond::Found(pattern) => self.found(kernel, pattern, mover),
            Cond::Compare(left, op, right) => {
                op.holds(self.amount(kernel, left, mover), self.amount(kernel, right, mover))
            }
            Cond::Not(inner) => !self.holds(kernel, inner, mover),
            Cond::And(parts) => parts.iter().all(|p| self.holds(kernel, p, mover)),
            Cond::Or(parts) => parts.iter().any(|p| self.holds(kernel, p, mover)),
        }
    }

    /// Whether some run of the pattern exists, seen from `player`, read as
    /// the general engine reads it (`pattern::has_run`).
    fn found(&self, kernel: &super::Kernel<S>, pattern: &Pattern<S>, player: Player) -> bool {
        let meets = self.filter(kernel, &pattern.meets, player);
        let lengths = (pattern.min, pattern.max, pattern.bounded);
        pattern.axes.iter().any(|&[along, back]| {
            let (along, back) = (|s| Some(before(along, s)), |s| Some(before(back, s)));
            crate::engine::pattern::has_run(meets, kernel.all, lengths, along, back) == Some(true)
        })
    }

    pub(super) fn amount(&self, kernel: &super::Kernel<S>, value: &Amount<S>, mover: Player) -> i64 {
        match value {
            Amount::Number(n) => *n,
            Amount::Counter(c) => self.counters[*c],
            Amount::OfPlayer { base, who } => self.counters[base + kernel.resolve(*who, mover) as usize],
            Amount::Sum(parts) => parts.iter().map(|p| self.amount(kernel, p, mover)).sum(),
            Amount::Sites(filter) => self.filter(kernel, filter, mover).len() as i64,
            Amount::Plies => self.ply as i64,
            Amount::Count { who, types, region } => self.count(kernel, kernel.resolve(*who, mover), types, *region),
            Amount::Hand { who, types } => {
                let owner = kernel.resolve(*who, mover);
                let held = |t: PieceType| self.hands[kernel.hand(owner, t) % super::MAX_CODES] as i64;
                match types.is_empty() {
                    true => (0..kernel.types as PieceType).map(held).sum(),
                    false => types.iter().map(|&t| held(t)).sum(),
                }
            }
        }
    }
}
