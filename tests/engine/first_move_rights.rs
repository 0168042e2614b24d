//! First-move rights named in the FEN castling field
//! (`initial_rights = castling_field`) on the catalogue's Cambodian chess
//! and Kar Ouk: the king's knight leap to the next rank, refused in check
//! (`initial_in_check = false`) and lost to a rook on its rank or file
//! (`initial_lost_to`), the met's two-square leap, and the rights read and
//! written as file letters. Exact move sets and FEN.

use crate::kit::{after, catalog, outcome_after, sorted, turns_from};
use changeling::board::Color;
use changeling::game::Outcome;

#[test]
fn the_king_and_the_met_leap_on_their_first_move() {
    let r = catalog("cambodian");
    let start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
    assert_eq!(
        turns_from(&r, start, "d1"),
        sorted("d1b2 d1c2 d1d2 d1e2 d1f2")
    );
    // The met's leap needs an empty square: the e3 pawn is in the way.
    assert_eq!(turns_from(&r, start, "e1"), sorted("e1d2 e1f2"));
    let open = "rnsmksnr/8/pppppppp/8/8/PPPP1PPP/8/RNSKMSNR w DEde - 0 1";
    assert_eq!(turns_from(&r, open, "e1"), sorted("e1d2 e1e3 e1f2"));
    // A leap spends the right, and any other move of the piece too.
    assert_eq!(
        after(&r, open, "e1e3"),
        "rnsmksnr/8/pppppppp/8/8/PPPPMPPP/8/RNSK1SNR b Dde - 1 1"
    );
    assert_eq!(
        after(&r, start, "d1c2"),
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/2K5/RNS1MSNR b Ede - 1 1"
    );
    // Without its letter the king has no leap.
    let spent = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w Ede - 0 1";
    assert_eq!(turns_from(&r, spent, "d1"), sorted("d1c2 d1d2 d1e2"));
}

#[test]
fn the_king_does_not_leap_out_of_check() {
    let r = catalog("cambodian");
    // The knight on c3 checks the king on d1: no leap, though b2 and f2
    // are empty and safe.
    let fen = "4k3/8/8/8/8/2n5/8/3K4 w D - 0 1";
    assert_eq!(turns_from(&r, fen, "d1"), sorted("d1c1 d1c2 d1d2 d1e1"));
    let quiet = "4k3/8/8/8/8/8/8/3K4 w D - 0 1";
    assert_eq!(
        turns_from(&r, quiet, "d1"),
        sorted("d1b2 d1c1 d1c2 d1d2 d1e1 d1e2 d1f2")
    );
}

#[test]
fn a_rook_on_the_kings_file_or_rank_ends_its_leap() {
    let r = catalog("cambodian");
    let fen = "r3k3/8/8/8/8/8/8/3K4 b D - 0 1";
    // Onto the d-file, even with no line to the king: the right goes.
    assert_eq!(after(&r, fen, "a8d8"), "3rk3/8/8/8/8/8/8/3K4 w - - 1 2");
    // Elsewhere it stays.
    assert_eq!(after(&r, fen, "a8b8"), "1r2k3/8/8/8/8/8/8/3K4 w D - 1 2");
}

#[test]
fn kar_ouk_is_won_by_the_first_check() {
    let r = catalog("karouk");
    let fen = "4k3/8/8/8/8/8/8/R2K4 w D - 0 1";
    assert_eq!(
        outcome_after(&r, fen, &["Ra8+"]),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: "White gave the first check".to_string(),
        })
    );
    // A quiet move ends nothing.
    assert_eq!(outcome_after(&r, fen, &["Ra7"]), None);
}

#[test]
fn a_first_move_capture_barred_in_check_leaves_check_decidable() {
    // Kings that may also capture with a knight leap on their first move,
    // but not while in check (unmoved by default: no `initial_rights`).
    let r = changeling::variants::load_str(
        "leapers",
        "variant leapers : makruk {
             piece king {
                 betza = \"KiN\"
                 initial_in_check = false
             }
             setup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"
         }",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // Kings a knight's leap apart, both unmoved, attack each other by
    // their leaps whatever their own check: the position is refused, as
    // the side not to move is attacked.
    let facing = "8/8/8/8/8/3k4/8/4K3 w - - 0 1";
    let refused = changeling::notation::parse_fen(&r, facing).unwrap_err();
    assert!(
        refused
            .to_string()
            .contains("royal piece on d3 is attacked"),
        "{refused}"
    );
    // A knight on f3 checks e1 and guards d2; the leap that would take it
    // is barred, as are the others.
    let fen = "4k3/8/8/8/8/5n2/8/4K3 w - - 0 1";
    assert_eq!(turns_from(&r, fen, "e1"), sorted("e1d1 e1e2 e1f1 e1f2"));
    // Out of check the king leaps.
    let apart = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(
        turns_from(&r, apart, "e1"),
        sorted("e1c2 e1d1 e1d2 e1d3 e1e2 e1f1 e1f2 e1f3 e1g2")
    );
}
