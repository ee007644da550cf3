//! Moves as text: `c3` (or `man@c3` when several piece types exist) for a
//! placement, `b3-c3` for a move. A capture away from the destination (over
//! or ahead) is added as `/xSITE`, a promotion as `/TYPE`: `b3-b5/xb6/queen`.
//! In games with stacks, a group move names its pieces when it does not take
//! the whole stack, in stack order, and writes `x` for a capture:
//! `{cube,star}c4xd5`. A chain of hops writes each landing: `c3xe5xg7`.
//! A follow-up comes last: `/xSITE` for a removal, `/TYPE@SITE` for a
//! placement (`d1-d7/arrow@g7`; the site alone when there is one type).
//! Typed moves are matched against the legal moves, so a
//! mistyped or illegal move gets a clear answer. Short notation (`Nf3`,
//! `O-O`, `e8=Q`, `P*c3`) is read too (`short_notation`).

use super::short_notation::{self, Short};
use crate::board::NO_SITE;
use crate::engine::state::{Move, NO_CHOICE, State};
use crate::game::rules::{FollowAction, MoveRule};

impl State {
    /// The move in the game's notation.
    pub fn move_text(&self, mv: &Move) -> String {
        let mut text = self.main_text(mv);
        self.push_follow_up(&mut text, mv);
        text
    }

    /// A follow-up after the move: `/xSITE` for a removal, `/SITE` (or
    /// `/TYPE@SITE` when several types exist) for a placement.
    fn push_follow_up(&self, text: &mut String, mv: &Move) {
        if !mv.has_follow_up() {
            return;
        }
        let phase = &self.game.phases[self.pos.phase as usize];
        let Some(follow) = phase.moves.get(mv.rule as usize).and_then(MoveRule::follow_up) else { return };
        text.push('/');
        match &follow.action {
            FollowAction::Remove { .. } => text.push('x'),
            FollowAction::Place { piece, .. } if self.game.pieces.len() > 1 => {
                text.push_str(&self.game.pieces[*piece as usize].name);
                text.push('@');
            }
            FollowAction::Place { .. } => {}
        }
        text.push_str(self.game.board.site_name(mv.then));
    }

    /// The move without its follow-up.
    fn main_text(&self, mv: &Move) -> String {
        let board = &self.game.board;
        if mv.is_chance() {
            // A throw: the dice's values, `3+5`.
            let values = self.game.dice.as_ref().and_then(|d| d.outcomes.get(mv.choice as usize));
            let values: Vec<String> = values.map_or(Vec::new(), |o| o.0.iter().map(u8::to_string).collect());
            return values.join("+");
        }
        if mv.is_pass() {
            return "pass".to_string();
        }
        if mv.is_action() {
            let phase = &self.game.phases[self.pos.phase as usize];
            if let Some(MoveRule::Action { name, .. }) = phase.moves.get(mv.rule as usize) {
                return name.clone();
            }
        }
        if let Some(text) = self.advance_text(mv) {
            return text;
        }
        let phase = &self.game.phases[self.pos.phase as usize];
        if let Some(MoveRule::Together { .. }) = phase.moves.get(mv.rule as usize) {
            // Both parts, `c1-c4,e7-e2`, in order of their columns (left to right, then up).
            let mut parts = mv.parts_sorted();
            parts.sort_by(|a, b| board.reading_order(a.0).partial_cmp(&board.reading_order(b.0)).unwrap_or(a.cmp(b)));
            let texts: Vec<String> =
                parts.iter().map(|(from, to)| format!("{}-{}", board.site_name(*from), board.site_name(*to))).collect();
            return texts.join(",");
        }
        if mv.is_placement() {
            if self.game.pieces.len() == 1 {
                board.site_name(mv.to).to_string()
            } else {
                format!("{}@{}", self.game.pieces[mv.piece as usize].name, board.site_name(mv.to))
            }
        } else if mv.group != 0 {
            self.group_text(mv)
        } else if let Some(landings) = self.chain_landings(mv) {
            // A chain of hops: every landing, `c3xe5xg7`.
            let mut text = board.site_name(mv.from).to_string();
            for land in landings {
                text.push('x');
                text.push_str(board.site_name(land));
            }
            self.push_promotion(&mut text, mv);
            text
        } else {
            let mut text = format!("{}-{}", board.site_name(mv.from), board.site_name(mv.to));
            let phase = &self.game.phases[self.pos.phase as usize];
            if let Some(MoveRule::Move { effects, .. }) = phase.moves.get(mv.rule as usize) {
                for effect in effects {
                    let at = self.captured_at(effect, mv);
                    // A capture on the destination is the landing itself: nothing to add.
                    if at != NO_SITE && at != mv.to {
                        text.push_str("/x");
                        text.push_str(board.site_name(at));
                    }
                }
            }
            self.push_promotion(&mut text, mv);
            text
        }
    }

