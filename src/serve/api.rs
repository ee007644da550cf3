//! The JSON interface (docs/serve.md): a request's method, path and body
//! in, a reply out. Every refusal is a 4xx with `{"error": MESSAGE}`;
//! nothing here panics on what a client sends.

use super::analyses::{self, Analyses};
use super::catalog::Catalog;
use super::error::ApiError;
use super::limits::Limits;
use super::moves::legal_json;
use super::session::Session;
use super::sessions::{Sessions, lock};
use super::slots::Slots;
use crate::diagnostics::render;
use crate::formats::explain::explain_move;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

/// What the server holds: the rule files it offers, the games in play,
/// the places for computer players to think, and its limits.
pub struct App {
    pub catalog: Catalog,
    pub sessions: Sessions,
    pub thinking: Arc<Slots>,
    pub analyses: Analyses,
    pub limits: Limits,
}

impl App {
    pub fn new(catalog: Catalog, limits: Limits) -> App {
        App {
            catalog,
            sessions: Sessions::new(limits.max_games, limits.idle_game),
            thinking: Arc::new(Slots::new(limits.max_thinking)),
            analyses: Analyses::new(),
            limits,
        }
    }
}

/// An answer to send.
pub struct Reply {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

const JSON: &str = "application/json; charset=utf-8";
const JSON_LINES: &str = "application/x-ndjson; charset=utf-8";

/// The page, shipped inside the binary.
const ASSETS: [(&str, &str, &str); 4] = [
    ("/", "text/html; charset=utf-8", include_str!("assets/index.html")),
    ("/app.js", "text/javascript; charset=utf-8", include_str!("assets/app.js")),
    ("/style.css", "text/css; charset=utf-8", include_str!("assets/style.css")),
    // Browsers ask for /favicon.ico whatever the page says: both answer.
    ("/favicon.svg", "image/svg+xml", include_str!("assets/favicon.svg")),
];

/// How long a computer player thinks when the request does not say.
const DEFAULT_THINK_MS: u64 = 1000;

impl Reply {
    pub fn json(status: u16, value: &Value) -> Reply {
        Reply { status, content_type: JSON, body: value.to_string().into_bytes() }
    }

