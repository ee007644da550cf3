//! Chooses uniformly among the legal moves, with a seeded generator (a
//! throw of the dice by its probability).

use super::Agent;
use crate::agents::playout::PlayoutRng;
use crate::engine::{Move, State};
use rand::SeedableRng;

pub struct RandomAgent {
    rng: PlayoutRng,
    moves: Vec<Move>,
}

impl RandomAgent {
    pub fn new(seed: u64) -> Self {
        RandomAgent { rng: PlayoutRng::seed_from_u64(seed), moves: Vec::new() }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, state: &State) -> Option<Move> {
        state.legal_moves(&mut self.moves);
        if self.moves.is_empty() {
            return None;
        }
        Some(crate::agents::playout::pick(state, &self.moves, &mut self.rng))
    }
}
