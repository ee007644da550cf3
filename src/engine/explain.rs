//! Why a move is legal, or which rule refuses it and why (`orrery
//! explain`). A move is made by a rule of the phase; when no rule makes it,
//! each rule that could move the piece is asked what-if questions on a copy
//! of the game with one of its conditions lifted (its `when`, one `forbid`,
//! the condition on the destination, the conditions on the sites passed, a
//! capture it requires): the condition whose lifting makes the move is the
//! one that refuses it. A move the rules make but the game still refuses
//! is refused by the royal test, a repetition ban or compulsory capture.
//! Nothing here runs in play: copies of the game are cheap enough for one
//! question typed by a person.

use super::state::{Move, State};
use crate::board::{Site, SiteSet, Sites};
use crate::game::Game;
use crate::game::rules::*;
use crate::with_width;
use std::sync::Arc;

/// The move asked about, by its sites: where it starts (none for a
/// placement), where it ends, and its piece type when that was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    pub from: Option<Site>,
    pub to: Site,
    pub piece: Option<PieceType>,
}

/// What a rule says of the move asked about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// The rule makes the move, and the move is legal.
    Makes,
    /// The rule's `when` condition does not hold now.
    Condition,
    /// The mover has no piece of the type in hand to place.
    NoneInHand,
    /// The destination fails the rule's condition on it.
    Destination,
    /// A site the movement passes fails the rule's condition on it.
    Passing,
    /// `Passing`, found at `site`: of the part of a two-piece move
    /// numbered `part` (none for a rule of one piece), and the parts of the
    /// condition that fail there, in words (`not attacked`).
    PassingAt { part: Option<usize>, site: Site, failing: Vec<String> },
    /// The rule's `forbid` condition (numbered from 0) refuses it.
    Forbidden(usize),
    /// The rule requires a capture (or a turn-over) that the move does not make.
    NeedsEffect,
    /// The rule moves two pieces, and the other piece cannot move with this one.
    OtherPart,
    /// Several of the rule's conditions refuse it at once.
    Several,
    /// The rule's movement does not lead from the start to the destination.
    Unreachable,
    /// The rule makes the move, but it leaves a royal piece of the mover threatened.
    LeavesRoyalThreatened,
    /// The rule makes the move, but a capture is compulsory (or a longer
    /// one, for `must capture most`) and this move is not one.
    CaptureCompulsory,
    /// The rule makes the move, but it repeats a position, which the game forbids.
    Repeats,
    /// The rule makes the move, but the position it leads to is one its
    /// `forbid leaves` (or the phase's `must leave`) rules out.
    LeavesForbidden,
}

/// One rule of the phase (its index in `PhaseDef::moves`) and what it says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleFinding {
    pub rule: usize,
    pub why: Why,
}

/// The answer to "why is this move legal, or not?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    GameOver,
    /// Nothing stands on the start.
    NoPiece,
    /// The piece on the start is not the mover's, and no rule moves it.
    NotYours {
        owner: Player,
    },
    /// What each rule that could move the piece says (empty: no rule of
    /// this phase moves such a piece).
    Rules(Vec<RuleFinding>),
}

impl Explanation {
    /// Whether the move is legal.
    pub fn legal(&self) -> bool {
        matches!(self, Explanation::Rules(found) if found.iter().any(|f| f.why == Why::Makes))
    }
}

/// What lifting a condition of a rule means.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lift {
    Guard,
    Forbid(usize),
    Effects,
    Passing,
    Destination,
    All,
}

impl State {
    /// Why the move asked about is legal, or not.
    pub fn explain(&self, asked: Asked) -> Explanation {
        if self.is_over() {
            return Explanation::GameOver;
        }
        let mut legal = Vec::new();
        self.legal_moves(&mut legal);
        let mut makers: Vec<usize> = legal.iter().filter(|m| matches(m, asked)).map(|m| m.rule as usize).collect();
        if !makers.is_empty() {
            makers.dedup();
            return Explanation::Rules(makers.into_iter().map(|rule| RuleFinding { rule, why: Why::Makes }).collect());
        }
        let game = &*self.game;
        let player = self.pos.to_move;
        let on_start = asked.from.map(|from| self.pos.cells[from as usize]);
        if on_start == Some(0) && game.stacks.is_none() {
            return Explanation::NoPiece;
        }
        let pseudo = pseudo_moves(self);
        let phase = &game.phases[self.pos.phase as usize];
        let findings: Vec<RuleFinding> = (0..phase.moves.len())
            .filter(|&rule| self.could_move(rule, asked))
            .map(|rule| {
                let why = match pseudo.iter().find(|m| m.rule as usize == rule && matches(m, asked)) {
                    Some(mv) => self.refusal(mv),
                    None => self.lifted(rule, asked),
                };
                RuleFinding { rule, why }
            })
            .collect();
        match on_start {
            Some(code) if findings.is_empty() && game.stacks.is_none() && game.owner_of(code) != player => {
                Explanation::NotYours { owner: game.owner_of(code) }
            }
            _ => Explanation::Rules(findings),
        }
    }