    pub fn error(error: &ApiError) -> Reply {
        Reply::json(error.status, &error.to_json())
    }
}

/// Answers one request; HEAD as GET (the caller leaves out the body).
pub fn handle(app: &App, method: &str, url: &str, body: &[u8]) -> Reply {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let method = if method == "HEAD" { "GET" } else { method };
    match route(app, method, path, query, body) {
        Ok(reply) => reply,
        Err(error) => Reply::error(&error),
    }
}

fn route(app: &App, method: &str, path: &str, query: &str, body: &[u8]) -> Result<Reply, ApiError> {
    if let Some((_, content_type, text)) = ASSETS.iter().find(|(p, _, _)| {
        *p == path || (*p == "/" && path == "/index.html") || (*p == "/favicon.svg" && path == "/favicon.ico")
    }) {
        allow(method, &["GET"])?;
        return Ok(Reply { status: 200, content_type, body: text.as_bytes().to_vec() });
    }
    let parts: Vec<&str> = path.trim_end_matches('/').split('/').skip(1).collect();
    match parts[..] {
        ["api"] => {
            allow(method, &["GET"])?;
            Ok(ok(routes()))
        }
        ["api", "games"] => {
            allow(method, &["GET"])?;
            Ok(ok(app.catalog.list()))
        }
        ["api", "diagnostics"] => {
            allow(method, &["GET"])?;
            let file = query_value(query, "file").ok_or_else(|| ApiError::bad("give the rule file: ?file=PATH"))?;
            known_file(app, &file)?;
            Ok(ok(app.catalog.entry(&file)))
        }
        ["api", "analyses"] => {
            allow(method, &["POST"])?;
            let job = app.analyses.start(analysis_request(app, &json_body(body)?)?, &app.thinking)?;
            Ok(Reply::json(202, &job.to_json()))
        }
        ["api", "analyses", id] => {
            let job = app.analyses.get(id)?;
            match method {
                "GET" => Ok(ok(job.to_json())),
                "DELETE" => {
                    job.stop();
                    Ok(ok(job.to_json()))
                }
                _ => Err(not_allowed(method, &["GET", "DELETE"])),
            }
        }
        ["api", "sessions"] => match method {
            "GET" => Ok(ok(json!({ "sessions": app.sessions.ids() }))),
            "POST" => new_session(app, &json_body(body)?),
            _ => Err(not_allowed(method, &["GET", "POST"])),
        },
        ["api", "sessions", id] => {
            let session = app.sessions.get(id)?;
            match method {
                "GET" => {
                    let mut session = lock(&session);
                    session.watch();
                    Ok(ok(session.to_json()))
                }
                "DELETE" => {
                    app.sessions.remove(id)?;
                    Ok(ok(json!({ "deleted": id })))
                }
                _ => Err(not_allowed(method, &["GET", "DELETE"])),
            }
        }
        ["api", "sessions", id, "watch"] if method == "GET" => {
            // A poll does not wait for a computer player thinking in this game.
            let session = app.sessions.get(id)?;
            let Ok(mut session) = session.try_lock() else {
                return Ok(ok(json!({ "id": id, "busy": true })));
            };
            session.watch();
            Ok(ok(session.watch_json()))
        }
        ["api", "sessions", id, action] => {
            let session = app.sessions.get(id)?;
            let mut session = lock(&session);
            session_action(app, &mut session, method, action, body)
        }
        _ => Err(ApiError::not_found(format!("no such page or route: {method} {path} (GET /api lists the routes)"))),
    }
}

/// The routes below `/api/sessions/ID/`.
fn session_action(
    app: &App,
    session: &mut Session,
    method: &str,
    action: &str,
    body: &[u8],
) -> Result<Reply, ApiError> {
    let post = |session: &mut Session, f: &dyn Fn(&mut Session, &Value) -> Result<(), ApiError>| {
        allow(method, &["POST"])?;
        f(session, &json_body(body)?)?;
        Ok(ok(session.to_json()))
    };
    match action {
        "moves" => {
            allow(method, &["GET"])?;
            Ok(ok(legal_json(session.current(), session.cursor())))
        }
        "watch" => {
            allow(method, &["GET"])?;
            session.watch();
            Ok(ok(session.watch_json()))
        }
        "play" => post(session, &|s, body| s.play_request(body).map(|_| ())),
        "undo" => post(session, &|s, _| s.undo()),
        "redo" => post(session, &|s, _| s.redo()),
        "goto" => post(session, &|s, body| {
            let ply = body.get("ply").and_then(Value::as_u64);
            s.goto(ply.ok_or_else(|| ApiError::bad("give `ply`, a whole number"))?)
        }),
        "ai" | "hint" => {
            allow(method, &["POST"])?;
            let body = json_body(body)?;
            let agent = match body.get("agent") {
                None | Some(Value::Null) => "mcts",
                Some(Value::String(agent)) => agent.as_str(),
                Some(_) => return Err(ApiError::bad("`agent` must be `random` or `mcts`")),
            };
            let time = match body.get("time_ms") {
                None | Some(Value::Null) => DEFAULT_THINK_MS,
                Some(v) => v
                    .as_u64()
                    .filter(|&ms| (1..=super::session::MAX_THINK.as_millis() as u64).contains(&ms))
                    .ok_or_else(|| ApiError::bad("`time_ms` must be a whole number of milliseconds, 1 to 60000"))?,
            };
            let playouts = match body.get("playouts") {
                None | Some(Value::Null) => None,
                Some(v) => Some(
                    v.as_u64()
                        .filter(|&n| (1..=1_000_000).contains(&n))
                        .ok_or_else(|| ApiError::bad("`playouts` must be a whole number, 1 to 1000000"))?
                        as u32,
                ),
            };
            session.check_ply(&body)?;
            if action == "ai" {
                session.check_room()?;
            }
            let before = session.current().clone();
            let thinking = app.thinking.take();
            let mv = session.computer_move(agent, Duration::from_millis(time), playouts)?;
            drop(thinking);
            let text = before.move_text(&mv);
            let mut legal = Vec::new();
            before.legal_moves(&mut legal);
            let index = legal.iter().position(|m| *m == mv);
            if action == "hint" {
                return Ok(ok(json!({ "move": text, "index": index, "ply": session.cursor() })));
            }
            session.play(mv)?;
            let mut reply = session.to_json();
            reply["played"] = json!(text);
            Ok(ok(reply))
        }
        "explain" => {
            allow(method, &["POST"])?;
            let body = json_body(body)?;
            let text =
                body.get("move").and_then(Value::as_str).ok_or_else(|| ApiError::bad("give `move`, a string"))?;
            let state = session.current();
            let answer = explain_move(state, text).map_err(|e| ApiError::new(422, e))?;
            let source = &state.game().source;
            let mut reply = answer.to_json(text, source);
            reply["text"] = json!(render(source, &answer.diagnostic, false));
            Ok(ok(reply))
        }
        "transcript" => match method {
            "GET" => Ok(Reply { status: 200, content_type: JSON_LINES, body: session.transcript().into_bytes() }),
            "POST" => {
                let text = transcript_text(body)?;
                session.load_transcript(&text)?;
                Ok(ok(session.to_json()))
            }
            _ => Err(not_allowed(method, &["GET", "POST"])),
        },
        _ => Err(ApiError::not_found(format!("no such route: {method} /api/sessions/{}/{action}", session.id))),
    }
}

/// `POST /api/sessions`: `{"file", "options", "transcript"}`.
fn new_session(app: &App, body: &Value) -> Result<Reply, ApiError> {
    let file = body
        .get("file")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("give `file`, a rule file of GET /api/games"))?;
    let path = known_file(app, file)?;
    // Refused before the work of compiling the game, when no game can be evicted.
    app.sessions.make_room()?;
    let options = options_of(body)?;
    let mut session = Session::new(app.sessions.next_id(), file.to_string(), path, options, app.limits.max_plies)?;
    match body.get("transcript") {
        None | Some(Value::Null) => {}
        Some(Value::String(text)) => session.load_transcript(text)?,
        Some(_) => return Err(ApiError::bad("`transcript` must be a string (the JSON lines of a transcript)")),
    }
    let reply = session.to_json();
    app.sessions.insert(session)?;
    Ok(Reply::json(201, &reply))
}

