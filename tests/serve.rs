//! `orrery serve`: its JSON interface over HTTP, every route with its good
//! and bad requests (`serve/api.rs`), the command line (`serve/cli.rs`),
//! and the page in a real headless Chromium driven over WebDriver
//! (`serve/browser.rs`, skipped with a message where Chromium is missing).
//! Servers are started in the test process on free loopback ports.

mod api;
mod browser;
mod cli;
mod client;

use std::path::PathBuf;

/// A server for `paths` on a free loopback port, answering on background
/// threads; its address.
pub fn start(paths: &[&str]) -> String {
    let paths = paths.iter().map(PathBuf::from).collect();
    orrery::serve::Server::bind(paths, "127.0.0.1", 0).expect("a free port").spawn()
}

/// A fresh folder under the test build's scratch space.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("serve_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