    /// Whether rule `rule` of the phase could move the piece asked about.
    fn could_move(&self, rule: usize, asked: Asked) -> bool {
        let game = &*self.game;
        let player = self.pos.to_move;
        let move_rule = &game.phases[self.pos.phase as usize].moves[rule];
        let piece_fits = |piece: PieceType, neutral: bool| match asked.from {
            None => false,
            Some(_) if game.stacks.is_some() => true,
            Some(from) => {
                let code = self.pos.cells[from as usize];
                let owner = if neutral { game.neutral() } else { player };
                code != 0 && game.type_of(code) == piece && game.owner_of(code) == owner
            }
        };
        match move_rule {
            MoveRule::Place { piece, .. } => asked.from.is_none() && asked.piece.is_none_or(|p| p == *piece),
            MoveRule::Sow { piece, neutral, .. } => piece_fits(*piece, *neutral),
            MoveRule::Move { piece, neutral, guard, .. } => {
                // A rule written once for each player (its directions differ)
                // belongs to its player alone.
                piece_fits(*piece, *neutral) && for_player(guard.as_ref()).is_none_or(|p| p == player)
            }
            MoveRule::Together { parts } => parts.iter().any(|part| match part {
                MoveRule::Move { piece, neutral, .. } => piece_fits(*piece, *neutral),
                _ => false,
            }),
            MoveRule::Group { .. } => asked.from.is_some(),
            MoveRule::Advance(advance) if advance.from_hand => asked.from.is_none(),
            MoveRule::Advance(advance) => piece_fits(advance.piece, advance.neutral),
            MoveRule::Action { .. } => false,
        }
    }

    /// Why the game refuses a move its rules make.
    fn refusal(&self, mv: &Move) -> Why {
        let game = &*self.game;
        let player = self.pos.to_move;
        let safe = !game.has_royal
            || with_width!(game.board.width, S => super::threat::safe::<S>(game, &self.pos, mv, player));
        if !safe {
            Why::LeavesRoyalThreatened
        } else if game.repetition == Some(Repetition::Forbidden) && super::repetition::repeats(game, &self.pos, mv) {
            Why::Repeats
        } else if !super::leaves::allowed(game, &self.pos, mv) {
            Why::LeavesForbidden
        } else {
            let phase = &game.phases[self.pos.phase as usize];
            if phase.must_capture || phase.capture_most { Why::CaptureCompulsory } else { Why::Makes }
        }
    }

    /// Why rule `rule` does not make the move: the condition whose lifting
    /// makes it, or that its movement does not lead there.
    fn lifted(&self, rule: usize, asked: Asked) -> Why {
        let player = self.pos.to_move;
        let phase = &self.game.phases[self.pos.phase as usize];
        let move_rule = &phase.moves[rule];
        if let MoveRule::Place { piece, neutral, .. } = move_rule
            && !*neutral
            && self.pos.hands[player as usize * self.game.pieces.len() + *piece as usize] == 0
        {
            return Why::NoneInHand;
        }
        let forbids = match move_rule {
            MoveRule::Move { forbid, .. } | MoveRule::Sow { forbid, .. } => forbid.len(),
            _ => 0,
        };
        if matches!(move_rule, MoveRule::Together { .. }) && self.rule_makes(rule, asked) {
            return Why::OtherPart;
        }
        let singles = [Lift::Guard, Lift::Effects, Lift::Passing, Lift::Destination]
            .into_iter()
            .chain((0..forbids).map(Lift::Forbid));
        for lift in singles {
            if self.makes_when_lifted(rule, lift, asked) {
                return match lift {
                    Lift::Guard => Why::Condition,
                    Lift::Effects => Why::NeedsEffect,
                    Lift::Passing => self.passing_at(rule, asked).unwrap_or(Why::Passing),
                    Lift::Destination => Why::Destination,
                    Lift::Forbid(k) => Why::Forbidden(k),
                    Lift::All => Why::Several,
                };
            }
        }
        if self.makes_when_lifted(rule, Lift::All, asked) { Why::Several } else { Why::Unreachable }
    }

