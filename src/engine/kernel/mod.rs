//! The playout kernel: random playouts of plain games on a lowered form of
//! their rules.
//!
//! A random playout needs neither the hash, nor the history, nor the move
//! list, nor most of what `apply` checks on every move (stacks, dice,
//! promotions, follow-ups, states, royal pieces). For a game whose rules use
//! none of that (placements and single steps or leaps, custodial captures,
//! counters, and end rules on counts and counters; see `lower`), the kernel
//! keeps only the game's sets, cells, hands and counters, at the game's set
//! width, and runs each ply as one count, one draw and one change.
//!
//! It plays the very games the general engine plays: it draws the same
//! random numbers, counts and orders the moves as `legal_moves` does (the
//! drawn index picks the same move), and applies and ends them by the same
//! rules. The test suite holds the two to that on every bundled game the
//! kernel takes (`tests/kernel.rs`).

mod conditions;
mod draw;
mod lower;

/// The kernel's draw of a move (public for the tests that hold it to rand's).
pub use draw::below as draw_below;

use super::outcome::{OutcomeCode, Reason, sole_leader};
use super::state::State;
use crate::board::{NO_SITE, Site, SiteSet};
use crate::game::limits::MAX_HAND;
use crate::game::rules::{CounterRef, EndAction, PieceType, Player, RunLength, TieResult, UpdateOp, Who};
use conditions::{Amount, Cond, Filter};
use rand::Rng;

/// A game's rules in the kernel's form, at set width `S`.
#[derive(Clone, Debug)]
pub struct Kernel<S> {
    players: usize,
    /// Per player, who plays after them.
    next_of: [Player; MAX_OWNERS],
    types: usize,
    all: S,
    sites: usize,
    /// `next[dir * sites + site]`: the site one step away, or `NO_SITE`.
    next: Vec<Site>,
    /// Per piece type: a captured piece goes back to its owner's hand.
    returns: Vec<bool>,
    /// Per piece code: its owner and its type (as `Game::owner_of`, `type_of`).
    code_owner: [u8; MAX_CODES],
    code_type: [u8; MAX_CODES],
    phases: Vec<Phase<S>>,
    /// Per phase, the end rules a move made in it is checked against, in
    /// the order written: (the rule's number, when, then what).
    end_rules: Vec<Vec<(u16, Cond<S>, EndAction)>>,
}

#[derive(Clone, Debug)]
struct Phase<S> {
    rules: Vec<Rule<S>>,
    after_move: Vec<Update<S>>,
    after_capture: Vec<Update<S>>,
    next: Vec<NextStep<S>>,
    blocked: Vec<(Option<Cond<S>>, Blocked)>,
    /// The turn passes after a move (no `turn stays`).
    passes_turn: bool,
    /// Its one rule is a placement, or a step on shifts with no guard:
    /// played by `lone_rule_ply`, without the rule loop and its table of
    /// counts.
    lone_rule: bool,
}

#[derive(Clone, Debug)]
enum Rule<S> {
    /// A piece from the mover's hand onto a site of `on`.
    Place { piece: PieceType, on: Filter<S>, custodial: Vec<Custodial<S>> },
    /// One step or leap of a piece to a site of `to`, taking a piece there.
    Step {
        piece: PieceType,
        /// Per player moving, the cell code of the pieces that move (a
        /// neutral rule moves the neutral ones).
        moving: [u8; MAX_OWNERS],
        guard: Option<Cond<S>>,
        to: Filter<S>,
        /// Per site: where one step from it arrives, and where one arrives from.
        reach: Vec<S>,
        back: Vec<S>,
        /// When every direction moves by a constant number of sites (else
        /// empty): per direction, that number and the sites with a next
        /// site that way (their moves never leave the board: `moved`).
        shifts: Vec<(i32, S)>,
        custodial: Vec<Custodial<S>>,
    },
}

