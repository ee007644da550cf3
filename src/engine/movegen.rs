//! Move generation: the phase's rules run over the board tables for the
//! player to move. Destination conditions become site sets once per call
//! (the empty sites, a player's pieces, regions), so each piece costs a few
//! set operations. Moves go to a callback that may stop early (used to ask
//! "has this player any move?" cheaply).

use super::apply::{enemy_set, owned_set, test_game};
use super::state::{Move, NO_DIR, Position, State};
use crate::board::{Dir, NO_SITE, SetTable, Site, SiteSet};
use crate::game::Game;
use crate::game::limits::{MAX_ALONG, MAX_PATH};
use crate::game::rules::*;
use std::marker::PhantomData;

/// A position seen by move generation: the game, the position, and two
/// switches. `legal` drops moves that leave the mover's royal pieces
/// threatened (off inside the threat test itself: pseudo-legal moves).
/// `plain` is a site to treat as a site of the threat region only.
/// `S` is the width of the game's site sets.
#[derive(Clone, Copy)]
pub(crate) struct View<'a, S> {
    pub game: &'a Game,
    pub pos: &'a Position,
    pub legal: bool,
    pub plain: Site,
    /// When set, only moves that could capture on this site matter: pieces
    /// too far away to reach it are skipped.
    pub focus: Site,
    /// Which of the phase's rules to generate (`must capture` asks the
    /// rules that can capture first).
    pub rules: Rules,
    pub width: PhantomData<S>,
}

/// The rules of a phase a generation runs, by whether they can capture
/// (`PhaseDef::capturing`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rules {
    All,
    Capturing,
    Quiet,
}

impl<'a, S> View<'a, S> {
    pub(crate) fn new(game: &'a Game, pos: &'a Position) -> View<'a, S> {
        View { game, pos, legal: true, plain: NO_SITE, focus: NO_SITE, rules: Rules::All, width: PhantomData }
    }
}

impl State {
    pub(crate) fn view<S>(&self) -> View<'_, S> {
        View::new(&self.game, &self.pos)
    }
}

/// Where generated moves go: a callback that returns false to stop.
/// Callers outside generation pass it as `dyn`, so generation is compiled
/// once per set width and not once per caller's closure (hundreds of copies
/// and ten minutes of compile time, before). The callers that collect every
/// move in a buffer (`generate_into`, `generate_pseudo_into`), the playouts'
/// and perft's, get a copy of their own in which the push stays inlined.
pub(crate) type Emit<'e> = dyn FnMut(Move) -> bool + 'e;

/// The one callback the buffer-collecting copy is compiled for.
fn pushing(buf: &mut Vec<Move>) -> impl FnMut(Move) -> bool + '_ {
    |mv| {
        buf.push(mv);
        true
    }
}

