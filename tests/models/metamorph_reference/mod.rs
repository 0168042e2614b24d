//! Metamorph Chess (`examples/variants/metamorph.variant` and
//! `metamorph_optional.variant`): a brute-force reference move generator,
//! simple rather than fast, written from the rules text
//! `../shared/rules/metamorph.md` (its readings OQ-1 to OQ-8). It shares no
//! code with the engine: its own board, FEN reader, attack test and move
//! generator. The counts in `tests/perft/metamorph.perft` are the common
//! answer of the engine and this reference.
//!
//! With morphing switched off and promotion to Q, R, B or N the reference
//! plays FIDE chess, and `reference_fide_perft` checks it against the
//! published counts before the metamorph rules are trusted. The
//! `reference_*` tests use the reference alone (`cargo test --test models
//! metamorph_reference::self_tests::`); `metamorph_perft_file_*` check it
//! against the perft file and `engine_*` compare it with the engine (both
//! in `engine_tests`).
//!
//! The model: the position here, the `pieces`, `fen` and the `moves`.

mod engine_tests;
mod fen;
mod moves;
mod pieces;
mod self_tests;

use fen::*;
use moves::*;
use pieces::*;

/// The engine's variant files: mandatory and optional metamorphosis.
const VARIANT: &str = "examples/variants/metamorph.variant";
const OPTIONAL_VARIANT: &str = "examples/variants/metamorph_optional.variant";

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// A piece: its kind as an upper-case FEN letter, and whether it is White's.
type Piece = (char, bool);

/// A position. Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pos {
    board: [Option<Piece>; 64],
    /// White is to move.
    white: bool,
    /// Castling rights: White king side, White queen side, Black king
    /// side, Black queen side.
    castle: [bool; 4],
    /// The square a pawn just skipped with a double step.
    ep: Option<usize>,
}

/// Which rules the reference plays.
#[derive(Clone, Copy, Debug)]
struct Rules {
    /// Metamorphosis of attacked simple pieces and demotion of capturing
    /// compound pieces.
    morph: bool,
    /// OQ-2 read the other way: a metamorphosis may also be declined.
    optional: bool,
    /// What a pawn on the last rank may become.
    promotions: &'static [char],
}

/// Plain FIDE chess.
const FIDE: Rules = Rules {
    morph: false,
    optional: false,
    promotions: &['Q', 'R', 'B', 'N'],
};

/// Metamorph Chess as chosen in metamorph.md (mandatory metamorphosis).
const METAMORPH: Rules = Rules {
    morph: true,
    optional: false,
    promotions: &['R', 'B', 'N'],
};

/// Metamorph Chess with optional metamorphosis.
const OPTIONAL: Rules = Rules {
    optional: true,
    ..METAMORPH
};
