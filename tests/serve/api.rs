//! Every route of the JSON interface, good and bad requests alike.

use super::client::{expect, get, post, request};
use super::{scratch, start};
use serde_json::{Value, json};

const MOON: &str = "games/man_in_the_moon.rules";

fn new_game(url: &str, file: &str) -> Value {
    expect(post(url, "/api/sessions", &json!({ "file": file })), 201)
}

fn texts(log: &Value) -> Vec<String> {
    log.as_array().unwrap().iter().map(|e| e["move"].as_str().unwrap().to_string()).collect()
}

#[test]
fn the_games_are_listed_with_players_options_and_status() {
    let url = start(&["games"]);
    let list = expect(get(&url, "/api/games"), 200);
    let games = list["games"].as_array().unwrap();
    assert!(games.len() >= 14, "{} games", games.len());
    for game in games {
        assert_ne!(game["status"], "errors", "{game}");
        assert!(!game["players"].as_array().unwrap().is_empty(), "{game}");
    }
    let moon = games.iter().find(|g| g["file"] == MOON).expect("Man in the Moon listed");
    assert_eq!(moon["name"], "Man in the Moon");
    assert_eq!(moon["players"], json!(["white", "black"]));
    assert_eq!(moon["options"][0]["name"], "long_moves");
    assert_eq!(moon["options"][0]["kind"], "bool");
    assert_eq!(moon["options"][0]["default"], false);
    assert_eq!(moon["status"], "ok");
    // Variants in folders inside are found too.
    assert!(games.iter().any(|g| g["file"].as_str().unwrap().starts_with("games/variants/")));
    // The route list, and the page with its script and style.
    assert!(expect(get(&url, "/api"), 200)["routes"].as_array().unwrap().len() >= 15);
    let page = get(&url, "/");
    assert_eq!(page.status, 200);
    assert!(page.content_type.starts_with("text/html"));
    assert!(page.body.contains(r#"<script src="/app.js">"#));
    let script = get(&url, "/app.js");
    assert!(script.content_type.starts_with("text/javascript") && script.body.contains("/api/sessions"));
    assert!(get(&url, "/style.css").content_type.starts_with("text/css"));
    // A favicon, named by the page and at the address browsers ask anyway.
    assert!(page.body.contains(r#"<link rel="icon" type="image/svg+xml" href="/favicon.svg">"#));
    for path in ["/favicon.svg", "/favicon.ico"] {
        let icon = get(&url, path);
        assert_eq!(icon.status, 200, "{path}");
        assert!(icon.content_type.starts_with("image/svg+xml") && icon.body.starts_with("<svg"), "{path}");
    }
}

#[test]
fn a_game_shows_its_board_moves_and_log() {
    let url = start(&["games"]);
    let game = new_game(&url, MOON);
    let id = game["id"].as_str().unwrap();
    assert_eq!(game["game"], "Man in the Moon");
    assert_eq!(game["to_move"], "white");
    assert_eq!(game["phase"], "placement");
    assert_eq!(game["ply"], 0);
    assert_eq!(game["over"], false);
    assert_eq!(game["log"], json!([]));
    let svg = game["svg"].as_str().unwrap();
    assert!(svg.starts_with("<svg") && svg.contains(r#"data-site="a1""#) && svg.contains(r#"data-site="e5""#));
    assert_eq!(expect(get(&url, &format!("/api/sessions/{id}")), 200)["id"], id);

    let moves = expect(get(&url, &format!("/api/sessions/{id}/moves")), 200);
    let moves = moves["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 24, "every square but the centre");
    for (i, mv) in moves.iter().enumerate() {
        assert_eq!(mv["index"], i);
        assert_eq!(mv["kind"], "placement");
        assert_eq!(mv["from"], Value::Null);
        assert_eq!(mv["to"], mv["text"]);
    }
    assert!(!moves.iter().any(|m| m["to"] == "c3"));

    // By notation, and by index.
    let after = expect(post(&url, &format!("/api/sessions/{id}/play"), &json!({ "move": "a1" })), 200);
    assert_eq!(after["to_move"], "black");
    assert_eq!(after["last"]["to"], "a1");
    assert!(after["svg"].as_str().unwrap().contains(r#"<g class="piece" data-site="a1" data-piece="white man">"#));
    let moves = expect(get(&url, &format!("/api/sessions/{id}/moves")), 200);
    let e5 = moves["moves"].as_array().unwrap().iter().find(|m| m["to"] == "e5").unwrap()["index"].clone();
    let after = expect(post(&url, &format!("/api/sessions/{id}/play"), &json!({ "index": e5, "ply": 1 })), 200);
    assert_eq!(texts(&after["log"]), ["a1", "e5"]);
    assert_eq!(after["log"][1]["player"], "black");
    assert_eq!(after["ply"], 2);
}

#[test]
fn captures_are_among_the_sites_a_move_touches() {
    let url = start(&["games/chess.rules"]);
    let id = new_game(&url, "games/chess.rules")["id"].as_str().unwrap().to_string();
    for mv in ["e2-e4", "d7-d5"] {
        expect(post(&url, &format!("/api/sessions/{id}/play"), &json!({ "move": mv })), 200);
    }
    let moves = expect(get(&url, &format!("/api/sessions/{id}/moves")), 200);
    let take = moves["moves"].as_array().unwrap().iter().find(|m| m["from"] == "e4" && m["to"] == "d5").unwrap();
    assert_eq!(take["captured"], json!(["d5"]));
    assert_eq!(take["kind"], "move");
    let after = expect(post(&url, &format!("/api/sessions/{id}/play"), &json!({ "index": take["index"] })), 200);
    assert_eq!(after["last"]["captured"], json!(["d5"]));
}

#[test]
fn illegal_and_stale_moves_are_refused() {
    let url = start(&["games"]);
    let id = new_game(&url, MOON)["id"].as_str().unwrap().to_string();
    let play = format!("/api/sessions/{id}/play");
    let refused = expect(post(&url, &play, &json!({ "move": "c3" })), 422);
    assert!(refused["error"].as_str().unwrap().contains("c3"), "{refused}");
    assert_eq!(refused["legal"].as_array().unwrap().len(), 24);
    assert!(expect(post(&url, &play, &json!({ "index": 24 })), 422)["error"].as_str().unwrap().contains("24"));
    expect(post(&url, &play, &json!({ "index": "one" })), 400);
    expect(post(&url, &play, &json!({ "move": 3 })), 400);
    expect(post(&url, &play, &json!({})), 400);
    expect(post(&url, &play, &json!({ "move": "a1", "index": 0 })), 400);
    expect(post(&url, &play, &json!({ "move": "zz99" })), 422);
    let stale = expect(post(&url, &play, &json!({ "move": "a1", "ply": 5 })), 409);
    assert!(stale["error"].as_str().unwrap().contains("ply 5"));
    expect(post(&url, &play, &json!({ "move": "a1", "ply": -1 })), 400);
    // None of these changed the game.
    assert_eq!(expect(get(&url, &format!("/api/sessions/{id}")), 200)["ply"], 0);
}

#[test]
fn undo_redo_and_goto_step_through_the_game() {
    let url = start(&["games"]);
    let id = new_game(&url, MOON)["id"].as_str().unwrap().to_string();
    let path = |action: &str| format!("/api/sessions/{id}/{action}");
    let nothing = expect(post(&url, &path("undo"), &json!({})), 409);
    assert!(nothing["error"].as_str().unwrap().contains("nothing to undo"));
    expect(post(&url, &path("redo"), &json!({})), 409);
    for mv in ["a1", "e5", "b1"] {
        expect(post(&url, &path("play"), &json!({ "move": mv })), 200);
    }
    let back = expect(request(&url, "POST", &path("undo"), None), 200);
    assert_eq!((back["ply"].clone(), back["length"].clone()), (json!(2), json!(3)));
    assert_eq!(back["to_move"], "white");
    assert_eq!((back["can_undo"].clone(), back["can_redo"].clone()), (json!(true), json!(true)));
    let forward = expect(post(&url, &path("redo"), &json!({})), 200);
    assert_eq!(forward["ply"], 3);
    assert_eq!(forward["last"]["to"], "b1");
    let start = expect(post(&url, &path("goto"), &json!({ "ply": 0 })), 200);
    assert_eq!((start["ply"].clone(), start["can_undo"].clone()), (json!(0), json!(false)));
    assert!(!start["svg"].as_str().unwrap().contains("class=\"piece\""));
    expect(post(&url, &path("goto"), &json!({ "ply": 4 })), 422);
    expect(post(&url, &path("goto"), &json!({})), 400);
    // A move played back in the game drops the moves after it.
    expect(post(&url, &path("goto"), &json!({ "ply": 1 })), 200);
    let replaced = expect(post(&url, &path("play"), &json!({ "move": "d4" })), 200);
    assert_eq!(texts(&replaced["log"]), ["a1", "d4"]);
    assert_eq!(replaced["can_redo"], false);
}

#[test]
fn transcripts_save_replay_and_load() {
    let url = start(&["games"]);
    let id = new_game(&url, MOON)["id"].as_str().unwrap().to_string();
    for mv in ["a1", "e5", "b1", "d5"] {
        expect(post(&url, &format!("/api/sessions/{id}/play"), &json!({ "move": mv })), 200);
    }
    let saved = get(&url, &format!("/api/sessions/{id}/transcript"));
    assert_eq!(saved.status, 200);
    assert!(saved.content_type.starts_with("application/x-ndjson"));
    // What `orrery replay` checks: it replays under the rules.
    let game = orrery::Game::load(MOON).unwrap();
    assert_eq!(orrery::formats::trace::replay(&game.initial_state(), &saved.body), Ok(4));

    // Loaded into a new game, raw or wrapped in JSON.
    let other = new_game(&url, MOON)["id"].as_str().unwrap().to_string();
    let loaded = expect(request(&url, "POST", &format!("/api/sessions/{other}/transcript"), Some(&saved.body)), 200);
    assert_eq!(texts(&loaded["log"]), ["a1", "e5", "b1", "d5"]);
    assert_eq!(loaded["ply"], 4);
    let wrapped = json!({ "transcript": saved.body });
    expect(post(&url, &format!("/api/sessions/{other}/transcript"), &wrapped), 200);
    // Or given when the game starts.
    let started = expect(post(&url, "/api/sessions", &json!({ "file": MOON, "transcript": saved.body })), 201);
    assert_eq!(started["length"], 4);
    // Options come from the transcript's header.
    let long = expect(post(&url, "/api/sessions", &json!({ "file": MOON, "options": { "long_moves": true } })), 201);
    let long_saved = get(&url, &format!("/api/sessions/{}/transcript", long["id"].as_str().unwrap())).body;
    let reloaded =
        expect(post(&url, &format!("/api/sessions/{other}/transcript"), &json!({ "transcript": long_saved })), 200);
    assert_eq!(reloaded["options"][0]["value"], true);

    // Bad transcripts leave the game as it was.
    let tampered = saved.body.replace(r#""move":"b1""#, r#""move":"c3""#);
    let refused =
        expect(post(&url, &format!("/api/sessions/{other}/transcript"), &json!({ "transcript": tampered })), 422);
    assert!(refused["error"].as_str().unwrap().contains("c3"), "{refused}");
    let chess = new_game(&url, "games/chess.rules")["id"].as_str().unwrap().to_string();
    let chess_saved = get(&url, &format!("/api/sessions/{chess}/transcript")).body;
    let wrong =
        expect(post(&url, &format!("/api/sessions/{other}/transcript"), &json!({ "transcript": chess_saved })), 422);
    assert!(wrong["error"].as_str().unwrap().contains("Chess"), "{wrong}");
    expect(request(&url, "POST", &format!("/api/sessions/{other}/transcript"), Some("not json at all")), 422);
    expect(request(&url, "POST", &format!("/api/sessions/{other}/transcript"), Some("")), 400);
    expect(post(&url, &format!("/api/sessions/{other}/transcript"), &json!({ "transcript": 5 })), 400);
    assert_eq!(expect(get(&url, &format!("/api/sessions/{other}")), 200)["options"][0]["value"], true);
    expect(request(&url, "DELETE", &format!("/api/sessions/{other}/transcript"), None), 405);
}

#[test]
fn computer_players_and_hints_choose_legal_moves() {
    let url = start(&["games"]);
    let id = new_game(&url, MOON)["id"].as_str().unwrap().to_string();
    let legal: Vec<Value> =
        expect(get(&url, &format!("/api/sessions/{id}/moves")), 200)["moves"].as_array().unwrap().clone();
    let hint = expect(post(&url, &format!("/api/sessions/{id}/hint"), &json!({ "time_ms": 50 })), 200);
    let index = hint["index"].as_u64().unwrap() as usize;
    assert_eq!(legal[index]["text"], hint["move"]);
    assert_eq!(expect(get(&url, &format!("/api/sessions/{id}")), 200)["ply"], 0, "a hint plays nothing");
    let random = expect(post(&url, &format!("/api/sessions/{id}/ai"), &json!({ "agent": "random", "ply": 0 })), 200);
    assert_eq!(random["ply"], 1);
    assert_eq!(random["log"][0]["move"], random["played"]);
    let search = expect(post(&url, &format!("/api/sessions/{id}/ai"), &json!({ "agent": "mcts", "time_ms": 50 })), 200);
    assert_eq!((search["ply"].clone(), search["log"][1]["player"].clone()), (json!(2), json!("black")));
    let counted =
        expect(post(&url, &format!("/api/sessions/{id}/ai"), &json!({ "agent": "mcts", "playouts": 20 })), 200);
    assert_eq!(counted["ply"], 3);
    for bad in [
        json!({ "agent": "oracle" }),
        json!({ "agent": 1 }),
        json!({ "time_ms": 0 }),
        json!({ "time_ms": 600000 }),
        json!({ "playouts": "many" }),
    ] {
        expect(post(&url, &format!("/api/sessions/{id}/ai"), &bad), 400);
        expect(post(&url, &format!("/api/sessions/{id}/hint"), &bad), 400);
    }
    expect(post(&url, &format!("/api/sessions/{id}/ai"), &json!({ "ply": 0 })), 409);
    expect(get(&url, &format!("/api/sessions/{id}/ai")), 405);
}

#[test]
fn games_play_to_their_end_and_then_refuse_moves() {
    let url = start(&["games"]);
    let id = new_game(&url, "games/tic_tac_toe.rules")["id"].as_str().unwrap().to_string();
    let mut last = Value::Null;
    for mv in ["b2", "a1", "a2", "c2", "a3", "c1", "b1", "b3", "c3"] {
        last = expect(post(&url, &format!("/api/sessions/{id}/play"), &json!({ "move": mv })), 200);
        if last["over"] == true {
            break;
        }
    }
    assert_eq!(last["over"], true, "{}", last["log"]);
    assert!(last["outcome"].is_object());
    assert_eq!(last["to_move"], Value::Null);
    assert_eq!(expect(get(&url, &format!("/api/sessions/{id}/moves")), 200)["moves"], json!([]));
    let over = expect(post(&url, &format!("/api/sessions/{id}/play"), &json!({ "index": 0 })), 422);
    assert!(over["error"].as_str().unwrap().contains("over"));
    expect(post(&url, &format!("/api/sessions/{id}/ai"), &json!({ "agent": "random" })), 422);
}

#[test]
fn explain_says_why_a_move_is_illegal() {
    let url = start(&["games"]);
    let id = new_game(&url, MOON)["id"].as_str().unwrap().to_string();
    let path = format!("/api/sessions/{id}/explain");
    let no = expect(post(&url, &path, &json!({ "move": "c3" })), 200);
    assert_eq!(no["legal"], false);
    assert!(no["message"].as_str().unwrap().contains("c3"), "{no}");
    assert!(no["text"].as_str().unwrap().contains("place man on empty and not centre"), "{no}");
    assert_eq!(no["diagnostic"]["file"], MOON);
    assert!(no["diagnostic"]["line"].as_u64().unwrap() > 1);
    let yes = expect(post(&url, &path, &json!({ "move": "a1" })), 200);
    assert_eq!(yes["legal"], true);
    expect(post(&url, &path, &json!({ "move": "q9" })), 422);
    expect(post(&url, &path, &json!({})), 400);
    expect(post(&url, &path, &json!({ "move": ["a1"] })), 400);
}

#[test]
fn bad_requests_get_a_4xx_and_a_message() {
    let url = start(&["games"]);
    let id = new_game(&url, MOON)["id"].as_str().unwrap().to_string();
    let cases: Vec<(&str, String, Option<&str>, u16)> = vec![
        ("GET", "/nothing/here".into(), None, 404),
        ("GET", "/api/nothing".into(), None, 404),
        ("GET", "/api/sessions/g999999".into(), None, 404),
        ("GET", "/api/sessions/bogus/moves".into(), None, 404),
        ("POST", "/api/sessions/g999999/play".into(), Some(r#"{"index":0}"#), 404),
        ("GET", format!("/api/sessions/{id}/nothing"), None, 404),
        ("POST", "/api/sessions".into(), Some("{bad json"), 400),
        ("POST", "/api/sessions".into(), Some("[1,2]"), 400),
        ("POST", "/api/sessions".into(), Some("{}"), 400),
        ("POST", "/api/sessions".into(), Some(r#"{"file":"/etc/passwd"}"#), 404),
        ("POST", "/api/sessions".into(), Some(r#"{"file":"games/../Cargo.toml"}"#), 404),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"file":"games/man_in_the_moon.rules","options":{"nope":true}}"#),
            400,
        ),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"file":"games/man_in_the_moon.rules","options":{"long_moves":7}}"#),
            400,
        ),
        ("POST", "/api/sessions".into(), Some(r#"{"file":"games/man_in_the_moon.rules","options":[1]}"#), 400),
        (
            "POST",
            "/api/sessions".into(),
            Some(r#"{"file":"games/man_in_the_moon.rules","options":{"long_moves":[1]}}"#),
            400,
        ),
        ("POST", "/api/sessions".into(), Some(r#"{"file":"games/man_in_the_moon.rules","transcript":7}"#), 400),
        ("PUT", "/api/sessions".into(), Some("{}"), 405),
        ("POST", "/api/games".into(), Some("{}"), 405),
        ("DELETE", "/".into(), None, 405),
        ("GET", format!("/api/sessions/{id}/play"), None, 405),
        ("PATCH", format!("/api/sessions/{id}"), None, 405),
        ("POST", format!("/api/sessions/{id}/play"), Some("\u{1}\u{2}"), 400),
        ("GET", "/api/diagnostics".into(), None, 400),
        ("GET", "/api/diagnostics?file=nothing.rules".into(), None, 404),
    ];
    for (method, path, body, status) in cases {
        let reply = request(&url, method, &path, body);
        assert_eq!(reply.status, status, "{method} {path}: {}", reply.body);
        let error = reply.json();
        assert!(error["error"].as_str().is_some_and(|e| e.len() > 10), "{method} {path}: {error}");
    }
    // The server still answers, and the game is whole.
    assert_eq!(expect(get(&url, &format!("/api/sessions/{id}")), 200)["ply"], 0);
    expect(request(&url, "DELETE", &format!("/api/sessions/{id}"), None), 200);
    expect(get(&url, &format!("/api/sessions/{id}")), 404);
    expect(request(&url, "DELETE", &format!("/api/sessions/{id}"), None), 404);
}

#[test]
fn concurrent_games_are_independent() {
    let url = start(&["games"]);
    let threads: Vec<_> = (0..6)
        .map(|t| {
            let url = url.clone();
            std::thread::spawn(move || {
                let id = new_game(&url, MOON)["id"].as_str().unwrap().to_string();
                let moves = ["a1", "e5", "b1", "d5", "a2", "e4"];
                for (i, mv) in moves.iter().enumerate().take(t) {
                    let after = expect(post(&url, &format!("/api/sessions/{id}/play"), &json!({ "move": mv })), 200);
                    assert_eq!(after["ply"], i + 1);
                }
                (id, t)
            })
        })
        .collect();
    let games: Vec<(String, usize)> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    for (id, played) in &games {
        let game = expect(get(&url, &format!("/api/sessions/{id}")), 200);
        assert_eq!(game["ply"], *played, "{id}");
    }
    let ids = expect(get(&url, "/api/sessions"), 200)["sessions"].as_array().unwrap().len();
    assert_eq!(ids, games.len());
}

#[test]
fn an_edited_rule_file_shows_its_errors_or_reloads() {
    let dir = scratch("watch");
    let file = dir.join("ttt.rules");
    let good = std::fs::read_to_string("games/tic_tac_toe.rules").unwrap();
    std::fs::write(&file, &good).unwrap();
    let url = start(&[dir.to_str().unwrap()]);
    let name = file.display().to_string();
    let listed = expect(get(&url, "/api/games"), 200);
    assert_eq!(listed["games"][0]["file"], name.as_str());
    let id = new_game(&url, &name)["id"].as_str().unwrap().to_string();
    expect(post(&url, &format!("/api/sessions/{id}/play"), &json!({ "move": "b2" })), 200);
    let quiet = expect(get(&url, &format!("/api/sessions/{id}/watch")), 200);
    assert_eq!((quiet["version"].clone(), quiet["broken"].clone()), (json!(0), Value::Null));

    // Broken: the diagnostics, with file, line and column, at the next poll.
    std::fs::write(&file, format!("{good}\nthis is not a rule\n")).unwrap();
    let watched = expect(get(&url, &format!("/api/sessions/{id}/watch")), 200);
    assert_eq!(watched["version"], 1);
    let diagnostic = &watched["broken"][0];
    assert_eq!(diagnostic["file"], name.as_str());
    assert_eq!(diagnostic["line"], good.lines().count() + 2);
    assert!(diagnostic["column"].as_u64().unwrap() >= 1 && diagnostic["message"].as_str().unwrap().len() > 5);
    let state = expect(get(&url, &format!("/api/sessions/{id}")), 200);
    assert_eq!((state["broken"].clone(), state["ply"].clone()), (watched["broken"].clone(), json!(1)));
    let checked = expect(get(&url, &format!("/api/diagnostics?file={}", name.replace('/', "%2F"))), 200);
    assert_eq!(checked["status"], "errors");
    assert_eq!(checked["diagnostics"][0]["line"], diagnostic["line"]);
    // Starting a game of it now says why not.
    let refused = expect(post(&url, "/api/sessions", &json!({ "file": name })), 422);
    assert!(refused["diagnostics"].as_array().is_some_and(|d| !d.is_empty()));

    // Mended (here with another title): the game reloads with its moves.
    std::fs::write(&file, good.replace("game \"Tic-Tac-Toe\"", "game \"Noughts\"")).unwrap();
    let mended = expect(get(&url, &format!("/api/sessions/{id}/watch")), 200);
    assert_eq!((mended["version"].clone(), mended["broken"].clone()), (json!(2), Value::Null));
    assert!(mended["note"].as_str().unwrap().contains("1 moves replayed"), "{mended}");
    let state = expect(get(&url, &format!("/api/sessions/{id}")), 200);
    assert_eq!((state["game"].clone(), state["ply"].clone()), (json!("Noughts"), json!(1)));
    assert_eq!(expect(get(&url, &format!("/api/diagnostics?file={name}")), 200)["status"], "ok");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_thinking_computer_holds_up_no_other_game_nor_the_poll() {
    let url = start(&["games"]);
    let thinking = new_game(&url, MOON)["id"].as_str().unwrap().to_string();
    let other = new_game(&url, MOON)["id"].as_str().unwrap().to_string();
    let search = {
        let (url, id) = (url.clone(), thinking.clone());
        std::thread::spawn(move || {
            expect(post(&url, &format!("/api/sessions/{id}/ai"), &json!({ "agent": "mcts", "time_ms": 2000 })), 200)
        })
    };
    std::thread::sleep(std::time::Duration::from_millis(300));
    let asked = std::time::Instant::now();
    let poll = expect(get(&url, &format!("/api/sessions/{thinking}/watch")), 200);
    assert_eq!(poll["busy"], true, "{poll}");
    let played = expect(post(&url, &format!("/api/sessions/{other}/play"), &json!({ "move": "a1" })), 200);
    assert_eq!(played["ply"], 1);
    assert!(asked.elapsed() < std::time::Duration::from_millis(1200), "{:?}", asked.elapsed());
    assert_eq!(search.join().unwrap()["ply"], 1);
    assert_eq!(expect(get(&url, &format!("/api/sessions/{thinking}/watch")), 200)["version"], 0);
}

#[test]
fn every_bundled_game_plays_through_the_interface() {
    let url = start(&["games"]);
    let list = expect(get(&url, "/api/games"), 200);
    for entry in list["games"].as_array().unwrap() {
        let file = entry["file"].as_str().unwrap();
        let mut game = new_game(&url, file);
        let id = game["id"].as_str().unwrap().to_string();
        for _ in 0..80 {
            if game["over"] == true {
                break;
            }
            let moves = expect(get(&url, &format!("/api/sessions/{id}/moves")), 200);
            let moves = moves["moves"].as_array().unwrap();
            assert!(!moves.is_empty(), "{file}: no moves at ply {}", game["ply"]);
            for mv in moves {
                assert!(mv["text"].as_str().is_some_and(|t| !t.is_empty()), "{file}: {mv}");
            }
            // Dice and follow-ups included: the last move is played by its index.
            let last = moves.len() - 1;
            game = expect(
                post(&url, &format!("/api/sessions/{id}/play"), &json!({ "index": last, "ply": game["ply"] })),
                200,
            );
            assert!(game["svg"].as_str().unwrap().starts_with("<svg"), "{file}");
        }
        let saved = get(&url, &format!("/api/sessions/{id}/transcript")).body;
        let reloaded = expect(post(&url, "/api/sessions", &json!({ "file": file, "transcript": saved })), 201);
        assert_eq!(reloaded["log"], game["log"], "{file}");
        // Ended, as the server keeps only so many games at once.
        for id in [id.as_str(), reloaded["id"].as_str().unwrap()] {
            expect(request(&url, "DELETE", &format!("/api/sessions/{id}"), None), 200);
        }
    }
}

/// `POST /api/analyses` plays in the background; polling shows the games
/// played, then the figures (the CLI's, for the same seed) and the report.
#[test]
fn analyses_run_in_the_background_and_match_the_cli() {
    let url = start(&["games"]);
    let body = json!({ "file": "games/tic_tac_toe.rules", "games": 200, "seed": 5 });
    let job = expect(post(&url, "/api/analyses", &body), 202);
    assert_eq!((job["total"].clone(), job["players"].clone()), (json!(200), json!("random")));
    let id = job["id"].as_str().unwrap().to_string();
    let started = std::time::Instant::now();
    let done = loop {
        let job = expect(get(&url, &format!("/api/analyses/{id}")), 200);
        assert!(job["played"].as_u64().unwrap() <= 200);
        if job["done"] == json!(true) {
            break job;
        }
        assert!(started.elapsed().as_secs() < 30, "the analysis did not finish");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(done["played"], json!(200));
    let cli = crate::run::orrery(&[
        "analyze",
        "games/tic_tac_toe.rules",
        "--games",
        "200",
        "--seed",
        "5",
        "--format",
        "json",
    ]);
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(done["analysis"], cli);
    let html = done["html"].as_str().unwrap();
    assert!(html.contains("<svg") && html.contains("Analysis of Tic-Tac-Toe"), "{html}");
    // With `vs`, both files and their differences.
    let body = json!({ "file": MOON, "vs": "games/variants/big_moon.rules", "games": 5, "players": "mcts:5" });
    let id = expect(post(&url, "/api/analyses", &body), 202)["id"].as_str().unwrap().to_string();
    let done = loop {
        let job = expect(get(&url, &format!("/api/analyses/{id}")), 200);
        if job["done"] == json!(true) {
            break job;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(done["total"], json!(10));
    assert!(done["analysis"]["differences"].as_array().unwrap().len() >= 5, "{}", done["analysis"]);
}

#[test]
fn bad_analysis_requests_are_refused() {
    let url = start(&["games"]);
    for (body, status, says) in [
        (json!({}), 400, "give `file`"),
        (json!({ "file": "games/nothing.rules" }), 404, "not one of the rule files"),
        (json!({ "file": MOON, "vs": 3 }), 400, "`vs` must be"),
        (json!({ "file": MOON, "games": 0 }), 400, "`games` must be a whole number, 1 to 5000"),
        (json!({ "file": MOON, "games": 10000 }), 400, "1 to 5000"),
        (json!({ "file": MOON, "players": "alphabeta" }), 400, "mcts:PLAYOUTS"),
        (json!({ "file": MOON, "players": "mcts:100000" }), 400, "at most 2000 playouts"),
        (json!({ "file": MOON, "players": "mcts:5s" }), 400, "at most 1s a move"),
        (json!({ "file": MOON, "max_plies": 100000 }), 400, "`max_plies` must be"),
        (json!({ "file": MOON, "options": { "no_such": true } }), 422, "does not load"),
    ] {
        let reply = post(&url, "/api/analyses", &body);
        assert_eq!(reply.status, status, "{body}: {}", reply.body);
        assert!(reply.body.contains(says), "{body}: {}", reply.body);
    }
    let reply = get(&url, "/api/analyses/a999");
    assert_eq!(reply.status, 404);
    assert_eq!(request(&url, "DELETE", "/api/analyses", None).status, 405);
}

/// `DELETE /api/analyses/ID` stops an analysis between two games.
#[test]
fn an_analysis_can_be_stopped() {
    let url = start(&["games"]);
    let body = json!({ "file": "games/chess.rules", "games": 5000, "players": "mcts:50" });
    let id = expect(post(&url, "/api/analyses", &body), 202)["id"].as_str().unwrap().to_string();
    let stopping = expect(request(&url, "DELETE", &format!("/api/analyses/{id}"), None), 200);
    assert_eq!(stopping["id"], json!(id));
    let started = std::time::Instant::now();
    let done = loop {
        let job = expect(get(&url, &format!("/api/analyses/{id}")), 200);
        if job["done"] == json!(true) {
            break job;
        }
        assert!(started.elapsed().as_secs() < 30, "the analysis did not stop");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert_eq!(done["error"], json!("stopped before its games were all played"));
    assert!(done["played"].as_u64().unwrap() < 5000, "{done}");
    assert_eq!(request(&url, "DELETE", "/api/analyses/a999", None).status, 404);
    assert_eq!(request(&url, "PUT", &format!("/api/analyses/{id}"), None).status, 405);
}
