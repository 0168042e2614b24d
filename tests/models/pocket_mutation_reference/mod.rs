//! Pocket Mutation Chess (`examples/variants/pocket-mutation.variant`): a
//! brute-force reference move generator, simple rather than fast, written
//! from the rules text `../shared/rules/pocket-mutation.md` (its readings
//! OQ-1 to OQ-11; the class table of OQ-1 is the piece list). It shares no
//! code with the engine: its own board, FEN reader, attack test and move
//! generator. The counts in `tests/perft/pocket-mutation.perft` are meant
//! to be the common answer of the engine and this reference.
//!
//! With the pockets switched off and promotion to Q, R, B or N the
//! reference plays FIDE chess without castling, and `reference_fide_perft`
//! checks it against the published counts before the pocket rules are
//! trusted. The `reference_*` tests use the reference alone (`cargo test
//! --test models pocket_mutation_reference::self_tests::`);
//! `pocket_mutation_perft_file_*` check it against the perft file and
//! `engine_*` compare it with the engine (both in `engine_tests`).
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
use self_tests::*;

/// The engine's variant file.
const VARIANT: &str = "examples/variants/pocket-mutation.variant";

/// The start: the FIDE array, both pockets empty, no castling (OQ-9).
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1";

/// Both pockets full, White's with a Nightrider, Black's with a Bishop.
const POCKETS: &str = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Ib] w - - 2 3";

/// Bare kings with a Queen in each pocket, on White's first move.
const QUEENS: &str = "4k3/8/8/8/8/8/8/4K3[Qq] w - - 0 1";

/// Pawns on their own 8th rank and on their 2nd, en passant possible;
/// White may pocket (and promote the pawns b8 and h8), Black may drop.
const EIGHTH_RANKS: &str = "rPb1k2P/pp3ppp/8/3pP3/8/8/PPP2PPP/p1B1K1Np[q] w - d6 0 12";

/// The same board with Black to move: Black may pocket (and promote the
/// pawns a1 and h1), White may drop.
const BLACK_EIGHTH_RANKS: &str = "rPb1k2P/pp3ppp/8/3pP3/8/8/PPP2PPP/p1B1K1Np[N] b - - 0 12";

/// White's first move in a position of its own: the pocket is empty but
/// may not be used yet; from White's second move on it may.
const FIRST_MOVE: &str = "r3k3/1p6/8/8/8/8/1P6/R3K3[] w - - 0 1";

/// A piece: its kind as an upper-case FEN letter, and whether it is White's.
type Piece = (char, bool);

/// A position. Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pos {
    board: [Option<Piece>; 64],
    /// The pockets, White's then Black's: one kind or nothing (OQ-10).
    pockets: [Option<char>; 2],
    /// White is to move.
    white: bool,
    /// The square a pawn just skipped with a double step.
    ep: Option<usize>,
    /// The full-move number: 1 until Black has made its first move.
    fullmove: u32,
}

/// Which rules the reference plays.
#[derive(Clone, Copy, Debug)]
struct Rules {
    /// Pocketing and drops (section 4, moves 2 and 3).
    pockets: bool,
    /// What a pawn arriving on its last rank by a move may become; with
    /// none it stays a pawn (section 5).
    promotions: &'static [char],
}

/// Plain FIDE chess (no castling: the reference knows none).
const FIDE: Rules = Rules {
    pockets: false,
    promotions: &['Q', 'R', 'B', 'N'],
};

/// Pocket Mutation Chess as chosen in pocket-mutation.md.
const POCKET: Rules = Rules {
    pockets: true,
    promotions: &[],
};
