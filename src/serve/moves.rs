//! The legal moves of a position as the page needs them: each with its
//! index (to play it by), its notation, and the sites it touches (start,
//! destination, the site jumped over, captures, other changes, a
//! follow-up's site), so a front end can highlight destinations and offer
//! a menu when several moves share a start and a destination.

use super::session::last_json;
use crate::board::{NO_SITE, Site};
use crate::engine::State;
use crate::render::LastMove;
use serde_json::{Value, json};

/// `ply`: the number of moves played to `state` in its session.
pub fn legal_json(state: &State, ply: usize) -> Value {
    let game = state.game();
    let mut legal = Vec::new();
    if !state.is_over() {
        state.legal_moves(&mut legal);
    }
    let site = |s: Site| (s != NO_SITE && (s as usize) < game.board.site_count()).then(|| game.board.site_name(s));
    let moves: Vec<Value> = legal
        .iter()
        .enumerate()
        .map(|(index, mv)| {
            let mut after = state.clone();
            after.apply(mv);
            let touched = LastMove::between(state, mv, &after);
            let mut entry = last_json(state, &touched);
            entry["index"] = json!(index);
            entry["text"] = json!(state.move_text(mv));
            entry["over"] = json!(site(mv.over));
            entry["then"] = json!(site(mv.then));
            entry["kind"] = json!(if mv.is_chance() {
                "dice"
            } else if mv.is_pass() {
                "pass"
            } else if mv.is_action() {
                "action"
            } else if mv.is_placement() {
                "placement"
            } else {
                "move"
            });
            if let Value::Object(map) = &mut entry {
                map.remove("move");
                map.remove("player");
            }
            entry
        })
        .collect();
    json!({ "ply": ply, "moves": moves })
}
