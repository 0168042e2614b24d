//! Janggi on the catalogue's file: moves along the palace's drawn
//! diagonals (`lines`, `line_betza`), the cannon that may neither hop
//! nor take a cannon (`cannot_hop`, `captured_by`), passing, and
//! generals facing each other (`facing_royals = bikjang`). Exact move
//! sets and outcomes.

use crate::kit::{after, catalog, outcome_after, position, strings, turns, turns_from};
use changeling::game::Outcome;

#[test]
fn the_palace_diagonals_carry_rooks_only_within_the_palace() {
    let r = catalog("janggi");
    // The rook on d1 runs along its rank and file, and along the drawn
    // diagonal to e2 and f3, not on to g4.
    let fen = "4k4/9/9/9/9/9/9/9/9/3R1K3 w - - 0 1";
    assert_eq!(
        turns_from(&r, fen, "d1"),
        strings(&[
            "d1a1", "d1b1", "d1c1", "d1e1", "d1d2", "d1d3", "d1d4", "d1d5", "d1d6", "d1d7", "d1d8",
            "d1d9", "d1d10", "d1e2", "d1f3",
        ])
    );
    // From the side of the palace (d2) no line runs: no diagonal move.
    let side = "4k4/9/9/9/9/9/9/9/3R5/5K3 w - - 0 1";
    assert!(
        !turns_from(&r, side, "d2")
            .iter()
            .any(|t| t == "d2e3" || t == "d2e1")
    );
}

#[test]
fn soldiers_step_forwards_along_the_enemy_palace_diagonals() {
    let r = catalog("janggi");
    // On d8 a soldier steps forwards, sideways, and along the line to e9.
    let fen = "5k3/9/3P5/9/9/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(
        turns_from(&r, fen, "d8"),
        strings(&["d8d9", "d8c8", "d8e8", "d8e9"])
    );
    // On e9, the palace's centre, both forward diagonals open.
    let centre = "9/4P4/4k4/9/9/9/9/9/9/3K5 w - - 0 1";
    assert_eq!(
        turns_from(&r, centre, "e9"),
        strings(&["e9e10", "e9d9", "e9f9", "e9d10", "e9f10"])
    );
}

#[test]
fn cannons_neither_hop_nor_take_cannons() {
    let r = catalog("janggi");
    // Up the file the soldier on e6 screens the cannon to e7, and the
    // cannon on e8 may not be taken; the cannon on c4 is no screen; with
    // nothing to jump, the cannon has no move down or to the right.
    let fen = "3k5/9/4c4/9/4P4/9/2c1C4/9/9/5K3 w - - 0 1";
    assert_eq!(turns_from(&r, fen, "e4"), strings(&["e4e7"]));
    // A horse beyond the screen is taken.
    let horse = "3k5/9/9/4n4/4P4/9/2c1C4/9/9/5K3 w - - 0 1";
    assert_eq!(turns_from(&r, horse, "e4"), strings(&["e4e7"]));
    // Along the palace diagonal the centre screens: d1 over e2 to f3.
    let palace = "3k5/9/9/9/9/9/9/5p3/4A4/3C1K3 w - - 0 1";
    assert!(turns_from(&r, palace, "d1").contains(&"d1f3".to_string()));
    let cannon_screen = "3k5/9/9/9/9/9/9/5p3/4C4/3C1K3 w - - 0 1";
    assert!(!turns_from(&r, cannon_screen, "d1").contains(&"d1f3".to_string()));
}

#[test]
fn a_cannon_gives_check_only_over_a_screen_that_is_not_a_cannon() {
    let r = catalog("janggi");
    // The black cannon on f8 looks at the king on f1 over the white
    // cannon on f3: no check, and White may pass.
    let over_cannon = "3k5/9/5c3/9/9/9/9/5C3/9/5K3 w - - 0 1";
    assert!(turns(&r, over_cannon).contains(&"f1f1".to_string()));
    // Over a soldier it is check: no pass. The king leaves the file, or
    // the soldier steps off it (up the file it would still screen).
    let over_soldier = "3k5/9/5c3/9/9/9/9/5P3/9/5K3 w - - 0 1";
    assert_eq!(
        turns(&r, over_soldier),
        strings(&["f1e1", "f1e2", "f3e3", "f3g3"])
    );
}

