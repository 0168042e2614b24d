//! Position text (FEN with extensions) and move text (coordinates, SAN).

mod fen;
mod movetext;
mod stacks;

pub use fen::{FenField, ParseFenError, parse_fen, to_fen};
pub use movetext::{ParseMoveError, parse_move, parse_san, parse_uci, to_san, to_uci};
pub(crate) use stacks::describe as describe_stacked;
