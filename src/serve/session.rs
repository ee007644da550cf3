//! One game played through the server: its rule file and options, the
//! moves played (with the positions they lead to), and a cursor into them
//! for undo, redo and stepping through the game. When the rule file
//! changes, the game is compiled again and its moves replayed (or the
//! file's diagnostics kept to show).

use super::catalog::{check, source_text};
use super::error::ApiError;
use super::history::History;
use crate::agents::{Agent, MctsAgent, RandomAgent};
use crate::board::Site;
use crate::engine::{Game, Move, State};
use crate::formats::position::parse_position;
use crate::formats::trace::{read_header, replay, transcript};
use crate::game::rules::CHANCE;
use crate::render::{LastMove, picture_svg};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// The longest a computer player may think on one move, through the interface.
pub const MAX_THINK: Duration = Duration::from_secs(60);

pub struct Session {
    pub id: String,
    /// The rule file, as the catalog names it.
    pub file: String,
    options: Vec<(String, String)>,
    game: Arc<Game>,
    /// The start position as a position file, when not the game's setup.
    start_text: Option<String>,
    /// The moves played, with a cursor on those in force.
    history: History,
    /// The most plies the game keeps.
    max_plies: usize,
    /// The rule file's text (with its bases) this game was compiled from.
    text: String,
    /// Counts reloads of the rule file, for the page to notice.
    version: u64,
    /// The diagnostics of the rule file since an edit broke it.
    broken: Option<Value>,
    /// What the last reload did.
    note: Option<String>,
    /// Seeds for the computer players, a new one each move.
    seed: u64,
}

impl Session {
    /// A new game of `file` (its path `path`) with option overrides, from
    /// its setup, keeping at most `max_plies` plies.
    pub fn new(
        id: String,
        file: String,
        path: PathBuf,
        options: Vec<(String, String)>,
        max_plies: usize,
    ) -> Result<Session, ApiError> {
        let plain = check(&path, &[]);
        if let Err(diagnostics) = plain.game {
            return Err(ApiError::with_details(
                422,
                format!("{file} has errors; fix them and start again"),
                json!({ "diagnostics": diagnostics }),
            ));
        }
        let checked = check(&path, &options);
        let game = checked.game.map_err(|diagnostics| {
            let first = diagnostics[0]["message"].as_str().unwrap_or("").to_string();
            ApiError::with_details(400, format!("bad option: {first}"), json!({ "diagnostics": diagnostics }))
        })?;
        let start = game.initial_state();
        Ok(Session {
            id,
            file,
            options,
            game,
            start_text: None,
            history: History::new(start),
            max_plies,
            text: checked.text,
            version: 0,
            broken: None,
            note: None,
            seed: 1,
        })
    }

    fn path(&self) -> PathBuf {
        PathBuf::from(&self.file)
    }

    /// The position shown: after the moves in force.
    pub fn current(&self) -> &State {
        self.history.current()
    }

    /// Plays `mv` (legal in the current position); moves that could have
    /// been redone are dropped.
    pub fn play(&mut self, mv: Move) -> Result<(), ApiError> {
        self.check_room()?;
        self.history.play(mv);
        Ok(())
    }

    /// Refuses a move past the most plies a game keeps.
    pub fn check_room(&self) -> Result<(), ApiError> {
        if self.cursor() >= self.max_plies {
            return Err(ApiError::new(
                413,
                format!("the game has {} plies, the most this server keeps for a game", self.max_plies),
            ));
        }
        Ok(())
    }

    /// Plays the move at `index` of the legal moves, or the move written as
    /// `text`; `ply`, when given, must be the current ply (a stale page's
    /// click is refused rather than played in another position).
    pub fn play_request(&mut self, body: &Value) -> Result<Move, ApiError> {
        self.check_ply(body)?;
        let state = self.current().clone();
        if state.is_over() {
            return Err(ApiError::new(422, "the game is over".to_string()));
        }
        let mv = match (body.get("index"), body.get("move")) {
            (Some(index), None) => {
                let index = index.as_u64().ok_or_else(|| ApiError::bad("`index` must be a whole number"))?;
                let mut legal = Vec::new();
                state.legal_moves(&mut legal);
                *legal.get(index as usize).ok_or_else(|| {
                    ApiError::new(422, format!("no legal move has index {index}; there are {}", legal.len()))
                })?
            }
            (None, Some(text)) => {
                let text = text.as_str().ok_or_else(|| ApiError::bad("`move` must be a string"))?;
                crate::formats::notation::parse_move(&state, text)
                    .map_err(|e| ApiError::with_details(422, e.to_string(), json!({ "legal": e.legal() })))?
            }
            _ => return Err(ApiError::bad("give either `index` (of the legal moves) or `move` (in notation)")),
        };
        self.play(mv)?;
        Ok(mv)
    }

