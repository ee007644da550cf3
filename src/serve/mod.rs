//! `orrery serve`: a local web page to play and inspect rule files, and
//! the JSON-over-HTTP interface it uses (documented in docs/serve.md), so
//! other front ends and scripts can use it too. The page is plain HTML,
//! CSS and JavaScript shipped inside the binary (`assets/`). The server
//! answers on a few threads; each game has its own lock, so games are
//! independent. The engine knows nothing of this module.

mod api;
mod catalog;
mod error;
mod moves;
mod session;
mod sessions;

use api::{App, Reply, handle};
use catalog::Catalog;
use sessions::Sessions;
use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;

/// The largest request body read (a long transcript fits many times over).
const MAX_BODY: u64 = 16 << 20;
/// The threads answering requests: a computer player thinking in one game
/// leaves the others free.
const THREADS: usize = 8;

pub struct Server {
    http: Arc<tiny_http::Server>,
    app: Arc<App>,
    url: String,
}

impl Server {
    /// Listens on `host:port` (port 0: any free port) for the rule files
    /// in `paths` (files, or folders searched for `.rules` files).
    pub fn bind(paths: Vec<PathBuf>, host: &str, port: u16) -> Result<Server, String> {
        let http = tiny_http::Server::http((host, port)).map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let address = http.server_addr().to_ip().ok_or("the server listens on no IP address")?;
        let url = format!("http://{address}/");
        let app = App { catalog: Catalog::new(paths), sessions: Sessions::default() };
        Ok(Server { http: Arc::new(http), app: Arc::new(app), url })
    }

    /// The page's address, as `http://127.0.0.1:8080/`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// How many rule files the server offers now.
    pub fn file_count(&self) -> usize {
        self.app.catalog.files().len()
    }

    /// Answers requests until the process ends.
    pub fn run(self) {
        let workers: Vec<_> = (0..THREADS).map(|_| self.spawn_worker()).collect();
        for worker in workers {
            let _ = worker.join();
        }
    }

    /// Answers requests on background threads (for tests and embedding).
    pub fn spawn(self) -> String {
        for _ in 0..THREADS {
            self.spawn_worker();
        }
        self.url
    }

    fn spawn_worker(&self) -> std::thread::JoinHandle<()> {
        let (http, app) = (self.http.clone(), self.app.clone());
        std::thread::spawn(move || {
            while let Ok(request) = http.recv() {
                answer(&app, request);
            }
        })
    }
}

/// Reads a request, answers it (a 500 if answering panicked: the server
/// goes on), and sends the reply.
fn answer(app: &App, mut request: tiny_http::Request) {
    let method = request.method().as_str().to_ascii_uppercase();
    let url = request.url().to_string();
    let mut body = Vec::new();
    let read = request.as_reader().take(MAX_BODY + 1).read_to_end(&mut body);
    let reply = if read.is_err() {
        Reply::error(&error::ApiError::bad("the body could not be read"))
    } else if body.len() as u64 > MAX_BODY {
        Reply::error(&error::ApiError::new(413, format!("the body is larger than {} MiB", MAX_BODY >> 20)))
    } else {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle(app, &method, &url, &body))).unwrap_or_else(
            |_| Reply::error(&error::ApiError::new(500, format!("internal error answering {method} {url}"))),
        )
    };
    let mut response = tiny_http::Response::from_data(if method == "HEAD" { Vec::new() } else { reply.body })
        .with_status_code(reply.status);
    for (name, value) in [("Content-Type", reply.content_type), ("Cache-Control", "no-store")] {
        if let Ok(header) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(header);
        }
    }
    let _ = request.respond(response);
}
