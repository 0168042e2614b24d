//! `immobile_in_check` on the built-in `makpong`: a king in check moves
//! only to capture the one piece giving check. Exact move sets.

use crate::kit::{after, sorted, turns};
use changeling::variants::load;

const FEN: &str = "3mk3/r3s1R1/1psppnp1/p1pn4/1P2NP2/P1PPP1P1/4NS2/R1SKM3 w - - 0 1";

#[test]
fn a_king_in_check_only_takes_its_checker() {
    let rules = load("makpong").unwrap_or_else(|e| panic!("makpong: {e}"));
    // The rook checks from e7: the king may take it, not step away.
    let next = after(&rules, FEN, "g7e7");
    assert_eq!(
        next,
        "3mk3/r3R3/1psppnp1/p1pn4/1P2NP2/P1PPP1P1/4NS2/R1SKM3 b - - 0 1"
    );
    assert_eq!(turns(&rules, &next), sorted("a7e7 d5e7 d8e7 e8e7"));
    // Makruk lets the king step out of check as well.
    let makruk = load("makruk").unwrap_or_else(|e| panic!("makruk: {e}"));
    assert_eq!(turns(&makruk, &next), sorted("a7e7 d5e7 d8e7 e8e7 e8f8"));
}