    /// Which site on the way refuses the move, and which part of which
    /// movement's condition: the site that, allowed alone, lets the rule
    /// make it. `None` when no single site does.
    fn passing_at(&self, rule: usize, asked: Asked) -> Option<Why> {
        let phase = self.pos.phase as usize;
        let parts: Vec<Option<usize>> = match &self.game.phases[phase].moves[rule] {
            MoveRule::Together { parts } => (0..parts.len()).map(Some).collect(),
            _ => vec![None],
        };
        let width = self.game.board.width;
        for part in parts {
            for site in 0..self.game.board.site_count() as Site {
                let mut game: Game = (*self.game).clone();
                let target = match (&mut game.phases[phase].moves[rule], part) {
                    (MoveRule::Together { parts }, Some(p)) => &mut parts[p],
                    (other, _) => other,
                };
                let MoveRule::Move { path, .. } = target else { continue };
                let last = path.len().saturating_sub(1);
                let mut failing = Vec::new();
                for op in path.iter_mut().take(last) {
                    let to = match op {
                        MoveOp::Step { to, .. }
                        | MoveOp::Fly { to }
                        | MoveOp::Slide { to, .. }
                        | MoveOp::Hop { to, .. } => to,
                    };
                    if !to.allowed.contains(site) || !self.site_passes(to, site) {
                        failing.extend(self.failing_parts(to, site));
                    }
                    let single = Sites::from_sites(width, [site]);
                    let mut allowed = to.allowed.clone();
                    allowed.insert(site);
                    let test = SiteTest::Or(vec![to.test.clone(), SiteTest::In(single, true)]);
                    *to = SiteFilter { allowed, plain: to.plain, test };
                }
                let copy = State { game: Arc::new(game), pos: self.pos.clone() };
                if !failing.is_empty() && copy.rule_makes(rule, asked) {
                    return Some(Why::PassingAt { part, site, failing });
                }
            }
        }
        None
    }

    /// Whether `site` passes a filter's test for the mover.
    fn site_passes(&self, filter: &SiteFilter, site: Site) -> bool {
        let player = self.pos.to_move;
        with_width!(self.game.board.width, S => {
            super::movegen::filter_set::<S>(&self.game, &self.pos, filter, player).contains(site)
        })
    }

    /// The parts of a filter's condition that fail at `site`, in words:
    /// each part of an `and` that fails alone (or the whole condition when
    /// it is not an `and`, or a part cannot be put in words).
    fn failing_parts(&self, filter: &SiteFilter, site: Site) -> Vec<String> {
        let width = self.game.board.width;
        let everywhere = Sites::first(width, self.game.board.site_count());
        let mut failing = Vec::new();
        if !filter.allowed.contains(site) {
            failing.push("the sites the rule names".to_string());
        }
        let parts = match &filter.test {
            SiteTest::And(parts) => parts.clone(),
            test => vec![test.clone()],
        };
        for part in parts {
            let alone = SiteFilter { allowed: everywhere.clone(), plain: filter.plain, test: part.clone() };
            if !self.site_passes(&alone, site) {
                failing.push(describe(&part).unwrap_or_else(|| "its condition".to_string()));
            }
        }
        failing
    }

    /// Whether rule `rule`, with a condition lifted, makes the move.
    fn makes_when_lifted(&self, rule: usize, lift: Lift, asked: Asked) -> bool {
        let mut game: Game = (*self.game).clone();
        let everywhere = SiteFilter {
            allowed: Sites::first(game.board.width, game.board.site_count()),
            plain: true,
            test: SiteTest::True,
        };
        let phase = self.pos.phase as usize;
        if !lift_in(&mut game.phases[phase].moves[rule], lift, &everywhere) {
            return false;
        }
        let copy = State { game: Arc::new(game), pos: self.pos.clone() };
        copy.rule_makes(rule, asked)
    }

    /// Whether rule `rule` makes the move; for a move of two pieces, whether
    /// the part moving the piece asked about makes its half.
    fn rule_makes(&self, rule: usize, asked: Asked) -> bool {
        let phase = &self.game.phases[self.pos.phase as usize];
        let MoveRule::Together { parts } = &phase.moves[rule] else {
            return pseudo_moves(self).iter().any(|m| m.rule as usize == rule && matches(m, asked));
        };
        let player = self.pos.to_move;
        let mut found = false;
        for part in parts {
            with_width!(self.game.board.width, S => self.view::<S>().generate_moves_of(rule as u8, part, phase, player, &mut |m| {
                found |= matches(&m, asked);
                !found
            }));
        }
        found
    }
}

