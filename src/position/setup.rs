//! Setting a position's fields one at a time: for building a position
//! from its parts (a FEN, a variant's start, a diagram) and for the copies
//! that ask move generation a question (what the other side could play,
//! what would be legal without a mutator).
//!
//! Each setter keeps the hash where the field is hashed, as playing a
//! move does. None of them validates: a caller building a position checks
//! it against the rules (that needs move generation, above this module)
//! and ends with [`Position::rehash`], which also derives the castling
//! rights from the unmoved bits.

use super::{MAX_COUNTER, Position, Stage};
use crate::board::{Color, MutatorSet, PieceKind, Reserve, Square};
use crate::rules::Rules;

impl Position {
    /// Makes `side` the side to move, keeping the hash.
    pub fn set_side(&mut self, rules: &Rules, side: Color) {
        if self.side != side {
            self.side = side;
            self.hash ^= rules.zobrist().black;
        }
    }

    /// Sets the stage (marker placement or play). The stage is not hashed:
    /// the markers placed so far tell the stages apart.
    pub fn set_stage(&mut self, stage: Stage) {
        self.stage = stage;
    }

    /// Sets the plies since the last capture or pawn move (at most
    /// [`MAX_COUNTER`]). Not hashed: the count decides draws, not turns.
    pub fn set_halfmove(&mut self, halfmove: u32) {
        self.halfmove = halfmove.min(MAX_COUNTER);
    }

    /// Sets the full-move number (from 1 to [`MAX_COUNTER`]). Not hashed.
    pub fn set_fullmove(&mut self, fullmove: u32) {
        self.fullmove = fullmove.clamp(1, MAX_COUNTER);
    }

    /// Makes `reserve` `color`'s reserve board. Reserves are not hashed.
    pub fn set_reserve(&mut self, color: Color, reserve: Reserve) {
        self.reserves[color] = reserve;
    }

    /// Sets (or clears) the swap that may not be swapped straight back.
    /// Not hashed.
    pub fn set_swap_back(&mut self, swap: Option<(Square, Square)>) {
        self.swap_back = swap;
    }

    /// Sets (or clears) the chance outcome the side to move plays with,
    /// such as the die. Never hashed: a roll is part of the turn, not of
    /// the position repetition compares.
    pub fn set_roll(&mut self, roll: Option<u8>) {
        self.roll = roll;
    }

    /// Puts a `kind` of `color` in `color`'s hand, keeping the hash;
    /// false, changing nothing, when the hand has no free slot.
    pub fn add_to_pocket(&mut self, rules: &Rules, color: Color, kind: PieceKind) -> bool {
        let n = self.pockets[color].count(kind);
        let added = self.pockets[color].push(kind, false);
        if added {
            self.hash ^= rules.zobrist().pocket(color, kind.index(), n);
        }
        added
    }

    /// Lays a marker of `mutator` on `sq`, its active face up when `up`,
    /// keeping the hash; false, changing nothing, when every marker slot is
    /// taken. The active set and the pieces' forms follow the faces when
    /// the turn ends, or when the builder asks for the forms.
    pub fn add_marker(&mut self, rules: &Rules, sq: Square, mutator: u8, up: bool) -> bool {
        let m = &mut self.markers;
        let i = m.len as usize;
        if i == m.squares.len() {
            return false;
        }
        m.squares[i] = sq.0;
        m.mutators[i] = mutator;
        if up {
            m.faces |= 1 << i;
        } else {
            m.faces &= !(1 << i);
        }
        m.len += 1;
        self.hash ^= self.marker_key(rules, i);
        true
    }

    /// This position with `mutators` switched off, for asking move
    /// generation what would be legal without them. Only the active set
    /// changes: the markers, the pieces' forms and the hash stay, so the
    /// copy is a probe, not a position to play on.
    pub fn with_mutators_off(&self, mutators: MutatorSet) -> Position {
        let mut probe = self.clone();
        probe.active = probe.active.without(mutators);
        probe
    }

    /// The same board with the other side to move and nothing left over
    /// from this turn (no roll, no pending choice, no en passant): what
    /// the side not to move could play if it were its turn. The hash and
    /// castling rights are computed afresh.
    pub fn with_other_side_to_move(&self, rules: &Rules) -> Position {
        let mut other = self.clone();
        other.side = !self.side;
        other.roll = None;
        other.pending = None;
        other.ep = None;
        other.ep_victim = None;
        other.rehash(rules);
        other
    }
}
