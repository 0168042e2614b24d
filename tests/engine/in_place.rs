//! Sittuyin on the catalogue's file: the setup phase (compulsory drops in
//! the own three ranks, rooks on the first), and promotion made in place
//! of a move (`promotion_in_place`): on the long diagonals' squares, onto
//! the pawn's own square or a square the new general could step to,
//! never by moving, within the general's `promotion_limit`, without a
//! check or an attacked enemy piece (`promotion_attacks = illegal`), and
//! from anywhere for a side's last pawn (`last_pawn_anywhere`). Exact
//! move sets, FEN and SAN.

use crate::kit::{after, catalog, sans, sorted, turns, turns_from};

#[test]
fn the_setup_phase_drops_behind_the_pawns() {
    let r = catalog("sittuyin");
    let start = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";
    let all = turns(&r, start);
    // Twenty empty squares on ranks 1 to 3 for four kinds, the rooks'
    // eight on rank 1; no pawn moves while the hand holds a piece.
    assert_eq!(all.len(), 4 * 20 + 8);
    let rooks: Vec<&String> = all.iter().filter(|t| t.starts_with("R@")).collect();
    assert_eq!(rooks.len(), 8);
    assert!(rooks.iter().all(|t| t.ends_with('1')));
    assert!(all.iter().all(|t| t.contains('@')));
    assert!(!all.contains(&"K@e4".to_string()));
    assert!(all.contains(&"K@e3".to_string()));
}

#[test]
fn a_pawn_on_the_diagonals_promotes_where_it_stands_or_a_step_away() {
    let r = catalog("sittuyin");
    let fen = "4k3/8/8/3P4/8/8/P7/4K3[] w - - 0 1";
    // The step to d6 stays a pawn move; the general may appear on d5 or
    // any diagonal neighbour.
    assert_eq!(
        turns_from(&r, fen, "d5"),
        sorted("d5d6 d5d5f d5c6f d5e6f d5c4f d5e4f")
    );
    assert_eq!(after(&r, fen, "d5d5f"), "4k3/8/8/3F4/8/8/P7/4K3 b - - 0 1");
    assert_eq!(after(&r, fen, "d5e6f"), "4k3/8/4F3/8/8/8/P7/4K3 b - - 0 1");
    assert_eq!(sans(&r, fen, "d5"), sorted("c4=F c6=F d5=F d6 e4=F e6=F"));
    // Read back in SAN.
    assert_eq!(after(&r, fen, "d5=F"), "4k3/8/8/3F4/8/8/P7/4K3 b - - 0 1");
}

#[test]
fn moving_onto_the_diagonals_does_not_promote() {
    let r = catalog("sittuyin");
    let fen = "4k3/8/8/8/3P4/8/P7/4K3[] w - - 0 1";
    // With two pawns, d4 is off the diagonals: no promotion at all.
    assert_eq!(turns_from(&r, fen, "d4"), sorted("d4d5"));
    assert_eq!(after(&r, fen, "d4d5"), "4k3/8/8/3P4/8/8/P7/4K3 b - - 0 1");
}

#[test]
fn a_last_pawn_promotes_from_anywhere() {
    let r = catalog("sittuyin");
    let fen = "4k3/8/8/8/3P4/8/8/4K3[] w - - 0 1";
    assert_eq!(
        turns_from(&r, fen, "d4"),
        sorted("d4d5 d4d4f d4c3f d4c5f d4e3f d4e5f")
    );
}

#[test]
fn no_second_general() {
    let r = catalog("sittuyin");
    let fen = "4k3/8/8/3P4/8/8/P3F3/4K3[] w - - 0 1";
    assert_eq!(turns_from(&r, fen, "d5"), sorted("d5d6"));
}

#[test]
fn the_new_general_attacks_nothing_and_the_promotion_gives_no_check() {
    let r = catalog("sittuyin");
    // On c6 the general would attack the knight on b7.
    let knight = "4k3/1n6/8/3P4/8/8/P7/4K3[] w - - 0 1";
    assert_eq!(
        turns_from(&r, knight, "d5"),
        sorted("d5d6 d5d5f d5e6f d5c4f d5e4f")
    );
    // Leaving d5 would uncover the rook's check along the d-file.
    let rook = "3k4/8/8/3P4/8/8/P7/3RK3[] w - - 0 1";
    assert_eq!(turns_from(&r, rook, "d5"), sorted("d5d6 d5d5f"));
}

#[test]
fn the_rules_in_words_tell_the_promotion() {
    let r = catalog("sittuyin");
    let words = changeling::describe::rules_in_words(&r);
    assert!(words.contains(
        "a pawn standing on a8, b7, c6, d5, e5, f6, g7, h8 (White; Black's the mirror images) \
         may, as its turn, become general there or on an empty square the new piece could move to"
    ));
    assert!(
        words.contains(
            "such a promotion may not give check, nor the new piece attack an enemy piece"
        )
    );
    assert!(words.contains("a side's only pawn may promote so from any square"));
    assert!(words.contains("a rook may be dropped only on its rank 1"));
    assert!(words.contains("on an empty square of its ranks 1, 2 or 3 as a turn"));
}