/// Lifts a condition of a rule; false when the rule has no such condition.
fn lift_in(rule: &mut MoveRule, lift: Lift, everywhere: &SiteFilter) -> bool {
    let all = lift == Lift::All;
    match rule {
        MoveRule::Place { on, guard, .. } => {
            let mut lifted = false;
            if all || lift == Lift::Guard {
                lifted |= guard.take().is_some();
            }
            if all || lift == Lift::Destination {
                *on = SiteFilter { test: SiteTest::Empty, ..everywhere.clone() };
                lifted = true;
            }
            lifted
        }
        MoveRule::Together { parts } => {
            let mut lifted = false;
            for part in parts {
                lifted |= lift_in(part, lift, everywhere);
            }
            lifted
        }
        MoveRule::Move { guard, forbid, effects, path, .. } => {
            let mut lifted = false;
            if all || lift == Lift::Guard {
                // The player a per-player copy belongs to stays.
                lifted |= guard.is_some() && !matches!(guard, Some(GameTest::MoverIs(_)));
                *guard = for_player(guard.as_ref()).map(GameTest::MoverIs);
            }
            if let Lift::Forbid(k) = lift
                && k < forbid.len()
            {
                forbid.remove(k);
                lifted = true;
            }
            if all {
                lifted |= !forbid.is_empty();
                forbid.clear();
            }
            if all || lift == Lift::Effects {
                let before = effects.len();
                effects.retain(|e| !e.shapes_moves());
                lifted |= effects.len() != before;
            }
            let last = path.len().saturating_sub(1);
            for (i, op) in path.iter_mut().enumerate() {
                // The last movement's condition is on the destination; the
                // earlier ones' are on sites passed.
                let lift_to = all || (lift == Lift::Destination && i == last) || (lift == Lift::Passing && i != last);
                let lift_passing = all || lift == Lift::Passing;
                let (to, passed): (&mut SiteFilter, [Option<&mut SiteFilter>; 2]) = match op {
                    MoveOp::Step { to, .. } | MoveOp::Fly { to } => (to, [None, None]),
                    MoveOp::Slide { to, over, through, .. } => (to, [over.as_mut(), through.as_mut()]),
                    MoveOp::Hop { over, to, .. } => (to, [Some(over), None]),
                };
                if lift_to {
                    *to = everywhere.clone();
                    lifted = true;
                }
                for filter in passed.into_iter().flatten().filter(|_| lift_passing) {
                    *filter = everywhere.clone();
                    lifted = true;
                }
            }
            lifted
        }
        _ => false,
    }
}

/// The player a rule's guard limits it to (rules written once per player).
fn for_player(guard: Option<&GameTest>) -> Option<Player> {
    match guard? {
        GameTest::MoverIs(p) => Some(*p),
        GameTest::And(parts) => parts.iter().find_map(|t| match t {
            GameTest::MoverIs(p) => Some(*p),
            _ => None,
        }),
        _ => None,
    }
}

/// Every move the phase's rules make, before the royal test, repetition
/// bans and compulsory captures.
fn pseudo_moves(state: &State) -> Vec<Move> {
    let mut moves = Vec::new();
    let player = state.pos.to_move;
    with_width!(state.game.board.width, S => state.view::<S>().generate_pseudo(player, &mut |m| {
        moves.push(m);
        true
    }));
    moves
}

/// Whether a move is the one asked about.
fn matches(mv: &Move, asked: Asked) -> bool {
    let from_fits = match asked.from {
        Some(from) => !mv.is_placement() && mv.from == from,
        None => mv.is_placement(),
    };
    from_fits && mv.to == asked.to && asked.piece.is_none_or(|p| p == mv.piece)
}

/// A site test in the words of the rule language, for the simple ones.
fn describe(test: &SiteTest) -> Option<String> {
    Some(match test {
        SiteTest::True => "true".to_string(),
        SiteTest::False => "false".to_string(),
        SiteTest::Empty => "empty".to_string(),
        SiteTest::Occupied => "occupied".to_string(),
        SiteTest::Friend => "friend".to_string(),
        SiteTest::Enemy => "enemy".to_string(),
        SiteTest::Neutral => "neutral".to_string(),
        SiteTest::Attacked => "attacked".to_string(),
        SiteTest::Unmoved => "unmoved".to_string(),
        SiteTest::LastFrom => "last_from".to_string(),
        SiteTest::LastTo => "last_to".to_string(),
        SiteTest::Not(inner) => format!("not {}", describe(inner)?),
        _ => return None,
    })
}
