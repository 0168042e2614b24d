//! The position: plain, fixed-size data that is cheap to clone, so search
//! and perft use copy-make.

mod fields;
mod hook;
mod moves;
mod play;
mod setup;
mod stacks;

pub use hook::{AfterMove, CaptureProbe, after_move_hook, capture_probe};
pub(crate) use moves::Mix;
pub use moves::{Effect, EffectList, Move, MoveKind, NEXT_IN_RESERVE, Origin, Unit};

use crate::board::{
    ByColor, Color, MAX_SQUARES, MutatorSet, Piece, PieceKind, Pocket, Reserve, Square, SquareSet,
};
use crate::rules::{MAX_STATE, Rules};

/// Where a game is: before play (a placement stage some variants have) or
/// in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Pre-game placement (e.g. markers before the first move).
    Setup,
    /// Normal play.
    Play,
}

/// A choice deferred to a player (e.g. a promotion chosen by the pawn's
/// owner after the opponent's push).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    /// Choice identifier, declared by the variant.
    pub choice: u8,
    /// Who must choose.
    pub color: Color,
    /// The square it concerns.
    pub square: Square,
}

/// Marker squares and their faces (bit `i` of `faces` set: marker `i`
/// shows its active face).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Markers {
    /// Square of each marker.
    pub squares: [u8; 16],
    /// Mutator index of each marker.
    pub mutators: [u8; 16],
    /// Active-face bits.
    pub faces: u16,
    /// Number of markers placed.
    pub len: u8,
}

impl Markers {
    /// The mutators whose markers show their active face.
    pub fn active_set(&self) -> MutatorSet {
        (0..self.len as usize)
            .filter(|&i| self.faces >> i & 1 != 0)
            .map(|i| usize::from(self.mutators[i]))
            .collect()
    }

    /// Is a marker of `mutator` on the board?
    pub fn holds(&self, mutator: u8) -> bool {
        self.mutators[..self.len as usize].contains(&mutator)
    }

    /// The marker on `sq`, if any, by index.
    pub fn at(&self, sq: Square) -> Option<usize> {
        (0..self.len as usize).find(|&i| self.squares[i] == sq.0)
    }

    /// The squares a marker lies on.
    pub fn covered(&self) -> SquareSet {
        self.squares[..self.len as usize]
            .iter()
            .map(|&s| Square(s))
            .collect()
    }
}

/// Most two-unit squares a position holds (every square of an 8x8 board
/// being half of one would need 32).
pub const MAX_STACKS: usize = 32;

/// The largest move counter: far beyond any game, and far from where
/// counting on would overflow. A FEN may give no more, and play stops
/// counting there, so every FEN the program writes reads back.
pub const MAX_COUNTER: u32 = 1_000_000;

/// The upper layer of stacked cells, kept sparse: empty when the variant's
/// capacity is 1, so capacity-1 variants pay nothing but the copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Upper {
    /// Squares that hold a second unit.
    pub squares: SquareSet,
    /// (square, cell code) pairs.
    pub units: [(u8, u8); MAX_STACKS],
    /// Used entries of `units`.
    pub len: u8,
}

impl Default for Upper {
    fn default() -> Upper {
        Upper {
            squares: SquareSet::EMPTY,
            units: [(0, 0); MAX_STACKS],
            len: 0,
        }
    }
}