/// `{"options": {...}}` as the names and values a game is loaded with.
fn options_of(body: &Value) -> Result<Vec<(String, String)>, ApiError> {
    Ok(match body.get("options") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Object(options)) => options
            .iter()
            .map(|(name, value)| match value {
                Value::Bool(b) => Ok((name.clone(), b.to_string())),
                Value::Number(n) => Ok((name.clone(), n.to_string())),
                Value::String(s) => Ok((name.clone(), s.clone())),
                _ => Err(ApiError::bad(format!("option `{name}` must be true, false or a number"))),
            })
            .collect::<Result<_, _>>()?,
        Some(_) => return Err(ApiError::bad("`options` must be an object, as {\"long_moves\": true}")),
    })
}

/// `POST /api/analyses`: `{file, vs?, options?, games?, players?, seed?, max_plies?}`.
fn analysis_request(app: &App, body: &Value) -> Result<analyses::Request, ApiError> {
    let file = body
        .get("file")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::bad("give `file`, a rule file of GET /api/games"))?;
    let mut files = vec![(file.to_string(), known_file(app, file)?)];
    match body.get("vs") {
        None | Some(Value::Null) => {}
        Some(Value::String(other)) => files.push((other.clone(), known_file(app, other)?)),
        Some(_) => return Err(ApiError::bad("`vs` must be a rule file of GET /api/games")),
    }
    let number = |key: &str, default: u64, max: u64| match body.get(key) {
        None | Some(Value::Null) => Ok(default),
        Some(v) => v
            .as_u64()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| ApiError::bad(format!("`{key}` must be a whole number, 1 to {max}"))),
    };
    let players = match body.get("players") {
        None | Some(Value::Null) => crate::analysis::Players::Random,
        Some(Value::String(text)) => analyses::players(text)?,
        Some(_) => return Err(ApiError::bad("`players` must be `random`, `mcts:PLAYOUTS` or `mcts:SECONDSs`")),
    };
    Ok(analyses::Request {
        files,
        options: options_of(body)?,
        games: number("games", 200, analyses::MAX_GAMES)?,
        players,
        seed: number("seed", 1, u64::MAX)?,
        max_plies: number("max_plies", 2000, app.limits.max_plies as u64)? as u32,
    })
}

