//! The server's connections: clients that send slowly hold up no one and
//! are cut off at their deadline, a kept-alive connection is answered at
//! once, and HEAD is answered as GET without the body.

use super::client::{address, get, read_reply, request};
use super::{start, start_with};
use orrery::serve::Limits;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

fn connect(url: &str) -> TcpStream {
    let stream = TcpStream::connect(address(url)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream
}

/// Connections that have begun a request and send no more of it: half of
/// them in their headers, half in their body.
fn stalled(url: &str, count: usize) -> Vec<TcpStream> {
    (0..count)
        .map(|i| {
            let mut stream = connect(url);
            let host = address(url);
            let head = if i % 2 == 0 {
                format!("GET /api HTTP/1.1\r\nHost: {host}\r\nX-Slow: ")
            } else {
                format!(
                    "POST /api/sessions HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
                     Content-Length: 100\r\n\r\n{{\"file\":"
                )
            };
            stream.write_all(head.as_bytes()).unwrap();
            stream
        })
        .collect()
}

#[test]
fn slow_clients_hold_up_no_other_request() {
    let url = start(&["games"]);
    // More stalled clients than the old server had workers (8).
    let slow = stalled(&url, 16);
    std::thread::sleep(Duration::from_millis(100));
    let started = Instant::now();
    assert_eq!(get(&url, "/api").status, 200);
    let waited = started.elapsed();
    assert!(waited < Duration::from_secs(2), "a request waited {waited:?} behind slow clients");
    drop(slow);
}

#[test]
fn slow_clients_are_cut_off_at_their_deadline() {
    let deadline = Duration::from_millis(300);
    let limits = Limits { header_deadline: deadline, body_deadline: deadline, ..Limits::default() };
    let url = start_with(&["games"], limits);
    for mut stream in stalled(&url, 2) {
        // A byte every 100 ms for 1.5 s: each read is quick, the request never ends.
        let mut dripping = stream.try_clone().unwrap();
        let drip = std::thread::spawn(move || {
            for _ in 0..15 {
                std::thread::sleep(Duration::from_millis(100));
                let _ = dripping.write_all(b"x");
            }
        });
        let started = Instant::now();
        let reply = read_reply(&mut stream, false);
        let cut_off = started.elapsed();
        assert_eq!(reply.status, 408, "{}", reply.body);
        assert!(reply.json()["error"].as_str().unwrap().contains("did not arrive in time"));
        assert!(cut_off < deadline * 3, "cut off after {cut_off:?}, the deadline is {deadline:?}");
        let mut rest = Vec::new();
        assert_eq!(stream.read_to_end(&mut rest).map(|_| rest.len()).unwrap_or(0), 0, "the connection is closed");
        drip.join().unwrap();
    }
}

#[test]
fn a_kept_alive_connection_is_answered_at_once() {
    let url = start(&["games"]);
    let mut stream = connect(&url);
    let host = address(&url);
    let ask = |stream: &mut TcpStream, path: &str| {
        let head = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        let reply = read_reply(stream, false);
        assert_eq!(reply.status, 200, "{}", reply.body);
        assert!(reply.headers.to_ascii_lowercase().contains("connection: keep-alive"), "{}", reply.headers);
    };
    ask(&mut stream, "/api/games");
    let started = Instant::now();
    for i in 0..20 {
        // The page (kilobytes) and a short JSON reply, as a browser asks them.
        ask(&mut stream, if i % 2 == 0 { "/" } else { "/api" });
    }
    let took = started.elapsed();
    // About 40 ms a request when a reply waits on the client's delayed ACK.
    assert!(took < Duration::from_millis(300), "20 requests on one connection took {took:?}");
}

#[test]
fn head_is_answered_as_get_without_a_body() {
    let url = start(&["games"]);
    for path in ["/", "/app.js", "/api", "/api/games", "/api/sessions"] {
        let full = get(&url, path);
        let head = request(&url, "HEAD", path, None);
        assert_eq!(head.status, 200, "HEAD {path}: {}", head.body);
        assert_eq!(head.body, "", "HEAD {path}");
        assert_eq!(head.content_type, full.content_type, "HEAD {path}");
        let length = format!("content-length: {}", full.body.len());
        assert!(head.headers.to_ascii_lowercase().contains(&length), "HEAD {path}: {}", head.headers);
    }
    assert_eq!(request(&url, "HEAD", "/api/nothing", None).status, 404);
}

#[test]
fn connections_past_the_limit_wait_for_one_to_close() {
    let deadline = Duration::from_millis(300);
    let limits = Limits { max_connections: 2, header_deadline: deadline, ..Limits::default() };
    let url = start_with(&["games"], limits);
    let slow = stalled(&url, 2);
    std::thread::sleep(Duration::from_millis(50));
    // The third waits for a stalled one's deadline, and is then answered.
    let started = Instant::now();
    assert_eq!(get(&url, "/api").status, 200);
    let waited = started.elapsed();
    assert!(waited >= deadline / 2 && waited < deadline * 6, "waited {waited:?}");
    drop(slow);
}