/// A position: everything that decides the legal turns from here, plus the
/// counters that decide draws.
///
/// The fields are private to this module. Each is read through the method
/// of its name (`pos.side()`, `pos.pockets()`), and changed only by playing
/// a move or by setters that keep the hash, the castling rights and the
/// royal squares in step with it.
#[derive(Clone, Debug)]
pub struct Position {
    cells: [u8; MAX_SQUARES],
    occupied: ByColor<SquareSet>,
    royals: ByColor<SquareSet>,
    /// Second units of stacked cells.
    upper: Upper,
    /// Squares whose piece has not moved yet (castling, initial moves).
    unmoved: SquareSet,
    /// The hash keys of the castling rights in force, combined: derived
    /// from `unmoved` and kept to update the hash (0 with no rights).
    castle_rights: u64,
    /// Side to move.
    side: Color,
    /// Placement stage or play.
    stage: Stage,
    /// Index of the current phase within the turn.
    phase: u8,
    /// Turns completed by each side.
    turns: ByColor<u16>,
    /// Full-move number, as in FEN.
    fullmove: u32,
    /// Plies since the last capture or pawn move, as in FEN.
    halfmove: u32,
    /// En-passant target square (the square passed over).
    ep: Option<Square>,
    /// The pawn that may be taken en passant.
    ep_victim: Option<Square>,
    /// Hands.
    pockets: ByColor<Pocket>,
    /// Reserve boards.
    reserves: ByColor<Reserve>,
    /// Markers on the board.
    markers: Markers,
    /// Active mutators.
    active: MutatorSet,
    /// Current chance outcome (e.g. the die), if any.
    roll: Option<u8>,
    /// A choice waiting for a player.
    pending: Option<Pending>,
    /// Squares of the last swap, which may not be swapped straight back.
    swap_back: Option<(Square, Square)>,
    /// Squares whose piece came from a promotion (tracked when the
    /// variant says: such a piece enters a hand as a pawn).
    promoted: SquareSet,
    /// Checks given by each side (n-check).
    checks: ByColor<u8>,
    /// Turns passed in a row, up to two (`passing`).
    passes: u8,
    /// The script's state: the numbers its `state` list names, by slot.
    state: [i32; MAX_STATE],
    /// The last move's squares (from, to), if a move led here.
    last: Option<(Square, Square)>,
    hash: u64,
}

impl Position {
    /// An empty board with White to move.
    pub fn empty() -> Position {
        Position {
            cells: [0; MAX_SQUARES],
            occupied: ByColor::default(),
            royals: ByColor::default(),
            upper: Upper::default(),
            unmoved: SquareSet::EMPTY,
            castle_rights: 0,
            side: Color::White,
            stage: Stage::Play,
            phase: 0,
            turns: ByColor::default(),
            fullmove: 1,
            halfmove: 0,
            ep: None,
            ep_victim: None,
            pockets: ByColor::default(),
            reserves: ByColor::default(),
            markers: Markers::default(),
            active: MutatorSet::EMPTY,
            roll: None,
            pending: None,
            swap_back: None,
            promoted: SquareSet::EMPTY,
            checks: ByColor::default(),
            passes: 0,
            state: [0; MAX_STATE],
            last: None,
            hash: 0,
        }
    }

