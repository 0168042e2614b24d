//! The transposition table: what earlier searches found about a
//! position, found again by its key.

use crate::position::Move;

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value itself.
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (every move failed low).
    Upper,
}

/// One stored search.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// The best or refuting move found, if any.
    pub best: Option<Move>,
    /// Its score, mates counted from this node.
    pub score: i32,
    /// The depth searched.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
    /// The search that stored it.
    age: u16,
}

/// A fixed number of slots, one entry per slot.
#[derive(Clone, Debug)]
pub struct Table {
    slots: Vec<Option<Entry>>,
    age: u16,
    /// The size asked for that memory allowed, in MB.
    megabytes: usize,
}

impl Table {
    /// A table of about `megabytes` MB (at least 1,024 entries); where
    /// memory cannot hold it, of the largest half, quarter, ... of that
    /// size that it can (see [`Table::megabytes`]).
    pub fn new(megabytes: usize) -> Table {
        let mut mb = megabytes.max(1);
        loop {
            if let Some(slots) = Table::slots(mb) {
                return Table {
                    slots,
                    age: 0,
                    megabytes: mb,
                };
            }
            if mb == 1 {
                // Not even the smallest table: the allocator says so.
                return Table {
                    slots: vec![None; Table::entries(1)],
                    age: 0,
                    megabytes: 1,
                };
            }
            mb /= 2;
        }
    }

    /// The number of entries of a table of `megabytes` MB.
    fn entries(megabytes: usize) -> usize {
        let each = std::mem::size_of::<Option<Entry>>().max(1);
        let wanted = megabytes.saturating_mul(1 << 20) / each;
        (wanted.next_power_of_two().max(1024) / 2).max(1024)
    }

    /// The empty slots of a table of `megabytes` MB, if memory allows.
    fn slots(megabytes: usize) -> Option<Vec<Option<Entry>>> {
        let n = Table::entries(megabytes);
        let mut slots = Vec::new();
        slots.try_reserve_exact(n).ok()?;
        slots.resize(n, None);
        Some(slots)
    }

    /// The size it was made with, in MB: the size asked for, or the part
    /// of it that memory allowed.
    pub fn megabytes(&self) -> usize {
        self.megabytes
    }

    /// Starts a new search: entries from earlier ones give way first.
    pub fn next_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.slots.len() - 1)
    }

    /// The entry for `key`, if one is stored.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[self.slot(key)].filter(|e| e.key == key)
    }

    /// Stores a search, replacing an older or shallower one.
    pub fn store(&mut self, key: u64, best: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let i = self.slot(key);
        let age = self.age;
        if let Some(old) = &self.slots[i]
            && old.key != key
            && old.age == age
            && old.depth > depth + 2
        {
            return;
        }
        // A search that found no move keeps the one already known.
        let best = best.or_else(|| self.slots[i].filter(|e| e.key == key).and_then(|e| e.best));
        self.slots[i] = Some(Entry {
            key,
            best,
            score,
            depth,
            bound,
            age,
        });
    }
}
