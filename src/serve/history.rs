//! A game's moves and the positions they lead to, kept small: each ply
//! keeps its move, its mover and its notation, and only every
//! `CHECKPOINT`th position is kept whole; any other position is replayed
//! from the checkpoint before it (at most `CHECKPOINT - 1` moves). A
//! position is kilobytes; keeping every one made a long game cost
//! megabytes (about 8.6 KB a ply).

use crate::engine::{Move, State};
use crate::game::rules::Player;

/// Every how many plies a position is kept whole.
const CHECKPOINT: usize = 64;

/// One move played.
pub struct Ply {
    pub mv: Move,
    /// Who played it.
    pub player: Player,
    /// Its notation, in the position it was played in.
    pub text: String,
}

pub struct History {
    start: State,
    plies: Vec<Ply>,
    /// `checkpoints[k]`: the position after `(k + 1) * CHECKPOINT` plies.
    checkpoints: Vec<State>,
    /// How many plies are in force (the rest can be redone).
    cursor: usize,
    /// The position after the plies in force.
    current: State,
}

impl History {
    pub fn new(start: State) -> History {
        History { current: start.clone(), start, plies: Vec::new(), checkpoints: Vec::new(), cursor: 0 }
    }

    pub fn start(&self) -> &State {
        &self.start
    }

    pub fn current(&self) -> &State {
        &self.current
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Every ply played, the redoable ones too.
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// Plays `mv` (legal in the current position); plies that could have
    /// been redone are dropped.
    pub fn play(&mut self, mv: Move) {
        self.plies.truncate(self.cursor);
        self.checkpoints.truncate(self.cursor / CHECKPOINT);
        let player = self.current.current_player();
        let text = self.current.move_text(&mv);
        self.current.apply(&mv);
        self.plies.push(Ply { mv, player, text });
        self.cursor += 1;
        if self.cursor.is_multiple_of(CHECKPOINT) {
            self.checkpoints.push(self.current.clone());
        }
    }

    /// Shows the position after `ply` plies (at most as many as were played).
    pub fn goto(&mut self, ply: usize) {
        let ply = ply.min(self.plies.len());
        if ply != self.cursor {
            self.current = self.position(ply);
            self.cursor = ply;
        }
    }

    /// The position after `ply` plies (at most as many as were played).
    pub fn position(&self, ply: usize) -> State {
        let ply = ply.min(self.plies.len());
        let kept = ply / CHECKPOINT;
        let mut state = if kept == 0 { self.start.clone() } else { self.checkpoints[kept - 1].clone() };
        for played in &self.plies[kept * CHECKPOINT..ply] {
            state.apply(&played.mv);
        }
        state
    }
}