/// A custodial capture, in one of two forms.
#[derive(Clone, Debug)]
enum Custodial<S> {
    /// When every direction moves by a constant number of sites, so that a
    /// line runs up or down the site numbers: the rays. A line is then found
    /// by cutting its ray at the first site not an enemy, without a loop.
    OnRays(Rays<S>),
    /// Else: its directions, walked site by site, and per site the sites one
    /// step away in them (no enemy there, no capture: one test).
    Walked { dirs: Vec<crate::board::Dir>, around: Vec<S>, length: RunLength },
}

/// Per site, the sites beyond it in each of some directions, in pairs of a
/// ray up the site numbers and one down (an empty ray where one side has
/// fewer), `per_site` pairs a site: one loop over pairs does both kinds.
#[derive(Clone, Debug)]
struct Rays<S> {
    per_site: usize,
    pairs: Vec<(S, S)>,
    /// The lengths of run taken, when not every length is (`None`: a run
    /// is never counted).
    length: Option<RunLength>,
}

#[derive(Clone, Debug)]
enum Update<S> {
    /// Whatever moved and whenever: a fixed counter set to a number or
    /// moved by one, as `(counter & keep) + add`, saturating: no branch,
    /// so that an update after a capture costs nothing to predict.
    Affine {
        counter: usize,
        keep: i64,
        add: i64,
    },
    General(GeneralUpdate<S>),
}

#[derive(Clone, Debug)]
struct GeneralUpdate<S> {
    piece: Option<PieceType>,
    when: Option<Cond<S>>,
    counter: CounterRef,
    op: UpdateOp,
    amount: Amount<S>,
}

#[derive(Clone, Debug)]
struct NextStep<S> {
    when: Option<Cond<S>>,
    phase: usize,
    pass_turn: bool,
}

#[derive(Clone, Copy, Debug)]
enum Blocked {
    Skip,
    Lose,
    Draw,
    Next { phase: usize, pass_turn: bool },
}

/// A move as the kernel keeps it.
#[derive(Clone, Copy, Debug)]
struct KernelMove {
    rule: usize,
    from: Site,
    to: Site,
}

/// What changes during a playout: sets per piece code (0: the empty sites),
/// sets per owner (neutral last), cells, hands, counters. Fixed arrays, so
/// that a position is copied in one go and read without a pointer chase.
#[derive(Clone, Copy, Debug)]
pub struct KernelPosition<S> {
    sets: [S; MAX_CODES],
    owned: [S; MAX_OWNERS],
    cells: [u8; MAX_CELLS],
    hands: [u16; MAX_CODES],
    counters: [i64; MAX_COUNTERS],
    phase: usize,
    to_move: Player,
    ply: u32,
    outcome: Option<OutcomeCode>,
    /// Per rule of the phase, from the last count: its moves, its destinations.
    counted: [(usize, S); MAX_RULES],
}

impl<S: SiteSet> Default for KernelPosition<S> {
    fn default() -> Self {
        KernelPosition {
            sets: [S::EMPTY; MAX_CODES],
            owned: [S::EMPTY; MAX_OWNERS],
            cells: [0; MAX_CELLS],
            hands: [0; MAX_CODES],
            counters: [0; MAX_COUNTERS],
            phase: 0,
            to_move: 0,
            ply: 0,
            outcome: None,
            counted: [(0, S::EMPTY); MAX_RULES],
        }
    }
}

/// The kernel's limits, so that its position is a few fixed arrays: piece
/// codes (the empty code included; also bounds hands), owners (players and
/// neutral), sites, counters. A bigger game plays on the general engine.
pub(super) const MAX_CODES: usize = 16;
pub(super) const MAX_OWNERS: usize = 8;
pub(super) const MAX_CELLS: usize = 256;
pub(super) const MAX_COUNTERS: usize = 16;

/// The site at `index` of a set, in ascending order.
#[inline]
fn nth<S: SiteSet>(set: S, index: usize) -> Site {
    set.select(index as u32)
}