    /// `ply`, when the request gives it, must be the current ply: a stale
    /// page's request is refused rather than carried out in another position.
    pub fn check_ply(&self, body: &Value) -> Result<(), ApiError> {
        if let Some(ply) = body.get("ply").filter(|v| !v.is_null()) {
            let ply = ply.as_u64().ok_or_else(|| ApiError::bad("`ply` must be a whole number"))?;
            if ply != self.cursor() as u64 {
                return Err(ApiError::new(
                    409,
                    format!("the request was made at ply {ply}, but the game is at ply {}", self.cursor()),
                ));
            }
        }
        Ok(())
    }

    pub fn undo(&mut self) -> Result<(), ApiError> {
        if self.cursor() == 0 {
            return Err(ApiError::new(409, "nothing to undo: the game is at its start".to_string()));
        }
        self.history.goto(self.cursor() - 1);
        Ok(())
    }

    pub fn redo(&mut self) -> Result<(), ApiError> {
        if self.cursor() == self.length() {
            return Err(ApiError::new(409, "nothing to redo: the game is at its last move".to_string()));
        }
        self.history.goto(self.cursor() + 1);
        Ok(())
    }

    /// Shows the position after `ply` moves (undone moves can be gone back to).
    pub fn goto(&mut self, ply: u64) -> Result<(), ApiError> {
        let length = self.length();
        if ply > length as u64 {
            return Err(ApiError::new(422, format!("the game has {length} plies; go to 0 to {length}, not {ply}")));
        }
        self.history.goto(ply as usize);
        Ok(())
    }

    /// A computer player's move in the current position: `random`, or
    /// `mcts` thinking `time` (or `playouts`). The dice are always thrown at random.
    pub fn computer_move(&mut self, agent: &str, time: Duration, playouts: Option<u32>) -> Result<Move, ApiError> {
        let state = self.current().clone();
        if state.is_over() {
            return Err(ApiError::new(422, "the game is over".to_string()));
        }
        self.seed += 1;
        let seed = self.seed ^ ((self.cursor() as u64) << 32);
        let chosen = if state.current_player() == CHANCE || agent == "random" {
            RandomAgent::new(seed).choose(&state)
        } else if agent == "mcts" {
            match playouts {
                Some(n) => MctsAgent::new(seed, n.clamp(1, 1_000_000)).choose(&state),
                None => MctsAgent::timed(seed, time.min(MAX_THINK)).choose(&state),
            }
        } else {
            return Err(ApiError::bad(format!("unknown agent `{agent}`: use `random` or `mcts`")));
        };
        chosen.ok_or_else(|| ApiError::new(422, "no legal move here".to_string()))
    }

    /// The game so far (to the move shown) as a transcript `orrery replay` reads.
    pub fn transcript(&self) -> String {
        let mut text = String::new();
        let moves: Vec<Move> = self.history.plies()[..self.cursor()].iter().map(|p| p.mv).collect();
        for line in transcript(self.history.start(), &moves, 0) {
            text.push_str(&line.to_string());
            text.push('\n');
        }
        text
    }

    /// Replaces the game by a transcript's: set up as its header says
    /// (options and start), every move replayed and checked.
    pub fn load_transcript(&mut self, text: &str) -> Result<(), ApiError> {
        let unreadable = |e: String| ApiError::new(422, format!("the transcript does not replay: {e}"));
        let too_long = || {
            ApiError::new(
                413,
                format!(
                    "the transcript is longer than {} plies, the most this server keeps for a game",
                    self.max_plies
                ),
            )
        };
        // Refused before the work of replaying it.
        if text.lines().filter(|line| line.contains("\"move\"")).count() > self.max_plies {
            return Err(too_long());
        }
        let header = read_header(text).map_err(|e| unreadable(e.to_string()))?.unwrap_or_default();
        let options = if header.options.is_empty() { self.options.clone() } else { header.options.clone() };
        let game = check(&self.path(), &options).game.map_err(|diagnostics| {
            ApiError::with_details(
                422,
                "the transcript's options do not fit the rule file".to_string(),
                json!({ "diagnostics": diagnostics }),
            )
        })?;
        let start = start_state(&game, header.start.as_deref()).map_err(unreadable)?;
        replay(&start, text).map_err(|e| unreadable(e.to_string()))?;
        let mut history = History::new(start);
        for line in text.lines().filter_map(|l| serde_json::from_str::<Value>(l).ok()) {
            if let Some(written) = line.get("move").and_then(Value::as_str) {
                if history.cursor() >= self.max_plies {
                    return Err(too_long());
                }
                let mut next = history.current().clone();
                let mv = next.play(written).map_err(|e| unreadable(e.to_string()))?;
                history.play(mv);
            }
        }
        self.options = options;
        self.game = game;
        self.start_text = header.start;
        self.history = history;
        Ok(())
    }

