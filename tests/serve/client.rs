//! A tiny HTTP/1.1 client over a TCP stream, enough to talk to `orrery
//! serve` and to chromedriver: one request a connection, the whole reply read.

use serde_json::Value;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

pub struct Reply {
    pub status: u16,
    pub content_type: String,
    /// The header block, as sent.
    pub headers: String,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.body))
    }
}

/// `base`: `http://HOST:PORT/`; `path`: from `/`.
pub fn request(base: &str, method: &str, path: &str, body: Option<&str>) -> Reply {
    let host = address(base);
    let headers = [("Host", host), ("Content-Type", "application/json")];
    request_with(base, method, path, &headers, body)
}

/// `HOST:PORT` of `http://HOST:PORT/`.
pub fn address(base: &str) -> &str {
    base.trim_start_matches("http://").split('/').next().unwrap_or("")
}

/// A request with exactly these headers (and Content-Length, Connection: close).
pub fn request_with(base: &str, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&str>) -> Reply {
    let host = address(base);
    let mut stream = TcpStream::connect(host).unwrap_or_else(|e| panic!("cannot connect to {host}: {e}"));
    stream.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    let body = body.unwrap_or("");
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\nContent-Length: {}\r\n", body.len());
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body.as_bytes()).unwrap();
    read_reply(&mut stream, method == "HEAD")
}

/// Reads one reply: its headers, then as much body as they announce
/// (none for `head`, the reply to HEAD).
pub fn read_reply(stream: &mut TcpStream, head: bool) -> Reply {
    // Read up to the end of the headers, then as much as they announce: a
    // server may keep the connection open whatever the request asked.
    let mut raw = Vec::new();
    let mut buf = [0u8; 16384];
    let split = loop {
        if let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break split;
        }
        let n = stream.read(&mut buf).expect("a reply");
        assert!(n > 0, "the connection closed before the headers ended: {}", String::from_utf8_lossy(&raw));
        raw.extend_from_slice(&buf[..n]);
    };
    let headers = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = headers.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status");
    let header = |name: &str| {
        headers.lines().find_map(|l| {
            l.split_once(':').filter(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.trim().to_string())
        })
    };
    let mut payload = raw[split + 4..].to_vec();
    let chunked = header("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked"));
    let length = header("content-length").and_then(|v| v.parse::<usize>().ok());
    loop {
        let done = head
            || match length {
                Some(length) => payload.len() >= length,
                None if chunked => payload.windows(5).any(|w| w == b"0\r\n\r\n"),
                None => false,
            };
        if done {
            break;
        }
        let n = stream.read(&mut buf).expect("the reply's body");
        if n == 0 {
            break;
        }
        payload.extend_from_slice(&buf[..n]);
    }
    if chunked {
        payload = dechunk(&payload);
    }
    Reply {
        status,
        content_type: header("content-type").unwrap_or_default(),
        headers,
        body: String::from_utf8_lossy(&payload).to_string(),
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = data.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&data[..end]).trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        let start = end + 2;
        out.extend_from_slice(&data[start..(start + size).min(data.len())]);
        data = &data[(start + size + 2).min(data.len())..];
    }
    out
}

pub fn get(base: &str, path: &str) -> Reply {
    request(base, "GET", path, None)
}

pub fn post(base: &str, path: &str, body: &Value) -> Reply {
    request(base, "POST", path, Some(&body.to_string()))
}

/// Sends and expects `status`; the JSON reply.
pub fn expect(reply: Reply, status: u16) -> Value {
    assert_eq!(reply.status, status, "status {} (wanted {status}): {}", reply.status, reply.body);
    reply.json()
}
