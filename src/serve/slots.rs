//! A fixed number of places for work that keeps a core busy (a computer
//! player thinking): whoever finds them all taken waits for one, so a
//! burst of searches shares the machine instead of crowding it.

use std::sync::{Condvar, Mutex};

pub struct Slots {
    free: Mutex<usize>,
    freed: Condvar,
}

/// A place held; given back when dropped.
pub struct Slot<'a>(&'a Slots);

impl Slots {
    pub fn new(count: usize) -> Slots {
        Slots { free: Mutex::new(count.max(1)), freed: Condvar::new() }
    }

    /// Waits for a free place and takes it.
    pub fn take(&self) -> Slot<'_> {
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|p| p.into_inner());
        }
        *free -= 1;
        Slot(self)
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.0.freed.notify_one();
    }
}