    /// Looks at the rule file again: when its text changed, compiles it
    /// and replays the moves (as many as are still legal), or keeps its
    /// diagnostics to show while it is broken.
    pub fn watch(&mut self) {
        let path = self.path();
        let text = source_text(&path);
        if text == self.text {
            return;
        }
        self.text = text;
        self.version += 1;
        let game = match check(&path, &self.options).game {
            Ok(game) => game,
            Err(diagnostics) => {
                self.broken = Some(diagnostics);
                self.note = Some(format!("{} has errors; the game goes on with the rules it had", self.file));
                return;
            }
        };
        self.broken = None;
        let start = match start_state(&game, self.start_text.as_deref()) {
            Ok(start) => start,
            Err(_) => game.initial_state(),
        };
        let written: Vec<&str> = self.history.plies().iter().map(|p| p.text.as_str()).collect();
        let mut history = History::new(start);
        for text in &written {
            let mut next = history.current().clone();
            match next.play(text) {
                Ok(mv) => history.play(mv),
                Err(_) => break,
            }
        }
        let replayed = history.plies().len();
        self.note = Some(if replayed == written.len() {
            format!("{} changed: reloaded, {replayed} moves replayed", self.file)
        } else {
            format!(
                "{} changed: reloaded; {replayed} of {} moves replay, the rest are no longer legal",
                self.file,
                written.len()
            )
        });
        history.goto(self.cursor());
        self.history = history;
        self.game = game;
    }

    /// What the page polls: whether the file was reloaded or is broken.
    pub fn watch_json(&self) -> Value {
        json!({ "id": self.id, "version": self.version, "broken": self.broken, "note": self.note })
    }

    /// The game as the page shows it.
    pub fn to_json(&self) -> Value {
        let state = self.current();
        let game = &self.game;
        let plies = self.history.plies();
        let log: Vec<Value> = plies
            .iter()
            .enumerate()
            .map(|(ply, played)| json!({ "ply": ply, "player": game.player_name(played.player), "move": played.text }))
            .collect();
        let last =
            self.cursor().checked_sub(1).map(|i| LastMove::between(&self.history.position(i), &plies[i].mv, state));
        let outcome = state.outcome().map(|o| json!({ "winner": o.winner, "draw": o.draw, "reason": o.reason }));
        let player = state.current_player();
        json!({
            "id": self.id,
            "file": self.file,
            "game": game.title,
            "players": game.players,
            "options": super::catalog::options(game),
            "ply": self.cursor(),
            "length": self.length(),
            "to_move": if state.is_over() { Value::Null } else { json!(game.player_name(player)) },
            "chance": !state.is_over() && player == CHANCE,
            "phase": state.phase_name(),
            "over": state.is_over(),
            "outcome": outcome,
            "last": last.as_ref().map(|l| last_json(state, l)),
            "log": log,
            "can_undo": self.cursor() > 0,
            "can_redo": self.cursor() < self.length(),
            "svg": picture_svg(state, last.as_ref()),
            "version": self.version,
            "broken": self.broken,
            "note": self.note,
        })
    }

    pub fn cursor(&self) -> usize {
        self.history.cursor()
    }

    /// The plies played, the redoable ones too.
    pub fn length(&self) -> usize {
        self.history.plies().len()
    }
}

/// The start of a game: its setup, or a position file's text.
fn start_state(game: &Arc<Game>, start: Option<&str>) -> Result<State, String> {
    match start {
        None => Ok(game.initial_state()),
        Some(text) => {
            let source = crate::diagnostics::Source::new("the transcript's start position", text.to_string());
            parse_position(game, source).map_err(|report| {
                report.diagnostics.first().map_or("a bad start position".to_string(), |d| d.message.clone())
            })
        }
    }
}

/// The sites a move touched, by name.
pub fn last_json(state: &State, last: &LastMove) -> Value {
    let board = &state.game().board;
    let name = |s: Site| board.site_name(s).to_string();
    json!({
        "move": last.text,
        "player": last.player,
        "from": last.from.map(name),
        "to": last.to.map(name),
        "captured": last.captured.iter().map(|&s| name(s)).collect::<Vec<_>>(),
        "changed": last.changed.iter().map(|&s| name(s)).collect::<Vec<_>>(),
    })
}
