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
}

impl Table {
    /// A table of about `megabytes` MB (at least 1,024 entries).
    pub fn new(megabytes: usize) -> Table {
        let each = std::mem::size_of::<Option<Entry>>().max(1);
        let wanted = (megabytes.max(1) << 20) / each;
        let n = wanted.next_power_of_two().max(1024) / 2;
        Table {
            slots: vec![None; n.max(1024)],
            age: 0,
        }
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
