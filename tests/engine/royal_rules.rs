//! Several royal pieces (`royal_rule`), on the catalogue's Spartan Chess
//! and Sho Shogi: exact move sets, checks and the position after a royal
//! is taken.

use crate::kit::{after, catalog, position, sorted, turns, turns_from};
use changeling::movegen::in_check;

#[test]
fn two_spartan_kings_may_not_both_be_left_attacked() {
    let r = catalog("spartan");
    // The rook on a1 attacks the king on a8; the rook on h7 the seventh
    // rank. One king attacked is no check, and a king may even step into
    // an attack while the other stays safe; the c8 king's steps onto the
    // seventh rank would leave both attacked.
    let fen = "k1k5/7R/8/8/8/8/8/R3K3 b - - 0 1";
    assert!(!in_check(
        &r,
        &position(&r, fen),
        changeling::board::Color::Black
    ));
    assert_eq!(turns(&r, fen), sorted("a8a7 a8b7 a8b8 c8b8 c8d8"));
    // A king may be taken; the one left is royal as in chess.
    let fen = "k1k5/7R/8/8/8/8/8/R3K3 w - - 0 1";
    let taken = after(&r, fen, "a1a8");
    assert_eq!(taken, "R1k5/7R/8/8/8/8/8/4K3 b - - 0 1");
    let pos = position(&r, &taken);
    assert!(in_check(&r, &pos, changeling::board::Color::Black));
    assert_eq!(turns(&r, &taken), Vec::<String>::new());
}

#[test]
fn a_pinned_hoplite_may_leave_its_line_as_a_second_king() {
    let r = catalog("spartan");
    // A pinned hoplite may leave the line by becoming a second king: the
    // first is then attacked alone (the published count's missing move).
    let pinned = "8/8/8/8/6Q1/8/2h3h1/4K1k1 b - - 0 1";
    let g2 = turns_from(&r, pinned, "g2");
    assert_eq!(g2, sorted("g2h1k"));
}

#[test]
fn sho_shogi_king_and_crown_prince_are_royal_only_alone() {
    let r = catalog("shoshogi");
    // With both, the king may step into the rook's file and stay there.
    let fen = "4r3k/9/9/9/9/9/9/9/3+EK4 w - - 0 1";
    assert!(turns(&r, fen).contains(&"e1e2".to_string()));
    let pos = position(&r, fen);
    assert!(!in_check(&r, &pos, changeling::board::Color::White));
    // Black takes the king; the crown prince is royal now and keeps off
    // the rook's rank.
    let fen = after(&r, fen, "d1c2");
    let fen = after(&r, &fen, "e9e1");
    assert_eq!(fen, "8k/9/9/9/9/9/9/2+E6/4r4 w - - 0 2");
    assert_eq!(
        turns_from(&r, &fen, "c2"),
        sorted("c2b2 c2b3 c2c3 c2d2 c2d3")
    );
}
