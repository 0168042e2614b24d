#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![warn(missing_debug_implementations)]
// The public API is the session (`session`), the one every front end
// uses, and the command line (`cli`) the binary runs. The core below
// it is the crate's own: its modules are public only with the
// `internals` feature, which the tests and benchmarks turn on (they
// check the core directly: perft, move sets, positions). Without it,
// what only they use looks unused; with it (as clippy runs on every
// target) the lints see the core as before.
#![cfg_attr(not(feature = "internals"), allow(dead_code, unused_imports))]

#[cfg(all(feature = "native", feature = "internals"))]
pub mod arena;
#[cfg(all(feature = "native", not(feature = "internals")))]
pub(crate) mod arena;
#[cfg(feature = "internals")]
pub mod board;
#[cfg(not(feature = "internals"))]
pub(crate) mod board;
#[cfg(feature = "native")]
pub mod cli;
#[cfg(feature = "internals")]
pub mod clock;
#[cfg(not(feature = "internals"))]
pub(crate) mod clock;
#[cfg(feature = "internals")]
pub mod describe;
#[cfg(not(feature = "internals"))]
pub(crate) mod describe;
#[cfg(feature = "internals")]
pub mod diag;
#[cfg(not(feature = "internals"))]
pub(crate) mod diag;
#[cfg(all(feature = "native", feature = "internals"))]
pub mod experiment;
#[cfg(all(feature = "native", not(feature = "internals")))]
pub(crate) mod experiment;
#[cfg(feature = "internals")]
pub mod files;
#[cfg(not(feature = "internals"))]
pub(crate) mod files;
#[cfg(feature = "internals")]
pub mod game;
#[cfg(not(feature = "internals"))]
pub(crate) mod game;
#[cfg(all(feature = "native", feature = "internals"))]
pub mod lab;
#[cfg(all(feature = "native", not(feature = "internals")))]
pub(crate) mod lab;
#[cfg(feature = "internals")]
pub mod lang;
#[cfg(not(feature = "internals"))]
pub(crate) mod lang;
#[cfg(feature = "internals")]
pub mod lines;
#[cfg(not(feature = "internals"))]
pub(crate) mod lines;
#[cfg(feature = "internals")]
pub mod movegen;
#[cfg(not(feature = "internals"))]
pub(crate) mod movegen;
#[cfg(feature = "internals")]
pub mod notation;
#[cfg(not(feature = "internals"))]
pub(crate) mod notation;
#[cfg(feature = "internals")]
pub mod position;
#[cfg(not(feature = "internals"))]
pub(crate) mod position;
#[cfg(feature = "internals")]
pub mod record;
#[cfg(not(feature = "internals"))]
pub(crate) mod record;
#[cfg(all(feature = "native", feature = "internals"))]
pub mod repl;
#[cfg(all(feature = "native", not(feature = "internals")))]
pub(crate) mod repl;
#[cfg(feature = "internals")]
pub mod rules;
#[cfg(not(feature = "internals"))]
pub(crate) mod rules;
#[cfg(feature = "internals")]
pub mod script;
#[cfg(not(feature = "internals"))]
pub(crate) mod script;
#[cfg(feature = "internals")]
pub mod search;
#[cfg(not(feature = "internals"))]
pub(crate) mod search;
pub mod session;
#[cfg(feature = "internals")]
pub mod show;
#[cfg(not(feature = "internals"))]
pub(crate) mod show;
#[cfg(feature = "internals")]
pub mod svg;
#[cfg(not(feature = "internals"))]
pub(crate) mod svg;
#[cfg(feature = "internals")]
pub mod variants;
#[cfg(not(feature = "internals"))]
pub(crate) mod variants;

pub mod web;

#[cfg(feature = "internals")]
pub use board::{Color, Piece, PieceKind, Square};
#[cfg(not(feature = "internals"))]
pub(crate) use board::{Color, Piece, PieceKind, Square};
#[cfg(feature = "internals")]
pub use game::{Game, Outcome};
#[cfg(not(feature = "internals"))]
pub(crate) use game::{Game, Outcome};
#[cfg(feature = "internals")]
pub use position::{Move, Position};
#[cfg(not(feature = "internals"))]
pub(crate) use position::{Move, Position};
#[cfg(feature = "internals")]
pub use rules::Rules;
#[cfg(not(feature = "internals"))]
pub(crate) use rules::Rules;
