//! `orrery serve` on the command line: it prints the page's address, and
//! refuses what it cannot serve.

use super::client::{get, request_with};
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};

const ORRERY: &str = env!("CARGO_BIN_EXE_orrery");

/// `orrery serve ARGS…` started, and the first line it prints (its address).
fn serve(args: &[&str]) -> (Child, String) {
    let mut child =
        Command::new(ORRERY).arg("serve").args(args).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    (child, line)
}

#[test]
fn serve_prints_its_address_and_answers_there() {
    let (mut child, line) = serve(&["games/man_in_the_moon.rules", "games/chess.rules", "--port", "0"]);
    let url = line.split_whitespace().find(|w| w.starts_with("http://127.0.0.1:")).map(str::to_string);
    let answered = url.as_ref().map(|url| (get(url, "/").status, get(url, "/api/games").json()));
    let _ = child.kill();
    let _ = child.wait();
    let url = url.unwrap_or_else(|| panic!("no address in {line:?}"));
    assert!(line.contains("2 rule files"), "{line}");
    let (page, games) = answered.unwrap();
    assert_eq!(page, 200, "{url}");
    assert_eq!(games["games"].as_array().unwrap().len(), 2);
}

#[test]
fn serve_refuses_missing_files_and_busy_ports() {
    let out = Command::new(ORRERY).args(["serve", "no/such/folder", "--port", "0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such file or folder: no/such/folder"));
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let out = Command::new(ORRERY).args(["serve", "games", "--port", &port]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("cannot listen on 127.0.0.1:") && stderr.contains("--port 0"), "{stderr}");
}

/// Beyond this machine's loopback (here every address, reached through
/// the loopback), the server warns, prints its address with a token, and
/// answers API calls only with it.
#[test]
fn serve_beyond_loopback_warns_and_needs_its_token() {
    let (mut child, line) = serve(&["games/chess.rules", "--host", "0.0.0.0", "--port", "0"]);
    let address = line.split_whitespace().find(|w| w.starts_with("http://0.0.0.0:")).map(str::to_string);
    let answered = address.as_ref().and_then(|address| {
        let (base, token) = address.split_once("?token=")?;
        let url = base.replace("0.0.0.0", "127.0.0.1");
        let host = super::client::address(&url).to_string();
        let without = request_with(&url, "GET", "/api/games", &[("Host", &host)], None).status;
        let with = request_with(&url, "GET", "/api/games", &[("Host", &host), ("X-Orrery-Token", token)], None).status;
        Some((without, with, token.len()))
    });
    let _ = child.kill();
    let mut stderr = String::new();
    let _ = child.stderr.take().unwrap().read_to_string(&mut stderr);
    let _ = child.wait();
    let (without, with, token) = answered.unwrap_or_else(|| panic!("no address with a token in {line:?}"));
    assert_eq!((without, with), (401, 200));
    assert!(token >= 32, "{line}");
    assert!(stderr.contains("warning: listening on 0.0.0.0") && stderr.contains("token"), "{stderr}");
}
