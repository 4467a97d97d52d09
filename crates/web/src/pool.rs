//! The server-wide cap on search threads and hash memory: every search takes
//! thread slots from one [`Pool`] before it starts and gives them back when
//! it ends, so a hundred tabs thinking at once share the cores instead of
//! starting a hundred searches.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// Thread slots and the hash memory that goes with them.
#[derive(Debug)]
pub struct Pool {
    free: Mutex<usize>,
    released: Condvar,
    threads: usize,
    hash_mib: usize,
}

/// Slots taken from a [`Pool`], given back on drop.
#[derive(Debug)]
pub struct Permit {
    pool: Arc<Pool>,
    threads: usize,
}

impl Permit {
    /// The threads this search may run.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The hash table this search may take, in MiB: its share of the pool's.
    pub fn hash_mib(&self) -> usize {
        (self.pool.hash_mib * self.threads / self.pool.threads).max(1)
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        let mut free = self.pool.free.lock().unwrap_or_else(|e| e.into_inner());
        *free += self.threads;
        self.pool.released.notify_all();
    }
}

impl Pool {
    /// A pool of `threads` search threads (at least one) sharing `hash_mib`
    /// MiB of hash tables.
    pub fn new(threads: usize, hash_mib: usize) -> Arc<Pool> {
        let threads = threads.max(1);
        Arc::new(Pool {
            free: Mutex::new(threads),
            released: Condvar::new(),
            threads,
            hash_mib: hash_mib.max(1),
        })
    }

    /// The pool's thread slots.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The slots in use now.
    pub fn busy(&self) -> usize {
        self.threads - *self.free.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for up to `wanted` slots (at least one, at most the pool's) and
    /// takes as many as are free then; `None` when `stop` is set first (a
    /// search cancelled while it waited never starts).
    pub fn acquire(self: &Arc<Self>, wanted: usize, stop: &AtomicBool) -> Option<Permit> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            if *free > 0 {
                let threads = wanted.clamp(1, *free);
                *free -= threads;
                return Some(Permit { pool: Arc::clone(self), threads });
            }
            free = self
                .released
                .wait_timeout(free, Duration::from_millis(50))
                .map(|(guard, _)| guard)
                .unwrap_or_else(|e| e.into_inner().0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_shared_and_given_back() {
        let pool = Pool::new(2, 64);
        let go = AtomicBool::new(false);
        let a = pool.acquire(4, &go).unwrap();
        assert_eq!((a.threads(), a.hash_mib()), (2, 64));
        assert_eq!(pool.busy(), 2);
        let stop = AtomicBool::new(true);
        assert!(pool.acquire(1, &stop).is_none(), "a cancelled search does not wait");
        drop(a);
        let b = pool.acquire(1, &go).unwrap();
        assert_eq!((b.threads(), b.hash_mib()), (1, 32));
    }
}
