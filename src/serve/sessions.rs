//! The games in play: a map of id to game, each behind its own lock, so
//! games are independent (a computer player thinking in one holds up no
//! other). Their number is bounded: a new game past the limit evicts the
//! least recently used game that is idle (unused for a while and not in
//! use now); when every game is in use, the new one is refused.

use super::error::ApiError;
use super::session::Session;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

pub struct Sessions {
    inner: Mutex<Inner>,
    max_games: usize,
    idle_after: Duration,
}

#[derive(Default)]
struct Inner {
    next: u64,
    games: BTreeMap<u64, Entry>,
}

struct Entry {
    session: Arc<Mutex<Session>>,
    used: Instant,
}

/// A lock, taken even if a thread panicked while holding it (the request
/// that panicked was answered with a 500; the game is still whole).
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Sessions {
    /// Keeps at most `max_games`; a game unused for `idle_after` may be evicted.
    pub fn new(max_games: usize, idle_after: Duration) -> Sessions {
        Sessions { inner: Mutex::default(), max_games: max_games.max(1), idle_after }
    }

    /// A new id, for a game about to be made.
    pub fn next_id(&self) -> String {
        let mut inner = lock(&self.inner);
        inner.next += 1;
        format!("g{}", inner.next)
    }

    /// Makes room for one more game: evicts the least recently used idle
    /// game when full, or refuses (503) when none is idle.
    pub fn make_room(&self) -> Result<(), ApiError> {
        let mut inner = lock(&self.inner);
        if inner.games.len() < self.max_games {
            return Ok(());
        }
        let now = Instant::now();
        let idle = inner
            .games
            .iter()
            .filter(|(_, e)| now.duration_since(e.used) >= self.idle_after && e.session.try_lock().is_ok())
            .min_by_key(|(_, e)| e.used)
            .map(|(&number, _)| number);
        match idle {
            Some(number) => {
                inner.games.remove(&number);
                Ok(())
            }
            None => Err(ApiError::new(
                503,
                format!(
                    "the server holds {} games, the most it keeps, and none has been idle for {} s: \
                     end one (DELETE /api/sessions/ID) or try again later",
                    self.max_games,
                    self.idle_after.as_secs()
                ),
            )),
        }
    }

    /// Adds a game (after `make_room`; past the limit, refused with 503).
    pub fn insert(&self, session: Session) -> Result<(), ApiError> {
        self.make_room()?;
        let number = id_number(&session.id).unwrap_or(0);
        let entry = Entry { session: Arc::new(Mutex::new(session)), used: Instant::now() };
        lock(&self.inner).games.insert(number, entry);
        Ok(())
    }

    /// A game, marked as used now.
    pub fn get(&self, id: &str) -> Result<Arc<Mutex<Session>>, ApiError> {
        let mut inner = lock(&self.inner);
        let found = id_number(id).and_then(|n| inner.games.get_mut(&n));
        let entry =
            found.ok_or_else(|| ApiError::not_found(format!("no game `{id}` (start one with POST /api/sessions)")))?;
        entry.used = Instant::now();
        Ok(entry.session.clone())
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
