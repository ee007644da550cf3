//! What the server holds is bounded: bodies past a size are refused, games
//! past a number evict the least recently used idle game (or are refused
//! when none is idle), a game keeps at most so many plies (its positions
//! replayed from checkpoints), the list of rule files is checked again
//! only when a file changes, and links do not lead out of the folders served.

use super::client::{expect, get, post, request};
use super::{scratch, start, start_with};
use orrery::serve::Limits;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const MOON: &str = "games/man_in_the_moon.rules";
const CHESS: &str = "games/chess.rules";

fn new_game(url: &str, file: &str) -> Value {
    expect(post(url, "/api/sessions", &json!({ "file": file })), 201)
}

fn id(game: &Value) -> String {
    game["id"].as_str().unwrap().to_string()
}

#[test]
fn a_body_past_the_limit_is_refused() {
    let url = start_with(&["games"], Limits { max_body: 1 << 10, ..Limits::default() });
    let long = json!({ "file": MOON, "padding": "x".repeat(2000) }).to_string();
    let reply = request(&url, "POST", "/api/sessions", Some(&long));
    assert_eq!(reply.status, 413, "{}", reply.body);
    assert!(reply.json()["error"].as_str().unwrap().contains("larger than"), "{}", reply.body);
    // Under the limit, answered.
    new_game(&url, MOON);
}

#[test]
fn games_past_the_limit_evict_the_least_recently_used_idle_one() {
    let idle = Duration::from_millis(300);
    let url = start_with(&["games"], Limits { max_games: 2, idle_game: idle, ..Limits::default() });
    let (first, second) = (id(&new_game(&url, MOON)), id(&new_game(&url, MOON)));
    // Both in use a moment ago: a third is refused, and says why.
    let full = expect(post(&url, "/api/sessions", &json!({ "file": MOON })), 503);
    assert!(full["error"].as_str().unwrap().contains("2 games"), "{full}");
    std::thread::sleep(idle + Duration::from_millis(100));
    // The first was used last: the second is evicted for the third.
    expect(get(&url, &format!("/api/sessions/{first}")), 200);
    let third = id(&new_game(&url, MOON));
    expect(get(&url, &format!("/api/sessions/{second}")), 404);
    expect(get(&url, &format!("/api/sessions/{first}")), 200);
    expect(get(&url, &format!("/api/sessions/{third}")), 200);
    let ids = expect(get(&url, "/api/sessions"), 200)["sessions"].clone();
    assert_eq!(ids, json!([first, third]));
}

#[test]
fn a_game_keeps_at_most_its_limit_of_plies() {
    let url = start_with(&["games"], Limits { max_plies: 3, ..Limits::default() });
    let game = id(&new_game(&url, MOON));
    let play = |mv: &str| post(&url, &format!("/api/sessions/{game}/play"), &json!({ "move": mv }));
    for mv in ["a1", "e5", "b1"] {
        expect(play(mv), 200);
    }
    let full = expect(play("d5"), 413);
    assert!(full["error"].as_str().unwrap().contains("3 plies"), "{full}");
    expect(post(&url, &format!("/api/sessions/{game}/ai"), &json!({ "agent": "random" })), 413);
    // Undoing makes room: the move replaces the one undone.
    expect(post(&url, &format!("/api/sessions/{game}/undo"), &json!({})), 200);
    assert_eq!(expect(play("d5"), 200)["length"], 3);
    // A longer transcript is refused, and the game is unchanged.
    let other = start(&["games"]);
    let long = id(&new_game(&other, MOON));
    for mv in ["a1", "e5", "b1", "d5"] {
        expect(post(&other, &format!("/api/sessions/{long}/play"), &json!({ "move": mv })), 200);
    }
    let transcript = get(&other, &format!("/api/sessions/{long}/transcript")).body;
    let refused =
        expect(post(&url, &format!("/api/sessions/{game}/transcript"), &json!({ "transcript": transcript })), 413);
    assert!(refused["error"].as_str().unwrap().contains("longer than 3 plies"), "{refused}");
    expect(post(&url, "/api/sessions", &json!({ "file": MOON, "transcript": transcript })), 413);
    assert_eq!(expect(get(&url, &format!("/api/sessions/{game}")), 200)["length"], 3);
}

/// Every position of a long game, shown by going to it (replayed from the
/// checkpoint before it), is the one the moves up to it lead to.
#[test]
fn positions_replayed_from_checkpoints_are_the_games_positions() {
    let url = start(&["games"]);
    let game = id(&new_game(&url, CHESS));
    let mut length = 0;
    while length < 140 {
        let reply = post(&url, &format!("/api/sessions/{game}/ai"), &json!({ "agent": "random" }));
        if reply.status != 200 {
            break;
        }
        length = reply.json()["length"].as_u64().unwrap();
    }
    assert!(length > 130, "the random game ended after {length} plies");
    for ply in [0, 1, 63, 64, 65, 100, 127, 128, 129, length - 1, length, 70] {
        let shown = expect(post(&url, &format!("/api/sessions/{game}/goto"), &json!({ "ply": ply })), 200);
        let transcript = get(&url, &format!("/api/sessions/{game}/transcript")).body;
        let fresh = expect(post(&url, "/api/sessions", &json!({ "file": CHESS, "transcript": transcript })), 201);
        assert_eq!(shown["ply"], ply);
        assert_eq!(shown["svg"], fresh["svg"], "ply {ply}");
        assert_eq!(shown["last"], fresh["last"], "ply {ply}");
        assert_eq!(shown["to_move"], fresh["to_move"], "ply {ply}");
        assert_eq!(shown["log"].as_array().unwrap().len() as u64, length, "the log keeps the redoable plies");
        request(&url, "DELETE", &format!("/api/sessions/{}", id(&fresh)), None);
    }
}

