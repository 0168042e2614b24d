//! Gating on the catalogue's S-Chess, S-House and Seirawan960
//! (`gating = true` in `drops`): a held piece put on the square a
//! first-rank piece leaves on its first move, after castling on the
//! king's or the rook's square; gates read and written as file letters in
//! the FEN castling field. Exact move sets and FEN.

use crate::kit::{after, catalog, position, sorted, turns, turns_from};
use changeling::movegen::perft;
use changeling::notation::to_fen;

#[test]
fn a_first_move_from_the_back_rank_may_gate_each_kind_held() {
    let r = catalog("seirawan");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    assert_eq!(
        turns_from(&r, start, "b1"),
        sorted("b1a3 b1a3&E@b1 b1a3&H@b1 b1c3 b1c3&E@b1 b1c3&H@b1")
    );
    // No drops of their own: no turn starts from the hand.
    assert!(turns_from(&r, start, "H@").is_empty());
    assert_eq!(
        after(&r, start, "Nc3&H@b1"),
        "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/RHBQKBNR[Ehe] b KQCDFGkqbcdfg - 1 1"
    );
}

#[test]
fn a_piece_that_has_moved_opens_no_gate() {
    let r = catalog("seirawan");
    // The knight came back to g1: the `G` gate is gone.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFkqbcdfg - 0 1";
    assert_eq!(turns_from(&r, fen, "g1"), sorted("g1f3 g1h3"));
    // An empty hand gates nothing.
    let empty = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[he] w KQBCDFGkqbcdfg - 0 1";
    assert_eq!(turns_from(&r, empty, "b1"), sorted("b1a3 b1c3"));
}

#[test]
fn castling_gates_on_the_king_or_the_rook_square() {
    let r = catalog("seirawan");
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[H] w KQkq - 0 1";
    assert_eq!(
        turns_from(&r, fen, "e1g1"),
        sorted("e1g1 e1g1&H@e1 e1g1&H@h1")
    );
    assert_eq!(
        after(&r, fen, "O-O&H@h1"),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH b Akq - 1 1"
    );
}

/// The S-Chess rule: a move from a gate must be legal on its own; a
/// piece gated on the square it left may not block a check nor stand in
/// for a pinned piece. Fairy-Stockfish counts the same way (S-House
/// perft 4 from the start: 36,857,065, in `tests/perft/catalog`).
#[test]
fn a_gated_piece_never_makes_an_illegal_move_legal() {
    let r = catalog("seirawan");
    // The bishop on f1 shields the king from the rook on h1: it may not
    // move, not even with a hawk gated on f1 to take its place.
    let fen = "4k3/8/8/8/8/8/6P1/4KB1r[H] w F - 0 1";
    assert!(turns_from(&r, fen, "f1").is_empty());
    assert_eq!(turns(&r, fen), sorted("e1d1 e1d2 e1e2 e1f2 g2g3 g2g4"));
}

#[test]
fn s_house_a_pinned_queen_stays_pinned_whatever_is_gated() {
    let r = catalog("shouse");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    let mut fen = start.to_string();
    for m in ["E@b6", "c6", "Exc8"] {
        fen = after(&r, &fen, m);
    }
    assert_eq!(
        fen,
        "rnEqkbnr/pp1ppppp/2p5/8/8/8/PPPPPPPP/RNBQKBNR[BHhe] b KQBCDFGkqbdfg - 0 2"
    );
    // The elephant on c8 pins the queen to the king: she may only take
    // it. `d8a5&E@d8`, `d8b6&H@d8` and the like would leave the king to
    // the gated piece alone.
    assert_eq!(
        turns_from(&r, &fen, "d8"),
        sorted("d8c8 d8c8&E@d8 d8c8&H@d8")
    );
    let pos = position(&r, &fen);
    assert_eq!(perft(&r, &pos, 1), 91);
    // One ply earlier, the count over every White reply, the pinning
    // capture among them.
    let before = position(&r, &after(&r, &after(&r, start, "E@b6"), "c6"));
    assert_eq!(perft(&r, &before, 2), 5824);
}

#[test]
fn s_house_drops_and_gates_the_same_hand() {
    let r = catalog("shouse");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    // A held hawk may be dropped on any empty square as well.
    assert_eq!(turns_from(&r, start, "H@").len(), 32);
    // Pawns in hand are never dropped on the first rank, so never gated.
    let pawns = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[P] w KQBCDFGkqbcdfg - 0 1";
    assert_eq!(turns_from(&r, pawns, "b1"), sorted("b1a3 b1c3"));
}

#[test]
fn shredder_letters_are_castling_where_a_rook_can_castle_and_gates_elsewhere() {
    let r = catalog("seirawan960");
    let start = "qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w ABCDEFGHabcdefgh - 0 1";
    // King f1 and rook g1 castle by swapping; neither square is left
    // empty, so nothing is gated.
    assert_eq!(turns_from(&r, start, "f1"), sorted("f1g1"));
    assert_eq!(
        to_fen(&r, &position(&r, start)),
        "qbbrnkrn/pppppppp/8/8/8/8/PPPPPPPP/QBBRNKRN[HEhe] w KQABCEHkqabceh - 0 1"
    );
}

#[test]
fn the_rules_in_words_describe_gating() {
    let r = catalog("seirawan");
    let words = changeling::describe::rules_in_words(&r);
    let line = "  a piece held in hand enters only by gating: when a piece of the drop ranks makes its first move, a held piece may be put on the square it left, in the same turn (after castling, on the king's square or the partner's)\n";
    assert!(words.contains(line), "{line:?} missing from:\n{words}");
}
