//! What the last move did, as pictures mark it and `play` announces it:
//! where its piece came from and went to, and what else changed (captures,
//! flips, promotions, pieces moved along or placed by the move's effects),
//! found by comparing the positions before and after as bags of pieces.

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
    /// Sites that lost pieces to a capture (the destination included).
    pub captured: Vec<Site>,
    /// Sites other than the start and destination whose contents changed
    /// otherwise: the sites of `flipped`, `promoted`, `moved_along` and `placed`.
    pub changed: Vec<Site>,
    /// Sites whose piece changed owner, not type.
    pub flipped: Vec<Site>,
    /// Sites whose piece became another (the destination of a promotion).
    pub promoted: Vec<(Site, Code)>,
    /// Other pieces that left one site for another (the second piece of a `together` move).
    pub moved_along: Vec<(Code, Site, Site)>,
    /// Pieces that appeared on a site other than the destination.
    pub placed: Vec<(Code, Site)>,
}

impl LastMove {
    /// `mv`, played in `before`, giving `after`.
    pub fn between(before: &State, mv: &Move, after: &State) -> LastMove {
        let game = before.game();
        let sites = game.board.site_count();
        let on_board = |s: Site| (s != NO_SITE && (s as usize) < sites).then_some(s);
        let contents = |state: &State, s: Site| -> Vec<Code> {
            match game.stacks {
                Some(_) => state.position().stack(s).to_vec(),
                None => [state.cell(s)].into_iter().filter(|&c| c != 0).collect(),
            }
        };
        // What each site lost and gained.
        let (mut lost, mut gained): (Vec<Vec<Code>>, Vec<Vec<Code>>) = (0..sites as Site)
            .map(|s| {
                let (was, is) = (contents(before, s), contents(after, s));
                (minus(&was, &is), minus(&is, &was))
            })
            .unzip();
        let mut last = LastMove {
            text: before.move_text(mv),
            player: game.player_name(before.current_player()).to_string(),
            from: on_board(mv.from),
            to: on_board(mv.to),
            ..LastMove::default()
        };

        // The move itself: its piece leaves `from` (a placement comes from the
        // hand) and arrives at `to`, perhaps as another type.
        let left = last.from.and_then(|f| contents(before, f).last().copied());
        if let (Some(f), Some(piece)) = (last.from, left) {
            take(&mut lost[f as usize], piece);
        }
        if let Some(t) = last.to {
            let arrived = contents(after, t).last().copied().filter(|&c| take(&mut gained[t as usize], c));
            let moved_type = left.map_or(mv.piece, |c| game.type_of(c));
            if let Some(arrived) = arrived.filter(|&c| game.type_of(c) != moved_type) {
                last.promoted.push((t, arrived));
            }
            // The rest of a stack moved with its top.
            if let Some(f) = last.from {
                let (f, t) = (f as usize, t as usize);
                let carried = minus(&lost[f], &minus(&lost[f], &gained[t]));
                lost[f] = minus(&lost[f], &carried);
                gained[t] = minus(&gained[t], &carried);
            }
        }

        // Pieces gone from one site and come to another moved along.
        for (a, bag) in lost.iter_mut().enumerate() {
            while let Some(&code) = bag.first() {
                let Some(b) = (0..sites).find(|&b| b != a && gained[b].contains(&code)) else { break };
                take(bag, code);
                take(&mut gained[b], code);
                last.moved_along.push((code, a as Site, b as Site));
            }
        }

        for s in 0..sites {
            let site = s as Site;
            match (lost[s].first(), gained[s].first()) {
                (None, None) => {}
                (Some(_), None) => last.captured.push(site),
                (None, Some(&c)) => last.placed.push((c, site)),
                // The same type, another owner: turned over.
                (Some(&was), Some(&is)) if game.type_of(was) == game.type_of(is) => last.flipped.push(site),
                (Some(_), Some(&is)) => last.promoted.push((site, is)),
            }
        }
        let mut changed: Vec<Site> = last.flipped.clone();
        changed.extend(last.promoted.iter().map(|&(s, _)| s));
        changed.extend(last.moved_along.iter().flat_map(|&(_, a, b)| [a, b]));
        changed.extend(last.placed.iter().map(|&(_, s)| s));
        changed.retain(|&s| Some(s) != last.from && Some(s) != last.to);
        changed.sort_unstable();
        changed.dedup();
        last.changed = changed;
        last
    }
}

/// The pieces of `a` not matched one for one in `b`.
fn minus(a: &[Code], b: &[Code]) -> Vec<Code> {
    let mut rest = a.to_vec();
    for code in b {
        take(&mut rest, *code);
    }
    rest
}

/// Removes one `code` from `bag`; whether there was one.
fn take(bag: &mut Vec<Code>, code: Code) -> bool {
    match bag.iter().position(|&c| c == code) {
        Some(i) => {
            bag.remove(i);
            true
        }
        None => false,
    }
}