#[test]
fn a_side_passes_out_of_check_and_two_passes_draw() {
    let r = catalog("janggi");
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    assert!(turns(&r, start).contains(&"e2e2".to_string()));
    assert_eq!(outcome_after(&r, start, &["pass"]), None);
    assert_eq!(
        outcome_after(&r, start, &["pass", "--"]),
        Some(Outcome::Draw {
            reason: "both sides passed".to_string()
        })
    );
    // In check there is no pass.
    let check = "3k5/9/9/9/9/9/9/9/4K4/4r4 w - - 0 1";
    assert!(!turns(&r, check).contains(&"e2e2".to_string()));
}

#[test]
fn facing_generals_must_be_parted_or_the_turn_passed() {
    let r = catalog("janggi");
    // Facing on the open e-file: the king must leave the file (or pass);
    // e1 and e3 keep the standoff and are refused.
    let fen = "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1";
    assert_eq!(
        turns(&r, fen),
        strings(&["e2d2", "e2f2", "e2d1", "e2f1", "e2d3", "e2f3", "e2e2"])
    );
    // Passing while they face ends the game drawn.
    assert_eq!(
        outcome_after(&r, fen, &["pass"]),
        Some(Outcome::Draw {
            reason: "a side passed while the royals faced each other".to_string()
        })
    );
    // Facing and in check from the rook on e1, the pass is still there.
    let checked = "4k4/9/9/9/9/9/9/9/4K4/4r4 w - - 0 1";
    assert!(turns(&r, checked).contains(&"e2e2".to_string()));
}

#[test]
fn elephants_are_blocked_on_either_leg() {
    let r = catalog("janggi");
    // From e5 the elephant reaches eight squares on an empty board; the
    // soldier on f7 blocks the way to g8 only.
    let fen = "4k4/9/9/5P3/9/4B4/9/9/4K4/9 w - - 0 1";
    assert_eq!(
        turns_from(&r, fen, "e5"),
        strings(&["e5c8", "e5c2", "e5g2", "e5b7", "e5h7", "e5b3", "e5h3"])
    );
}

#[test]
fn passes_are_written_in_the_fen() {
    let r = catalog("janggi");
    let start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let passed = after(&r, start, "pass");
    assert_eq!(
        passed,
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1 passed:1"
    );
    // Read back, a second pass ends the game; a move clears the count.
    assert_eq!(
        outcome_after(&r, &passed, &["pass"]),
        Some(Outcome::Draw {
            reason: "both sides passed".to_string()
        })
    );
    assert_eq!(
        after(&r, &passed, "a7a6"),
        "rnba1abnr/4k4/1c5c1/2p1p1p1p/p8/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 2 2"
    );
    // Two passes: the game is over, no turn is left.
    assert!(turns(&r, &format!("{} passed:2", &start)).is_empty());
}

#[test]
fn refused_passes_and_standoff_moves_say_why() {
    let r = catalog("janggi");
    let refusal = |fen: &str, text: &str| {
        let pos = position(&r, fen);
        changeling::notation::parse_move(&r, &pos, text)
            .unwrap_err()
            .to_string()
    };
    let facing = "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1";
    assert!(
        refusal(facing, "e2e3").contains("the royals face each other, and a move must part them"),
        "{}",
        refusal(facing, "e2e3")
    );
    let check = "3k5/9/9/9/9/9/9/9/4K4/4r4 w - - 0 1";
    for text in ["pass", "--", "0000"] {
        assert!(refusal(check, text).ends_with("you may not pass while in check"));
    }
    let chess = changeling::variants::load("chess").unwrap();
    let start = position(&chess, chess.setup());
    let e = changeling::notation::parse_move(&chess, &start, "pass").unwrap_err();
    assert!(
        e.to_string()
            .ends_with("chess has no passing: a turn must be moved")
    );
}