/// How many steps the pieces on `own` make to sites of `target`, when every
/// direction moves by a constant number of sites (`shifts`: per direction,
/// that number and the sites with a next site that way): one rotation each.
#[inline(always)]
fn steps_on_shifts<S: SiteSet>(own: S, target: S, shifts: &[(i32, S)]) -> u32 {
    shifts.iter().map(|&(by, has_next)| own.and(has_next).moved(by).and(target).len()).sum()
}

/// The step at `index` among the steps of pieces on `own` to sites of
/// `target` (`reach` and `back` per site), in `legal_moves`'s order: by
/// destination when there are fewer of them than pieces, else by origin,
/// as the general engine orders them.
#[inline(always)]
fn find_step<S: SiteSet>(own: S, target: S, reach: &[S], back: &[S], mut index: usize) -> (Site, Site) {
    if target.len() < own.len() {
        for to in target.iter() {
            let froms = back[to as usize].and(own);
            let n = froms.len() as usize;
            if index < n {
                return (nth(froms, index), to);
            }
            index -= n;
        }
    } else {
        for from in own.iter() {
            let tos = reach[from as usize].and(target);
            let n = tos.len() as usize;
            if index < n {
                return (from, nth(tos, index));
            }
            index -= n;
        }
    }
    (NO_SITE, NO_SITE)
}

/// The most move rules a phase of a kernel game has (their counts are kept
/// between counting and drawing).
pub(super) const MAX_RULES: usize = 8;

/// How many `when blocked: next …` steps one move may lead to (as `apply`).
const MAX_BLOCKED_STEPS: usize = 8;

impl<S: SiteSet> Kernel<S> {
    /// The kernel for playouts from `start`, when the game is one it takes
    /// and the position holds nothing it does not keep.
    pub fn for_state(start: &State) -> Option<Kernel<S>> {
        Kernel::for_game(&start.game).filter(|kernel| kernel.takes(start))
    }

    /// Whether the kernel plays out from `start`, a position of its game:
    /// it keeps no per-site states, and a chance player never moves.
    pub fn takes(&self, start: &State) -> bool {
        let pos = &start.pos;
        pos.states.iter().all(|&s| s == 0) && (pos.to_move as usize) < self.players
    }

    /// The cell code of a piece (as `Game::code`).
    #[inline]
    fn code(&self, owner: Player, piece: PieceType) -> usize {
        1 + piece as usize * (self.players + 1) + owner as usize
    }

    #[inline]
    fn owner_of(&self, code: u8) -> usize {
        self.code_owner[code as usize % MAX_CODES] as usize % MAX_OWNERS
    }

    #[inline]
    fn next_player(&self, player: Player) -> Player {
        self.next_of[player as usize % MAX_OWNERS]
    }

    #[inline]
    fn resolve(&self, who: Who, mover: Player) -> Player {
        match who {
            Who::Mover => mover,
            Who::Opponent => self.next_player(mover),
            Who::Player(p) => p,
        }
    }

    /// `start` in the kernel's form.
    pub fn position(&self, start: &State) -> KernelPosition<S> {
        let pos = &start.pos;
        let mut kpos = KernelPosition::default();
        let codes = 1 + self.types * (self.players + 1);
        kpos.sets[0] = pos.sets.get::<S>(0);
        for code in 1..codes {
            kpos.sets[code] = pos.sets.get::<S>(code);
            let owner = self.owner_of(code as u8);
            kpos.owned[owner] = kpos.owned[owner].or(kpos.sets[code]);
        }
        for (cell, &code) in kpos.cells.iter_mut().zip(&pos.cells) {
            *cell = code as u8;
        }
        let hands = self.players * self.types;
        kpos.hands[..hands].copy_from_slice(&pos.hands[..hands]);
        kpos.counters[..pos.counters.len()].copy_from_slice(&pos.counters);
        kpos.phase = pos.phase as usize;
        kpos.to_move = pos.to_move;
        kpos.ply = pos.ply;
        kpos.outcome = pos.outcome;
        kpos
    }

