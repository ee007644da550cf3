//! Seeded transcripts: a random game recorded ply by ply as JSON lines.
//! Tools and snapshot tests rely on this format:
//! first `{"game", "seed", "players"}`, then per ply `{"ply", "to_move",
//! "legal", "move", "board"}` (the board before the move), last `{"ply",
//! "board", "outcome"}`.

use crate::agents::playout::{MAX_PLIES, PlayoutRng};
use crate::engine::state::State;
use rand::SeedableRng;
use serde_json::{Map, Value, json};

/// The board as `{"site": ["owner type", ...]}`, pieces bottom to top.
pub fn board_json(state: &State) -> Value {
    let game = state.game();
    let mut map = Map::new();
    for site in 0..game.board.site_count() as u16 {
        let code = state.cell(site);
        if game.stacks.is_some() {
            let stack = state.position().stack(site);
            if !stack.is_empty() {
                let pieces: Vec<String> = stack.iter().map(|&c| game.describe_code(c)).collect();
                map.insert(game.board.site_name(site).to_string(), json!(pieces));
            }
        } else if code != 0 {
            map.insert(game.board.site_name(site).to_string(), json!([game.describe_code(code)]));
        }
    }
    Value::Object(map)
}

/// Adds what else a line shows of the position before the move: the
/// counters (when the game has any) and the dice (when it throws them).
fn add_state(line: &mut Value, state: &State) {
    let game = state.game();
    if !game.counters.is_empty() {
        let counters: Map<String, Value> =
            game.counters.iter().zip(&state.position().counters).map(|(c, v)| (c.name.clone(), json!(v))).collect();
        line["counters"] = Value::Object(counters);
    }
    if game.dice.is_some() {
        line["dice"] = json!(state.dice());
    }
}

/// Plays a random game from `start` with `seed` and records it.
pub fn record(start: &State, seed: u64) -> Vec<Value> {
    play(start, seed).0
}

/// The recorded lines and the final state.
fn play(start: &State, seed: u64) -> (Vec<Value>, State) {
    let game = start.game();
    let header = json!({
        "game": game.title,
        "seed": seed,
        "players": game.players,
        "rules": game.source.name,
        "rules_hash": game.rules_hash(),
    });
    let mut lines = vec![header];
    let mut rng = PlayoutRng::seed_from_u64(seed);
    let mut state = start.clone();
    let mut moves = Vec::new();
    while !state.is_over() && state.ply() - start.ply() < MAX_PLIES {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = crate::agents::playout::pick(&state, &moves, &mut rng);
        let mut line = json!({
            "ply": state.ply(),
            "to_move": game.player_name(state.current_player()),
            "phase": state.phase_name(),
            "legal": moves.len(),
            "move": state.move_text(&mv),
            "board": board_json(&state),
        });
        add_state(&mut line, &state);
        lines.push(line);
        state.apply(&mv);
    }
    let outcome =
        state.outcome().map_or(Value::Null, |o| json!({ "winner": o.winner, "draw": o.draw, "reason": o.reason }));
    let mut last = json!({ "ply": state.ply(), "board": board_json(&state), "outcome": outcome });
    add_state(&mut last, &state);
    lines.push(last);
    (lines, state)
}

/// The same game as readable text: one line per ply, then the final board.
pub fn record_text(start: &State, seed: u64) -> String {
    let (lines, state) = play(start, seed);
    let mut out = String::new();
    for line in &lines[1..lines.len() - 1] {
        out.push_str(&format!(
            "{:>4}. {:<6} {:<10} ({} legal)\n",
            line["ply"].as_u64().unwrap_or(0) + 1,
            line["to_move"].as_str().unwrap_or(""),
            line["move"].as_str().unwrap_or(""),
            line["legal"]
        ));
    }
    out.push_str(&crate::render::board_text(&state));
    out.push_str(&crate::render::status_text(&state));
    out.push('\n');
    out
}

/// Why a transcript does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("line {line}: not a transcript line: {why}")]
    Malformed { line: usize, why: String },
    #[error("line {line}: the transcript is of `{recorded}`, but the rules are of `{rules}`")]
    OtherGame { line: usize, recorded: String, rules: String },
    #[error("line {line}, ply {ply}: `{text}` is no longer legal ({why}); legal now: {legal}")]
    Illegal { line: usize, ply: u64, text: String, why: String, legal: String },
    #[error("line {line}: the transcript ends with {recorded}, but replaying ends with {replayed}")]
    Outcome { line: usize, recorded: String, replayed: String },
}

/// Replays a JSON-lines transcript from `start`: every move must still be
/// legal, and the recorded outcome must come out again. Returns the plies
/// replayed, or the first line that no longer holds.
pub fn replay(start: &State, text: &str) -> Result<u64, ReplayError> {
    let mut state = start.clone();
    let mut plies = 0;
    for (i, raw) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let line = i + 1;
        let value: Value =
            serde_json::from_str(raw).map_err(|e| ReplayError::Malformed { line, why: e.to_string() })?;
        if let Some(recorded) = value.get("game") {
            let title = &start.game().title;
            if recorded.as_str() != Some(title.as_str()) {
                return Err(ReplayError::OtherGame { line, recorded: recorded.to_string(), rules: title.clone() });
            }
            continue;
        }
        if let Some(text) = value.get("move").and_then(Value::as_str) {
            let ply = value.get("ply").and_then(Value::as_u64).unwrap_or(plies);
            if let Err(e) = state.play(text) {
                let why = e.to_string();
                return Err(ReplayError::Illegal {
                    line,
                    ply,
                    text: text.to_string(),
                    why,
                    legal: e.legal().join(" "),
                });
            }
            plies += 1;
        } else if let Some(recorded) = value.get("outcome") {
            let replayed = state.outcome().map(|o| json!({ "winner": o.winner, "draw": o.draw, "reason": o.reason }));
            let replayed = replayed.unwrap_or(Value::Null);
            if replayed != *recorded {
                return Err(ReplayError::Outcome {
                    line,
                    recorded: recorded.to_string(),
                    replayed: replayed.to_string(),
                });
            }
        } else {
            return Err(ReplayError::Malformed { line, why: "a line needs `move` or `outcome`".to_string() });
        }
    }
    Ok(plies)
}
