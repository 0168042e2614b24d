//! Promotion limits and optional promotion ranks: Grand Chess as
//! published (a pawn may promote on its eighth and ninth ranks and must
//! on the tenth, only to a kind its side has lost: `promotion_limit`,
//! `optional_promotion_ranks`), and Spartan Chess's hoplite that becomes
//! a king only while Black has one. Exact move sets from the catalogue's
//! files.

use crate::kit::{catalog, sorted, turns_from};

#[test]
fn a_grand_chess_pawn_promotes_by_choice_on_ranks_eight_and_nine() {
    let r = catalog("grand");
    // Nothing lost: every kind may be chosen, or none.
    let fen = "9k/10/10/2P7/10/10/10/10/10/4K5 w - - 0 1";
    assert_eq!(
        turns_from(&r, fen, "c7"),
        sorted("c7c8 c7c8a c7c8b c7c8c c7c8n c7c8q c7c8r")
    );
    // Black's eighth rank is rank 3.
    let fen = "9k/10/10/10/10/10/10/2p7/10/K9 b - - 0 1";
    assert_eq!(
        turns_from(&r, fen, "c3"),
        sorted("c3c2 c3c2a c3c2b c3c2c c3c2n c3c2q c3c2r")
    );
}

#[test]
fn a_grand_chess_pawn_promotes_only_to_a_kind_its_side_has_lost() {
    let r = catalog("grand");
    // The whole army on the board: the pawn on the eighth rank steps on
    // unpromoted; on the ninth it may not step onto the tenth at all.
    let army = "N9/1QCAKRRBBN";
    let eighth = format!("9k/10/2P7/10/10/10/10/10/{army} w - - 0 1");
    assert_eq!(turns_from(&r, &eighth, "c8"), sorted("c8c9"));
    let ninth = format!("9k/2P7/10/10/10/10/10/10/{army} w - - 0 1");
    assert_eq!(turns_from(&r, &ninth, "c9"), Vec::<String>::new());
    // With the queen lost, the pawn on the ninth must become a queen.
    let ninth = "9k/2P7/10/10/10/10/10/10/N9/2CAKRRBBN w - - 0 1";
    assert_eq!(turns_from(&r, ninth, "c9"), sorted("c9c10q"));
    // With a rook and a knight lost, those two.
    let ninth = "9k/2P7/10/10/10/10/10/10/10/1QCAKR1BBN w - - 0 1";
    assert_eq!(turns_from(&r, ninth, "c9"), sorted("c9c10n c9c10r"));
}

#[test]
fn a_hoplite_promotes_to_a_king_only_while_black_has_one() {
    let r = catalog("spartan");
    let two = "k7/8/8/8/8/8/3h4/4K2k b - - 0 1";
    assert_eq!(turns_from(&r, two, "d2"), sorted("d2c1c d2c1g d2c1l d2c1w"));
    let one = "8/8/8/8/8/8/3h4/4K2k b - - 0 1";
    assert_eq!(
        turns_from(&r, one, "d2"),
        sorted("d2c1c d2c1g d2c1k d2c1l d2c1w")
    );
}
