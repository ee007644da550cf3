//! Seeded transcripts: a random game recorded ply by ply as JSON lines.
//! Tools and snapshot tests rely on this format:
//! first the header `{"game", "seed", "players", "rules", "rules_hash",
//! "options", "start", "orrery"}` (`options`: every option's value; `start`:
//! the start position as a position file, or null for the game's setup),
//! then per ply `{"ply", "to_move", "phase", "legal", "move", "board"}` (the
//! board before the move; `counters` and `dice` when the game has them),
//! last `{"ply", "board", "outcome"}`.

use crate::agents::playout::{MAX_PLIES, PlayoutRng};
use crate::engine::state::{Move, State};
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

/// The first line of a transcript of a game from `start`: the game, how it
/// was set up, and the seed of its random choices.
pub fn header(start: &State, seed: u64) -> Value {
    let game = start.game();
    let options: Map<String, Value> = game
        .options
        .iter()
        .zip(&game.option_values)
        .map(|(o, &v)| (o.name.clone(), if o.is_bool { json!(v != 0) } else { json!(v) }))
        .collect();
    let setup = super::position::to_toml(&game.initial_state());
    let written = super::position::to_toml(start);
    json!({
        "game": game.title,
        "seed": seed,
        "players": game.players,
        "rules": game.source.name,
        "rules_hash": game.rules_hash(),
        "options": options,
        "start": if written == setup { Value::Null } else { json!(written) },
        "orrery": env!("CARGO_PKG_VERSION"),
    })
}

/// The line of a ply: the position before `mv`, and `mv`.
fn ply_line(state: &State, legal: usize, mv: &Move) -> Value {
    let mut line = json!({
        "ply": state.ply(),
        "to_move": state.game().player_name(state.current_player()),
        "phase": state.phase_name(),
        "legal": legal,
        "move": state.move_text(mv),
        "board": board_json(state),
    });
    add_state(&mut line, state);
    line
}

/// The last line: the final board and the outcome (null while the game goes on).
fn last_line(state: &State) -> Value {
    let outcome =
        state.outcome().map_or(Value::Null, |o| json!({ "winner": o.winner, "draw": o.draw, "reason": o.reason }));
    let mut last = json!({ "ply": state.ply(), "board": board_json(state), "outcome": outcome });
    add_state(&mut last, state);
    last
}

/// A transcript of `moves` played from `start` (a game people played, say),
/// in the same format as `record`'s; `seed` goes in the header. `moves`
/// must be legal one after the other.
pub fn transcript(start: &State, moves: &[Move], seed: u64) -> Vec<Value> {
    let mut lines = vec![header(start, seed)];
    let mut state = start.clone();
    let mut legal = Vec::new();
    for mv in moves {
        state.legal_moves(&mut legal);
        lines.push(ply_line(&state, legal.len(), mv));
        state.apply(mv);
    }
    lines.push(last_line(&state));
    lines
}

/// The recorded lines and the final state.
fn play(start: &State, seed: u64) -> (Vec<Value>, State) {
    let mut lines = vec![header(start, seed)];
    let mut rng = PlayoutRng::seed_from_u64(seed);
    let mut state = start.clone();
    let mut moves = Vec::new();
    while !state.is_over() && state.ply() - start.ply() < MAX_PLIES {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = crate::agents::playout::pick(&state, &moves, &mut rng);
        lines.push(ply_line(&state, moves.len(), &mv));
        state.apply(&mv);
    }
    lines.push(last_line(&state));
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
    #[error("line {line}, ply {ply}: the transcript records {what} {recorded}, but replaying gives {replayed}")]
    Differs { line: usize, ply: u64, what: &'static str, recorded: String, replayed: String },
    #[error("line {line}, ply {ply}: the board differs from the recorded one:\n{diff}")]
    Board { line: usize, ply: u64, diff: String },
}

/// What a transcript's header says about how its game was set up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Header {
    /// Every option's value, as `NAME=VALUE` would give it.
    pub options: Vec<(String, String)>,
    /// The start position (a position file's text), when not the setup.
    pub start: Option<String>,
    pub rules_hash: Option<String>,
}

/// The header of a transcript, if its first line is one.
pub fn read_header(text: &str) -> Result<Option<Header>, ReplayError> {
    let Some((i, raw)) = text.lines().enumerate().find(|(_, l)| !l.trim().is_empty()) else { return Ok(None) };
    let value: Value =
        serde_json::from_str(raw).map_err(|e| ReplayError::Malformed { line: i + 1, why: e.to_string() })?;
    if value.get("game").is_none() {
        return Ok(None);
    }
    let options = value
        .get("options")
        .and_then(Value::as_object)
        .map(|o| o.iter().map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string))).collect())
        .unwrap_or_default();
    let start = value.get("start").and_then(Value::as_str).map(str::to_string);
    let rules_hash = value.get("rules_hash").and_then(Value::as_str).map(str::to_string);
    Ok(Some(Header { options, start, rules_hash }))
}

/// Compares what a ply line records of the position before its move with
/// the replayed position: player to move, number of legal moves, board,
/// counters and dice (each only when the line records it).
fn check_line(state: &State, value: &Value, line: usize, ply: u64) -> Result<(), ReplayError> {
    let game = state.game();
    let differs = |what, recorded: &Value, replayed: &Value| ReplayError::Differs {
        line,
        ply,
        what,
        recorded: recorded.to_string(),
        replayed: replayed.to_string(),
    };
    if let Some(recorded) = value.get("to_move") {
        let replayed = json!(game.player_name(state.current_player()));
        if *recorded != replayed {
            return Err(differs("the player to move", recorded, &replayed));
        }
    }
    if let Some(recorded) = value.get("legal") {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let replayed = json!(moves.len());
        if *recorded != replayed {
            return Err(differs("a legal move count of", recorded, &replayed));
        }
    }
    if let Some(recorded) = value.get("board") {
        let replayed = board_json(state);
        if *recorded != replayed {
            return Err(ReplayError::Board { line, ply, diff: board_diff(recorded, &replayed) });
        }
    }
    for (key, what) in [("counters", "counters"), ("dice", "dice")] {
        if let Some(recorded) = value.get(key) {
            let mut replayed = json!({});
            add_state(&mut replayed, state);
            let replayed = replayed.get(key).cloned().unwrap_or(Value::Null);
            if *recorded != replayed {
                return Err(differs(what, recorded, &replayed));
            }
        }
    }
    Ok(())
}

/// The sites where two boards (as `board_json` writes them) differ, one a line.
fn board_diff(recorded: &Value, replayed: &Value) -> String {
    let empty = Map::new();
    let (a, b) = (recorded.as_object().unwrap_or(&empty), replayed.as_object().unwrap_or(&empty));
    let mut sites: Vec<&String> = a.keys().chain(b.keys()).collect();
    sites.sort();
    sites.dedup();
    let show = |v: Option<&Value>| v.map_or_else(|| "empty".to_string(), |v| v.to_string());
    sites
        .into_iter()
        .filter(|site| a.get(*site) != b.get(*site))
        .map(|site| format!("  {site}: recorded {}, replayed {}", show(a.get(site)), show(b.get(site))))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Replays a JSON-lines transcript from `start`: every move must still be
/// legal, every position recorded (player to move, legal move count,
/// board, counters, dice) must come out again, and so must the outcome.
/// Returns the plies replayed, or the first line that no longer holds.
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
            check_line(&state, &value, line, ply)?;
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
            let ply = value.get("ply").and_then(Value::as_u64).unwrap_or(plies);
            check_line(&state, &value, line, ply)?;
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