    /// Whether `typed` (lower case, no spaces) writes a chain move by one of
    /// its other routes: the same start, landings and promotion.
    fn typed_route(&self, mv: &Move, typed: &str) -> bool {
        let Some(routes) = self.chain_routes(mv) else { return false };
        let board = &self.game.board;
        routes.iter().skip(1).any(|landings| {
            let mut text = board.site_name(mv.from).to_string();
            for &land in landings {
                text.push('x');
                text.push_str(board.site_name(land));
            }
            self.push_promotion(&mut text, mv);
            text.to_lowercase() == typed
        })
    }

    /// The type a move promotes to, as `/TYPE`, when it promotes.
    fn push_promotion(&self, text: &mut String, mv: &Move) {
        if mv.choice != NO_CHOICE {
            text.push('/');
            text.push_str(&self.game.pieces[mv.choice as usize].name);
        }
    }
}

impl State {
    /// A group move: `[{PIECES}]FROM(-|x)TO`, the pieces listed (by type
    /// name, in stack order) only when some of the stack stays.
    fn group_text(&self, mv: &Move) -> String {
        let game = &self.game;
        let stack = self.pos.stack(mv.from);
        let mut text = String::new();
        if (mv.group as usize) + 1 != 1 << stack.len() {
            let names: Vec<&str> = (0..stack.len())
                .filter(|i| mv.group & (1 << i) != 0)
                .map(|i| game.pieces[game.type_of(stack[i]) as usize].name.as_str())
                .collect();
            text = format!("{{{}}}", names.join(","));
        }
        let mover = self.pos.to_move;
        let captures = self.pos.stack(mv.to).iter().any(|&c| {
            let owner = game.owner_of(c);
            owner != mover && owner != game.neutral()
        });
        let sign = if captures { 'x' } else { '-' };
        text.push_str(&format!("{}{sign}{}", game.board.site_name(mv.from), game.board.site_name(mv.to)));
        // Neutral pieces found where the mover has none: joined (`/TYPE`)
        // or sent to the supply (`/x`), when the game lets the mover choose.
        let found = self.pos.stack(mv.to);
        let choosing =
            game.stacks.as_ref().is_some_and(|s| s.found_choice) && !found.iter().any(|&c| game.owner_of(c) == mover);
        if choosing {
            for &code in found.iter().filter(|&&c| game.owner_of(c) == game.neutral()) {
                if mv.taken & crate::engine::group::RETURN_FOUND != 0 {
                    text.push_str("/x");
                } else {
                    text.push('/');
                    text.push_str(&game.pieces[game.type_of(code) as usize].name);
                }
            }
        }
        if mv.choice != NO_CHOICE {
            text.push('+');
            text.push_str(&game.pieces[mv.choice as usize].name);
        }
        text
    }

    /// The legal moves in the game's notation, sorted.
    pub fn legal_move_texts(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let mut texts: Vec<String> = moves.iter().map(|m| self.move_text(m)).collect();
        texts.sort();
        texts
    }

    /// Plays a move written in the game's notation, if it is legal here.
    pub fn play(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = parse_move(self, text)?;
        self.apply(&mv);
        Ok(mv)
    }
}

/// Why a typed move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    /// `legal`: the legal moves starting or ending where the typed one
    /// does, or all of them when none does.
    #[error("`{text}` is not a move here{}", hint(.problem))]
    Illegal { text: String, problem: Option<String>, legal: Vec<String> },
}

fn hint(problem: &Option<String>) -> String {
    problem.as_ref().map(|p| format!(": {p}")).unwrap_or_default()
}

impl MoveError {
    /// The legal moves, for the reply to a refused move.
    pub fn legal(&self) -> &[String] {
        match self {
            MoveError::GameOver => &[],
            MoveError::Illegal { legal, .. } => legal,
        }
    }
}

/// How many of the moves a typed prefix could mean are named.
const SAY_WHICH_SHOWN: usize = 8;

