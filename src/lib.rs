#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(missing_debug_implementations)]

#[cfg(feature = "native")]
pub mod arena;
pub mod board;
#[cfg(feature = "native")]
pub mod cli;
pub mod clock;
pub mod describe;
pub mod diag;
#[cfg(feature = "native")]
pub mod experiment;
pub mod files;
pub mod game;
pub mod lang;
pub mod lines;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod record;
#[cfg(feature = "native")]
pub mod repl;
pub mod rules;
pub mod script;
pub mod search;
pub mod show;
pub mod svg;
pub mod variants;

pub use board::{Color, Piece, PieceKind, Square};
pub use game::{Game, Outcome};
pub use position::{Move, Position};
pub use rules::Rules;