#[test]
fn the_list_of_rule_files_is_checked_again_only_when_a_file_changes() {
    let dir = scratch("catalog_cache");
    for entry in std::fs::read_dir("games").unwrap().flatten() {
        if entry.path().extension().is_some_and(|e| e == "rules") {
            std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
        }
    }
    let url = start(&[dir.to_str().unwrap()]);
    let started = Instant::now();
    let first = expect(get(&url, "/api/games"), 200);
    let checking = started.elapsed();
    let listing: Vec<Duration> = (0..21)
        .map(|_| {
            let started = Instant::now();
            assert_eq!(expect(get(&url, "/api/games"), 200), first);
            started.elapsed()
        })
        .collect();
    // Checking every file on every call made each call cost what the first
    // did. The quickest call is compared: a busy machine slows some calls,
    // not all.
    let quickest = listing.into_iter().min().unwrap();
    assert!(quickest < checking / 3, "a listing takes {quickest:?}; checking the files once took {checking:?}");
    // An edited file is checked again.
    let chess = dir.join("chess.rules");
    std::fs::write(&chess, "this is not a game").unwrap();
    let games = expect(get(&url, "/api/games"), 200)["games"].clone();
    let entry =
        games.as_array().unwrap().iter().find(|g| g["file"].as_str().unwrap().ends_with("chess.rules")).unwrap();
    assert_eq!(entry["status"], "errors", "{entry}");
}

#[cfg(unix)]
#[test]
fn links_out_of_the_folders_served_are_not_followed() {
    use std::os::unix::fs::symlink;
    let dir = scratch("links");
    let here = std::env::current_dir().unwrap();
    std::fs::copy(MOON, dir.join("moon.rules")).unwrap();
    symlink(dir.join("moon.rules"), dir.join("inside.rules")).unwrap();
    symlink(here.join(CHESS), dir.join("outside.rules")).unwrap();
    symlink(here.join("games/variants"), dir.join("outside_folder")).unwrap();
    let url = start(&[dir.to_str().unwrap()]);
    let games = expect(get(&url, "/api/games"), 200)["games"].clone();
    let mut names: Vec<String> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["file"].as_str().unwrap().rsplit('/').next().unwrap().to_string())
        .collect();
    names.sort();
    assert_eq!(names, ["inside.rules", "moon.rules"]);
    for outside in ["outside.rules", "outside_folder/big_moon.rules"] {
        let file = dir.join(outside).display().to_string();
        expect(post(&url, "/api/sessions", &json!({ "file": file })), 404);
        expect(get(&url, &format!("/api/diagnostics?file={file}")), 404);
    }
}

/// The memory a server holds after 300 uploads of a long game's transcript
/// (a probe, not run by default: `cargo test --release --test suite
/// serve::limits::memory_after_300_uploads -- --ignored --nocapture`).
/// Games are evicted as soon as they are idle, so the server holds its
/// limit of games, each at its full length.
#[test]
#[ignore]
fn memory_after_300_uploads() {
    let url = start_with(&["games"], Limits { idle_game: Duration::ZERO, ..Limits::default() });
    let game = id(&new_game(&url, CHESS));
    while post(&url, &format!("/api/sessions/{game}/ai"), &json!({ "agent": "random" })).status == 200 {}
    let transcript = get(&url, &format!("/api/sessions/{game}/transcript")).body;
    let plies = transcript.lines().filter(|l| l.contains("\"move\"")).count();
    let resident = || {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap_or("VmRSS: 0 kB").to_string();
        line.split_whitespace().nth(1).and_then(|kb| kb.parse::<u64>().ok()).unwrap_or(0) * 1024
    };
    let before = resident();
    let started = Instant::now();
    for _ in 0..300 {
        expect(post(&url, "/api/sessions", &json!({ "file": CHESS, "transcript": transcript })), 201);
    }
    let after = resident();
    let kept = Limits::default().max_games * plies;
    println!(
        "300 uploads of a {plies}-ply transcript ({} KB) in {:?}: resident {} MB before, {} MB after; \
         {} bytes a ply kept ({kept} plies in {} games)",
        transcript.len() >> 10,
        started.elapsed(),
        before >> 20,
        after >> 20,
        after.saturating_sub(before) / kept as u64,
        Limits::default().max_games,
    );
}

/// The time a burst of 200 `GET /api/games` takes, all at once, on the
/// bundled games (a probe, not run by default: `cargo test --release --test
/// suite serve::limits::a_burst_of_200_listings -- --ignored --nocapture`).
#[test]
#[ignore]
fn a_burst_of_200_listings() {
    let url = start(&["games"]);
    expect(get(&url, "/api/games"), 200);
    let started = Instant::now();
    let threads: Vec<_> = (0..200)
        .map(|_| {
            let url = url.clone();
            std::thread::spawn(move || {
                let asked = Instant::now();
                assert_eq!(get(&url, "/api/games").status, 200);
                asked.elapsed()
            })
        })
        .collect();
    let mut times: Vec<Duration> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    times.sort();
    println!("200 listings at once: {:?} in all, median {:?}, slowest {:?}", started.elapsed(), times[100], times[199]);
}