impl<S: SiteSet> View<'_, S> {
    /// Calls `emit` with each legal move of `player` until it returns false.
    pub(crate) fn generate(&self, player: Player, emit: &mut Emit) {
        self.generate_with(player, emit)
    }

    /// Appends each legal move of `player` to `buf`.
    pub(crate) fn generate_into(&self, player: Player, buf: &mut Vec<Move>) {
        self.generate_with(player, &mut pushing(buf))
    }

    fn generate_with(&self, player: Player, emit: &mut (impl FnMut(Move) -> bool + ?Sized)) {
        if self.legal && super::leaves::judges(&self.game.phases[self.pos.phase as usize]) {
            let mut leaving = |mv: Move| !super::leaves::allowed(self.game, self.pos, &mv) || emit(mv);
            return self.generate_checked(player, &mut leaving as &mut Emit);
        }
        self.generate_checked(player, emit)
    }

    /// `generate` past the `must leave` and `forbid leaves` rules: the
    /// repetition ban, the royal test.
    fn generate_checked(&self, player: Player, emit: &mut (impl FnMut(Move) -> bool + ?Sized)) {
        if self.legal && self.game.repetition == Some(Repetition::Forbidden) {
            if self.game.repetition_unless.is_some() {
                return super::repetition::generate_with_exception(self, player, emit);
            }
            let mut fresh = |mv: Move| super::repetition::repeats(self.game, self.pos, &mv) || emit(mv);
            return self.generate_royal(player, &mut fresh as &mut Emit);
        }
        self.generate_royal(player, emit)
    }

    /// Generates moves with the royal test, when the game has royal pieces.
    fn generate_royal(&self, player: Player, emit: &mut (impl FnMut(Move) -> bool + ?Sized)) {
        if self.legal && self.game.has_royal {
            let far = self.quiet_zone(player);
            let mut checked = |mv: Move| {
                let untouched = far.is_some_and(|far| self.changes_only(&mv, far));
                !(untouched || super::threat::safe::<S>(self.game, self.pos, &mv, player)) || emit(mv)
            };
            return self.generate_pseudo_with(player, &mut checked as &mut Emit);
        }
        self.generate_pseudo_with(player, emit)
    }

    /// Appends each move of `player` that passes the royal test to `buf`.
    pub(crate) fn generate_royal_into(&self, player: Player, buf: &mut Vec<Move>) {
        self.generate_royal(player, &mut pushing(buf))
    }

    /// Calls `emit` with each pseudo-legal move (no royal test).
    pub(crate) fn generate_pseudo(&self, player: Player, emit: &mut Emit) {
        self.generate_pseudo_with(player, emit)
    }

    /// Appends each pseudo-legal move (no royal test) to `buf`.
    pub(crate) fn generate_pseudo_into(&self, player: Player, buf: &mut Vec<Move>) {
        self.generate_pseudo_with(player, &mut pushing(buf))
    }

    /// Generates moves without the royal test.
    fn generate_pseudo_with(&self, player: Player, emit: &mut (impl FnMut(Move) -> bool + ?Sized)) {
        let game = self.game;
        let phase = &game.phases[self.pos.phase as usize];
        if phase.chance {
            let outcomes = game.dice.as_ref().map_or(0, |d| d.outcomes.len());
            for outcome in 0..outcomes {
                if !emit(Move::chance(outcome as u8)) {
                    return;
                }
            }
            return;
        }
        if game.stacks.is_some() && !self.generate_groups(player, emit) {
            return;
        }
        for (rule, move_rule) in phase.moves.iter().enumerate() {
            // The threat test asks only for captures on its focus.
            let capturing = phase.capturing.get(rule).copied().unwrap_or(true);
            let wanted = match self.rules {
                Rules::All => self.focus == NO_SITE || capturing,
                Rules::Capturing => capturing,
                Rules::Quiet => !capturing,
            };
            if !wanted {
                continue;
            }
            let rule = rule as u8;
            let done = match move_rule.follow_up() {
                // Each move again with each follow-up; a follow-up may act
                // anywhere, so no focus.
                Some(follow) => {
                    let view = View { focus: NO_SITE, ..*self };
                    // Compiled for each kind of `emit`: a follow-up multiplies
                    // the moves (a follow-up's placements), so every call counts.
                    view.generate_rule(rule, move_rule, phase, player, &mut |mv| {
                        view.with_follow_ups(mv, follow, player, emit)
                    })
                }
                None => self.generate_rule(rule, move_rule, phase, player, emit),
            };
            if !done {
                return;
            }
        }
    }

    /// Emits the moves of rule number `rule` of the phase; false when
    /// `emit` asked to stop.
    #[inline]
    fn generate_rule(
        &self,
        rule: u8,
        move_rule: &MoveRule,
        phase: &PhaseDef,
        player: Player,
        emit: &mut (impl FnMut(Move) -> bool + ?Sized),
    ) -> bool {
        let game = self.game;
        match move_rule {
            MoveRule::Group { .. } => true,
            MoveRule::Action { guard, .. } => {
                guard.as_ref().is_some_and(|g| !test_game(game, self.pos, g, player)) || emit(Move::action(rule))
            }
            MoveRule::Place { piece, on, guard, neutral, effects, .. } => {
                if !self.can_place(*piece, *neutral, player)
                    || guard.as_ref().is_some_and(|g| !test_game(game, self.pos, g, player))
                {
                    return true;
                }
                let (targets, allowed) = self.placement_targets(on, effects, player);
                for site in targets.iter() {
                    if !allowed && !self.effects_allow(effects, site, NO_SITE, player) {
                        continue;
                    }
                    let mv = Move { to: site, ..Move::placement(rule, *piece) };
                    if !emit(mv) {
                        return false;
                    }
                }
                true
            }
            MoveRule::Move { .. } => self.generate_moves_of_with(rule, move_rule, phase, player, emit),
            MoveRule::Sow { .. } => self.generate_sowing(rule, move_rule, player, emit),
            MoveRule::Advance(advance) => self.generate_advance(rule, advance, player, emit),
            MoveRule::Together { parts } => self.generate_together(rule, parts, phase, player, emit),
        }
    }

    /// Whether `player` has a piece of type `piece` to place: a neutral
    /// piece comes from nowhere, the player's own from their hand.
    #[inline]
    pub(crate) fn can_place(&self, piece: PieceType, neutral: bool, player: Player) -> bool {
        neutral || self.pos.hands[player as usize * self.game.pieces.len() + piece as usize] > 0
    }

    /// Emits the moves of one `move` rule (numbered `rule` in its phase);
    /// false when `emit` asked to stop.
    pub(crate) fn generate_moves_of(
        &self,
        rule: u8,
        move_rule: &MoveRule,
        phase: &PhaseDef,
        player: Player,
        emit: &mut Emit,
    ) -> bool {
        // A closure of its own: the copy for `dyn` keeps one caller, and is inlined there.
        self.generate_moves_of_with(rule, move_rule, phase, player, &mut |mv| emit(mv))
    }

    #[inline]
    fn generate_moves_of_with(
        &self,
        rule: u8,
        move_rule: &MoveRule,
        phase: &PhaseDef,
        player: Player,
        emit: &mut (impl FnMut(Move) -> bool + ?Sized),
    ) -> bool {
        let game = self.game;
        let MoveRule::Move { piece, neutral, guard, path, forbid, effects, needs_dir, reach, .. } = move_rule else {
            return true;
        };
        if guard.as_ref().is_some_and(|g| !test_game(game, self.pos, g, player)) {
            return true;
        }
        let owner = if *neutral { game.neutral() } else { player };
        let mut own: S = self.pos.sets.get(game.code(owner, *piece) as usize);
        if self.focus != NO_SITE {
            own = own.and(game.board.ball(self.focus, reach[0]));
        }
        if own.is_empty() {
            return true;
        }
        let piece = *piece;
        let promotion = phase.promotions.iter().find(|p| p.piece == piece);
        // Every path below emits through this: forbidden moves are
        // dropped, optional and compulsory effects and promotion
        // choices expanded.
        let quiet = forbid.is_empty() && !effects.iter().any(EffectOp::shapes_moves);
        let plain = quiet && promotion.is_none();
        // Where a promotion applies, read once: a move that cannot promote
        // is emitted as it is (most moves of a game that promotes).
        let promoting = match promotion {
            Some(p) if quiet => {
                Some((self.filter_set(&p.on, player), p.from.as_ref().map_or(S::EMPTY, |f| self.filter_set(f, player))))
            }
            _ => None,
        };
        let mut out = |from: Site, to: Site, over: Site, dir: Dir| {
            if plain {
                // Built right in the call, never in memory read back at another
                // width: the commonest move stays cheap.
                return emit(Move::plain(rule, piece, from, to, over, dir));
            }
            let mv = Move::plain(rule, piece, from, to, over, dir);
            self.checked(mv, promoting, forbid, effects, promotion, player, emit)
        };
        let mut targets = [S::EMPTY; MAX_PATH];
        for (slot, op) in targets.iter_mut().zip(path.iter()) {
            *slot = match op {
                MoveOp::Step { to, .. } | MoveOp::Slide { to, .. } | MoveOp::Hop { to, .. } | MoveOp::Fly { to } => {
                    self.filter_set(to, player)
                }
            };
        }
        if self.focus != NO_SITE {
            // Only moves that could capture on the focus matter: by landing
            // there, or from next to it with a capture ahead.
            let at = |s: MoveSite| effects.iter().any(|e| matches!(e, EffectOp::CaptureAt { site, .. } if *site == s));
            // Captures elsewhere: custodial ones, and on sites named by a condition.
            let elsewhere =
                effects.iter().any(|e| matches!(e, EffectOp::CaptureCustodial { .. } | EffectOp::CaptureOn { .. }));
            // A chain keeps its path as found among all its chains: none is left out.
            if !at(MoveSite::Over)
                && !elsewhere
                && super::chain::chain_of(move_rule).is_none()
                && let Some(last) = targets[..path.len()].last_mut()
            {
                let around = if at(MoveSite::Ahead) { game.board.ball(self.focus, 1) } else { S::single(self.focus) };
                *last = last.and(around);
            }
        }
        let tracked = !phase.along.is_empty();
        match &path[..] {
            // A single step, the commonest move: no walk. When there are fewer
            // destinations than pieces (in Seega-like games, the few empty
            // sites), search backwards from the destinations.
            [MoveOp::Step { reach, back, heading: Heading::Any, .. }] if !needs_dir && !tracked => {
                let target = targets[0];
                if target.len() < own.len() {
                    for to in target.iter() {
                        for from in back.get::<S>(to as usize).and(own).iter() {
                            if from != to && !out(from, to, NO_SITE, NO_DIR) {
                                return false;
                            }
                        }
                    }
                } else {
                    for from in own.iter() {
                        for to in reach.get::<S>(from as usize).and(target).iter() {
                            if from != to && !out(from, to, NO_SITE, NO_DIR) {
                                return false;
                            }
                        }
                    }
                }
            }
            // A plain single slide: each ray cut at its first blocker.
            [MoveOp::Slide { dirs, simple: true, heading: Heading::Any, .. }] if !needs_dir && !tracked => {
                let (target, empty, board) = (targets[0], self.pos.sets.get::<S>(0), &game.board);
                for from in own.iter() {
                    // The rays that are cut by bit operations, as one set.
                    let mut reached = S::EMPTY;
                    for &dir in dirs {
                        // The threat test wants one site: most rays miss it.
                        if self.focus != NO_SITE && board.ray::<S>(from, dir).and(target).is_empty() {
                            continue;
                        }
                        if let Some(reach) = board.ray_reach(from, dir, empty) {
                            reached = reached.or(reach);
                            continue;
                        }
                        let mut to = board.next(from, dir);
                        while to != NO_SITE && to != from {
                            if target.contains(to) && !out(from, to, NO_SITE, NO_DIR) {
                                return false;
                            }
                            if !empty.contains(to) {
                                break;
                            }
                            to = board.next(to, dir);
                        }
                    }
                    for to in reached.and(target).iter() {
                        if !out(from, to, NO_SITE, NO_DIR) {
                            return false;
                        }
                    }
                }
            }
            // A single hop: over a site to the one beyond, from a table.
            [MoveOp::Hop { jumps, chain: None, over, .. }] if !tracked => {
                let (target, hoppable) = (targets[0], self.filter_set(over, player));
                for from in own.iter() {
                    for &(hopped, land, dir) in &jumps[from as usize] {
                        if land != from
                            && hoppable.contains(hopped)
                            && target.contains(land)
                            && !out(from, land, hopped, dir)
                        {
                            return false;
                        }
                    }
                }
            }
            _ => {
                let passes = self.pass_sets(path, player);
                if let [MoveOp::Hop { dirs, jumps, chain: Some(_), .. }] = &path[..] {
                    // Most pieces have no first hop: leave them out before
                    // setting up a chain search for each.
                    own = first_hoppers(&game.board, dirs, jumps, own, passes[0].1, targets[0]);
                }
                for from in own.iter() {
                    let mut arrive = |to, over, dir| out(from, to, over, dir);
                    let walk = Walk {
                        path,
                        targets: &targets,
                        passes: &passes,
                        from,
                        along: &phase.along,
                        reach,
                        captures_over: effects
                            .iter()
                            .any(|e| matches!(e, EffectOp::CaptureAt { site: MoveSite::Over, .. })),
                        player,
                    };
                    let start = Stop { at: from, over: NO_SITE, dir: NO_DIR, runs: [0; MAX_ALONG] };
                    if !self.walk(&walk, 0, start, &mut arrive) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// A placement rule's destinations, and whether its `must` effects
    /// allow every one of them already: with outflanking effects whose
    /// directions shift evenly, the sites that close off no run are taken
    /// out of the set at once; otherwise each site is asked (`effects_allow`).
    #[inline(always)]
    pub(crate) fn placement_targets(&self, on: &SiteFilter, effects: &[EffectOp], player: Player) -> (S, bool) {
        let mut targets = self.filter_set(on, player);
        if effects.is_empty() {
            return (targets, true);
        }
        for effect in effects {
            if let EffectOp::FlipCustodial { dirs, must: true } = effect {
                match super::outflank::bracketing_sites::<S>(self.game, self.pos, dirs, player) {
                    Some(sites) => targets = targets.and(sites),
                    None => return (targets, false),
                }
            }
        }
        (targets, true)
    }

    /// Whether the `must` outflanking effects of a move to `to` (leaving
    /// `from`) would turn something over: without, the move is not legal.
    #[inline(always)]
    fn effects_allow(&self, effects: &[EffectOp], to: Site, from: Site, player: Player) -> bool {
        // A plain loop: an iterator's closure here was left outlined.
        for effect in effects {
            if let EffectOp::FlipCustodial { dirs, must: true } = effect
                && !super::outflank::brackets_any(self.game, self.pos, to, dirs, player, from)
            {
                return false;
            }
        }
        true
    }

    /// Emits a candidate move unless a `forbid` rules it out, in each version
    /// its effects allow. `promoting`, for a rule whose only choice is a
    /// promotion: the sites where it applies (destinations, starts); a move
    /// touching neither is emitted as it is.
    #[inline(never)]
    #[allow(clippy::too_many_arguments, reason = "the rule's parts, as the generator holds them")]
    fn checked(
        &self,
        mv: Move,
        promoting: Option<(S, S)>,
        forbid: &[MoveTest],
        effects: &[EffectOp],
        promotion: Option<&PromoteRule>,
        player: Player,
        emit: &mut (impl FnMut(Move) -> bool + ?Sized),
    ) -> bool {
        if promoting.is_some_and(|(on, from)| !on.contains(mv.to) && !from.contains(mv.from)) {
            return emit(mv);
        }
        if forbid.iter().any(|f| self.move_test(f, &mv, player)) {
            return true;
        }
        self.expand(mv, effects, promotion, player, emit)
    }

    /// Emits a candidate move in each version its effects allow: moves whose
    /// compulsory capture does not apply are dropped, an optional capture that
    /// applies gives a version with it and one without, and a promotion gives
    /// one version per piece type the mover holds.
    #[inline(never)]
    fn expand(
        &self,
        mut mv: Move,
        effects: &[EffectOp],
        promotion: Option<&PromoteRule>,
        player: Player,
        emit: &mut (impl FnMut(Move) -> bool + ?Sized),
    ) -> bool {
        if !self.effects_allow(effects, mv.to, mv.from, player) {
            return true;
        }
        let mut optional = 0u8;
        for effect in effects {
            if let EffectOp::CaptureAt { site, filter, mode } = effect {
                match mode {
                    CaptureMode::Always => {}
                    CaptureMode::Must if !self.capture_applies(*site, filter, &mv, player) => return true,
                    CaptureMode::Must => {}
                    CaptureMode::May(bit) => {
                        if self.capture_applies(*site, filter, &mv, player) {
                            optional |= 1 << bit;
                        }
                    }
                }
            }
        }
        let game = self.game;
        let types = game.pieces.len();
        let promotes = promotion.is_some_and(|p| {
            self.filter_set(&p.on, player).contains(mv.to)
                || p.from.as_ref().is_some_and(|from| self.filter_set(from, player).contains(mv.from))
        });
        let hand = &self.pos.hands[player as usize * types..(player as usize + 1) * types];
        // Every subset of the optional effects that apply, from none upwards.
        let mut subset = 0u8;
        loop {
            mv.taken = subset;
            let chosen = promotion.map_or(&[][..], |p| &p.to[..]);
            if promotes && !chosen.is_empty() {
                for &t in chosen {
                    mv.choice = t;
                    if !emit(mv) {
                        return false;
                    }
                }
            } else if promotes && hand.iter().any(|&h| h > 0) {
                for (t, _) in hand.iter().enumerate().filter(|(_, h)| **h > 0) {
                    mv.choice = t as PieceType;
                    if !emit(mv) {
                        return false;
                    }
                }
            } else if !emit(mv) {
                return false;
            }
            if subset == optional {
                return true;
            }
            subset = subset.wrapping_sub(optional) & optional;
        }
    }

    /// Whether a generated move would capture the piece on `site`: by
    /// landing there, or by a capture effect at that site that it makes.
    pub(crate) fn captures_on(&self, mv: &Move, site: Site, player: Player) -> bool {
        if mv.to == site && mv.from != NO_SITE {
            return true;
        }
        let rule = &self.game.phases[self.pos.phase as usize].moves[mv.rule as usize];
        if mv.then == site && removes(rule) {
            return true;
        }
        let MoveRule::Move { effects, .. } = rule else {
            return false;
        };
        if super::chain::chain_of(rule).is_some() {
            let path = if effects.is_empty() { None } else { self.chain_path(mv, player) };
            return path.is_some_and(|p| p.links().iter().any(|&(over, _)| over == site));
        }
        effects.iter().any(|effect| match effect {
            EffectOp::CaptureAt { .. } => self.captured_at(effect, mv, player) == site,
            EffectOp::CaptureCustodial { limits: Some(_), .. } => {
                super::custodial::takes_when_played(self.game, self.pos, mv, Some(site))
            }
            EffectOp::CaptureCustodial { dirs, length, limits: None } => {
                self.custodial_takes(mv, dirs, *length, site, player)
            }
            EffectOp::CaptureOn { filter } => {
                self.filter_set(filter, player).contains(site) && self.enemy_on(site, player)
            }
            EffectOp::Flip { .. } | EffectOp::FlipCustodial { .. } => false,
        })
    }

    /// Whether a move takes any piece: by landing on another player's, or
    /// by a capture effect it makes (at a site, or custodial).
    pub(crate) fn captures(&self, mv: &Move, player: Player) -> bool {
        let game = self.game;
        let phase = &game.phases[self.pos.phase as usize];
        if !phase.capturing.get(mv.rule as usize).copied().unwrap_or(true) {
            return false;
        }
        if mv.from != NO_SITE && mv.to != NO_SITE {
            let code = self.pos.cells[mv.to as usize];
            if code != 0 && game.owner_of(code) != player && game.owner_of(code) != game.neutral() {
                return true;
            }
        }
        let rule = phase.moves.get(mv.rule as usize);
        if mv.then != NO_SITE && rule.is_some_and(removes) {
            return true;
        }
        if let Some((_, _)) = rule.and_then(super::chain::chain_of) {
            return super::chain::hop_count(mv) > 0
                && matches!(rule, Some(MoveRule::Move { effects, .. }) if !effects.is_empty());
        }
        let effects = match rule {
            Some(MoveRule::Move { effects, .. }) if !mv.is_action() => effects,
            Some(MoveRule::Place { effects, .. }) if mv.is_placement() => effects,
            _ => return false,
        };
        effects.iter().any(|effect| match effect {
            EffectOp::CaptureAt { .. } => self.captured_at(effect, mv, player) != NO_SITE,
            EffectOp::CaptureCustodial { limits: Some(_), .. } => {
                super::custodial::takes_when_played(game, self.pos, mv, None)
            }
            EffectOp::CaptureCustodial { dirs, length, limits: None } => dirs
                .iter()
                .any(|&dir| length.holds(super::outflank::bracketed(game, self.pos, mv.to, dir, player, mv.from))),
            EffectOp::CaptureOn { filter } => self.filter_set(filter, player).iter().any(|s| self.enemy_on(s, player)),
            EffectOp::Flip { .. } | EffectOp::FlipCustodial { .. } => false,
        })
    }

    /// Whether another player's piece (not a neutral one) stands on `site`.
    fn enemy_on(&self, site: Site, player: Player) -> bool {
        let code = self.pos.cells[site as usize];
        let owner = self.game.owner_of(code);
        code != 0 && owner != player && (owner as usize) < self.game.players.len()
    }

    /// Whether the move's custodial capture would take the piece on `site`:
    /// a run of other players' pieces from the destination, through `site`,
    /// closed by a piece of `player` (the moved piece has left its start).
    fn custodial_takes(&self, mv: &Move, dirs: &[Dir], length: RunLength, site: Site, player: Player) -> bool {
        let game = self.game;
        let owner = |s: Site| {
            let code = if s == mv.from { 0 } else { self.pos.cells[s as usize] };
            (code != 0).then(|| game.owner_of(code))
        };
        dirs.iter().any(|&dir| {
            let (mut at, mut through, mut run) = (game.board.next(mv.to, dir), false, 0);
            while at != NO_SITE && owner(at).is_some_and(|o| o != player && (o as usize) < game.players.len()) {
                through |= at == site;
                run += 1;
                at = game.board.next(at, dir);
            }
            through && length.holds(run) && at != NO_SITE && owner(at) == Some(player)
        })
    }

    /// Where this capture-at-a-site effect of the move removes a piece,
    /// `NO_SITE` when it does not (not chosen, or nothing to take there).
    /// Not for chain moves, which keep their hops, not a site passed over:
    /// callers look at those first (`chain::hops`).
    pub(crate) fn captured_at(&self, effect: &EffectOp, mv: &Move, player: Player) -> Site {
        match effect {
            EffectOp::CaptureAt { site, filter, mode }
                if mode.made(mv.taken) && self.capture_applies(*site, filter, mv, player) =>
            {
                self.move_site(*site, mv)
            }
            _ => NO_SITE,
        }
    }

    /// The site a move names (`NO_SITE` when it has none).
    pub(crate) fn move_site(&self, site: MoveSite, mv: &Move) -> Site {
        mv.site(site, &self.game.board)
    }

    /// Whether a capture at a site of the move would remove a piece: another
    /// player's piece (not a neutral one) that passes the filter.
    pub(crate) fn capture_applies(&self, site: MoveSite, filter: &SiteFilter, mv: &Move, player: Player) -> bool {
        let site = self.move_site(site, mv);
        if site == NO_SITE || site == mv.from {
            return false;
        }
        let code = self.pos.cells[site as usize];
        let owner = self.game.owner_of(code);
        code != 0
            && owner != player
            && (owner as usize) < self.game.players.len()
            && self.filter_set(filter, player).contains(site)
    }

    /// The sites a piece on `from` reaches by the movements of `path` (no
    /// track limits, no captures): where a follow-up's movement may end.
    pub(crate) fn reached_by(&self, path: &[MoveOp], from: Site, player: Player) -> S {
        // A plain slide (a shot from where a piece landed): rays cut by bit
        // operations, no walk.
        if let [MoveOp::Slide { dirs, simple: true, heading: Heading::Any, to, .. }] = path {
            return self.slide_reached(from, dirs).and(self.filter_set(to, player));
        }
        let mut targets = [S::EMPTY; MAX_PATH];
        for (slot, op) in targets.iter_mut().zip(path.iter()) {
            let (MoveOp::Step { to, .. } | MoveOp::Slide { to, .. } | MoveOp::Hop { to, .. } | MoveOp::Fly { to }) = op;
            *slot = self.filter_set(to, player);
        }
        let passes = self.pass_sets(path, player);
        let reach = [u8::MAX; MAX_PATH + 1];
        let walk = Walk {
            path,
            targets: &targets,
            passes: &passes,
            from,
            along: &[],
            reach: &reach,
            captures_over: false,
            player,
        };
        let mut reached = S::EMPTY;
        let start = Stop { at: from, over: NO_SITE, dir: NO_DIR, runs: [0; MAX_ALONG] };
        self.walk(&walk, 0, start, &mut |to, _, _| {
            reached.insert(to);
            true
        });
        reached
    }

    /// The sites a plain slide from `from` reaches along `dirs`: each ray up
    /// to its first occupied site, that one included.
    #[inline]
    fn slide_reached(&self, from: Site, dirs: &[Dir]) -> S {
        let (empty, board) = (self.pos.sets.get::<S>(0), &self.game.board);
        let mut reached = S::EMPTY;
        for &dir in dirs {
            if let Some(reach) = board.ray_reach(from, dir, empty) {
                reached = reached.or(reach);
                continue;
            }
            let mut to = board.next(from, dir);
            while to != NO_SITE && to != from {
                reached.insert(to);
                if !empty.contains(to) {
                    break;
                }
                to = board.next(to, dir);
            }
        }
        reached
    }

    /// For each slide or hop of a path, the sites it may pass or hop over.
    fn pass_sets(&self, path: &[MoveOp], player: Player) -> [(S, S); MAX_PATH] {
        let all = self.game.board.all_sites();
        let mut sets = [(all, S::EMPTY); MAX_PATH];
        for (slot, op) in sets.iter_mut().zip(path.iter()) {
            match op {
                MoveOp::Hop { over, .. } => slot.1 = self.filter_set(over, player),
                MoveOp::Slide { over, through, .. } => {
                    if let Some(through) = through {
                        slot.0 = self.filter_set(through, player);
                    }
                    if let Some(over) = over {
                        slot.1 = self.filter_set(over, player);
                    }
                }
                MoveOp::Step { .. } | MoveOp::Fly { .. } => {}
            }
        }
        sets
    }

    /// Whether `dir` may be taken by a movement with this heading, after a
    /// movement in `last` by a piece that started on `from`.
    #[inline]
    fn heading_allows(&self, heading: Heading, dir: Dir, last: Dir, from: Site) -> bool {
        match heading {
            Heading::Any => true,
            Heading::Keep => {
                let kept = self.pos.states[from as usize];
                kept == 0 || kept - 1 == dir
            }
            Heading::Straight => dir == last,
            Heading::Turn => last != NO_DIR && self.game.board.line_of(dir) != self.game.board.line_of(last),
        }
    }

    /// Follows movement op `index` on from `at`; calls `arrive` with each
    /// final site, the last site passed over and the last direction. Returns
    /// false when the callback asked to stop.
    fn walk(&self, walk: &Walk<S>, index: usize, stop: Stop, arrive: &mut impl FnMut(Site, Site, Dir) -> bool) -> bool {
        let Stop { at, over, dir: last, runs } = stop;
        // Looking for captures on the focus: stops too far from it lead nowhere.
        if self.focus != NO_SITE && !self.game.board.ball::<S>(self.focus, walk.reach[index]).contains(at) {
            return true;
        }
        let Some(op) = walk.path.get(index) else {
            return arrive(at, over, last);
        };
        let board = &self.game.board;
        let from = walk.from;
        let target = walk.targets[index];
        let (through, may_pass) = walk.passes[index];
        match op {
            // A leap: a step with no direction, to the sites of its table.
            MoveOp::Step { dirs, reach, heading: Heading::Any, .. } if dirs.is_empty() => {
                for next in reach.get::<S>(at as usize).and(target).iter() {
                    if next == from {
                        continue;
                    }
                    let Some(runs) = self.along(walk.along, runs, at, next) else { continue };
                    if !self.walk(walk, index + 1, Stop { at: next, over, dir: NO_DIR, runs }, arrive) {
                        return false;
                    }
                }
            }
            MoveOp::Step { links, heading, .. } => {
                let mut straight = [(NO_DIR, NO_SITE)];
                let steps = self.directions_from(links, *heading, at, last, &mut straight);
                for &(dir, next) in steps {
                    if next == NO_SITE || next == from || !target.contains(next) {
                        continue;
                    }
                    if !self.heading_allows(*heading, dir, last, from) {
                        continue;
                    }
                    let Some(runs) = self.along(walk.along, runs, at, next) else { continue };
                    if !self.walk(walk, index + 1, Stop { at: next, over, dir, runs }, arrive) {
                        return false;
                    }
                }
            }
            MoveOp::Hop { chain: Some(_), .. } | MoveOp::Slide { chain: Some(_), .. } => {
                let Some(chain_walk) = self.chain_walk(op, from, walk.player, target, (through, may_pass)) else {
                    return true;
                };
                return self.chains(&chain_walk, arrive);
            }
            MoveOp::Slide { links, heading, over: fly, min, max, die, by, .. } => {
                // A distance of its own is the same on every ray: read it once.
                let fixed = (die.is_none() && by.is_none()).then_some((*min, *max));
                let empty = self.pos.sets.get::<S>(0);
                let mut straight = [(NO_DIR, NO_SITE)];
                let rays = self.directions_from(links, *heading, at, last, &mut straight);
                // The last movement captures, if at all, on its own ray (landing, ahead, or
                // over when it flies; a capture over a site an earlier movement passed is not).
                let last_op = index + 1 == walk.path.len() && (fly.is_some() || !walk.captures_over);
                for &(dir, first) in rays {
                    if first == NO_SITE || !self.heading_allows(*heading, dir, last, from) {
                        continue;
                    }
                    if self.focus != NO_SITE && last_op && !board.ray::<S>(at, dir).contains(self.focus) {
                        continue;
                    }
                    let Some((min, max)) = fixed.or_else(|| self.slide_range(op, at, dir, walk.player)) else {
                        continue;
                    };
                    let (mut next, mut distance, mut flown) = (first, 1u8, over);
                    let (mut prev, mut runs) = (at, runs);
                    while next != NO_SITE && next != from && distance <= max {
                        // Once a run along a limited track is too long, no further site is reachable.
                        let Some(now) = self.along(walk.along, runs, prev, next) else { break };
                        runs = now;
                        if distance >= min
                            && target.contains(next)
                            && !self.walk(walk, index + 1, Stop { at: next, over: flown, dir, runs }, arrive)
                        {
                            return false;
                        }
                        if !through.contains(next) {
                            break;
                        }
                        if !empty.contains(next) {
                            // One occupied site may be flown over when the slide says so.
                            if fly.is_none() || flown != over || !may_pass.contains(next) {
                                break;
                            }
                            flown = next;
                        }
                        prev = next;
                        next = board.next(next, dir);
                        distance += 1;
                    }
                }
            }

            // A flight: every site the destination allows, in one set
            // operation, whatever lies between.
            MoveOp::Fly { .. } => {
                let mut sites = target;
                sites.remove(at);
                sites.remove(from);
                for next in sites.iter() {
                    let Some(runs) = self.along(walk.along, runs, at, next) else { continue };
                    if !self.walk(walk, index + 1, Stop { at: next, over, dir: NO_DIR, runs }, arrive) {
                        return false;
                    }
                }
            }
            MoveOp::Hop { jumps, .. } => {
                for &(hopped, land, dir) in &jumps[at as usize] {
                    if hopped == from || land == from || !may_pass.contains(hopped) || !target.contains(land) {
                        continue;
                    }
                    let runs =
                        self.along(walk.along, runs, at, hopped).and_then(|r| self.along(walk.along, r, hopped, land));
                    let Some(runs) = runs else { continue };
                    if !self.walk(walk, index + 1, Stop { at: land, over: hopped, dir, runs }, arrive) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// How a chain movement `op` of a piece on `from` goes on: `target` the
    /// sites it may land on, `passes` those it may pass and pass over.
    pub(crate) fn chain_walk<'r>(
        &self,
        op: &'r MoveOp,
        from: Site,
        player: Player,
        target: S,
        (through, over): (S, S),
    ) -> Option<super::chain::ChainWalk<'r, S>> {
        let (chain, reach, to) = match op {
            MoveOp::Hop { chain: Some(chain), jumps, to, .. } => (chain, super::chain::Reach::Hops(jumps), to),
            MoveOp::Slide { chain: Some(chain), links, to, .. } => (chain, super::chain::Reach::Slides(links), to),
            _ => return None,
        };
        let until = match &chain.until {
            Some(until) => self.filter_set(until, player),
            None => S::EMPTY,
        };
        let from_lands = matches!(to.test, SiteTest::Empty) && to.allowed.contains(from);
        Some(super::chain::ChainWalk { chain, reach, over, target, through, from, from_lands, until })
    }

    /// The path of a chain move of `player`'s, in the position before it
    /// (`None` for other moves).
    pub(crate) fn chain_path(&self, mv: &Move, player: Player) -> Option<super::chain::Path> {
        let rule = self.game.phases[self.pos.phase as usize].moves.get(mv.rule as usize)?;
        // A trail is replayed as it is: nothing to look up.
        if let Some((chain, super::chain::Reach::Hops(jumps))) = super::chain::chain_of(rule)
            && !chain.by_captures
        {
            return Some(super::chain::trail_path(jumps, mv));
        }
        self.with_chain_walk(mv, player, |walk| self.chain_path_of(walk, mv))
    }

    /// Calls `then` with how the chain of a move of `player`'s goes on
    /// (`None` for other moves).
    pub(crate) fn with_chain_walk<T>(
        &self,
        mv: &Move,
        player: Player,
        then: impl FnOnce(&super::chain::ChainWalk<S>) -> T,
    ) -> Option<T> {
        let rule = self.game.phases[self.pos.phase as usize].moves.get(mv.rule as usize)?;
        let MoveRule::Move { path, .. } = rule else { return None };
        let op @ (MoveOp::Hop { chain: Some(_), to, .. } | MoveOp::Slide { chain: Some(_), to, .. }) = path.first()?
        else {
            return None;
        };
        let passes = self.pass_sets(&path[..1], player)[0];
        let walk = self.chain_walk(op, mv.from, player, self.filter_set(to, player), passes)?;
        Some(then(&walk))
    }

    /// How far a slide from `at` along `dir` may go: its own distance, or
    /// exactly the number its `by` reads (`None`: nowhere, before a die's
    /// first throw or for a number below 1 or past 255).
    #[inline]
    fn slide_range(&self, op: &MoveOp, at: Site, dir: Dir, player: Player) -> Option<(u8, u8)> {
        let MoveOp::Slide { min, max, die, by, .. } = op else { return None };
        let exactly = |n: i64| u8::try_from(n).ok().filter(|&n| n > 0).map(|n| (n, n));
        match (die, by.as_deref()) {
            (Some(d), _) => exactly(self.pos.dice.get(*d as usize).copied().unwrap_or(0) as i64),
            (None, None) => Some((*min, *max)),
            (None, Some(SlideBy::Number(number))) => {
                exactly(super::apply::quantity(self.game, self.pos, number, player))
            }
            (None, Some(SlideBy::Line(filter))) => {
                let board = &self.game.board;
                let back = board.opposite.get(dir as usize).map_or(S::EMPTY, |&o| board.ray::<S>(at, o));
                let line = board.ray::<S>(at, dir).or(back).or(S::single(at));
                exactly(self.filter_set(filter, player).and(line).len() as i64)
            }
        }
    }

    /// The directions a step or slide tries from `at`, each with the site
    /// it leads to: the rule's own (`links`), or, going straight on, the
    /// last movement's direction alone (its site `NO_SITE` when there is
    /// none), kept in `straight`.
    #[inline]
    fn directions_from<'a>(
        &self,
        links: &'a Links,
        heading: Heading,
        at: Site,
        last: Dir,
        straight: &'a mut [(Dir, Site); 1],
    ) -> &'a [(Dir, Site)] {
        if heading != Heading::Straight {
            return &links[at as usize];
        }
        straight[0] = (last, if last == NO_DIR { NO_SITE } else { self.game.board.next(at, last) });
        &straight[..]
    }

    /// The runs along limited tracks after a step from `a` to `b`; `None`
    /// when one grows past its limit.
    #[inline]
    fn along(&self, along: &[(usize, u8)], mut runs: [u8; MAX_ALONG], a: Site, b: Site) -> Option<[u8; MAX_ALONG]> {
        for (run, &(track, limit)) in runs.iter_mut().zip(along) {
            *run = if self.game.tracks[track].next.contains(a as usize, b) { *run + 1 } else { 0 };
            if *run > limit {
                return None;
            }
        }
        Some(runs)
    }

    /// Whether a move being generated satisfies a move condition.
    pub(crate) fn move_test(&self, test: &MoveTest, mv: &Move, player: Player) -> bool {
        match test {
            MoveTest::Moving(op, count) => op.holds(super::group::moving(self.game, self.pos, mv), *count),
            MoveTest::MovedBy(piece) => mv.piece == *piece,
            MoveTest::Is { site, filter } => {
                let site = self.move_site(*site, mv);
                site != NO_SITE && self.filter_set(filter, player).contains(site)
            }
            MoveTest::Not(inner) => !self.move_test(inner, mv, player),
            MoveTest::And(parts) => parts.iter().all(|p| self.move_test(p, mv, player)),
            MoveTest::Or(parts) => parts.iter().any(|p| self.move_test(p, mv, player)),
        }
    }

    /// The sites passing a filter for `player`, in this position.
    #[inline]
    pub(crate) fn filter_set(&self, filter: &SiteFilter, player: Player) -> S {
        if self.plain == NO_SITE {
            filter_set(self.game, self.pos, filter, player)
        } else {
            let fixed: S = plain_site(filter.allowed.get(), filter.plain, self.plain);
            fixed.and(test_set(self.game, self.pos, &filter.test, player, self.plain))
        }
    }
}

/// A fixed set with `site` counted in it exactly when an ordinary site of
/// the threat region would be (`bit`).
#[inline]
fn plain_site<S: SiteSet>(mut set: S, bit: bool, site: Site) -> S {
    if bit {
        set.insert(site);
    } else {
        set.remove(site);
    }
    set
}

/// The sites passing a filter for `player` in a position.
#[inline]
pub(crate) fn filter_set<S: SiteSet>(game: &Game, pos: &Position, filter: &SiteFilter, player: Player) -> S {
    let allowed = filter.allowed.get::<S>();
    // The commonest tests, answered here without the general test's call.
    match &filter.test {
        SiteTest::True => allowed,
        SiteTest::Empty => allowed.and(pos.sets.get(0)),
        test => allowed.and(test_set(game, pos, test, player, NO_SITE)),
    }
}

/// The sites where a site test holds; `plain` as in `View`.
fn test_set<S: SiteSet>(game: &Game, pos: &Position, test: &SiteTest, player: Player, plain: Site) -> S {
    let sets = &pos.sets;
    let all = game.board.all_sites();
    match test {
        SiteTest::True => all,
        SiteTest::False => S::EMPTY,
        SiteTest::Empty => sets.get(0),
        SiteTest::Occupied => sets.get::<S>(0).complement_in(all),
        SiteTest::Friend => owned_set(game, pos, player),
        SiteTest::Enemy => enemy_set(game, pos, player),
        SiteTest::Neutral => owned_set(game, pos, game.neutral()),
        SiteTest::PlayerIn(sets) => sets.get_or_empty(player as usize),
        SiteTest::LastFrom => single_or_empty(pos.last_from),
        SiteTest::Unmoved => pos.unmoved.get_or_empty(0),
        SiteTest::LastTo if pos.last_to_second == NO_SITE => single_or_empty(pos.last_to),
        SiteTest::LastTo => single_or_empty::<S>(pos.last_to).or(S::single(pos.last_to_second)),
        SiteTest::Attacked => super::threat::attacked_sites(game, pos, player),
        SiteTest::Pieces(op, n) => pieces_set(pos, *op, *n, all),
        SiteTest::Liberties(liberties) => {
            let (neighbours, op, n) = &**liberties;
            super::liberty::liberties_set(game, pos, (neighbours, *op, *n), all)
        }
        SiteTest::RegionOf { sets, who } => sets.get_or_empty(super::apply::resolve(game, *who, player) as usize),
        SiteTest::Type(piece) => {
            (0..game.owner_count() as Player).fold(S::EMPTY, |acc, o| acc.or(sets.get(game.code(o, *piece) as usize)))
        }
        SiteTest::In(set, _) if plain == NO_SITE => set.get(),
        SiteTest::In(set, bit) => plain_site(set.get(), *bit, plain),
        SiteTest::Not(inner) => test_set::<S>(game, pos, inner, player, plain).complement_in(all),
        SiteTest::Ray { quant: RayQuant::Count(op, n), back, test, .. } => {
            let meets = test_set(game, pos, test, player, plain);
            counted_set(*op, *n as usize, back, meets, all)
        }
        SiteTest::Ray { quant, back, steps, test, .. } => {
            let meets = test_set(game, pos, test, player, plain);
            step_set(&game.board, *quant, steps, meets, all).unwrap_or_else(|| ray_set(*quant, back, meets, all))
        }
        SiteTest::And(parts) => {
            let mut acc = all;
            for part in parts {
                // Once nothing is left, the other parts cannot add anything.
                if acc.is_empty() {
                    break;
                }
                // Groups are flooded only where the parts before leave sites.
                if let SiteTest::Liberties(liberties) = part {
                    let (neighbours, op, n) = &**liberties;
                    acc = acc.and(super::liberty::liberties_set(game, pos, (neighbours, *op, *n), acc));
                    continue;
                }
                acc = acc.and(test_set(game, pos, part, player, plain));
            }
            acc
        }
        SiteTest::Or(parts) => parts.iter().fold(S::EMPTY, |acc, p| acc.or(test_set(game, pos, p, player, plain))),
    }
}

/// The sites holding a number of pieces that compares so with `n`: the
/// empty ones if 0 does, and each occupied one tested by its number.
#[inline(never)]
fn pieces_set<S: SiteSet>(pos: &Position, op: CompareOp, n: u32, all: S) -> S {
    let empty: S = pos.sets.get(0);
    let mut found = if op.holds(0, n as i64) { empty } else { S::EMPTY };
    for site in empty.complement_in(all).iter() {
        if op.holds(pos.pieces_on(site) as i64, n as i64) {
            found.insert(site);
        }
    }
    found
}

/// Like `ray_set` for a one-step reach, by shifting whole sets when every
/// direction has a constant step (`None` otherwise, or for longer reaches).
#[inline]
fn step_set<S: SiteSet>(board: &crate::board::Board, quant: RayQuant, steps: &[Dir], meets: S, all: S) -> Option<S> {
    if steps.is_empty() {
        return None;
    }
    quantified(quant, meets, all, |sites| {
        steps.iter().try_fold(S::EMPTY, |acc, &dir| Some(acc.or(board.before(dir, sites)?)))
    })
}

/// The sites whose reach has some, no or only sites in `meets`, found
/// from the sites of `meets` (or of the rest) through the reversed table.
#[inline(never)]
pub(crate) fn ray_set<S: SiteSet>(quant: RayQuant, back: &SetTable, meets: S, all: S) -> S {
    let reaching = |sites: S| Some(sites.iter().fold(S::EMPTY, |acc, s| acc.or(back.get(s as usize))));
    quantified(quant, meets, all, reaching).unwrap_or(S::EMPTY)
}

/// The sites whose reach holds a number of sites of `meets` that compares
/// so with `n`. `at_least[k]`: the sites whose reach holds k of them so far,
/// grown one site of `meets` at a time; counts past `n + 1` are not told
/// apart.
#[inline(never)]
pub(crate) fn counted_set<S: SiteSet>(op: CompareOp, n: usize, back: &SetTable, meets: S, all: S) -> S {
    let mut at_least = [S::EMPTY; MAX_RAY_COUNT + 2];
    at_least[0] = all;
    let top = (n + 1).min(MAX_RAY_COUNT + 1);
    for site in meets.iter() {
        let reaching: S = back.get(site as usize);
        for k in (1..=top).rev() {
            at_least[k] = at_least[k].or(at_least[k - 1].and(reaching));
        }
    }
    let (reached, passed) = (at_least[n.min(MAX_RAY_COUNT)], at_least[top]);
    match op {
        CompareOp::Ge => reached,
        CompareOp::Gt => passed,
        CompareOp::Le => passed.complement_in(all),
        CompareOp::Lt => reached.complement_in(all),
        CompareOp::Eq => passed.complement_in(reached),
        CompareOp::Ne => passed.complement_in(reached).complement_in(all),
    }
}

/// A ray condition's quantifier from `reaching` (the sites whose reach
/// meets a set): every site of the reach meets `meets` when none lies
/// outside it. `None` when `reaching` cannot tell.
#[inline]
pub(crate) fn quantified<S: SiteSet>(
    quant: RayQuant,
    meets: S,
    all: S,
    reaching: impl Fn(S) -> Option<S>,
) -> Option<S> {
    Some(match quant {
        RayQuant::Some => reaching(meets)?,
        RayQuant::No => reaching(meets)?.complement_in(all),
        RayQuant::Every => reaching(meets.complement_in(all))?.complement_in(all),
        // Counted by `counted_set`, never by reaching.
        RayQuant::Count(..) => return None,
    })
}

/// What a walk over a path keeps fixed: the ops, per op the destination
/// sites and the (passable, flyable) sites, and the starting site.
struct Walk<'a, S> {
    path: &'a [MoveOp],
    targets: &'a [S],
    passes: &'a [(S, S)],
    from: Site,
    along: &'a [(usize, u8)],
    /// The rule's capture reach from each movement on (`MoveRule::Move::reach`).
    reach: &'a [u8],
    /// The rule captures on the site passed over.
    captures_over: bool,
    /// Whose move it is (conditions of a chain are seen from them).
    player: Player,
}

/// Where a walk stands: the site, the last site passed over, the last
/// direction, and the current runs along limited tracks.
#[derive(Clone, Copy)]
struct Stop {
    at: Site,
    over: Site,
    dir: Dir,
    runs: [u8; MAX_ALONG],
}

/// Whether the rule's follow-up removes a piece (a capture).
fn removes(rule: &MoveRule) -> bool {
    matches!(rule.follow_up(), Some(FollowUp { action: FollowAction::Remove { .. }, .. }))
}

fn single_or_empty<S: SiteSet>(site: Site) -> S {
    if site == NO_SITE { S::EMPTY } else { S::single(site) }
}

/// The pieces of `own` with a first hop of a chain: over a site of
/// `hoppable` to one of `target` (`Board::jumps`: two steps one way). A hop
/// never lands on the site it left, so whether the start counts as empty
/// does not matter here. By two shifts a direction where each has a
/// constant step, else from the table, piece by piece.
#[inline]
fn first_hoppers<S: SiteSet>(
    board: &crate::board::Board,
    dirs: &[Dir],
    jumps: &super::chain::Jumps,
    own: S,
    hoppable: S,
    target: S,
) -> S {
    let shifted = dirs
        .iter()
        .try_fold(S::EMPTY, |acc, &dir| Some(acc.or(board.before(dir, hoppable.and(board.before(dir, target)?))?)));
    if let Some(starts) = shifted {
        return own.and(starts);
    }
    let mut starts = S::EMPTY;
    for from in own.iter() {
        if jumps[from as usize].iter().any(|&(hopped, land, _)| hoppable.contains(hopped) && target.contains(land)) {
            starts.insert(from);
        }
    }
    starts
}
