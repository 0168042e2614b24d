//! Two brute-force Rococo references, each written from the rules text
//! with none of the engine's code:
//!
//! * `published`: Rococo as published (`examples/variants/rococo.variant`),
//!   held to the engine and to `tests/perft/rococo.perft` by `perft`;
//! * `pieces`: the scripted Rococo pieces on an 8x8 board, held to the
//!   engine's perft.

mod perft;
mod pieces;
mod published;