/// Finds the legal move written as `text`.
pub fn parse_move(state: &State, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if state.is_over() {
        return Err(MoveError::GameOver);
    }
    let texts: Vec<String> = moves.iter().map(|m| state.move_text(m)).collect();
    // The parts of a move of several pieces may be typed in any order.
    let normalise = |t: &str| {
        let mut parts: Vec<String> = t.to_lowercase().replace(' ', "").split(',').map(str::to_string).collect();
        parts.sort();
        parts.join(",")
    };
    let mut wanted = normalise(text);
    // Dice whose order is not part of the outcome may be typed in any order.
    if state.game.dice.as_ref().is_some_and(|d| d.unordered) && moves.iter().any(Move::is_chance) {
        let mut values: Vec<&str> = wanted.split('+').collect();
        if values.iter().all(|v| v.parse::<u8>().is_ok()) {
            values.sort_by_key(|v| v.parse::<u8>().unwrap_or(0));
            wanted = values.join("+");
        }
    }
    let matches: Vec<usize> = (0..moves.len()).filter(|&i| normalise(&texts[i]) == wanted).collect();
    if let [only] = matches[..] {
        return Ok(moves[only]);
    }
    // A chain typed by another route that takes the same pieces, where
    // chains differ by captures: the same move.
    if let Some(i) = (0..moves.len()).find(|&i| matches.is_empty() && state.typed_route(&moves[i], &wanted)) {
        return Ok(moves[i]);
    }
    // A move typed in part (`b3-b5` for `b3-b5/xb6`, or `b3-` when only
    // one move leaves b3): the one legal move it begins, or the ones it
    // could mean. The part ends where a site name does, so `c1` never
    // means `c10`.
    let longer: Vec<usize> = (0..moves.len())
        .filter(|&i| matches.is_empty() && !wanted.is_empty() && begins(&normalise(&texts[i]), &wanted))
        .collect();
    if let [only] = longer[..] {
        return Ok(moves[only]);
    }
    // Short notation (`Nf3`, `exd5`, `O-O`, `e8=Q`, `P*c3`), when the
    // game's own notation matched nothing.
    let mut which = longer;
    let mut short_problem = None;
    if matches.is_empty() && which.is_empty() {
        match short_notation::find(state, &moves, text) {
            Short::Move(i) => return Ok(moves[i]),
            Short::Several(found) => which = found,
            Short::None(why) => short_problem = Some(why),
            Short::NotShort => {}
        }
    }
    let problem = if which.len() > 1 {
        let mut options: Vec<&str> = which.iter().map(|&i| texts[i].as_str()).collect();
        options.sort_unstable();
        // A few to choose from; past that, how many more (a move with a follow-up
        // may end in dozens of ways).
        let more = options.len().saturating_sub(SAY_WHICH_SHOWN);
        options.truncate(SAY_WHICH_SHOWN);
        let tail = if more > 0 { format!(", and {more} more") } else { String::new() };
        Some(format!("say which: {}{tail}", options.join(", ")))
    } else {
        short_problem.or_else(|| explain(state, text))
    };
    Err(MoveError::Illegal { text: text.to_string(), legal: nearby(&texts, text), problem })
}

/// Whether a move's text begins with the typed part, cut where a site name
/// or a word ends.
fn begins(move_text: &str, part: &str) -> bool {
    let ends_a_name = part.ends_with(|c: char| !c.is_alphanumeric() && c != '_');
    move_text.strip_prefix(part).is_some_and(|rest| {
        !rest.is_empty() && (ends_a_name || rest.starts_with(|c: char| !c.is_alphanumeric() && c != '_'))
    })
}

/// The legal moves to show for a typed move that matched none: those
/// starting where it starts or ending where it ends, when there are any;
/// otherwise all of them. Sorted.
fn nearby(texts: &[String], typed: &str) -> Vec<String> {
    let sites = |t: &str| -> (String, String) {
        let moved = t.split(['/', '+', ',']).next().unwrap_or(t).to_lowercase();
        let parts: Vec<&str> = moved.split(['-', '@']).map(str::trim).collect();
        (parts[0].to_string(), parts[parts.len() - 1].to_string())
    };
    let (from, to) = sites(typed.trim());
    let mut close: Vec<String> = texts
        .iter()
        .filter(|t| {
            let (f, d) = sites(t);
            (!from.is_empty() && f == from) || (!to.is_empty() && d == to)
        })
        .cloned()
        .collect();
    if close.is_empty() {
        close = texts.to_vec();
    }
    close.sort();
    close
}

/// Says what is wrong with a move that matched nothing, where it can tell.
fn explain(state: &State, text: &str) -> Option<String> {
    let board = &state.game.board;
    // The sites typed, without capture and promotion suffixes.
    let text = text.split('/').next().unwrap_or(text);
    let sites: Vec<&str> = text.split(['-', '@']).map(str::trim).collect();
    for name in sites.iter().rev() {
        if !name.is_empty() && board.site(name).is_none() && !state.game.pieces.iter().any(|p| p.name == *name) {
            let hint = crate::diagnostics::suggest::closest(name, board.site_names())
                .map(|c| format!(" (did you mean `{c}`?)"))
                .unwrap_or_default();
            return Some(format!("there is no site `{name}`{hint}"));
        }
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let only_placements = !moves.is_empty() && moves.iter().all(Move::is_placement);
    if let [_, _] = sites[..]
        && only_placements
        && !text.contains('@')
    {
        return Some(format!("pieces are placed, not moved, in phase `{}`", state.phase_name()));
    }
    if let [from, _to] = sites[..] {
        let site = board.site(from)?;
        let code = state.cell(site);
        if code == 0 {
            return Some(format!("there is no piece on {from}"));
        }
        let owner = state.game.owner_of(code);
        if owner != state.current_player() && owner != state.game.neutral() {
            return Some(format!("the piece on {from} is not {}'s", state.game.player_name(state.current_player())));
        }
        return Some(format!("the piece on {from} cannot go there"));
    }
    if let [to] = sites[..] {
        let site = board.site(to)?;
        if state.cell(site) != 0 {
            return Some(format!("{to} is occupied"));
        }
        return Some(format!("nothing can be placed on {to} now"));
    }
    None
}
