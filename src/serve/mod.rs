//! `orrery serve`: a local web page to play and inspect rule files, and
//! the JSON-over-HTTP interface it uses (documented in docs/serve.md), so
//! other front ends and scripts can use it too. The page is plain HTML,
//! CSS and JavaScript shipped inside the binary (`assets/`). Each client
//! connection has a thread of its own (a bounded number), so a slow client
//! holds up no other; each game has its own lock, so games are
//! independent. The engine knows nothing of this module.

mod access;
mod analyses;
mod api;
mod catalog;
mod connection;
mod error;
mod history;
mod http;
mod limits;
mod moves;
mod session;
mod sessions;
mod slots;

pub use access::TOKEN_HEADER;
pub use limits::Limits;

use access::Access;
use api::App;
use catalog::Catalog;
use slots::{OwnedSlot, Slots};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::Arc;

pub struct Server {
    listener: TcpListener,
    paths: Vec<PathBuf>,
    limits: Limits,
    token: Option<String>,
    url: String,
}

impl Server {
    /// Listens on `host:port` (port 0: any free port) for the rule files
    /// in `paths` (files, or folders searched for `.rules` files). A
    /// server reachable beyond this machine needs a token (made here).
    pub fn bind(paths: Vec<PathBuf>, host: &str, port: u16) -> Result<Server, String> {
        let listener = TcpListener::bind((host, port)).map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let address = listener.local_addr().map_err(|e| format!("the server has no address: {e}"))?;
        let url = format!("http://{address}/");
        let token = (!address.ip().is_loopback()).then(access::new_token);
        Ok(Server { listener, paths, limits: Limits::default(), token, url })
    }

    /// The same server with other limits.
    pub fn with_limits(self, limits: Limits) -> Server {
        Server { limits, ..self }
    }

    /// The same server needing a token even on this machine's loopback.
    pub fn with_token(self) -> Server {
        Server { token: Some(self.token.unwrap_or_else(access::new_token)), ..self }
    }

    /// The server's address, as `http://127.0.0.1:8080/`.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// The token API requests must carry (header `X-Orrery-Token`), if any.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// The page's address to open: with `?token=...` when it needs one.
    pub fn page_url(&self) -> String {
        match &self.token {
            Some(token) => format!("{}?token={token}", self.url),
            None => self.url.clone(),
        }
    }

    /// How many rule files the server offers now.
    pub fn file_count(&self) -> usize {
        Catalog::new(self.paths.clone()).files().len()
    }

    /// Answers requests until the process ends.
    pub fn run(self) {
        let address = match self.listener.local_addr() {
            Ok(address) => address,
            Err(_) => return,
        };
        let access = Arc::new(Access::new(address, self.token));
        let app = Arc::new(App::new(Catalog::new(self.paths), self.limits));
        let places = Arc::new(Slots::new(app.limits.max_connections));
        loop {
            // Past the most connections, new ones wait in the listening
            // queue until one closes (each does by its deadlines at the latest).
            let place = places.take_owned();
            match self.listener.accept() {
                Ok((stream, _)) => accept(stream, &app, &access, place),
                // Out of file descriptors, say: wait rather than spin.
                Err(_) => std::thread::sleep(std::time::Duration::from_millis(50)),
            }
        }
    }

    /// Answers requests on a background thread (for tests and embedding);
    /// the server's address.
    pub fn spawn(self) -> String {
        let url = self.url.clone();
        std::thread::spawn(move || self.run());
        url
    }
}

/// Gives a new connection a thread of its own, holding one of the places
/// for connections until it closes.
fn accept(stream: TcpStream, app: &Arc<App>, access: &Arc<Access>, place: OwnedSlot) {
    let (app, access) = (app.clone(), access.clone());
    // Without a thread to be had, the closure is dropped: the connection
    // closes and its place is given back.
    let _ = std::thread::Builder::new().name("orrery-serve".to_string()).spawn(move || {
        connection::serve(stream, &app, &access);
        drop(place);
    });
}
