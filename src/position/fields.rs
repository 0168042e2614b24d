//! Reading a position: one accessor per field, named after it. The fields
//! are private to `position`, so only its own code changes them, and the
//! hash, castling rights and royals always follow.

use super::{Markers, Pending, Position, Stage, Upper};
use crate::board::{ByColor, Color, MutatorSet, Pocket, Reserve, Square, SquareSet};

impl Position {
    /// The second units of stacked cells.
    #[inline]
    pub fn upper(&self) -> &Upper {
        &self.upper
    }

    /// Squares whose piece has not moved yet (castling, initial moves).
    #[inline]
    pub fn unmoved(&self) -> SquareSet {
        self.unmoved
    }

    /// The side to move.
    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    /// The placement stage, or play.
    #[inline]
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// Index of the current phase within the turn.
    #[inline]
    pub fn phase(&self) -> u8 {
        self.phase
    }

    /// Turns completed by each side.
    #[inline]
    pub fn turns(&self) -> ByColor<u16> {
        self.turns
    }

    /// The full-move number, as in FEN.
    #[inline]
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Plies since the last capture or pawn move, as in FEN.
    #[inline]
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// The en-passant target square (the square passed over).
    #[inline]
    pub fn ep(&self) -> Option<Square> {
        self.ep
    }

    /// The pawn that may be taken en passant.
    #[inline]
    pub fn ep_victim(&self) -> Option<Square> {
        self.ep_victim
    }

    /// The hands.
    #[inline]
    pub fn pockets(&self) -> &ByColor<Pocket> {
        &self.pockets
    }

    /// The reserve boards.
    #[inline]
    pub fn reserves(&self) -> &ByColor<Reserve> {
        &self.reserves
    }

    /// The markers on the board.
    #[inline]
    pub fn markers(&self) -> &Markers {
        &self.markers
    }

    /// The active mutators.
    #[inline]
    pub fn active(&self) -> MutatorSet {
        self.active
    }

    /// The current chance outcome (e.g. the die), if any.
    #[inline]
    pub fn roll(&self) -> Option<u8> {
        self.roll
    }

    /// A choice waiting for a player.
    #[inline]
    pub fn pending(&self) -> Option<Pending> {
        self.pending
    }

    /// The squares of the last swap, which may not be swapped straight
    /// back.
    #[inline]
    pub fn swap_back(&self) -> Option<(Square, Square)> {
        self.swap_back
    }

    /// Squares whose piece came from a promotion (tracked when the
    /// variant says: such a piece enters a hand as a pawn).
    #[inline]
    pub fn promoted(&self) -> SquareSet {
        self.promoted
    }

    /// The checks each side has given (counted where the variant has a
    /// `check_limit`).
    #[inline]
    pub fn checks(&self) -> ByColor<u8> {
        self.checks
    }

    /// The script's state, by slot (the names are the variant's
    /// `state` list, [`ScriptDecl::state`](crate::rules::ScriptDecl)).
    #[inline]
    pub fn state(&self) -> &[i32; crate::rules::MAX_STATE] {
        &self.state
    }

    /// The last move's squares (from, to), if a move led here (a drop
    /// goes from its own square).
    #[inline]
    pub fn last_move(&self) -> Option<(Square, Square)> {
        self.last
    }

    /// Turns passed in a row just before this position, up to two.
    pub fn passes(&self) -> u8 {
        self.passes
    }
}
