//! One self-play game and what it gave: the raw material of an analysis.
//! Records are plain data, so games played on other machines (sharded over
//! Ray through the Python package) can be gathered and summarized as if
//! played here.

use super::Players;
use crate::agents::{Agent, MctsAgent, RandomAgent};
use crate::engine::outcome::Reason;
use crate::engine::state::{NO_CHOICE, PASS};
use crate::engine::{Move, State};
use crate::game::rules::CHANCE;
use serde::{Deserialize, Serialize};

/// What one game gave.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The game's number: its seed is the analysis's seed and this.
    pub number: u64,
    pub plies: u32,
    pub winner: Option<usize>,
    /// Ended by the rules (not cut at the ply cap).
    pub finished: bool,
    /// How it ended: an end rule's number, or `None` for the others.
    pub end_rule: Option<usize>,
    pub repetition: bool,
    pub blocked: bool,
    /// Legal moves at each of the players' (not chance's) plies.
    pub choices: Vec<u32>,
    /// Moves played by each (phase, rule).
    pub rules: Vec<Vec<u64>>,
    /// Plies with each effect, in the order of [`EFFECTS`].
    pub effects: [u64; EFFECTS.len()],
    /// The searching player's own estimate of the move it chose, at each
    /// ply a search decided: (ply, mover, estimated reward 0 to 1).
    pub values: Vec<(u32, u8, f32)>,
}

/// The effects counted, by what a ply did: a piece of another player left
/// the board, a piece was promoted, a follow-up was made, an optional
/// effect was taken, a player passed.
pub const EFFECTS: [&str; 5] = ["capture", "promotion", "follow-up", "optional effect", "pass"];

/// The seed of game `g` of an analysis seeded `seed`.
pub fn game_seed(seed: u64, g: u64) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ g.wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// A player of the analysis's kind.
enum Player {
    Random(RandomAgent),
    Mcts(MctsAgent),
}

impl Player {
    fn new(players: Players, seed: u64) -> Player {
        match players {
            Players::Random => Player::Random(RandomAgent::new(seed)),
            Players::Mcts(playouts) => Player::Mcts(MctsAgent::new(seed, playouts)),
            Players::MctsTimed(millis) => {
                Player::Mcts(MctsAgent::timed(seed, std::time::Duration::from_millis(millis as u64)))
            }
        }
    }

    /// A move, and the player's estimate of it when it searched.
    fn choose(&mut self, state: &State) -> (Option<Move>, Option<f64>) {
        match self {
            Player::Random(agent) => (agent.choose(state), None),
            Player::Mcts(agent) => (agent.choose(state), agent.last_value()),
        }
    }
}

/// Plays game `g` of an analysis seeded `seed` from `start` (the setup, or
/// a position of the game: its plies count from there), cut at `max_plies`.
pub fn play_one(start: &State, players: Players, seed: u64, g: u64, max_plies: u32) -> GameRecord {
    let game = start.game();
    let n = game.players.len();
    let game_seed = game_seed(seed, g);
    let mut agents: Vec<Player> = (0..n as u64).map(|p| Player::new(players, game_seed.wrapping_add(p))).collect();
    let mut chance = RandomAgent::new(game_seed ^ 0x5851_F42D_4C95_7F2D);
    let mut state: State = start.clone();
    let mut record = GameRecord {
        number: g,
        rules: game.phases.iter().map(|p| vec![0; p.moves.len()]).collect(),
        ..GameRecord::default()
    };
    let mut moves: Vec<Move> = Vec::new();
    while !state.is_over() && record.plies < max_plies {
        let mover = state.current_player();
        let mv = if mover == CHANCE {
            chance.choose(&state)
        } else {
            state.legal_moves(&mut moves);
            record.choices.push(moves.len() as u32);
            let (mv, value) = agents[mover as usize].choose(&state);
            if let Some(value) = value {
                record.values.push((record.plies, mover, value as f32));
            }
            mv
        };
        let Some(mv) = mv else { break };
        if mover != CHANCE {
            if let Some(count) =
                record.rules.get_mut(state.position().phase as usize).and_then(|r| r.get_mut(mv.rule as usize))
            {
                *count += 1;
            }
            let others_before = others_on_board(&state, mover);
            state.apply(&mv);
            let happened = [
                others_on_board(&state, mover) < others_before,
                mv.choice != NO_CHOICE,
                mv.then != crate::board::NO_SITE,
                mv.taken != 0,
                mv.rule == PASS,
            ];
            for (count, yes) in record.effects.iter_mut().zip(happened) {
                *count += yes as u64;
            }
        } else {
            state.apply(&mv);
        }
        record.plies += 1;
    }
    if let Some(code) = state.position().outcome {
        record.finished = true;
        record.winner = code.winner.map(|w| w as usize);
        match code.reason {
            Reason::Rule(i) => record.end_rule = Some(i as usize),
            Reason::Repetition => record.repetition = true,
            Reason::Blocked | Reason::NobodyCanMove => record.blocked = true,
            Reason::Said(_) => {}
        }
    }
    record
}

/// The pieces on the board that are neither the mover's nor neutral.
fn others_on_board(state: &State, mover: u8) -> u32 {
    let game = state.game();
    let types = game.pieces.len();
    let counts = &state.position().counts;
    (0..game.players.len())
        .filter(|&p| p != mover as usize)
        .flat_map(|p| counts.iter().skip(p * types).take(types))
        .map(|&c| c as u32)
        .sum()
}
