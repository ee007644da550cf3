//! `orrery moves FILE`: a line-by-line interface for other programs (a
//! cross-check against another engine, a bot, a GUI). It reads moves in the
//! game's notation, one a line, on stdin; after the start and after each
//! move it writes one JSON line
//! `{"ply", "player", "moves", "outcome", "position", "hands", "counters",
//! "dice"}`: the player to move (null once the game is over), every legal
//! move's text (sorted; empty once over), the outcome (`{"winner", "draw",
//! "reason"}`, or null while the game goes on), and the position as a
//! position file writes it: the occupied sites with what they hold
//! (`{"e1": "white man", "S1": "neutral 4 seed"}`, a list bottom to top in
//! games with stacks), the hands (`{"white": {"man": 2}}`, empty hands left
//! out), every counter by name, and the dice's values (0 before the first
//! throw; `[]` in a game without dice). The line `undo` takes back the last
//! move played (and answers with the position before it); with nothing to
//! take back it is an error. A move that is not legal gets `{"error",
//! "move", "ply"}` instead, the game unchanged, and the exit status
//! becomes 1. Blank lines and lines starting with `#` are skipped. Each
//! line is flushed as it is written, so a program can send a move and wait
//! for its answer.

use super::GameArgs;
use super::common::load;
use crate::engine::State;
use crate::formats::notation::parse_move;
use crate::formats::position::to_toml;
use serde_json::{Map, Value, json};
use std::io::{BufRead, Write};

pub fn run(args: &GameArgs) -> i32 {
    let Ok((_, mut state)) = load(args) else { return 1 };
    // The states before each move played, for `undo`.
    let mut earlier: Vec<State> = Vec::new();
    let mut out = std::io::stdout().lock();
    let mut status = 0;
    if write_line(&mut out, &position_json(&state)).is_err() {
        return 1;
    }
    for line in std::io::stdin().lock().lines() {
        let line = match line {
            Ok(line) => line,
            Err(e) => {
                eprintln!("error: cannot read the moves from stdin: {e}");
                return 1;
            }
        };
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let answer = if text == "undo" {
            match earlier.pop() {
                Some(before) => {
                    state = before;
                    position_json(&state)
                }
                None => {
                    status = 1;
                    json!({ "error": "no move to take back", "move": text, "ply": state.ply() })
                }
            }
        } else {
            match parse_move(&state, text) {
                Ok(mv) => {
                    earlier.push(state.clone());
                    state.apply(&mv);
                    position_json(&state)
                }
                Err(e) => {
                    status = 1;
                    json!({ "error": e.to_string(), "move": text, "ply": state.ply() })
                }
            }
        };
        // The reader went away (a closed pipe): nothing more to answer.
        if write_line(&mut out, &answer).is_err() {
            return 1;
        }
    }
    status
}

/// What a program needs to choose the next move, and to compare the
/// position with another engine's.
fn position_json(state: &State) -> Value {
    let game = state.game();
    let over = state.is_over();
    let player = if over { Value::Null } else { json!(game.player_name(state.current_player())) };
    let moves = if over { Vec::new() } else { state.legal_move_texts() };
    let outcome =
        state.outcome().map_or(Value::Null, |o| json!({ "winner": o.winner, "draw": o.draw, "reason": o.reason }));
    let mut line = json!({ "ply": state.ply(), "player": player, "moves": moves, "outcome": outcome });
    let contents = written_position(state);
    for (key, table) in [("position", "board"), ("hands", "hands"), ("counters", "counters")] {
        line[key] = contents.get(table).cloned().unwrap_or_else(|| Value::Object(Map::new()));
    }
    line["dice"] = json!(state.dice());
    line
}

/// The position as the position-file writer puts it, read back as JSON: the
/// same strings a position file holds, whatever the game's pieces are.
fn written_position(state: &State) -> Value {
    toml::from_str::<toml::Value>(&to_toml(state))
        .ok()
        .and_then(|table| serde_json::to_value(table).ok())
        .unwrap_or(Value::Null)
}

fn write_line(out: &mut impl Write, line: &Value) -> std::io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}
