//! FEN import and export.
//!
//! Standard FEN (`board side castling ep halfmove fullmove`; the two
//! counters may be omitted) with these extensions:
//!
//! * ranks and files beyond 8 and 9+ empty squares: multi-digit numbers
//!   (`10/10/...` on a 10-wide board), ranks listed top first as usual;
//! * piece codes longer than one letter in braces: `{Sissa}` for White,
//!   `{sissa}` for Black;
//! * a promoted marker `~` after a piece is accepted (crazyhouse-style);
//! * hands (pockets) in brackets after the board: `.../RNBQKBNR[Qn]`, or
//!   as one rank more, without digits: `.../RNBQKBNR/Qn`;
//! * stacks, in variants with `capacity = 2`: a square holding two units
//!   is written as a parenthesised group, lower unit first, e.g. `(RN)`
//!   for a White rook with a White knight on top, `(Rn)` for a square
//!   shared by a White rook and a Black knight; `(R)` is the same as `R`;
//! * castling as `KQkq` (by side of the partner) or X-FEN file letters
//!   (`HAha`), each naming one of the variant's castling rules;
//! * in a variant with a `check_limit`, the checks each side still needs
//!   as a field before the clocks (`3+3` at the start of three-check), or
//!   the checks each side has given after the clocks (`+0+0`).

use crate::position::Position;
use crate::rules::Rules;
use std::fmt;

mod board;
mod fields;
mod setup;
mod write;

pub use setup::Setup;
pub use write::to_fen;

/// The FEN field an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// Piece placement.
    Board,
    /// Hands in brackets.
    Pockets,
    /// Reserve boards in angle brackets.
    Reserves,
    /// Side to move.
    Side,
    /// Castling rights.
    Castling,
    /// En-passant square.
    EnPassant,
    /// Half-move clock.
    Halfmove,
    /// Full-move number.
    Fullmove,
    /// The swap that may not be undone at once (`swap:d4f4`).
    SwapBan,
    /// Pieces that would count as unmoved where they stand but have
    /// moved (`moved:c2,f7`).
    Moved,
    /// Pieces that have not moved although neither the castling field
    /// nor their kind says so (`unmoved:e1`).
    Unmoved,
    /// Mutator markers and their faces (`{a4:rider+ h5:cannon-}`).
    Markers,
    /// The die rolled for the side to move (`roll:3`).
    Roll,
    /// The side to move's pawn pushed onto its last rank, waiting for its
    /// promotion (`pending:e8`).
    Pending,
    /// Turns passed in a row just before the position (`passed:1`).
    Passed,
    /// The check counts of n-check (`2+3` or `+1+0`).
    Checks,
    /// The script's state (`state:charged=12,count=3`).
    State,
    /// The last move, where the script reads it (`last:e2e4`).
    LastMove,
    /// The position as a whole (e.g. the side not to move is in check).
    Position,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board",
            FenField::Pockets => "pockets",
            FenField::Reserves => "reserves",
            FenField::Side => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmove => "half-move clock",
            FenField::Fullmove => "full-move number",
            FenField::SwapBan => "swap ban",
            FenField::Moved => "moved pieces",
            FenField::Unmoved => "unmoved pieces",
            FenField::Markers => "markers",
            FenField::Roll => "roll",
            FenField::Pending => "pending promotion",
            FenField::Passed => "passes",
            FenField::Checks => "check counts",
            FenField::State => "script state",
            FenField::LastMove => "last move",
            FenField::Position => "position",
        })
    }
}

/// Why a FEN was rejected: the field and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFenError {
    /// Which field.
    pub field: FenField,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN ({}): {}", self.field, self.message)
    }
}

impl std::error::Error for ParseFenError {}

fn err<T>(field: FenField, message: impl Into<String>) -> Result<T, ParseFenError> {
    Err(ParseFenError {
        field,
        message: message.into(),
    })
}

/// Parses a FEN for `rules` into a validated position: the text is split
/// into its fields (a [`Setup`]), then each field is read in turn.
///
/// # Errors
///
/// The first problem found, naming the field.
pub fn parse_fen(rules: &Rules, text: &str) -> Result<Position, ParseFenError> {
    Setup::split(text)?.build(rules)
}