/// A file the catalog offers, else 404 (no other file can be read).
fn known_file(app: &App, file: &str) -> Result<std::path::PathBuf, ApiError> {
    app.catalog.find(file).ok_or_else(|| {
        ApiError::not_found(format!("`{file}` is not one of the rule files served (GET /api/games lists them)"))
    })
}

/// The body as a JSON object; an empty body is `{}`.
fn json_body(body: &[u8]) -> Result<Value, ApiError> {
    let text = std::str::from_utf8(body).map_err(|_| ApiError::bad("the body is not UTF-8"))?;
    if text.trim().is_empty() {
        return Ok(json!({}));
    }
    match serde_json::from_str::<Value>(text) {
        Ok(value @ Value::Object(_)) => Ok(value),
        Ok(_) => Err(ApiError::bad("the body must be a JSON object")),
        Err(e) => Err(ApiError::bad(format!("the body is not JSON: {e}"))),
    }
}

/// A transcript sent as `{"transcript": TEXT}` or as its JSON lines.
fn transcript_text(body: &[u8]) -> Result<String, ApiError> {
    let text = std::str::from_utf8(body).map_err(|_| ApiError::bad("the body is not UTF-8"))?;
    if let Ok(Value::Object(object)) = serde_json::from_str::<Value>(text)
        && let Some(transcript) = object.get("transcript")
    {
        return transcript
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| ApiError::bad("`transcript` must be a string (the JSON lines of a transcript)"));
    }
    if text.trim().is_empty() {
        return Err(ApiError::bad("send a transcript: its JSON lines, or {\"transcript\": TEXT}"));
    }
    Ok(text.to_string())
}

fn ok(value: Value) -> Reply {
    Reply::json(200, &value)
}

fn allow(method: &str, allowed: &[&str]) -> Result<(), ApiError> {
    if allowed.contains(&method) { Ok(()) } else { Err(not_allowed(method, allowed)) }
}

fn not_allowed(method: &str, allowed: &[&str]) -> ApiError {
    ApiError::new(405, format!("{method} is not allowed here; use {}", allowed.join(" or ")))
}

/// A query parameter's value, percent-decoded.
fn query_value(query: &str, name: &str) -> Option<String> {
    query.split('&').filter_map(|pair| pair.split_once('=')).find(|(k, _)| *k == name).map(|(_, v)| percent_decode(v))
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(byte) => {
                        out.push(byte);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// What `GET /api` answers: the routes, for people exploring the interface.
fn routes() -> Value {
    json!({
        "routes": [
            "GET /api/games",
            "GET /api/diagnostics?file=PATH",
            "POST /api/analyses {file, vs?, options?, games?, players?, seed?, max_plies?}",
            "GET /api/analyses/ID",
            "DELETE /api/analyses/ID",
            "GET /api/sessions",
            "POST /api/sessions {file, options?, transcript?}",
            "GET /api/sessions/ID",
            "DELETE /api/sessions/ID",
            "GET /api/sessions/ID/moves",
            "POST /api/sessions/ID/play {index | move, ply?}",
            "POST /api/sessions/ID/undo",
            "POST /api/sessions/ID/redo",
            "POST /api/sessions/ID/goto {ply}",
            "POST /api/sessions/ID/ai {agent?, time_ms?, playouts?, ply?}",
            "POST /api/sessions/ID/hint {agent?, time_ms?, playouts?, ply?}",
            "POST /api/sessions/ID/explain {move}",
            "GET /api/sessions/ID/transcript",
            "POST /api/sessions/ID/transcript {transcript}",
            "GET /api/sessions/ID/watch",
        ],
        "docs": "docs/serve.md",
    })
}
