//! Moves as integers, for frameworks that number a game's moves (OpenSpiel's
//! actions, PettingZoo's action masks). A move's number is read off it:
//!
//! ```text
//! number = ((((variant * FROM + from) * SITES + to) * THEN + then) * CHOICES + choice)
//! ```
//!
//! - `from`: the start site; for a placement, `SITES + TYPE`; for a pass,
//!   an action or a throw, `SITES + TYPES`;
//! - `to`: the destination (a named action: its rule, modulo the sites;
//!   a pass or a throw: 0);
//! - `then`: a follow-up's site + 1, or a move of two pieces' second
//!   destination + 1 (0 for none), where the game has such moves;
//! - `choice`: a promotion's type + 1, a throw's outcome, or a move of two
//!   pieces' second start + 1 (0 for none);
//! - `variant`: 0, or for moves of one position that share all of the above
//!   (chains by different routes, a `may` capture taken or not), their rank
//!   in the legal move list.
//!
//! So a move keeps its number from one position to the next wherever its
//! parts tell it apart, and every legal move of a position has its own
//! number below [`ActionSpace::size`].

use crate::engine::state::{Move, State};
use crate::game::Game;
use crate::game::rules::MoveRule;

/// Moves sharing every part but the variant: at most this many in one position.
pub const VARIANTS: u64 = 8;

/// The sizes of a game's move numbers' parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    pub sites: u64,
    pub from: u64,
    pub then: u64,
    pub choices: u64,
    types: u64,
}

impl ActionSpace {
    pub fn of(game: &Game) -> ActionSpace {
        let sites = game.board.site_count().max(1) as u64;
        let types = game.pieces.len() as u64;
        let follow_ups = game.phases.iter().any(|p| p.moves.iter().any(|m| m.follow_up().is_some()));
        let together = game.phases.iter().any(|p| p.moves.iter().any(|m| matches!(m, MoveRule::Together { .. })));
        let outcomes = game.dice.as_ref().map_or(0, |d| d.outcomes.len() as u64);
        let seconds = if together { sites + 1 } else { 0 };
        ActionSpace {
            sites,
            from: sites + types + 1,
            then: if follow_ups || together { sites + 1 } else { 1 },
            choices: (types + 1).max(outcomes).max(seconds),
            types,
        }
    }

    /// How many numbers there are: every move of every position is below it.
    pub fn size(&self) -> u64 {
        VARIANTS * self.variant_stride()
    }

    /// How far apart two variants of one move are.
    fn variant_stride(&self) -> u64 {
        self.from * self.sites * self.then * self.choices
    }

    /// A move's number without its variant.
    fn base(&self, state: &State, mv: &Move) -> u64 {
        let sites = self.sites;
        let none = sites + self.types;
        let phase = &state.game().phases[state.position().phase as usize];
        let together = matches!(phase.moves.get(mv.rule as usize), Some(MoveRule::Together { .. }));
        if together {
            let (second_from, second_to) = mv.second();
            let (from, to) = (mv.from as u64 % sites, mv.to as u64 % sites);
            let (then, choice) = (second_to as u64 % sites + 1, second_from as u64 % sites + 1);
            return ((from * sites + to) * self.then + then) * self.choices + choice;
        }
        let (from, to, choice) = if mv.is_chance() {
            (none, 0, mv.choice as u64)
        } else if mv.is_pass() {
            (none, 0, 0)
        } else if mv.is_action() {
            (none, mv.rule as u64 % sites, 0)
        } else {
            let from = if mv.is_placement() { sites + mv.piece as u64 } else { mv.from as u64 % sites };
            let promotion = ((mv.choice as u64) < self.types).then(|| mv.choice as u64 + 1);
            (from, mv.to as u64 % sites, promotion.unwrap_or(0))
        };
        let then = if self.then > 1 && mv.has_follow_up() { mv.then as u64 % sites + 1 } else { 0 };
        ((from * sites + to) * self.then + then) * self.choices + choice
    }

    /// The numbers of `moves`, the legal moves of `state` in their order;
    /// an error when more than [`VARIANTS`] moves share every other part.
    pub fn numbers(&self, state: &State, moves: &[Move]) -> Result<Vec<u64>, String> {
        let mut out = Vec::with_capacity(moves.len());
        let mut seen: std::collections::HashMap<u64, u64> = std::collections::HashMap::with_capacity(moves.len());
        for mv in moves {
            let base = self.base(state, mv);
            let rank = seen.entry(base).or_insert(0);
            let variant = *rank;
            *rank += 1;
            if variant >= VARIANTS {
                return Err(format!(
                    "more than {VARIANTS} legal moves share start, destination, follow-up and choice: `{}`",
                    state.move_text(mv)
                ));
            }
            out.push(variant * self.variant_stride() + base);
        }
        Ok(out)
    }

    /// The legal move numbered `number` in `state`, if there is one.
    pub fn decode(&self, state: &State, number: u64) -> Option<Move> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let numbers = self.numbers(state, &moves).ok()?;
        numbers.iter().position(|&n| n == number).map(|i| moves[i])
    }
}
