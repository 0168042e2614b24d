//! Morph cycles on the turn's actor, and cornering, in
//! `tests/scripts/morphing.variant` (chess with the cycles and cornering
//! table of `../shared/rules/mutatis-mutandis.md` sections 3, 6.3 and 9):
//! the mover, the shooting Archer, the swapping Swapper, the stepping
//! Oxybeles and both cornering pieces change; a swap partner, a slung
//! piece and a promoting pawn do not.

use crate::kit::{after, cornerings};
use changeling::movegen::legal_moves;
use changeling::notation::parse_fen;
use changeling::rules::Rules;
use changeling::variants::load;
use std::sync::Arc;

fn morphing() -> Arc<Rules> {
    load("tests/scripts/morphing.variant").expect("the test variant loads")
}

#[test]
fn the_mover_takes_the_next_form_of_its_cycle_and_back() {
    let r = morphing();
    // King -> Maoking -> King.
    let fen = after(&r, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1e2");
    assert_eq!(fen, "4k3/8/8/8/8/8/4G3/8 b - - 1 1");
    let fen = after(&r, &fen, "e8d8");
    assert_eq!(fen, "3g4/8/8/8/8/8/4G3/8 w - - 2 2");
    assert_eq!(after(&r, &fen, "e2e3"), "3g4/8/8/8/8/4K3/8/8 b - - 3 2");
    // Rook -> Cylindrical Bishop -> Rook.
    let fen = after(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a5");
    assert_eq!(fen, "4k3/8/8/Y7/8/8/8/4K3 b - - 1 1");
    // Mamra -> Wuss (royal) -> Mamra.
    let fen = after(&r, "4k3/8/8/8/8/8/8/M3K3 w - - 0 1", "a1a2");
    assert_eq!(fen, "4k3/8/8/8/8/8/U7/4K3 b - - 1 1");
    assert_eq!(
        after(&r, "4k3/8/8/8/8/8/U7/4K3 w - - 0 1", "a2a5"),
        "4k3/8/8/M7/8/8/8/4K3 b - - 1 1"
    );
}

/// The three pawn forms cycle (Pawn -> Berolina -> Scorpion -> Pawn); a
/// promotion takes precedence, so the new piece keeps its kind.
#[test]
fn pawn_forms_cycle_and_promotion_suppresses_the_morph() {
    let r = morphing();
    let fen = after(&r, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4");
    assert_eq!(fen, "4k3/8/8/8/4O3/8/8/4K3 b - - 0 1");
    // The Berolina steps diagonally forward and becomes a Scorpion.
    let fen = after(&r, "4k3/8/8/8/4O3/8/8/4K3 w - - 0 1", "e4f5");
    assert_eq!(fen, "4k3/8/8/5Z2/8/8/8/4K3 b - - 0 1");
    // The Scorpion's sideways knight leap, then back to a pawn.
    let fen = after(&r, "4k3/8/8/5Z2/8/8/8/4K3 w - - 0 1", "f5d6");
    assert_eq!(fen, "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(
        after(&r, "k7/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8q"),
        "k3Q3/8/8/8/8/8/8/4K3 b - - 0 1"
    );
}

/// Scripted actors morph where their move leaves them; the pieces they
/// move passively keep their form.
#[test]
fn scripted_actors_morph_and_passive_pieces_do_not() {
    let r = morphing();
    // The Swapper on d4 swaps with the rook on f4: the Swapper (now on f4)
    // becomes a Chameleon, the rook (now on d4) stays a rook.
    assert_eq!(
        after(&r, "4k3/8/8/8/3S1r2/8/8/4K3 w - - 0 1", "d4f4"),
        "4k3/8/8/8/3r1C2/8/8/4K3 b - - 1 1"
    );
    // The Oxybeles steps d4-e5 and slings the knight from c3 to h8: the
    // Oxybeles becomes a Secutor, the knight stays a knight.
    assert_eq!(
        after(&r, "4k3/8/8/8/3X4/2N5/8/4K3 w - - 0 1", "d4h8"),
        "4k2N/8/8/4T3/8/8/8/4K3 b - - 1 1"
    );
    // The Archer on d2 shoots the knight on d4 and stays, as a Long
    // Leaper.
    let fen = "4k3/8/8/8/3n4/8/3A4/4K3 w - - 0 1";
    assert_eq!(after(&r, fen, "d2d4"), "4k3/8/8/8/8/8/3L4/4K3 b - - 0 1");
}

/// Every row of the cornering table (section 9), for White and Black:
/// the moves offered, and both pieces morphing (King to Maoking, rook to
/// Cylindrical Bishop).
#[test]
fn cornering_follows_the_table_and_both_pieces_morph() {
    let r = morphing();
    // King on b1 stays; the a1 rook jumps to c1.
    let fen = "1k6/8/8/8/8/8/8/RK6 w Q - 0 1";
    assert_eq!(cornerings(&r, fen), ["b1b1"]);
    assert_eq!(after(&r, fen, "b1b1"), "1k6/8/8/8/8/8/8/1GY5 b - - 1 1");
    // King on c1 stays; a1 to d1 over b1 and the king.
    let fen = "2k5/8/8/8/8/8/8/R1K5 w Q - 0 1";
    assert_eq!(cornerings(&r, fen), ["c1c1"]);
    assert_eq!(after(&r, fen, "c1c1"), "2k5/8/8/8/8/8/8/2GY4 b - - 1 1");
    // King on d1: to b1 with the a1 rook on c1, or to f1 with h1 on e1.
    let fen = "3k4/8/8/8/8/8/8/R2K3R w KQ - 0 1";
    assert_eq!(cornerings(&r, fen), ["d1b1", "d1f1"]);
    assert_eq!(after(&r, fen, "d1b1"), "3k4/8/8/8/8/8/8/1GY4R b - - 1 1");
    assert_eq!(after(&r, fen, "d1f1"), "3k4/8/8/8/8/8/8/R3YG2 b - - 1 1");
    // King on e1: FIDE castling both ways.
    let fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    assert_eq!(cornerings(&r, fen), ["e1c1", "e1g1"]);
    assert_eq!(after(&r, fen, "e1g1"), "4k3/8/8/8/8/8/8/R4YG1 b - - 1 1");
    // King on f1 and g1 stay; the h1 rook jumps to e1 and f1.
    let fen = "5k2/8/8/8/8/8/8/5K1R w K - 0 1";
    assert_eq!(cornerings(&r, fen), ["f1f1"]);
    assert_eq!(after(&r, fen, "f1f1"), "5k2/8/8/8/8/8/8/4YG2 b - - 1 1");
    let fen = "6k1/8/8/8/8/8/8/6KR w K - 0 1";
    assert_eq!(cornerings(&r, fen), ["g1g1"]);
    assert_eq!(after(&r, fen, "g1g1"), "6k1/8/8/8/8/8/8/5YG1 b - - 1 1");
    // King on a1 or h1: no rule starts there, so no right can be given.
    assert!(cornerings(&r, "k7/8/8/8/8/8/8/K6R w - - 0 1").is_empty());
    // Black mirrors it on rank 8.
    let fen = "rk6/8/8/8/8/8/8/1K6 b q - 0 1";
    assert_eq!(cornerings(&r, fen), ["b8b8"]);
    assert_eq!(after(&r, fen, "b8b8"), "1gy5/8/8/8/8/8/8/1K6 w - - 1 2");
}

/// Cornering is refused when a square that must be empty is not, when
/// the king is in check, when the moving king crosses an attacked square,
/// and once a piece has moved.
#[test]
fn cornering_is_refused_in_the_blocked_cases() {
    let r = morphing();
    // c1 occupied (b1 case).
    assert!(cornerings(&r, "1k6/8/8/8/8/8/8/RKN5 w Q - 0 1").is_empty());
    // In check: the b8 rook attacks b1.
    assert!(cornerings(&r, "1r5k/8/8/8/8/8/8/RK6 w Q - 0 1").is_empty());
    // The d1 king may not cross c1 when the c8 rook attacks it; the short
    // way stays.
    assert_eq!(
        cornerings(&r, "2r3k1/8/8/8/8/8/8/R2K3R w KQ - 0 1"),
        ["d1f1"]
    );
    // A rook that has moved (no right in the FEN) cannot corner.
    let fen = "4k3/8/8/8/8/8/8/R3K2R w K - 0 1";
    assert_eq!(cornerings(&r, fen), ["e1g1"]);
}

/// The Wuss is royal: attacked and unable to move, it is mated though the
/// King is safe (nothing else may move while it is attacked, so the pawn
/// may not take the knight).
#[test]
fn checkmate_of_the_wuss_while_the_king_is_safe() {
    let r = morphing();
    let fen = "4k3/8/8/8/8/1n6/PP6/UP2K3 w - - 0 1";
    let game = changeling::game::Game::from_fen(r.clone(), fen, 0).unwrap();
    assert!(legal_moves(&r, game.position()).is_empty());
    assert_eq!(game.outcome().unwrap().to_string(), "0-1 (checkmate)");
    // Without the knight the Wuss is not attacked, and the side moves on.
    let free = "4k3/8/8/8/8/8/PP6/UP2K3 w - - 0 1";
    assert!(!legal_moves(&r, &parse_fen(&r, free).unwrap()).is_empty());
}
