//! Hook answers remembered with what they read.
//!
//! A hook sees the position only through [`Board`](super::Board), whose
//! every read is logged here: the squares it looked at, and whether it
//! asked for the side to move, the reserves, the royals' squares, the
//! squares of a piece (kind and colour), the move number, or something
//! that depends on the whole position (`attacked`, `captures_as`). An
//! answer is a function of what was read, so it holds again for any
//! position with the same contents on those squares (and the same side,
//! reserves, royals, pieces' squares, move number, script state, last
//! move and active mutators where they were read). A call that finds its king with `royals` is
//! remembered across every position where the king has not moved; one
//! that scans the board for it read every square, and is remembered
//! only for positions identical to its own. Legality tests
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
/// The royals' squares were read.
const ROYALS: u8 = 8;
/// The move number (turns played) was read.
const TURNS: u8 = 16;
/// The script's state was read.
const STATE: u8 = 32;
/// The last move was read.
const LAST: u8 = 64;

/// What one hook call has read so far (shared by every copy of its
/// board, which scripts pass around by value).
#[derive(Debug, Default)]
pub(crate) struct Reads {
    squares: [AtomicU64; 4],
    /// Piece codes whose squares were read (`Piece::code`).
    codes: [AtomicU64; 4],
    /// Squares asked only whether a royal stands there (`royal`).
    royal_squares: [AtomicU64; 4],
    flags: AtomicU8,
}

impl Reads {
    pub(crate) fn square(&self, sq: Square) {
        let i = sq.index();
        self.squares[i >> 6].fetch_or(1 << (i & 63), Ordering::Relaxed);
    }

    /// Whether a royal stands on `sq` was read, and nothing else of it:
    /// a scan of the board for the king reads this of every square, and
    /// its answer holds wherever the royals stand where they stood.
    pub(crate) fn royal_at(&self, sq: Square) {
        let i = sq.index();
        self.royal_squares[i >> 6].fetch_or(1 << (i & 63), Ordering::Relaxed);
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

    pub(crate) fn royals(&self) {
        self.flags.fetch_or(ROYALS, Ordering::Relaxed);
    }

    pub(crate) fn turns(&self) {
        self.flags.fetch_or(TURNS, Ordering::Relaxed);
    }

    pub(crate) fn state(&self) {
        self.flags.fetch_or(STATE, Ordering::Relaxed);
    }

    pub(crate) fn last_move(&self) {
        self.flags.fetch_or(LAST, Ordering::Relaxed);
    }

    /// The squares of `piece` were read.
    pub(crate) fn piece(&self, piece: Piece) {
        let c = usize::from(piece.code());
        self.codes[c >> 6].fetch_or(1 << (c & 63), Ordering::Relaxed);
    }

    fn royal_squares(&self) -> SquareSet {
        SquareSet(std::array::from_fn(|i| {
            self.royal_squares[i].load(Ordering::Relaxed)
        }))
    }

    fn taken(&self) -> (SquareSet, u8) {
        let squares = SquareSet(std::array::from_fn(|i| {
            self.squares[i].load(Ordering::Relaxed)
        }));
        (squares, self.flags.load(Ordering::Relaxed))
    }

    /// The piece codes whose squares were read.
    fn codes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for (i, word) in self.codes.iter().enumerate() {
            let mut bits = word.load(Ordering::Relaxed);
            while bits != 0 {
                out.push((i * 64) as u8 + bits.trailing_zeros() as u8);
                bits &= bits - 1;
            }
        }
        out
    }
}

/// The squares holding the piece whose code is `code`.
fn squares_of(pos: &Position, code: u8) -> SquareSet {
    let Some(piece) = Piece::from_code(code) else {
        return SquareSet::default();
    };
    let mut set = SquareSet::default();
    for sq in pos.occupied(piece.color).iter() {
        if pos.code_at(sq) == code {
            set.insert(sq);
        }
    }
    set
}

/// An answer and the parts of the position it was read from.
struct Entry {
    cells: Vec<(Square, u8)>,
    side: Option<Color>,
    reserves_empty: Option<[bool; 2]>,
    royals: Option<[SquareSet; 2]>,
    turns: Option<(u16, u16, u32)>,
    state: Option<[i32; crate::rules::MAX_STATE]>,
    last: Option<Option<(Square, Square)>>,
    /// Squares asked whether a royal stands there, and those where one
    /// did.
    royal_asked: SquareSet,
    royal_found: SquareSet,
    /// Piece codes and the squares they stood on.
    pieces: Vec<(u8, SquareSet)>,
    active: MutatorSet,
    answer: Dynamic,
}

impl Entry {
    fn new(pos: &Position, reads: &Reads, answer: Dynamic) -> Option<Entry> {
        let (squares, flags) = reads.taken();
        if flags & WHOLE != 0 {
            return None;
        }
        let royal_asked = reads.royal_squares();
        Some(Entry {
            royal_found: all_royals(pos).and(&royal_asked),
            royal_asked,
            cells: squares.iter().map(|s| (s, pos.code_at(s))).collect(),
            side: (flags & SIDE != 0).then(|| pos.side()),
            reserves_empty: (flags & RESERVES != 0).then(|| reserves_empty(pos)),
            royals: (flags & ROYALS != 0).then(|| royals(pos)),
            turns: (flags & TURNS != 0).then(|| turns(pos)),
            state: (flags & STATE != 0).then(|| *pos.state()),
            last: (flags & LAST != 0).then(|| pos.last_move()),
            pieces: reads
                .codes()
                .into_iter()
                .map(|c| (c, squares_of(pos, c)))
                .collect(),
            active: pos.active(),
            answer,
        })
    }

    fn holds_in(&self, pos: &Position) -> bool {
        self.active == pos.active()
            && self.cells.iter().all(|&(s, code)| pos.code_at(s) == code)
            && self.side.is_none_or(|c| c == pos.side())
            && self.reserves_empty.is_none_or(|r| r == reserves_empty(pos))
            && self.royals.is_none_or(|r| r == royals(pos))
            && all_royals(pos).and(&self.royal_asked) == self.royal_found
            && self.turns.is_none_or(|t| t == turns(pos))
            && self.state.is_none_or(|s| s == *pos.state())
            && self.last.is_none_or(|l| l == pos.last_move())
            && self
                .pieces
                .iter()
                .all(|&(c, set)| squares_of(pos, c) == set)
    }
}

fn royals(pos: &Position) -> [SquareSet; 2] {
    Color::ALL.map(|c| pos.royals(c))
}

fn all_royals(pos: &Position) -> SquareSet {
    pos.royals(Color::White) | pos.royals(Color::Black)
}

fn turns(pos: &Position) -> (u16, u16, u32) {
    (pos.turns().white, pos.turns().black, pos.fullmove())
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
    /// The move asked about (`after_move`), with what made it (moves
    /// that do the same thing compare equal however they were made,
    /// but a script sees their tags).
    pub mv: Option<(crate::position::Move, crate::position::Origin)>,
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
