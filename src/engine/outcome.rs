//! How a game ended: a winner or a draw, and why.

use crate::game::Game;
use crate::game::rules::Player;
use serde::Serialize;

/// Why the game ended, compactly (kept in the state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The end rule with this index fired.
    Rule(u16),
    /// The player to move had no legal move.
    Blocked,
    /// Nobody had a legal move.
    NobodyCanMove,
    /// The repetition rule.
    Repetition,
    /// An effect ended the game with this reason (`Game::said`).
    Said(u16),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutcomeCode {
    pub winner: Option<Player>,
    pub reason: Reason,
}

impl OutcomeCode {
    pub fn win(player: Player, reason: Reason) -> Self {
        OutcomeCode { winner: Some(player), reason }
    }

    pub fn draw(reason: Reason) -> Self {
        OutcomeCode { winner: None, reason }
    }

    /// `player` loses: with two players the other wins; with more, nobody is singled out.
    pub fn loss(game: &Game, player: Player, reason: Reason) -> Self {
        Self::loss_among(game.players.len(), player, reason)
    }

    /// `loss` in a game of `players` players.
    pub fn loss_among(players: usize, player: Player, reason: Reason) -> Self {
        let winner = (players == 2).then(|| 1 - player);
        OutcomeCode { winner, reason }
    }
}

/// The one player with the most of something (`count` per player), or
/// `None` when the most is shared: the `most pieces wins` rule.
pub(crate) fn sole_leader(players: usize, count: impl Fn(usize) -> u32) -> Option<Player> {
    let mut best = 0;
    let mut leader = None;
    for p in 0..players {
        let c = count(p);
        if leader.is_none() || c > best {
            best = c;
            leader = Some(p as Player);
        } else if c == best {
            leader = Some(Player::MAX);
        }
    }
    leader.filter(|&p| p != Player::MAX)
}

/// The end of a game, in words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub winner: Option<String>,
    pub draw: bool,
    pub reason: String,
}

impl Outcome {
    pub fn describe(game: &Game, code: OutcomeCode) -> Outcome {
        let reason = match code.reason {
            Reason::Rule(i) => game.end_rules[i as usize].reason.clone(),
            Reason::Said(i) => game.said[i as usize].clone(),
            Reason::Blocked => "the player to move has no legal move".to_string(),
            Reason::NobodyCanMove => "no player can move".to_string(),
            Reason::Repetition => {
                game.repetition_reason.clone().unwrap_or_else(|| "a position was repeated".to_string())
            }
        };
        let winner = code.winner.map(|p| game.players[p as usize].clone());
        Outcome { draw: winner.is_none(), winner, reason }
    }
}
