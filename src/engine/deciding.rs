//! What decided a game, for pictures to mark: the runs of the patterns an
//! end rule found (`found(three)`) and the chains that joined its regions
//! (`connected(mover, …)`), read off the end rule that fired.

use super::apply::{owned_set, resolve, test_game};
use super::outcome::Reason;
use super::state::{Position, State};
use crate::board::{Site, SiteSet};
use crate::game::Game;
use crate::game::rules::{GameTest, Player};

impl State {
    /// The sites that decided the game: empty unless it is over by an end
    /// rule that names patterns or connections. Seen from the player for
    /// whom the rule holds (the winner first), as end rules are.
    pub fn deciding_sites(&self) -> Vec<Site> {
        let (game, pos) = (&*self.game, &self.pos);
        let Some(code) = pos.outcome else { return Vec::new() };
        let Reason::Rule(index) = code.reason else { return Vec::new() };
        let Some(rule) = game.end_rules.get(index as usize) else { return Vec::new() };
        let players = 0..game.players.len() as Player;
        let mut seen_from: Vec<Player> = code.winner.into_iter().chain(players).collect();
        seen_from.dedup();
        let Some(&mover) = seen_from.iter().find(|&&p| test_game(game, pos, &rule.when, p)) else {
            return Vec::new();
        };
        crate::with_width!(game.board.width, S => {
            let mut sites = S::EMPTY;
            deciding::<S>(game, pos, &rule.when, mover, &mut sites);
            sites.iter().collect()
        })
    }
}

/// Adds the sites that make `test` hold: every part of an `and`, the parts
/// of an `or` that hold; nothing under a `not`.
fn deciding<S: SiteSet>(game: &Game, pos: &Position, test: &GameTest, mover: Player, out: &mut S) {
    match test {
        GameTest::Found(pattern) => {
            *out = out.or(super::pattern::runs::<S>(game, pos, &game.patterns[*pattern], mover).0);
        }
        GameTest::Connected { who, from, to } => {
            let owner = resolve(game, *who, mover);
            let of = |sets: &crate::board::SetTable| if sets.len() == 1 { 0 } else { owner as usize };
            let own: S = owned_set(game, pos, owner);
            let (from, to) = (from.get_or_empty(of(from)), to.get_or_empty(of(to)));
            *out = out.or(super::connection::joining::<S>(game, own, from, to));
        }
        GameTest::And(parts) => parts.iter().for_each(|p| deciding(game, pos, p, mover, out)),
        GameTest::Or(parts) => {
            for part in parts.iter().filter(|p| test_game(game, pos, p, mover)) {
                deciding(game, pos, part, mover, out);
            }
        }
        _ => {}
    }
}
