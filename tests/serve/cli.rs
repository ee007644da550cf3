//! `orrery serve` on the command line: it prints the page's address, and
//! refuses what it cannot serve.

use super::client::get;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const ORRERY: &str = env!("CARGO_BIN_EXE_orrery");

#[test]
fn serve_prints_its_address_and_answers_there() {
    let mut child = Command::new(ORRERY)
        .args(["serve", "games/man_in_the_moon.rules", "games/chess.rules", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
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
