//! Vocabulary: squares, colours, pieces, square sets, pockets and reserves.

mod color;
mod kinds;
mod piece;
mod pocket;
mod set;
mod square;

pub use color::{ByColor, Color};
pub use kinds::KindSet;
pub use piece::{MAX_KINDS, Piece, PieceKind};
pub use pocket::{POCKET_SLOTS, Pocket, RESERVE_SLOTS, Reserve};
pub use set::SquareSet;
pub use square::{MAX_FILES, MAX_RANKS, MAX_SQUARES, Square};
