//! `orrery serve`: its JSON interface over HTTP, every route with its good
//! and bad requests (`serve/api.rs`), who may use it (`serve/access.rs`),
//! its connections (`serve/connections.rs`: slow clients, kept-alive
//! connections, HEAD), its limits (`serve/limits.rs`: bodies, games, plies,
//! the cached list, links out of the folders served), the command line
//! (`serve/cli.rs`), and the page in a real headless Chromium driven over
//! WebDriver (`serve/browser.rs`, skipped with a message where Chromium is
//! missing). Servers are started in the test process on free loopback ports.

mod access;
mod api;
mod browser;
mod cli;
mod client;
mod connections;
mod limits;

use orrery::serve::{Limits, Server};
use std::path::PathBuf;

/// A server for `paths` on a free loopback port, answering on background
/// threads; its address.
pub fn start(paths: &[&str]) -> String {
    bind(paths).spawn()
}

/// A server for `paths` with these limits; its address.
pub fn start_with(paths: &[&str], limits: Limits) -> String {
    bind(paths).with_limits(limits).spawn()
}

/// A server for `paths` on a free loopback port, not yet answering.
pub fn bind(paths: &[&str]) -> Server {
    let paths = paths.iter().map(PathBuf::from).collect();
    Server::bind(paths, "127.0.0.1", 0).expect("a free port")
}

/// A fresh folder under the test build's scratch space.
pub fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("serve_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
