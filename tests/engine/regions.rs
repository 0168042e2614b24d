//! Regions (`region_ranks`, `region_files`): where a kind may move,
//! capture and attack. Pawn Back Chess from the catalogue keeps a pawn's
//! step back off its first rank; a palace and a rook held to White's
//! half show both keys and the attack side. Exact move sets.

use crate::kit::{catalog, sans, sorted};
use changeling::movegen::in_check;
use changeling::notation::parse_fen;
use changeling::variants::{load, load_str};

#[test]
fn a_pawn_steps_back_but_never_onto_its_first_rank() {
    let r = catalog("pawnback");
    let white = "4k3/8/8/8/8/4P3/3P4/4K3 w - - 0 1";
    // From d2 the step back would land on d1: only forward.
    assert_eq!(sans(&r, white, "d2"), sorted("d3 d4"));
    // From e3 the step back to e2 is a move.
    assert_eq!(sans(&r, white, "e3"), sorted("e2 e4"));
    // Black counts its ranks from its own side: d7 may not go to d8.
    let black = "4k3/3p4/4p3/8/8/8/8/4K3 b - - 0 1";
    assert_eq!(sans(&r, black, "d7"), sorted("d5 d6"));
    assert_eq!(sans(&r, black, "e6"), sorted("e5 e7"));
}

const PALACE: &str = r#"
variant palace : chess {
    piece king {
        region_ranks = [1, 2, 3]
        region_files = [d, e, f]
    }
    piece rook {
        region_ranks = [1, 2, 3, 4]
    }
}
"#;

#[test]
fn a_region_narrows_moves_and_attacks() {
    let r = load_str("palace.variant", PALACE).unwrap_or_else(|e| panic!("{e}"));
    // The king keeps to d1-f3: not c1 or c2.
    assert_eq!(
        sans(&r, "3k4/8/8/8/8/8/8/3K4 w - - 0 1", "d1"),
        sorted("Kd2 Ke1 Ke2")
    );
    // The rook moves along its first rank and up to e4, no further.
    let fen = "4k3/8/8/8/8/8/3K4/4R3 w - - 0 1";
    assert_eq!(
        sans(&r, fen, "e1"),
        sorted("Ra1 Rb1 Rc1 Rd1 Rf1 Rg1 Rh1 Re2 Re3 Re4")
    );
    // Nor does it attack beyond: the king on e8 is not in check and may
    // step to e7, on the open file.
    let fen = "4k3/8/8/8/8/8/3K4/4R3 b - - 0 1";
    let pos = parse_fen(&r, fen).unwrap();
    assert!(!in_check(&r, &pos, pos.side()));
    assert_eq!(sans(&r, fen, "e8"), sorted("Kd7 Kd8 Ke7 Kf7 Kf8"));
    // In chess the same rook gives check and guards e7.
    let chess = load("chess").unwrap();
    let pos = parse_fen(&chess, fen).unwrap();
    assert!(in_check(&chess, &pos, pos.side()));
    assert_eq!(sans(&chess, fen, "e8"), sorted("Kd7 Kd8 Kf7 Kf8"));
}

#[test]
fn a_region_file_must_be_on_the_board() {
    let text = PALACE.replace("[d, e, f]", "[d, e, z]");
    let Err(err) = load_str("palace.variant", &text) else {
        panic!("a file letter off the board was accepted");
    };
    let shown = err.to_string();
    assert!(
        shown.contains("expected a file letter from a to h"),
        "{shown}"
    );
}
