//! A fixed number of places: for work that keeps a core busy (a computer
//! player thinking), so a burst of searches shares the machine instead of
//! crowding it, and for open connections. Whoever finds them all taken
//! waits for one.

use std::sync::{Arc, Condvar, Mutex};

pub struct Slots {
    free: Mutex<usize>,
    freed: Condvar,
}

/// A place held; given back when dropped.
pub struct Slot<'a>(&'a Slots);

/// A place held by a thread of its own; given back when dropped.
pub struct OwnedSlot(Arc<Slots>);

impl Slots {
    pub fn new(count: usize) -> Slots {
        Slots { free: Mutex::new(count.max(1)), freed: Condvar::new() }
    }

    /// Waits for a free place and takes it.
    pub fn take(&self) -> Slot<'_> {
        self.wait();
        Slot(self)
    }

    /// As `take`, for a place to hand to another thread.
    pub fn take_owned(self: &Arc<Slots>) -> OwnedSlot {
        self.wait();
        OwnedSlot(self.clone())
    }

    fn wait(&self) {
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|p| p.into_inner());
        }
        *free -= 1;
    }

    fn give_back(&self) {
        *self.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.freed.notify_one();
    }
}

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.give_back();
    }
}

impl Drop for OwnedSlot {
    fn drop(&mut self) {
        self.0.give_back();
    }
}
