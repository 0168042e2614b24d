//! Hook answers remembered with what they read.
//!
//! A hook sees the position only through [`Board`](super::Board), whose
//! every read is logged here: the squares it looked at, and whether it
//! asked for the side to move, the reserves, or something that depends
//! on the whole position (`attacked`, `captures_as`, the history). An
//! answer is a function of what was read, so it holds again for any
//! position with the same contents on those squares (and the same side,
//! reserves and active mutators where they were read). Legality tests
//! ask about one position after another that differ in a square or two,
//! so most questions are answered without running the script.
//!
//! The memory is per thread and bounded; hits and misses give the same
//! answers, so results never depend on it.

use crate::board::{Color, MutatorSet, Piece, Square, SquareSet};
use crate::position::Mix;
use crate::position::Position;
use rhai::Dynamic;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

/// The side to move was read.
const SIDE: u8 = 1;
/// Whether a side's reserve is empty was read.
const RESERVES: u8 = 2;
/// Something beyond single squares was read: the answer is not kept.
const WHOLE: u8 = 4;

/// What one hook call has read so far (shared by every copy of its
/// board, which scripts pass around by value).
#[derive(Debug, Default)]
pub(crate) struct Reads {
    squares: [AtomicU64; 4],
    flags: AtomicU8,
}

impl Reads {
    pub(crate) fn square(&self, sq: Square) {
        let i = sq.index();
        self.squares[i >> 6].fetch_or(1 << (i & 63), Ordering::Relaxed);
    }

    pub(crate) fn side(&self) {
        self.flags.fetch_or(SIDE, Ordering::Relaxed);
    }

    pub(crate) fn reserves(&self) {
        self.flags.fetch_or(RESERVES, Ordering::Relaxed);
    }

    pub(crate) fn whole(&self) {
        self.flags.fetch_or(WHOLE, Ordering::Relaxed);
    }

    fn taken(&self) -> (SquareSet, u8) {
        let squares = SquareSet(std::array::from_fn(|i| {
            self.squares[i].load(Ordering::Relaxed)
        }));
        (squares, self.flags.load(Ordering::Relaxed))
    }
}

/// An answer and the parts of the position it was read from.
struct Entry {
    cells: Vec<(Square, u8)>,
    side: Option<Color>,
    reserves_empty: Option<[bool; 2]>,
    active: MutatorSet,
    answer: Dynamic,
}

impl Entry {
    fn new(pos: &Position, reads: &Reads, answer: Dynamic) -> Option<Entry> {
        let (squares, flags) = reads.taken();
        if flags & WHOLE != 0 {
            return None;
        }
        Some(Entry {
            cells: squares.iter().map(|s| (s, pos.code_at(s))).collect(),
            side: (flags & SIDE != 0).then(|| pos.side()),
            reserves_empty: (flags & RESERVES != 0).then(|| reserves_empty(pos)),
            active: pos.active(),
            answer,
        })
    }

    fn holds_in(&self, pos: &Position) -> bool {
        self.active == pos.active()
            && self.cells.iter().all(|&(s, code)| pos.code_at(s) == code)
            && self.side.is_none_or(|c| c == pos.side())
            && self.reserves_empty.is_none_or(|r| r == reserves_empty(pos))
    }
}

fn reserves_empty(pos: &Position) -> [bool; 2] {
    Color::ALL.map(|c| pos.reserves()[c].last().is_none())
}

/// Which question: the host, the hook, the piece asked about and where
/// it stands, and the target square (or none).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Question {
    pub host: u32,
    pub hook: u8,
    pub from: Square,
    pub target: Option<Square>,
    pub piece: Option<Piece>,
}

/// Answers kept per question: a few positions' worth, the oldest
/// dropped first.
const PER_QUESTION: usize = 8;
/// Questions kept per thread before the memory starts afresh.
const QUESTIONS: usize = 1 << 16;

type Memory = HashMap<Question, Vec<Entry>, BuildHasherDefault<Mix>>;

thread_local! {
    static MEMORY: RefCell<Memory> = RefCell::new(Memory::default());
}

/// The remembered answer to `q` that holds in `pos`, if any.
pub(crate) fn recall(q: &Question, pos: &Position) -> Option<Dynamic> {
    MEMORY.with(|m| {
        let m = m.borrow();
        let entries = m.get(q)?;
        entries
            .iter()
            .rev()
            .find(|e| e.holds_in(pos))
            .map(|e| e.answer.clone())
    })
}

/// Keeps `answer` to `q` in `pos`, given what the call read.
pub(crate) fn remember(q: Question, pos: &Position, reads: &Reads, answer: &Dynamic) {
    let Some(entry) = Entry::new(pos, reads, answer.clone()) else {
        return;
    };
    MEMORY.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= QUESTIONS && !m.contains_key(&q) {
            m.clear();
        }
        let entries = m.entry(q).or_default();
        if entries.len() >= PER_QUESTION {
            entries.remove(0);
        }
        entries.push(entry);
    });
}
