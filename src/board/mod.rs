//! Vocabulary: squares, colours, pieces, sets of squares, kinds and
//! mutators, pockets and reserves.

mod color;
mod kinds;
mod mutators;
mod piece;
mod pocket;
mod set;
mod square;

pub use color::{ByColor, Color};
pub use kinds::KindSet;
pub use mutators::MutatorSet;
pub use piece::{MAX_KINDS, Piece, PieceKind};
pub use pocket::{POCKET_SLOTS, Pocket, RESERVE_SLOTS, Reserve};
pub use set::SquareSet;
pub use square::{MAX_FILES, MAX_RANKS, MAX_SQUARES, Square};
