//! Castling with free starts (`king = any -> g1`, `partner_kind = rook`)
//! on the catalogue's Atomic960 and Extinction960: the king and rook
//! from any squares of the first rank, to the squares ordinary castling
//! uses; X-FEN and Shredder-FEN castling fields; the king taking its own
//! rook as coordinates. Exact move sets and FEN.

use crate::kit::{after, catalog, position, sorted, turns_from};
use changeling::notation::{parse_uci, to_fen, to_uci};

#[test]
fn the_king_may_start_on_its_end_square_or_swap_with_the_rook() {
    let r = catalog("atomic960");
    // King on g1 with rooks on b1 and h1: on the king side only the rook
    // moves; on the queen side the king crosses to c1, the rook to d1.
    let fen = "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1";
    assert_eq!(after(&r, fen, "O-O"), "8/8/8/8/8/8/2k5/rR3RK1 b - - 1 1");
    assert_eq!(after(&r, fen, "O-O-O"), "8/8/8/8/8/8/2k5/r1KR3R b - - 1 1");
    // King on f1, rook on g1: castling swaps them.
    let swap = "4k3/8/8/8/8/8/8/5KR1 w K - 0 1";
    assert_eq!(after(&r, swap, "O-O"), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn coordinates_write_the_king_taking_its_rook() {
    let r = catalog("atomic960");
    let fen = "8/8/8/8/8/8/2k5/rR4KR w KQ - 0 1";
    assert_eq!(
        turns_from(&r, fen, "g1"),
        sorted("g1b1 g1f1 g1f2 g1g2 g1h1 g1h2")
    );
    // The king's own move is read as well.
    let pos = position(&r, fen);
    for text in ["g1h1", "g1g1", "O-O"] {
        let mv = parse_uci(&r, &pos, text)
            .or_else(|_| changeling::notation::parse_move(&r, &pos, text))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(to_uci(&r, &mv), "g1h1", "{text}");
    }
}

#[test]
fn k_and_q_name_the_outermost_rook_and_a_file_letter_an_inner_one() {
    let r = catalog("atomic960");
    // Rooks on g1 and h1 beside the king on e1: `K` is the h1 rook, whose
    // path the g1 rook blocks; `G` is the g1 rook, which may castle.
    let outer = "4k3/8/8/8/8/8/8/4K1RR w K - 0 1";
    let inner = "4k3/8/8/8/8/8/8/4K1RR w G - 0 1";
    assert_eq!(turns_from(&r, outer, "e1g"), Vec::<String>::new());
    assert_eq!(turns_from(&r, inner, "e1g"), sorted("e1g1"));
    assert_eq!(after(&r, inner, "O-O"), "4k3/8/8/8/8/8/8/5RKR b - - 1 1");
    // Both fields are written back in X-FEN.
    assert_eq!(to_fen(&r, &position(&r, outer)), outer);
    assert_eq!(to_fen(&r, &position(&r, inner)), inner);
}

#[test]
fn shredder_letters_read_as_x_fen() {
    let r = catalog("atomic960");
    let shredder = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
    assert_eq!(
        to_fen(&r, &position(&r, shredder)),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
    );
    // A letter needs its rook: there is none on the e-file.
    let bad = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w E - 0 1";
    assert!(changeling::notation::parse_fen(&r, bad).is_err());
}

#[test]
fn a_rider_sees_through_the_start_of_a_king_touching_the_enemy_king() {
    let r = catalog("atomic960");
    // The kings touch, so the rook on f8 does not check e8; but once the
    // king has left e8 the rook's line reaches d8, which it must cross.
    let fen = "r3kR2/5K2/8/8/8/8/8/6r1 b q - 0 1";
    assert_eq!(turns_from(&r, fen, "e8a"), Vec::<String>::new());
    // With the rook off the rank the path is clear.
    let clear = "r3k3/5K2/8/8/8/8/8/7R b q - 0 1";
    assert_eq!(turns_from(&r, clear, "e8a"), sorted("e8a8"));
}

#[test]
fn only_the_named_kind_castles_where_the_king_is_not_royal() {
    let r = catalog("extinction960");
    // A knight between the rook and the king does not castle with the
    // a1 rook, and blocks the king's queen-side castling.
    let fen = "r3k2r/pbqppbpp/n6n/8/8/8/PBQPPBPP/RN2K2R w AHah - 0 1";
    assert_eq!(turns_from(&r, fen, "b1"), sorted("b1a3 b1c3"));
    assert_eq!(turns_from(&r, fen, "e1"), sorted("e1d1 e1f1 e1h1"));
    // Through attacked squares too (`safe = []`): the bishop on a6
    // sees f1.
    let open = "r3k2r/pbqppbpp/b6n/8/8/8/PBQPPBPP/RN2K2R w KQkq - 0 1";
    assert_eq!(turns_from(&r, open, "e1h"), sorted("e1h1"));
}

#[test]
fn the_rules_in_words_describe_free_starts() {
    let r = catalog("atomic960");
    let words = changeling::describe::rules_in_words(&r);
    let line = "  king_side: the royal from any square of its rank to g1, and a rook from any square beyond it on the higher files to f1, the squares they cross empty, the royal not passing an attacked square\n";
    assert!(words.contains(line), "{line:?} missing from:\n{words}");
}

#[test]
fn a_king_step_onto_its_castling_square_keeps_its_coordinates() {
    let r = catalog("extinction960");
    // Black's king on d8 may step to c8, and castle queen-side with the
    // rook on b8, also ending on c8: `d8c8` is the step, `d8b8` (the
    // king taking its rook) and `O-O-O` the castling.
    let fen = "1r1k2rb/2ppp1p1/ppPn2q1/5pnp/2P2P2/2QN4/PP2P1PP/BR1K1NRB b KQkq - 4 10";
    let pos = changeling::notation::parse_fen(&r, fen).unwrap();
    let read = |t: &str| changeling::notation::parse_move(&r, &pos, t).unwrap();
    assert_eq!(read("d8c8").kind, changeling::position::MoveKind::Normal);
    assert!(matches!(
        read("d8b8").kind,
        changeling::position::MoveKind::Castle(_)
    ));
    assert_eq!(read("O-O-O"), read("d8b8"));
    // Where the king has no step of its own there, its move to its
    // castling square reads as the castling.
    let r = catalog("atomic960");
    let pos = changeling::notation::parse_fen(&r, "r3k3/8/8/8/8/8/8/4K3 b q - 0 1").unwrap();
    let castle = changeling::notation::parse_move(&r, &pos, "e8c8").unwrap();
    assert_eq!(
        castle,
        changeling::notation::parse_move(&r, &pos, "O-O-O").unwrap()
    );
}
