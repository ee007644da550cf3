//! What the server allows a client, in one place: how long a request may
//! take to arrive, how large it may be, how many connections and games it
//! holds and how long a game may grow. docs/serve.md ("Threat model")
//! gives these figures; tests make them small to reach them quickly.

use std::time::Duration;

#[derive(Clone, Debug)]
pub struct Limits {
    /// From the first byte of a request to the end of its headers.
    pub header_deadline: Duration,
    /// From the end of the headers to the end of the body.
    pub body_deadline: Duration,
    /// How long a kept-alive connection may wait, idle, for its next request.
    pub idle_deadline: Duration,
    /// How long a reply may take to be taken by the client.
    pub write_deadline: Duration,
    /// The largest header block, in bytes.
    pub max_header: usize,
    /// The largest body, in bytes (a transcript of `max_plies` fits).
    pub max_body: usize,
    /// Connections open at once; more wait to be taken until one closes.
    pub max_connections: usize,
    /// Computer players thinking at once; one more waits its turn.
    pub max_thinking: usize,
    /// Games kept; a new one evicts the least recently used idle game.
    pub max_games: usize,
    /// A game unused this long is idle, and may be evicted for a new one.
    pub idle_game: Duration,
    /// The moves a game keeps (played, or undone and redoable).
    pub max_plies: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_deadline: Duration::from_secs(5),
            body_deadline: Duration::from_secs(10),
            idle_deadline: Duration::from_secs(15),
            write_deadline: Duration::from_secs(10),
            max_header: 16 << 10,
            max_body: 4 << 20,
            max_connections: 128,
            max_thinking: 4,
            max_games: 32,
            idle_game: Duration::from_secs(60),
            max_plies: 10_000,
        }
    }
}
