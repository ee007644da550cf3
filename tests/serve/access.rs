//! Who may use the server: requests sent to another name (DNS rebinding),
//! state changes from another site's page (CSRF), bodies that are not
//! JSON, and, for a server that needs one, API calls without its token,
//! are refused with a 4xx and a message.

use super::client::{Reply, address, request, request_with};
use super::{bind, start};

const CHESS: &str = r#"{"file":"games/chess.rules"}"#;

fn refused(reply: &Reply, status: u16, words: &str) {
    let short: String = reply.body.chars().take(300).collect();
    assert_eq!(reply.status, status, "{short}");
    let message = reply.json()["error"].as_str().unwrap_or("").to_string();
    assert!(message.contains(words), "{message}");
}

#[test]
fn requests_for_another_host_are_refused() {
    let url = start(&["games"]);
    let port = address(&url).rsplit(':').next().unwrap().to_string();
    let evil = format!("evil.example:{port}");
    // The tester's request: another site's name for this address, a text body.
    let reply = request_with(
        &url,
        "POST",
        "/api/sessions",
        &[("Host", &evil), ("Origin", "http://evil.example"), ("Content-Type", "text/plain")],
        Some(CHESS),
    );
    refused(&reply, 403, "evil.example");
    refused(&request_with(&url, "GET", "/api/games", &[("Host", &evil)], None), 403, "not for");
    refused(&request_with(&url, "GET", "/", &[("Host", &evil)], None), 403, "not for");
    // Right name, wrong port; no Host at all.
    refused(&request_with(&url, "GET", "/api", &[("Host", "127.0.0.1:1")], None), 403, "not for");
    refused(&request_with(&url, "GET", "/api", &[], None), 400, "Host");
    // This machine's names for the address served are answered.
    for name in ["localhost", "127.0.0.1", "LOCALHOST"] {
        let host = format!("{name}:{port}");
        assert_eq!(request_with(&url, "GET", "/api", &[("Host", &host)], None).status, 200, "{host}");
    }
}

#[test]
fn state_changes_from_another_origin_are_refused() {
    let url = start(&["games"]);
    let host = address(&url);
    let json = ("Content-Type", "application/json");
    for origin in ["http://evil.example", "null", "https://127.0.0.1", "http://localhost:1"] {
        let reply =
            request_with(&url, "POST", "/api/sessions", &[("Host", host), ("Origin", origin), json], Some(CHESS));
        refused(&reply, 403, "only the server's own page");
    }
    let own = format!("http://{host}");
    let reply = request_with(&url, "POST", "/api/sessions", &[("Host", host), ("Origin", &own), json], Some(CHESS));
    assert_eq!(reply.status, 201, "{}", reply.body);
    let id = reply.json()["id"].as_str().unwrap().to_string();
    // A DELETE from elsewhere is a state change too.
    let path = format!("/api/sessions/{id}");
    refused(&request_with(&url, "DELETE", &path, &[("Host", host), ("Origin", "http://evil.example")], None), 403, "");
    // Without an Origin (curl, scripts) state changes are answered; reads are
    // answered whatever the Origin (the browser keeps the reply from a foreign page).
    assert_eq!(request_with(&url, "POST", "/api/sessions", &[("Host", host), json], Some(CHESS)).status, 201);
    let read = request_with(&url, "GET", &path, &[("Host", host), ("Origin", "http://evil.example")], None);
    assert_eq!(read.status, 200);
    assert!(!read.headers.to_ascii_lowercase().contains("access-control-allow-origin"), "{}", read.headers);
}

#[test]
fn bodies_must_be_json() {
    let url = start(&["games"]);
    let host = address(&url);
    for kind in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
        let reply = request_with(&url, "POST", "/api/sessions", &[("Host", host), ("Content-Type", kind)], Some(CHESS));
        refused(&reply, 415, "application/json");
    }
    let reply = request_with(&url, "POST", "/api/sessions", &[("Host", host)], Some(CHESS));
    refused(&reply, 415, "none");
    // A form's empty POST carries its type too.
    let id = request(&url, "POST", "/api/sessions", Some(CHESS)).json()["id"].as_str().unwrap().to_string();
    let undo = format!("/api/sessions/{id}/undo");
    refused(&request_with(&url, "POST", &undo, &[("Host", host), ("Content-Type", "text/plain")], None), 415, "");
    let json = [("Host", host), ("Content-Type", "application/json; charset=utf-8")];
    assert_eq!(request_with(&url, "POST", "/api/sessions", &json, Some(CHESS)).status, 201);
}

#[test]
fn a_server_with_a_token_answers_api_calls_only_with_it() {
    let server = bind(&["games"]).with_token();
    let token = server.token().unwrap().to_string();
    assert!(token.len() >= 32, "{token}");
    assert!(server.page_url().ends_with(&format!("/?token={token}")), "{}", server.page_url());
    let url = server.spawn();
    let host = address(&url);
    let json = ("Content-Type", "application/json");
    refused(&request_with(&url, "GET", "/api/games", &[("Host", host)], None), 401, "X-Orrery-Token");
    let wrong = ("X-Orrery-Token", "0123456789abcdef0123456789abcdef");
    refused(&request_with(&url, "GET", "/api/games", &[("Host", host), wrong], None), 401, "token");
    refused(&request_with(&url, "POST", "/api/sessions", &[("Host", host), json], Some(CHESS)), 401, "token");
    let right = ("X-Orrery-Token", token.as_str());
    assert_eq!(request_with(&url, "GET", "/api/games", &[("Host", host), right], None).status, 200);
    assert_eq!(request_with(&url, "POST", "/api/sessions", &[("Host", host), right, json], Some(CHESS)).status, 201);
    // The page itself loads without it, and its script sends it on every call.
    assert_eq!(request_with(&url, "GET", "/", &[("Host", host)], None).status, 200);
    let script = request_with(&url, "GET", "/app.js", &[("Host", host)], None).body;
    assert!(script.contains(r#"options.headers["X-Orrery-Token"] = TOKEN"#), "the page sends the token");
    assert!(script.contains(r#"options.headers["Content-Type"] = "application/json""#), "the page sends JSON");
}
