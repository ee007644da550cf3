//! The last move as a picture shows it: where the piece came from and went
//! to, and which other sites the move changed (captures, flips, a piece
//! placed by a follow-up), found by comparing the positions before and after.

use crate::board::NO_SITE;
use crate::board::Site;
use crate::engine::State;
use crate::engine::state::Move;
use crate::game::rules::Code;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastMove {
    /// The move as written (`e2-e4`), and who made it.
    pub text: String,
    pub player: String,
    /// `None` for a placement, a throw of the dice or an action.
    pub from: Option<Site>,
    /// `None` for a throw of the dice or an action.
    pub to: Option<Site>,
    /// Sites that lost pieces: captures (the destination included).
    pub captured: Vec<Site>,
    /// Other sites whose contents changed (a flip, a piece placed by a follow-up).
    pub changed: Vec<Site>,
}

impl LastMove {
    /// `mv`, played in `before`, giving `after`.
    pub fn between(before: &State, mv: &Move, after: &State) -> LastMove {
        let game = before.game();
        let site = |s: Site| (s != NO_SITE && (s as usize) < game.board.site_count()).then_some(s);
        let (from, to) = (site(mv.from), site(mv.to));
        let contents = |state: &State, s: Site| -> Vec<Code> {
            match game.stacks {
                Some(_) => state.position().stack(s).to_vec(),
                None => [state.cell(s)].into_iter().filter(|&c| c != 0).collect(),
            }
        };
        let (mut captured, mut changed) = (Vec::new(), Vec::new());
        for s in 0..game.board.site_count() as Site {
            if Some(s) == from {
                continue;
            }
            let (was, is) = (contents(before, s), contents(after, s));
            if was == is {
                continue;
            }
            let mut lost = was.clone();
            for code in &is {
                if let Some(i) = lost.iter().position(|c| c == code) {
                    lost.swap_remove(i);
                }
            }
            // A capture leaves fewer pieces (or, at the destination, other ones);
            // a flip or a placement only changes or adds them.
            if (Some(s) == to && !lost.is_empty()) || (Some(s) != to && is.len() < was.len()) {
                captured.push(s);
            } else if Some(s) != to {
                changed.push(s);
            }
        }
        LastMove {
            text: before.move_text(mv),
            player: game.player_name(before.current_player()).to_string(),
            from,
            to,
            captured,
            changed,
        }
    }
}
