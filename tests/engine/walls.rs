//! Wall squares (`walls`, `*` in FEN) on the catalogue's Gustav III and
//! Omicron: nothing moves onto a wall and no line passes one, leapers
//! jump them, FEN writes and reads them, and a wall where the variant has
//! none (or a piece on one, or castling across one) is an error. Exact
//! move sets; the perft counts are checked by `catalog.rs`.

use crate::kit::{catalog, sans, sorted};
use changeling::notation::{parse_fen, to_fen};
use changeling::variants::load_str;

const GUSTAV3: &str = "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1";

#[test]
fn walls_block_lines_and_landings_but_not_leaps() {
    let r = catalog("gustav3");
    // The corner amazon: the wall on a2 closes its file, its rook and
    // pawn close the rest; its knight's leap over the wall to b3 is left.
    assert_eq!(sans(&r, GUSTAV3, "a1"), sorted("Ab3"));
    // With the pawns gone the amazon rides its rank and diagonal but
    // never up the walled file (on f6, g7 and h8 it checks the king on
    // f8; on f6 it mates, the king's neighbours all covered).
    let open = "a4k4/*8*/*8*/*8*/*8*/*8*/*8*/A4K4 w - - 0 1";
    assert_eq!(
        sans(&r, open, "a1"),
        sorted("Ab1 Ac1 Ad1 Ae1 Ab2 Ac3 Ad4 Ae5 Af6# Ag7+ Ah8+ Ab3 Ac2")
    );
    // Omicron's corner wizard jumps the walled edge with a camel's leap.
    let o = catalog("omicron");
    let start = o.setup().clone();
    assert_eq!(sans(&o, &start, "a1"), sorted("Wb4"));
}

#[test]
fn fen_writes_and_reads_walls() {
    let r = catalog("gustav3");
    let pos = parse_fen(&r, GUSTAV3).unwrap();
    assert_eq!(to_fen(&r, &pos), GUSTAV3);
    // A count may run over a wall; the wall is written back as `*`.
    let counted = "a4k4/10/*8*/*8*/*8*/*8*/*8*/A4K4 w - - 0 1";
    let pos = parse_fen(&r, counted).unwrap();
    assert_eq!(
        to_fen(&r, &pos),
        "a4k4/*8*/*8*/*8*/*8*/*8*/*8*/A4K4 w - - 0 1"
    );
    // A wall where the variant has none, and a piece on a wall.
    let stray = parse_fen(&r, "a4k4/*8*/*8*/*8*/*3*4*/*8*/*8*/A4K4 w - - 0 1").unwrap_err();
    assert!(stray.to_string().contains("`*` (a wall) on e4"), "{stray}");
    let on_wall = parse_fen(&r, "a4k4/*8*/*8*/*8*/P8*/*8*/*8*/A4K4 w - - 0 1").unwrap_err();
    assert!(on_wall.to_string().contains("a piece on a4"), "{on_wall}");
}

#[test]
fn castling_across_a_wall_is_an_error() {
    let text = r#"
variant walled : chess {
    walls = [f1]
    setup = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK*NR w KQkq - 0 1"
}
"#;
    let Err(err) = load_str("walled.variant", text) else {
        panic!("castling across the wall on f1 was accepted");
    };
    let shown = err.to_string();
    assert!(
        shown.contains("castling `king_side` crosses a wall square"),
        "{shown}"
    );
}

#[test]
fn troitzky_pawns_promote_on_the_last_square_of_their_file() {
    let r = catalog("troitzky");
    // White's a-pawn promotes on a6 (a7 is a wall), the b-pawn on b8,
    // the c-pawn only on c9; Black's j-pawn on j5, the mirror of j6.
    let fen = "****1k****/**6**/*8*/*P7*/2P6p/P9/*8*/*8*/**6**/****K1**** w - - 0 1";
    assert_eq!(sans(&r, fen, "a5"), sorted("a6=Q a6=R a6=B a6=N"));
    assert_eq!(sans(&r, fen, "b7"), sorted("b8=Q b8=R b8=B b8=N"));
    assert_eq!(sans(&r, fen, "c6"), sorted("c7"));
    let black = fen.replace(" w ", " b ");
    assert_eq!(sans(&r, &black, "j6"), sorted("j5=Q j5=R j5=B j5=N"));
}
