//! Monte Carlo tree search (UCT): a computer opponent for any game the
//! language describes, since it needs nothing but legal moves, apply and
//! outcomes. Each decision runs a fixed number of random playouts from the
//! position (or as many as a time limit allows), growing a tree of the moves
//! tried; the move tried most wins.
//! The generator is seeded, so a seed gives the same choices everywhere.

use super::Agent;
use crate::agents::playout::{PlayoutRng, Rollouts, pick};
use crate::engine::outcome::OutcomeCode;
use crate::engine::{Move, State};
use crate::game::rules::{CHANCE, Player};
use rand::{Rng, SeedableRng};

/// The UCT exploration constant (sqrt 2, for rewards in 0..=1).
const EXPLORATION: f64 = std::f64::consts::SQRT_2;

pub struct MctsAgent {
    rng: PlayoutRng,
    playouts: u32,
    /// Thinking time per decision, when limited by time rather than playouts
    /// (the same seed may then choose differently on another machine).
    time: Option<std::time::Duration>,
    buf: Vec<Move>,
    /// The mover's mean reward through the move last chosen by a search
    /// (`None` when the last choice needed none): how good it thought it.
    last_value: Option<f64>,
}

/// A position reached by a move; `score` is the total reward of the player
/// who made that move, over the playouts through it.
struct Node {
    mv: Option<Move>,
    mover: Player,
    children: Vec<usize>,
    untried: Vec<Move>,
    visits: u32,
    score: f64,
}

impl MctsAgent {
    /// An agent spending `playouts` random playouts on each decision.
    pub fn new(seed: u64, playouts: u32) -> Self {
        MctsAgent {
            rng: PlayoutRng::seed_from_u64(seed),
            playouts: playouts.max(1),
            time: None,
            buf: Vec::new(),
            last_value: None,
        }
    }

    /// An agent thinking `limit` on each decision, however many playouts that takes.
    pub fn timed(seed: u64, limit: std::time::Duration) -> Self {
        MctsAgent { time: Some(limit), ..MctsAgent::new(seed, u32::MAX) }
    }

    /// The mover's estimated reward (0 to 1) of the move last chosen, when
    /// a search chose it: forced moves and throws of the dice have none.
    pub fn last_value(&self) -> Option<f64> {
        self.last_value
    }

    fn legal(&mut self, state: &State) -> Vec<Move> {
        state.legal_moves(&mut self.buf);
        self.buf.clone()
    }

    /// The child of `node` with the best upper confidence bound.
    fn select(nodes: &[Node], node: usize) -> usize {
        let parent_log = (nodes[node].visits.max(1) as f64).ln();
        let ucb = |c: usize| {
            let child = &nodes[c];
            child.score / child.visits as f64 + EXPLORATION * (parent_log / child.visits as f64).sqrt()
        };
        let mut best = nodes[node].children[0];
        for &c in &nodes[node].children[1..] {
            if ucb(c) > ucb(best) {
                best = c;
            }
        }
        best
    }
}

/// The reward of `player` for a finished (or abandoned: `None`) game.
fn reward(outcome: Option<OutcomeCode>, player: Player) -> f64 {
    match outcome.map(|o| o.winner) {
        Some(Some(winner)) if winner == player => 1.0,
        Some(Some(_)) => 0.0,
        _ => 0.5,
    }
}

impl Agent for MctsAgent {
    fn name(&self) -> &str {
        "mcts"
    }

    fn choose(&mut self, state: &State) -> Option<Move> {
        self.choose_reporting(state, &mut |_| {})
    }
}

/// How many playouts go between two calls of a progress callback.
const REPORT_EVERY: u32 = 100;
/// How many playouts go between two readings of the clock, when thinking is timed.
const TIME_CHECK_EVERY: u32 = 8;

impl MctsAgent {
    /// `choose`, telling `progress` the playouts done so far every
    /// `REPORT_EVERY` playouts (for a progress bar while it thinks).
    pub fn choose_reporting(&mut self, state: &State, progress: &mut dyn FnMut(u32)) -> Option<Move> {
        self.last_value = None;
        let untried = self.legal(state);
        if untried.len() <= 1 {
            return untried.first().copied();
        }
        if state.current_player() == CHANCE {
            // Nothing to decide: the dice fall as they fall.
            return Some(pick(state, &untried, &mut self.rng));
        }
        let root_mover = state.current_player();
        let mut nodes =
            vec![Node { mv: None, mover: root_mover, children: Vec::new(), untried, visits: 0, score: 0.0 }];
        let mut scratch = state.clone();
        let mut rollouts = Rollouts::new(state.game());
        let mut path = Vec::new();
        let start = std::time::Instant::now();
        for done in 0..self.playouts {
            if done % REPORT_EVERY == 0 {
                progress(done);
            }
            // The clock is read every few playouts; one is always played.
            if done % TIME_CHECK_EVERY == 0 && done > 0 && self.time.is_some_and(|limit| start.elapsed() >= limit) {
                break;
            }
            scratch.clone_from(state);
            path.clear();
            path.push(0);
            let mut node = 0;
            // Down the tree while every move of the node has been tried. At a
            // throw of the dice, the outcome is drawn by its probability.
            let mut drawn = None;
            loop {
                if scratch.current_player() == CHANCE && !scratch.is_over() {
                    let moves = self.legal(&scratch);
                    let mv = pick(&scratch, &moves, &mut self.rng);
                    match nodes[node].children.iter().copied().find(|&c| nodes[c].mv == Some(mv)) {
                        Some(child) => {
                            node = child;
                            scratch.apply(&mv);
                            path.push(node);
                            continue;
                        }
                        None => {
                            drawn = Some(mv);
                            break;
                        }
                    }
                }
                if !nodes[node].untried.is_empty() || nodes[node].children.is_empty() {
                    break;
                }
                node = Self::select(&nodes, node);
                scratch.apply(&nodes[node].mv.expect("children have moves"));
                path.push(node);
            }
            // One new node, for a move not tried yet (or the throw drawn).
            if let Some(mv) = drawn {
                nodes[node].untried.retain(|m| *m != mv);
            }
            if drawn.is_some() || !nodes[node].untried.is_empty() {
                let mv = match drawn {
                    Some(mv) => mv,
                    None => {
                        let pick = self.rng.gen_range(0..nodes[node].untried.len());
                        nodes[node].untried.swap_remove(pick)
                    }
                };
                let mover = scratch.current_player();
                scratch.apply(&mv);
                let untried = if scratch.is_over() { Vec::new() } else { self.legal(&scratch) };
                nodes.push(Node { mv: Some(mv), mover, children: Vec::new(), untried, visits: 0, score: 0.0 });
                let child = nodes.len() - 1;
                nodes[node].children.push(child);
                path.push(child);
            }
            let result = rollouts.play(&mut scratch, &mut self.rng);
            for &n in &path {
                nodes[n].visits += 1;
                nodes[n].score += reward(result.outcome, nodes[n].mover);
            }
        }
        let best = nodes[0].children.iter().copied().max_by_key(|&c| nodes[c].visits)?;
        self.last_value = Some(nodes[best].score / nodes[best].visits.max(1) as f64);
        nodes[best].mv
    }
}
