//! Position text (FEN with extensions) and move text (coordinates, SAN),
//! and game records (PGN).

mod coords;
mod fen;
mod movetext;
mod spell;
mod stacks;
mod symbols;

pub use coords::to_uci;
pub use fen::{FenField, ParseFenError, parse_fen, to_fen};
pub use movetext::{ParseMoveError, parse_move, parse_san, parse_uci, to_san};
pub use spell::Notation;
pub(crate) use stacks::describe as describe_stacked;
pub use symbols::{abbreviations, san_symbol};
