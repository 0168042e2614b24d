//! Placement Chess on the catalogue's file: drops from the hand that are
//! compulsory while it holds a piece (`mandatory`), bishops kept able to
//! stand on both colours (`opposite_colours`), and castling rights that
//! come with a king and rook dropped on their squares (`castling_drops`).
//! Exact move sets and FEN.

use crate::kit::{after, catalog, sorted, turns};

#[test]
fn every_turn_drops_while_the_hand_holds_a_piece() {
    let r = catalog("placement");
    let start = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
    let all = turns(&r, start);
    // Five kinds on eight squares; no pawn moves.
    assert_eq!(all.len(), 40);
    assert!(all.iter().all(|t| t.contains('@') && t.ends_with('1')));
    // Once the hand is empty the pawns move again.
    let done = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1";
    assert_eq!(turns(&r, done).len(), 20);
}

#[test]
fn the_bishops_end_on_opposite_colours() {
    let r = catalog("placement");
    // A bishop on light f1: the other must go to dark c1, and the knight
    // may not take c1 from it.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R2QKBNR[BN] w - - 0 1";
    assert_eq!(turns(&r, fen), sorted("B@c1 N@b1"));
}

#[test]
fn a_king_dropped_between_its_rooks_may_castle() {
    let r = catalog("placement");
    let fen = "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R6R[Kr] w q - 0 1";
    assert_eq!(
        after(&r, fen, "K@e1"),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[r] b KQq - 1 1"
    );
    // Elsewhere it gains nothing.
    assert_eq!(
        after(&r, fen, "K@d1"),
        "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[r] b q - 1 1"
    );
}

#[test]
fn the_rules_in_words_name_the_placement_rules() {
    let r = catalog("placement");
    let words = changeling::describe::rules_in_words(&r);
    for line in [
        "  a piece held in hand may be dropped on an empty square of its rank 1 as a turn\n",
        "  while the hand holds a piece, a turn must drop one if it can\n",
        "  each side's bishops must end half on light and half on dark squares\n",
        "  a king or rook dropped on its castling square counts as unmoved, so the pair may castle\n",
    ] {
        assert!(words.contains(line), "{line:?} missing from:\n{words}");
    }
}
