//! Moves as integers, for frameworks that number a game's moves (OpenSpiel's
//! actions, PettingZoo's action masks). A move's number is read off it:
//!
//! ```text
//! number = (((variant * FROM + from) * SITES + to) * THEN + then) * CHOICES + choice
//! ```
//!
//! - `from`: the start site; for a placement, `SITES + TYPE`; for a pass,
//!   an action or a throw, `SITES + TYPES`;
//! - `to`: the destination (a named action: its rule, modulo the sites;
//!   a pass or a throw: 0);
//! - `then`: a follow-up's site + 1 (0 for none), where the game has follow-ups;
//! - `choice`: a promotion's type + 1, or a throw's outcome (0 for none);
//! - `variant`: 0, or for moves of one position that share all of the above
//!   (chains by different routes, a `may` capture taken or not), their rank
//!   in the legal move list, below [`VARIANTS`].
//!
//! A move of two pieces (`together`) is numbered after all those, by its
//! first part and its rank among the moves sharing that part (below
//! [`TOGETHER_VARIANTS`]): `ORDINARY + (variant * SITES + from) * SITES + to`.
//! So a move keeps its number from one position to the next wherever its
//! parts tell it apart, and every legal move of a position has its own
//! number below [`ActionSpace::size`]: a game of 64 sites and 6 types with
//! promotions has 71 × 64 × 7 × 8 ordinary numbers, and 64 × 64 × 64 more
//! if it has moves of two pieces.

use crate::engine::state::{Move, State};
use crate::game::Game;
use crate::game::rules::MoveRule;

/// Moves sharing every part but the variant: at most this many in one position.
pub const VARIANTS: u64 = 8;
/// Moves of two pieces sharing their first part: at most this many in one position.
pub const TOGETHER_VARIANTS: u64 = 64;

/// The sizes of a game's move numbers' parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionSpace {
    pub sites: u64,
    pub from: u64,
    pub then: u64,
    pub choices: u64,
    /// Whether the game has moves of two pieces (numbered after the others).
    pub together: bool,
    types: u64,
}

impl ActionSpace {
    pub fn of(game: &Game) -> ActionSpace {
        let sites = game.board.site_count().max(1) as u64;
        let types = game.pieces.len() as u64;
        let follow_ups = game.phases.iter().any(|p| p.moves.iter().any(|m| m.follow_up().is_some()));
        let together = game.phases.iter().any(|p| p.moves.iter().any(|m| matches!(m, MoveRule::Together { .. })));
        let outcomes = game.dice.as_ref().map_or(0, |d| d.outcomes.len() as u64);
        ActionSpace {
            sites,
            from: sites + types + 1,
            then: if follow_ups { sites + 1 } else { 1 },
            choices: (types + 1).max(outcomes),
            together,
            types,
        }
    }

    /// How many numbers there are: every move of every position is below it.
    pub fn size(&self) -> u64 {
        self.ordinary() + if self.together { TOGETHER_VARIANTS * self.sites * self.sites } else { 0 }
    }

    /// How many numbers the moves of one piece (or none) have.
    fn ordinary(&self) -> u64 {
        VARIANTS * self.variant_stride()
    }

    /// How far apart two variants of one move are.
    fn variant_stride(&self) -> u64 {
        self.from * self.sites * self.then * self.choices
    }

    /// A move's number without its variant, and whether it moves two pieces.
    fn base(&self, state: &State, mv: &Move) -> (u64, bool) {
        let sites = self.sites;
        let none = sites + self.types;
        let phase = &state.game().phases[state.position().phase as usize];
        if let Some(MoveRule::Together { .. }) = phase.moves.get(mv.rule as usize) {
            return ((mv.from as u64 % sites) * sites + mv.to as u64 % sites, true);
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
        (((from * sites + to) * self.then + then) * self.choices + choice, false)
    }

    /// The numbers of `moves`, the legal moves of `state` in their order;
    /// an error when more than [`VARIANTS`] moves share every other part.
    pub fn numbers(&self, state: &State, moves: &[Move]) -> Result<Vec<u64>, String> {
        let bases: Vec<(u64, bool)> = moves.iter().map(|mv| self.base(state, mv)).collect();
        // Most positions have no two moves alike: sorted, the ties are neighbours.
        let mut sorted = bases.clone();
        sorted.sort_unstable();
        let ties = sorted.windows(2).any(|w| w[0] == w[1]);
        let mut out = Vec::with_capacity(moves.len());
        for (i, &(base, together)) in bases.iter().enumerate() {
            let variant = if ties { bases[..i].iter().filter(|&&b| b == (base, together)).count() as u64 } else { 0 };
            let (limit, number) = match together {
                false => (VARIANTS, variant * self.variant_stride() + base),
                true => (TOGETHER_VARIANTS, self.ordinary() + variant * self.sites * self.sites + base),
            };
            if variant >= limit {
                return Err(format!(
                    "more than {limit} legal moves share start, destination, follow-up and choice: `{}`",
                    state.move_text(&moves[i])
                ));
            }
            out.push(number);
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