    /// Plays `start` out with random moves, as `agents::playout::random_playout`
    /// would, drawing the same numbers from `rng`, for at most `max_plies`
    /// plies: the plies played and the outcome. `kpos` is scratch.
    pub fn playout<R: Rng + Clone>(
        &self,
        start: &State,
        kpos: &mut KernelPosition<S>,
        rng: &mut R,
        max_plies: u32,
    ) -> (u32, Option<OutcomeCode>) {
        *kpos = self.position(start);
        self.play_out(kpos, rng, max_plies)
    }

    /// `playout` from `kpos`, a position of `position`'s making, which it
    /// plays on.
    pub fn play_out<R: Rng + Clone>(
        &self,
        kpos: &mut KernelPosition<S>,
        rng: &mut R,
        max_plies: u32,
    ) -> (u32, Option<OutcomeCode>) {
        // The generator's state in a local, kept in registers.
        let mut local = rng.clone();
        let result = self.play_on(kpos, &mut local, max_plies);
        *rng = local;
        result
    }

    fn play_on<R: Rng + Clone>(
        &self,
        kpos: &mut KernelPosition<S>,
        rng: &mut R,
        max_plies: u32,
    ) -> (u32, Option<OutcomeCode>) {
        let first = kpos.ply;
        let mut last_mover = None;
        loop {
            if let Some(outcome) = kpos.outcome {
                return (kpos.ply - first, Some(outcome));
            }
            if kpos.ply - first >= max_plies {
                return (kpos.ply - first, None);
            }
            let player = kpos.to_move;
            let phase = &self.phases[kpos.phase];
            if phase.lone_rule {
                if self.lone_rule_ply(kpos, phase, player, rng) {
                    last_mover = Some(player);
                    continue;
                }
            } else if let total @ 1.. = self.count_moves(kpos, player) {
                let mv = self.find_move(kpos, player, draw::below(rng, total));
                self.apply(kpos, mv);
                last_mover = Some(player);
                continue;
            }
            let Some(mover) = last_mover.take() else {
                return (kpos.ply - first, None);
            };
            self.settle_turn(kpos, mover);
        }
    }

    /// How many legal moves `player` has in the current phase; each rule's
    /// count and destinations are kept for `find_move`.
    #[inline(always)]
    fn count_moves(&self, kpos: &mut KernelPosition<S>, player: Player) -> usize {
        let mut total = 0;
        for (i, rule) in self.phases[kpos.phase].rules.iter().enumerate() {
            let (count, target) = self.count_rule(kpos, rule, player);
            kpos.counted[i] = (count, target);
            total += count;
        }
        total
    }

    /// A rule's moves for `player`, and their destinations.
    #[inline]
    fn count_rule(&self, kpos: &KernelPosition<S>, rule: &Rule<S>, player: Player) -> (usize, S) {
        match rule {
            Rule::Place { piece, on, .. } => {
                if kpos.hands[self.hand(player, *piece)] == 0 {
                    return (0, S::EMPTY);
                }
                let target = kpos.filter(self, on, player);
                (target.len() as usize, target)
            }
            Rule::Step { moving, guard, to, reach, shifts, .. } => {
                if guard.as_ref().is_some_and(|g| !kpos.holds(self, g, player)) {
                    return (0, S::EMPTY);
                }
                let own = kpos.sets[moving[player as usize % MAX_OWNERS] as usize % MAX_CODES];
                let target = kpos.filter(self, to, player);
                let count = if !shifts.is_empty() {
                    steps_on_shifts(own, target, shifts)
                } else {
                    own.iter().map(|from| reach[from as usize].and(target).len()).sum::<u32>()
                };
                (count as usize, target)
            }
        }
    }

