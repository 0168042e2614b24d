//! Xiangqi's rules on the catalogue's file: the soldier's sideways steps
//! once across the river (`zone_betza`, `zone_ranks`), for both sides,
//! and the flying general (`facing_royals = illegal`): a piece between
//! the generals held on the file, a general kept off an open file facing
//! the other. Exact move sets.

use crate::kit::{catalog, sorted, turns, turns_from};

#[test]
fn a_soldier_steps_sideways_only_across_the_river() {
    let r = catalog("xiangqi");
    // White's on its fifth rank steps forward only; on its sixth it may
    // step aside too.
    let fen = "3k5/9/9/9/9/4P4/9/9/9/5K3 w - - 0 1";
    assert_eq!(turns_from(&r, fen, "e5"), sorted("e5e6"));
    let fen = "3k5/9/9/9/4P4/9/9/9/9/5K3 w - - 0 1";
    assert_eq!(turns_from(&r, fen, "e6"), sorted("e6d6 e6e7 e6f6"));
    // Black's count runs the other way: rank 6 is its fifth, rank 5 its
    // sixth.
    let fen = "3k5/9/9/9/4p4/9/9/9/9/5K3 b - - 0 1";
    assert_eq!(turns_from(&r, fen, "e6"), sorted("e6e5"));
    let fen = "3k5/9/9/9/9/4p4/9/9/9/5K3 b - - 0 1";
    assert_eq!(turns_from(&r, fen, "e5"), sorted("e5d5 e5e4 e5f5"));
}

#[test]
fn the_generals_may_not_face_each_other() {
    let r = catalog("xiangqi");
    // The horse alone stands between the generals: it may not move, and
    // the general may leave the file or stay behind the horse.
    let fen = "4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1";
    assert_eq!(turns(&r, fen), sorted("e1d1 e1e2 e1f1"));
    // The d-file is open up to Black's general: White's may not enter it.
    let fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(turns(&r, fen), sorted("e1e2 e1f1"));
}
