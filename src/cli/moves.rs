//! `orrery moves FILE`: a line-by-line interface for other programs (a
//! cross-check against another engine, a bot, a GUI). It reads moves in the
//! game's notation, one a line, on stdin; after the start and after each
//! move it writes one JSON line
//! `{"ply", "player", "moves", "outcome"}`: the player to move (null once
//! the game is over), every legal move's text (sorted; empty once over),
//! and the outcome (`{"winner", "draw", "reason"}`, or null while the game
//! goes on). A move that is not legal gets `{"error", "move", "ply"}`
//! instead, the game unchanged, and the exit status becomes 1. Blank lines
//! and lines starting with `#` are skipped. Each line is flushed as it is
//! written, so a program can send a move and wait for its answer.

use super::GameArgs;
use super::common::load;
use crate::engine::State;
use crate::formats::notation::parse_move;
use serde_json::{Value, json};
use std::io::{BufRead, Write};

pub fn run(args: &GameArgs) -> i32 {
    let Ok((_, mut state)) = load(args) else { return 1 };
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
        let answer = match parse_move(&state, text) {
            Ok(mv) => {
                state.apply(&mv);
                position_json(&state)
            }
            Err(e) => {
                status = 1;
                json!({ "error": e.to_string(), "move": text, "ply": state.ply() })
            }
        };
        // The reader went away (a closed pipe): nothing more to answer.
        if write_line(&mut out, &answer).is_err() {
            return 1;
        }
    }
    status
}

/// What a program needs to choose the next move.
fn position_json(state: &State) -> Value {
    let game = state.game();
    let over = state.is_over();
    let player = if over { Value::Null } else { json!(game.player_name(state.current_player())) };
    let moves = if over { Vec::new() } else { state.legal_move_texts() };
    let outcome =
        state.outcome().map_or(Value::Null, |o| json!({ "winner": o.winner, "draw": o.draw, "reason": o.reason }));
    json!({ "ply": state.ply(), "player": player, "moves": moves, "outcome": outcome })
}

fn write_line(out: &mut impl Write, line: &Value) -> std::io::Result<()> {
    writeln!(out, "{line}")?;
    out.flush()
}