    /// The move at `index` of `player`'s moves, in `legal_moves`'s order,
    /// from the counts `count_moves` kept.
    fn find_move(&self, kpos: &KernelPosition<S>, player: Player, mut index: usize) -> KernelMove {
        let rules = &self.phases[kpos.phase].rules;
        for (i, (rule, &(count, target))) in rules.iter().zip(&kpos.counted).enumerate() {
            if index >= count {
                index -= count;
                continue;
            }
            match rule {
                Rule::Place { .. } => {
                    return KernelMove { rule: i, from: NO_SITE, to: target.select_spread(index as u32) };
                }
                Rule::Step { moving, reach, back, .. } => {
                    let own = kpos.sets[moving[player as usize % MAX_OWNERS] as usize % MAX_CODES];
                    let (from, to) = find_step(own, target, reach, back, index);
                    return KernelMove { rule: i, from, to };
                }
            }
        }
        unreachable!("the index is below the count of moves")
    }

    /// One ply of a lone-rule phase (see `Phase::lone_rule`): its moves
    /// counted, one drawn and made as `count_moves`, `find_move` and `apply`
    /// would. False, with nothing drawn, when `player` has no move.
    #[inline(always)]
    fn lone_rule_ply<R: Rng + Clone>(
        &self,
        kpos: &mut KernelPosition<S>,
        phase: &Phase<S>,
        player: Player,
        rng: &mut R,
    ) -> bool {
        let (piece, moving, to, reach, back, shifts, custodial) = match phase.rules.first() {
            Some(Rule::Step { piece, moving, to, reach, back, shifts, custodial, .. }) => {
                (piece, moving, to, reach, back, shifts, custodial)
            }
            Some(Rule::Place { piece, on, custodial }) => {
                if kpos.hands[self.hand(player, *piece)] == 0 {
                    return false;
                }
                let target = kpos.filter(self, on, player);
                if target.is_empty() {
                    return false;
                }
                let to = target.select_spread(draw::below(rng, target.len() as usize) as u32);
                self.place(kpos, *piece, player, to);
                let captured = self.custodial_captures(kpos, custodial, to, player);
                self.finish(kpos, kpos.phase, *piece, captured, player);
                return true;
            }
            None => return false,
        };
        let own = kpos.sets[moving[player as usize % MAX_OWNERS] as usize % MAX_CODES];
        let target = kpos.filter(self, to, player);
        let total = steps_on_shifts(own, target, shifts);
        if total == 0 {
            return false;
        }
        let (from, to) = find_step(own, target, reach, back, draw::below(rng, total as usize));
        let captured = self.step(kpos, from, to) + self.custodial_captures(kpos, custodial, to, player);
        self.finish(kpos, kpos.phase, *piece, captured, player);
        true
    }

    /// A move's whole effect, then the end rules (`apply::advance` and `conclude`).
    fn apply(&self, kpos: &mut KernelPosition<S>, mv: KernelMove) {
        let mover = kpos.to_move;
        let phase_index = kpos.phase;
        let phase = &self.phases[phase_index];
        let mut captured = 0;
        let (piece, custodial) = match &phase.rules[mv.rule] {
            Rule::Place { piece, custodial, .. } => {
                self.place(kpos, *piece, mover, mv.to);
                (*piece, custodial)
            }
            Rule::Step { piece, custodial, .. } => {
                captured += self.step(kpos, mv.from, mv.to);
                (*piece, custodial)
            }
        };
        captured += self.custodial_captures(kpos, custodial, mv.to, mover);
        self.finish(kpos, phase_index, piece, captured, mover);
    }

    /// A `piece` of `player`'s hand placed on `at`.
    #[inline(always)]
    fn place(&self, kpos: &mut KernelPosition<S>, piece: PieceType, player: Player, at: Site) {
        kpos.hands[self.hand(player, piece)] -= 1;
        self.put(kpos, at, self.code(player, piece) as u8);
    }

    /// Where `player`'s hand of `piece` is kept.
    #[inline]
    fn hand(&self, player: Player, piece: PieceType) -> usize {
        (player as usize * self.types + piece as usize) % MAX_CODES
    }