    /// The ply of the game about to be played, from the move number and
    /// the side to move: 1 is White's first move, 2 Black's first.
    pub fn ply(&self) -> u32 {
        2 * self.fullmove.saturating_sub(1) + u32::from(self.side == Color::Black) + 1
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.cells[sq.index()])
    }

    /// The raw cell code on `sq` (0: empty).
    #[inline]
    pub fn code_at(&self, sq: Square) -> u8 {
        self.cells[sq.index()]
    }

    /// Is `sq` empty?
    #[inline]
    pub fn is_empty(&self, sq: Square) -> bool {
        self.cells[sq.index()] == 0
    }

    /// Squares holding `color`'s pieces.
    #[inline]
    pub fn occupied(&self, color: Color) -> SquareSet {
        self.occupied[color]
    }

    /// Squares holding `color`'s royal pieces.
    #[inline]
    pub fn royals(&self, color: Color) -> SquareSet {
        self.royals[color]
    }

    /// The Zobrist hash (the repetition key).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub fn put(&mut self, rules: &Rules, sq: Square, piece: Piece) {
        debug_assert!(self.cells[sq.index()] == 0);
        self.cells[sq.index()] = piece.code();
        self.occupied[piece.color].insert(sq);
        if rules.is_royal(piece.kind) {
            self.royals[piece.color].insert(sq);
        }
        self.hash ^= rules.zobrist().piece(piece, sq);
    }

    /// Removes and returns the (lower) piece on `sq`. An upper unit of a
    /// stack is not touched: take it first with [`Position::take_upper`].
    #[inline]
    pub fn take(&mut self, rules: &Rules, sq: Square) -> Option<Piece> {
        let piece = Piece::from_code(self.cells[sq.index()])?;
        self.cells[sq.index()] = 0;
        self.occupied[piece.color].remove(sq);
        self.royals[piece.color].remove(sq);
        self.hash ^= rules.zobrist().piece(piece, sq);
        Some(piece)
    }

    /// The upper unit of the stack on `sq`, if `sq` holds two units.
    pub fn upper_at(&self, sq: Square) -> Option<Piece> {
        if !self.upper.squares.contains(sq) {
            return None;
        }
        self.upper.units[..self.upper.len as usize]
            .iter()
            .find(|u| u.0 == sq.0)
            .and_then(|u| Piece::from_code(u.1))
    }

    /// Stacks `piece` on the single unit on `sq`. Returns false (and
    /// changes nothing) if `sq` is empty or already a stack, or if the
    /// position holds as many stacks as it can ([`MAX_STACKS`]).
    pub fn put_upper(&mut self, rules: &Rules, sq: Square, piece: Piece) -> bool {
        let len = self.upper.len as usize;
        if self.is_empty(sq) || self.upper.squares.contains(sq) || len == self.upper.units.len() {
            return false;
        }
        self.upper.units[len] = (sq.0, piece.code());
        self.upper.len += 1;
        self.upper.squares.insert(sq);
        self.hash ^= rules.zobrist().upper(piece, sq);
        true
    }

    /// Removes and returns the upper unit of the stack on `sq`.
    pub fn take_upper(&mut self, rules: &Rules, sq: Square) -> Option<Piece> {
        if !self.upper.squares.contains(sq) {
            return None;
        }
        let len = self.upper.len as usize;
        let i = self.upper.units[..len].iter().position(|u| u.0 == sq.0)?;
        let piece = Piece::from_code(self.upper.units[i].1)?;
        self.upper.units[i] = self.upper.units[len - 1];
        self.upper.units[len - 1] = (0, 0);
        self.upper.len -= 1;
        self.upper.squares.remove(sq);
        self.hash ^= rules.zobrist().upper(piece, sq);
        Some(piece)
    }

    /// The units on `sq`: the lower one, then the upper one of a stack.
    #[inline]
    pub fn units_at(&self, sq: Square) -> [Option<Piece>; 2] {
        let upper = if self.upper.squares.contains(sq) {
            self.upper_at(sq)
        } else {
            None
        };
        [self.piece_at(sq), upper]
    }

    /// How many units stand on `sq` (0, 1 or 2).
    #[inline]
    pub fn unit_count(&self, sq: Square) -> usize {
        if self.is_empty(sq) {
            0
        } else if self.upper.squares.contains(sq) {
            2
        } else {
            1
        }
    }

    /// Can another stack be formed (fewer than [`MAX_STACKS`] stand)?
    #[inline]
    pub fn stack_room(&self) -> bool {
        (self.upper.len as usize) < MAX_STACKS
    }

    /// Makes `units` (at most two) what stands on `sq`, in a canonical
    /// order (White's unit first, then by kind), so that a stack compares
    /// and hashes as an unordered pair; occupancy (a square counts for
    /// each colour it holds a unit of), royals and the hash follow.
    /// Returns false, changing nothing, when a new stack would not fit.
    pub fn set_units(&mut self, rules: &Rules, sq: Square, units: &[Piece]) -> bool {
        let mut units: Vec<Piece> = units.to_vec();
        units.sort_by_key(|p| (p.color as u8, p.kind));
        if units.len() > 2
            || units.len() == 2 && !self.upper.squares.contains(sq) && !self.stack_room()
        {
            return false;
        }
        self.take_upper(rules, sq);
        self.take(rules, sq);
        for color in Color::ALL {
            self.occupied[color].remove(sq);
            self.royals[color].remove(sq);
        }
        if let Some(&lower) = units.first() {
            self.put(rules, sq, lower);
        }
        if let Some(&upper) = units.get(1) {
            self.put_upper(rules, sq, upper);
            self.occupied[upper.color].insert(sq);
            if rules.is_royal(upper.kind) {
                self.royals[upper.color].insert(sq);
            }
        }
        true
    }

    /// Adds `piece` to what stands on `sq` (see [`Position::set_units`]).
    pub fn add_unit(&mut self, rules: &Rules, sq: Square, piece: Piece) -> bool {
        match self.units_at(sq) {
            [None, _] => {
                self.put(rules, sq, piece);
                true
            }
            [Some(a), None] => self.set_units(rules, sq, &[a, piece]),
            [Some(_), Some(_)] => false,
        }
    }

    /// Removes one unit equal to `piece` from `sq`; false if there is none.
    pub fn remove_unit(&mut self, rules: &Rules, sq: Square, piece: Piece) -> bool {
        match self.units_at(sq) {
            [Some(a), None] if a == piece => {
                self.take(rules, sq);
                true
            }
            [Some(a), Some(b)] if a == piece || b == piece => {
                let rest = if a == piece { b } else { a };
                self.set_units(rules, sq, &[rest])
            }
            _ => false,
        }
    }

    /// Sets or clears the unmoved bit of `sq`, keeping the hash.
    #[inline]
    pub fn set_unmoved(&mut self, rules: &Rules, sq: Square, unmoved: bool) {
        if self.unmoved.contains(sq) == unmoved {
            return;
        }
        if unmoved {
            self.unmoved.insert(sq);
        } else {
            self.unmoved.remove(sq);
        }
        if rules.unmoved_relevant().contains(sq) {
            self.hash ^= rules.zobrist().unmoved(sq);
        }
    }

    /// Marks (or unmarks) the piece on `sq` as one that came from a
    /// promotion, keeping the hash.
    pub fn set_promoted(&mut self, rules: &Rules, sq: Square, promoted: bool) {
        if self.promoted.contains(sq) == promoted {
            return;
        }
        if promoted {
            self.promoted.insert(sq);
        } else {
            self.promoted.remove(sq);
        }
        self.hash ^= rules.zobrist().promoted(sq);
    }

    /// Sets the en-passant square and victim, keeping the hash.
    #[inline]
    pub fn set_ep(&mut self, rules: &Rules, ep: Option<(Square, Square)>) {
        if let Some(old) = self.ep {
            self.hash ^= rules.zobrist().ep(old);
        }
        self.ep = ep.map(|e| e.0);
        self.ep_victim = ep.map(|e| e.1);
        if let Some(new) = self.ep {
            self.hash ^= rules.zobrist().ep(new);
        }
    }

    /// Sets or clears the choice waiting for a player.
    pub fn set_pending(&mut self, rules: &Rules, pending: Option<Pending>) {
        if let Some(old) = self.pending {
            self.hash ^= rules.zobrist().pending(old.square);
        }
        self.pending = pending;
        if let Some(new) = self.pending {
            self.hash ^= rules.zobrist().pending(new.square);
        }
    }

    /// Sets the number of turns passed in a row, keeping the hash.
    pub(crate) fn set_passes(&mut self, rules: &Rules, n: u8) {
        self.hash ^= rules.zobrist().passes(self.passes) ^ rules.zobrist().passes(n);
        self.passes = n;
    }

    /// Sets the checks `color` has given, keeping the hash.
    pub fn set_checks(&mut self, rules: &Rules, color: Color, n: u8) {
        self.hash ^= rules.zobrist().checks(color, self.checks[color]);
        self.checks[color] = n;
        self.hash ^= rules.zobrist().checks(color, n);
    }

    /// Recomputes the hash from scratch (after building a position).
    pub fn rehash(&mut self, rules: &Rules) {
        self.castle_rights = self.derive_castle_rights(rules);
        self.hash = self.compute_hash(rules);
    }

    /// The castling rules in force by the unmoved bits, as indices
    /// (White's rules first): a rule is in force while both of its pieces
    /// are unmoved, each of the kind the rule asks for. (A rule with free
    /// starts stands for many pairs of squares; its castling piece must be
    /// the side's royal, where there are royals, or another unmoved piece
    /// would stand in for it.)
    fn castle_rights_in_force<'a>(&'a self, rules: &'a Rules) -> impl Iterator<Item = usize> + 'a {
        let any_royal = rules.pieces().iter().any(|p| p.royal);
        let is = move |sq: Square, kind: Option<PieceKind>, royal: bool| {
            (kind.is_none() && !royal)
                || self.piece_at(sq).is_some_and(|p| {
                    kind.is_none_or(|k| p.kind == k) && (!royal || rules.is_royal(p.kind))
                })
        };
        Color::ALL
            .iter()
            .flat_map(move |&c| rules.castling()[c].iter())
            .enumerate()
            .filter(move |(_, c)| {
                self.unmoved.contains(c.king_from)
                    && self.unmoved.contains(c.partner_from)
                    && is(c.king_from, c.king_piece, c.free && any_royal)
                    && is(c.partner_from, c.partner_piece, false)
            })
            .map(|(i, _)| i)
    }

    /// The combined hash keys of the castling rights in force.
    fn derive_castle_rights(&self, rules: &Rules) -> u64 {
        self.castle_rights_in_force(rules)
            .fold(0, |h, i| h ^ rules.zobrist().castle(i))
    }

    /// Brings the hashed castling rights up to date with the unmoved bits.
    #[inline]
    pub(crate) fn refresh_castle_rights(&mut self, rules: &Rules) {
        // Rights are never regained, except by a piece dropped from the
        // reserve, which counts as unmoved.
        if self.castle_rights == 0
            && !rules
                .drops()
                .as_ref()
                .is_some_and(|d| d.from_reserve || !d.castling_drops.is_empty())
        {
            return;
        }
        let new = self.derive_castle_rights(rules);
        self.hash ^= self.castle_rights ^ new;
        self.castle_rights = new;
    }

    /// The hash computed from scratch; equals [`Position::hash`] when the
    /// incremental updates are right.
    pub fn compute_hash(&self, rules: &Rules) -> u64 {
        let z = &rules.zobrist();
        let mut h = 0;
        for sq in rules.geometry().squares() {
            if let Some(p) = self.piece_at(sq) {
                h ^= z.piece(p, sq);
            }
            if let Some(p) = self.upper_at(sq) {
                h ^= z.upper(p, sq);
            }
        }
        for sq in self.unmoved.and(&rules.unmoved_relevant()).iter() {
            h ^= z.unmoved(sq);
        }
        if let Some(ep) = self.ep {
            h ^= z.ep(ep);
        }
        h ^= self.derive_castle_rights(rules);
        if self.side == Color::Black {
            h ^= z.black;
        }
        for i in 0..self.markers.len as usize {
            h ^= self.marker_key(rules, i);
        }
        for sq in self.promoted.iter() {
            h ^= z.promoted(sq);
        }
        if let Some(p) = self.pending {
            h ^= z.pending(p.square);
        }
        for color in Color::ALL {
            h ^= z.checks(color, self.checks[color]);
        }
        h ^= z.passes(self.passes);
        for (slot, &value) in self.state.iter().enumerate() {
            h ^= z.state(slot, value);
        }
        if let Some((from, to)) = self.last
            && hashes_last_move(rules)
        {
            h ^= z.last(from, to);
        }
        for color in Color::ALL {
            for k in 0..rules.pieces().len() {
                for n in 0..self.pockets[color].count(PieceKind(k as u8)) {
                    h ^= z.pocket(color, k, n);
                }
            }
        }
        h
    }

    /// Every piece with its square, in square order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .white
            .or(&self.occupied.black)
            .iter()
            .filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// Every unit with its square, both layers of a stack, in square
    /// order.
    pub fn units(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied
            .white
            .or(&self.occupied.black)
            .iter()
            .flat_map(move |sq| {
                self.units_at(sq)
                    .into_iter()
                    .flatten()
                    .map(move |p| (sq, p))
            })
    }

    /// Board, side, unmoved bits (those that matter), en passant and hands
    /// equal: the same position for repetition.
    pub fn same_position(&self, other: &Position, rules: &Rules) -> bool {
        self.cells == other.cells
            && self.upper.squares == other.upper.squares
            && self
                .upper
                .squares
                .iter()
                .all(|sq| self.upper_at(sq) == other.upper_at(sq))
            && self.side == other.side
            && self.unmoved.and(&rules.unmoved_relevant())
                == other.unmoved.and(&rules.unmoved_relevant())
            && self
                .castle_rights_in_force(rules)
                .eq(other.castle_rights_in_force(rules))
            && self.ep == other.ep
            && self.pockets == other.pockets
            && self.reserves == other.reserves
            && self.swap_back == other.swap_back
            && self.promoted == other.promoted
            && self.markers == other.markers
            && self.active == other.active
            && self.pending == other.pending
            && self.checks == other.checks
            && self.passes == other.passes
            && self.state == other.state
            && (self.last == other.last || !hashes_last_move(rules))
    }

    /// Sets the script's state `slot` to `value`, keeping the hash.
    pub fn set_state(&mut self, rules: &Rules, slot: usize, value: i32) {
        let Some(old) = self.state.get(slot).copied() else {
            return;
        };
        let z = rules.zobrist();
        self.hash ^= z.state(slot, old) ^ z.state(slot, value);
        self.state[slot] = value;
    }

    /// Sets the last move's squares, keeping the hash.
    pub fn set_last_move(&mut self, rules: &Rules, last: Option<(Square, Square)>) {
        if hashes_last_move(rules) {
            let z = rules.zobrist();
            if let Some((a, b)) = self.last {
                self.hash ^= z.last(a, b);
            }
            if let Some((a, b)) = last {
                self.hash ^= z.last(a, b);
            }
        }
        self.last = last;
    }
}

/// Does the position's key hold the last move (the variant's script
/// reads it, so moves may depend on it)?
#[inline]
pub fn hashes_last_move(rules: &Rules) -> bool {
    rules.script().as_ref().is_some_and(|s| s.reads_last_move)
}
