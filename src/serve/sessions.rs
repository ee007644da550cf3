//! The games in play: a map of id to game, each behind its own lock, so
//! games are independent (a computer player thinking in one holds up no
//! other). The oldest games are dropped past a limit.

use super::error::ApiError;
use super::session::Session;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// How many games a server keeps; starting one more drops the oldest.
pub const MAX_SESSIONS: usize = 256;

#[derive(Default)]
pub struct Sessions {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    next: u64,
    games: BTreeMap<u64, Arc<Mutex<Session>>>,
}

/// A lock, taken even if a thread panicked while holding it (the request
/// that panicked was answered with a 500; the game is still whole).
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Sessions {
    /// A new id, for a game about to be made.
    pub fn next_id(&self) -> String {
        let mut inner = lock(&self.inner);
        inner.next += 1;
        format!("g{}", inner.next)
    }

    pub fn insert(&self, session: Session) -> Arc<Mutex<Session>> {
        let number = id_number(&session.id).unwrap_or(0);
        let session = Arc::new(Mutex::new(session));
        let mut inner = lock(&self.inner);
        while inner.games.len() >= MAX_SESSIONS {
            inner.games.pop_first();
        }
        inner.games.insert(number, session.clone());
        session
    }

    pub fn get(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
        let found = id_number(id).and_then(|n| lock(&self.inner).games.get(&n).cloned());
        found.ok_or_else(|| ApiError::not_found(format!("no game `{id}` (start one with POST /api/sessions)")))
    }

    pub fn remove(&self, id: &str) -> Result<(), ApiError> {
        let removed = id_number(id).and_then(|n| lock(&self.inner).games.remove(&n));
        removed.map(|_| ()).ok_or_else(|| ApiError::not_found(format!("no game `{id}`")))
    }

    pub fn ids(&self) -> Vec<String> {
        lock(&self.inner).games.keys().map(|n| format!("g{n}")).collect()
    }
}

fn id_number(id: &str) -> Option<u64> {
    id.strip_prefix('g')?.parse().ok()
}