    /// A piece moved from `from` to `to`, taking what stood there; how
    /// many it took.
    #[inline(always)]
    fn step(&self, kpos: &mut KernelPosition<S>, from: Site, to: Site) -> u32 {
        let taken = kpos.cells[to as usize % MAX_CELLS] != 0;
        if taken {
            self.capture(kpos, to);
        }
        self.relocate(kpos, from, to);
        taken as u32
    }

    /// The captures of a move's custodial effects, made; how many.
    #[inline(always)]
    fn custodial_captures(
        &self,
        kpos: &mut KernelPosition<S>,
        custodial: &[Custodial<S>],
        at: Site,
        mover: Player,
    ) -> u32 {
        let mut captured = 0;
        for effect in custodial {
            captured += match effect {
                Custodial::OnRays(rays) => self.custodial_on_rays(kpos, at, rays, mover),
                Custodial::Walked { around, .. } if around[at as usize].and(kpos.enemies(self, mover)).is_empty() => 0,
                Custodial::Walked { dirs, length, .. } => self.custodial(kpos, at, dirs, *length, mover),
            };
        }
        captured
    }

    /// What follows any move of `piece` by `mover` in phase `phase_index`
    /// that took `captured` pieces: counters, the next phase and player,
    /// the end rules.
    #[inline(always)]
    fn finish(&self, kpos: &mut KernelPosition<S>, phase_index: usize, piece: PieceType, captured: u32, mover: Player) {
        let phase = &self.phases[phase_index];
        for update in &phase.after_move {
            self.update(kpos, update, true, piece, mover);
        }
        for update in &phase.after_capture {
            self.update(kpos, update, captured > 0, piece, mover);
        }
        let next = phase.next.iter().find(|n| n.when.as_ref().is_none_or(|w| kpos.quick_holds(self, w, mover)));
        if let Some(next) = next {
            kpos.phase = next.phase;
        }
        if next.is_some_and(|n| n.pass_turn) || phase.passes_turn {
            kpos.to_move = self.next_player(mover);
        }
        kpos.ply += 1;
        kpos.outcome = self.end_check(kpos, phase_index, mover);
    }

    /// Captures every line of enemy pieces from `at` along `dirs` closed
    /// off by a piece of `mover`'s; how many were taken.
    fn custodial(
        &self,
        kpos: &mut KernelPosition<S>,
        at: Site,
        dirs: &[crate::board::Dir],
        length: RunLength,
        mover: Player,
    ) -> u32 {
        let mut captured = 0;
        let own = kpos.owned[mover as usize];
        let mut enemy = kpos.enemies(self, mover);
        for &dir in dirs {
            let row = &self.next[dir as usize * self.sites..(dir as usize + 1) * self.sites];
            let first = row[at as usize];
            let mut site = first;
            let mut run = 0;
            while site != NO_SITE && enemy.contains(site) {
                run += 1;
                site = row[site as usize];
            }
            if length.holds(run) && site != NO_SITE && own.contains(site) {
                let mut victim = first;
                for _ in 0..run {
                    enemy.remove(victim);
                    self.capture(kpos, victim);
                    victim = row[victim as usize];
                }
                captured += run;
            }
        }
        captured
    }

