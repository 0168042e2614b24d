//! Black turned half a turn instead of mirrored
//! (`black_orientation = turned`) on the catalogue's Legan chess: Black's
//! pawn stepping and capturing towards h1 where a mirrored pawn would go
//! towards a1, promotion squares turned for Black, a multi-leg path
//! turned as well, and `changeling rules` saying so. Exact move sets.

use crate::kit::{after, catalog, sorted, turns_from};
use changeling::variants::load_str;

/// Knights on d4, c5 and e5 around a black pawn on d5; c4 and e4 empty.
const AROUND_D5: &str = "k7/8/8/2NpN3/3N4/8/8/K7 b - - 0 1";

#[test]
fn blacks_pawn_moves_as_whites_turned() {
    let r = catalog("legan");
    // White's pawn steps up-left and captures up or left ...
    let white = "k7/8/8/8/2nP4/8/8/K7 w - - 0 1";
    assert_eq!(turns_from(&r, white, "d4"), sorted("d4c4 d4c5"));
    let open = "k7/8/8/3n4/3P4/8/8/K7 w - - 0 1";
    assert_eq!(turns_from(&r, open, "d4"), sorted("d4c5 d4d5"));
    // ... so Black's steps down-right and captures down or right.
    assert_eq!(turns_from(&r, AROUND_D5, "d5"), sorted("d5d4 d5e4 d5e5"));
}

#[test]
fn mirrored_is_the_default_and_can_be_restated() {
    // (Mirrored, the start position's black pawn on a4 would stand on a
    // promotion square, so the child has a setup of its own.)
    let text = "variant mirrored_legan : legan { black_orientation = mirrored \
                setup = \"k7/8/8/8/8/8/8/K7 w - - 0 1\" }";
    let r = load_str("mirrored_legan", text).expect("loads");
    assert_eq!(turns_from(&r, AROUND_D5, "d5"), sorted("d5c4 d5c5 d5d4"));
}

#[test]
fn blacks_promotion_squares_are_whites_turned() {
    let r = catalog("legan");
    // White promotes on a5-a8 and b8-d8; Black on h4-h1 and g1-e1.
    let fen = "k7/8/8/8/6p1/8/3p4/K7 b - - 0 1";
    assert_eq!(turns_from(&r, fen, "g4"), sorted("g4h3b g4h3n g4h3q g4h3r"));
    assert_eq!(turns_from(&r, fen, "d2"), sorted("d2e1b d2e1n d2e1q d2e1r"));
    assert_eq!(after(&r, fen, "g4h3q"), "k7/8/8/8/8/7q/3p4/K7 w - - 0 2");
    // a4 is not one of White's squares, a5 is.
    assert_eq!(
        turns_from(&r, "k7/8/8/8/8/1P6/8/K7 w - - 0 1", "b3"),
        sorted("b3a4")
    );
    assert_eq!(
        turns_from(&r, "k7/8/8/8/1P6/8/8/K7 w - - 0 1", "b4"),
        sorted("b4a5b b4a5n b4a5q b4a5r")
    );
}

#[test]
fn a_multi_leg_path_is_turned_too() {
    // A step forward, then one forward-right: White's lands a file right
    // and two ranks up; Black's, turned, a file left and two ranks down
    // (mirrored it would land a file right).
    let text = |orientation: &str| {
        format!(
            "variant hooked : legan {{ black_orientation = {orientation} \
             piece hook {{ letter = H betza = \"mfafrW\" }} \
             setup = \"k7/8/8/3h4/8/4H3/8/K7 w - - 0 1\" }}"
        )
    };
    let turned = load_str("hooked", &text("turned")).expect("loads");
    assert_eq!(
        turns_from(&turned, "k7/8/8/3h4/8/4H3/8/K7 w - - 0 1", "e3"),
        sorted("e3f5")
    );
    assert_eq!(
        turns_from(&turned, "k7/8/8/3h4/8/4H3/8/K7 b - - 0 1", "d5"),
        sorted("d5c3")
    );
    let mirrored = load_str("hooked", &text("mirrored")).expect("loads");
    assert_eq!(
        turns_from(&mirrored, "k7/8/8/3h4/8/4H3/8/K7 b - - 0 1", "d5"),
        sorted("d5e3")
    );
}

#[test]
fn the_rules_in_words_say_black_is_turned() {
    let r = catalog("legan");
    let words = changeling::describe::rules_in_words(&r);
    assert!(words.contains("Black's are turned half a turn, so its left is White's right"));
    assert!(words.contains(
        "one square diagonally forward to the left to an empty square only; \
         one square orthogonally straight forward to capture only; \
         one square orthogonally to the left to capture only"
    ));
    assert!(words.contains("a5 (White; Black's the turned images)"));
}