    /// `custodial` on rays: each line of enemies from `at` is its ray up
    /// to the first site that is not an enemy, taken when that site is the
    /// mover's.
    #[inline(always)]
    fn custodial_on_rays(&self, kpos: &mut KernelPosition<S>, at: Site, rays: &Rays<S>, mover: Player) -> u32 {
        let own = kpos.owned[mover as usize % MAX_OWNERS];
        let enemy = kpos.enemies(self, mover);
        let mut victims = S::EMPTY;
        let first = (at as usize).wrapping_mul(rays.per_site);
        let here = rays.pairs.get(first..first.wrapping_add(rays.per_site)).unwrap_or(&[]);
        // Runs of any length (the commonest) take no count and no branch.
        let Some(length) = rays.length else {
            let mut take = |line: S| victims = victims.or(line.and(enemy).kept_if(!line.and(own).is_empty()));
            for &(up, down) in here {
                take(up.upto_lowest(enemy.complement_in(up)));
                take(down.downto_highest(enemy.complement_in(down)));
            }
            return self.capture_all(kpos, victims);
        };
        let mut take = |line: S| {
            let run = line.and(enemy);
            victims = victims.or(run.kept_if(!line.and(own).is_empty() && length.holds(run.len())));
        };
        for &(up, down) in here {
            take(up.upto_lowest(enemy.complement_in(up)));
            take(down.downto_highest(enemy.complement_in(down)));
        }
        self.capture_all(kpos, victims)
    }

    /// Captures the pieces on `victims`; how many.
    #[inline(always)]
    fn capture_all(&self, kpos: &mut KernelPosition<S>, victims: S) -> u32 {
        for victim in victims.iter() {
            self.capture(kpos, victim);
        }
        victims.len()
    }

    fn capture(&self, kpos: &mut KernelPosition<S>, site: Site) {
        let code = kpos.cells[site as usize];
        self.take(kpos, site);
        let owner = self.owner_of(code);
        let piece = self.code_type[code as usize % MAX_CODES] as usize;
        if self.returns[piece] && owner < self.players {
            let slot = self.hand(owner as Player, piece as PieceType);
            if (kpos.hands[slot] as i64) < MAX_HAND {
                kpos.hands[slot] += 1;
            }
        }
    }

    #[inline(always)]
    fn take(&self, kpos: &mut KernelPosition<S>, site: Site) {
        let cell = site as usize % MAX_CELLS;
        let code = kpos.cells[cell];
        let owner = self.owner_of(code);
        kpos.cells[cell] = 0;
        kpos.sets[code as usize % MAX_CODES].remove(site);
        kpos.owned[owner].remove(site);
        kpos.sets[0].insert(site);
    }

    #[inline(always)]
    fn put(&self, kpos: &mut KernelPosition<S>, site: Site, code: u8) {
        let owner = self.owner_of(code);
        kpos.cells[site as usize % MAX_CELLS] = code;
        kpos.sets[code as usize % MAX_CODES].insert(site);
        kpos.owned[owner].insert(site);
        kpos.sets[0].remove(site);
    }

    #[inline(always)]
    fn relocate(&self, kpos: &mut KernelPosition<S>, from: Site, to: Site) {
        let code = kpos.cells[from as usize % MAX_CELLS];
        let owner = self.owner_of(code);
        kpos.cells[from as usize % MAX_CELLS] = 0;
        kpos.cells[to as usize % MAX_CELLS] = code;
        let (set, owned) = (&mut kpos.sets[code as usize % MAX_CODES], &mut kpos.owned[owner]);
        set.remove(from);
        set.insert(to);
        owned.remove(from);
        owned.insert(to);
        kpos.sets[0].insert(from);
        kpos.sets[0].remove(to);
    }

    #[inline(always)]
    fn update(&self, kpos: &mut KernelPosition<S>, update: &Update<S>, happens: bool, piece: PieceType, mover: Player) {
        match *update {
            Update::Affine { counter, keep, add } => {
                let old = kpos.counters[counter % MAX_COUNTERS];
                let new = (old & keep).saturating_add(add);
                kpos.counters[counter % MAX_COUNTERS] = std::hint::select_unpredictable(happens, new, old);
            }
            Update::General(ref update) if happens && update.piece.is_none_or(|p| p == piece) => {
                self.general_update(kpos, update, mover);
            }
            Update::General(_) => {}
        }
    }

    fn general_update(&self, kpos: &mut KernelPosition<S>, update: &GeneralUpdate<S>, mover: Player) {
        if update.when.as_ref().is_some_and(|w| !kpos.holds(self, w, mover)) {
            return;
        }
        let amount = match update.amount {
            Amount::Number(n) => n,
            ref amount => kpos.amount(self, amount, mover),
        };
        let counter = match update.counter {
            CounterRef::Fixed(c) => c,
            CounterRef::OfPlayer { base, who } => base + self.resolve(who, mover) as usize,
        };
        kpos.counters[counter] = update.op.applied(kpos.counters[counter], amount);
    }

    /// The end rules, in the order written, for a move made in `phase`.
    #[inline(always)]
    fn end_check(&self, kpos: &KernelPosition<S>, phase: usize, mover: Player) -> Option<OutcomeCode> {
        for (rule, when, action) in &self.end_rules[phase] {
            if kpos.quick_holds(self, when, mover) {
                let outcome = self.ending(kpos, Reason::Rule(*rule), action, mover);
                if outcome.is_some() {
                    return outcome;
                }
            }
        }
        None
    }

    /// What an end rule whose condition holds makes of the game (`None`
    /// for a tie that does not end it). Once a game, so out of line.
    #[cold]
    #[inline(never)]
    fn ending(
        &self,
        kpos: &KernelPosition<S>,
        reason: Reason,
        action: &EndAction,
        mover: Player,
    ) -> Option<OutcomeCode> {
        match action {
            EndAction::Wins(who) => Some(OutcomeCode::win(self.resolve(*who, mover), reason)),
            EndAction::Loses(who) => Some(OutcomeCode::loss_among(self.players, self.resolve(*who, mover), reason)),
            EndAction::Draw => Some(OutcomeCode::draw(reason)),
            // Regions are never lowered (`Kernel::for_game`).
            EndAction::Most { region: Some(_), .. } => None,
            EndAction::Most { piece, on_tie, .. } => {
                let count = |p: usize| match piece {
                    Some(t) => kpos.sets[self.code(p as Player, *t)].len(),
                    None => kpos.owned[p].len(),
                };
                match sole_leader(self.players, count) {
                    Some(p) => Some(OutcomeCode::win(p, reason)),
                    None if *on_tie == TieResult::Draw => Some(OutcomeCode::draw(reason)),
                    None => None,
                }
            }
        }
    }

    /// Who really moves next when the player due to move is blocked
    /// (`State::settle_turn`).
    fn settle_turn(&self, kpos: &mut KernelPosition<S>, last_mover: Player) {
        for _ in 0..MAX_BLOCKED_STEPS {
            if !self.settle_once(kpos, last_mover) {
                return;
            }
        }
        if kpos.outcome.is_none() && self.count_moves(kpos, kpos.to_move) == 0 {
            kpos.outcome = Some(OutcomeCode::draw(Reason::NobodyCanMove));
        }
    }

    fn settle_once(&self, kpos: &mut KernelPosition<S>, last_mover: Player) -> bool {
        if kpos.outcome.is_some() || self.count_moves(kpos, kpos.to_move) > 0 {
            return false;
        }
        let blocked = kpos.to_move;
        let rules = &self.phases[kpos.phase].blocked;
        let action = rules
            .iter()
            .find(|(when, _)| when.as_ref().is_none_or(|w| kpos.holds(self, w, blocked)))
            .map_or(Blocked::Lose, |(_, action)| *action);
        let outcome = match action {
            Blocked::Skip if blocked != last_mover && self.count_moves(kpos, last_mover) > 0 => {
                kpos.to_move = last_mover;
                return false;
            }
            Blocked::Next { phase, pass_turn } => {
                kpos.phase = phase;
                if pass_turn {
                    kpos.to_move = self.next_player(blocked);
                }
                return true;
            }
            Blocked::Skip => OutcomeCode::draw(Reason::NobodyCanMove),
            Blocked::Lose => OutcomeCode::loss_among(self.players, blocked, Reason::Blocked),
            Blocked::Draw => OutcomeCode::draw(Reason::Blocked),
        };
        kpos.outcome = Some(outcome);
        false
    }
}
